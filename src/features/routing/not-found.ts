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

/** Ids in copy-trading URLs: letters, digits, '-' and '_', 1 to 64 characters. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/** Validates a single-id splat (`copy-detail/{id}`); anything else fails route validation. */
export function singleIdFromSplat(splat: string | undefined): string {
  const segments = (splat ?? '').split('/').filter(Boolean)
  const [id] = segments
  if (segments.length !== 1 || !id || !ID_PATTERN.test(id)) validationFailed()
  return id
}
