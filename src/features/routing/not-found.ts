/** The two 404s of §2/§8: an unmatched path, and a route whose validation refused the URL. */
import { notFound } from '@tanstack/react-router'

export interface ValidationFailure {
  kind: 'validation'
}

/** Route validation failed: the app error page, 404, 'Page Not Found: {fullPath}'. */
export function validationFailed(): never {
  const data: ValidationFailure = { kind: 'validation' }
  throw notFound({ data })
}

export function isValidationFailure(data: unknown): data is ValidationFailure {
  return typeof data === 'object' && data !== null && 'kind' in data && data.kind === 'validation'
}
