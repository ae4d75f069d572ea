/**
 * Validation failures as the error envelope: 400 'invalid-input' with the failing fields. The hooks
 * throw, so the one error handler writes every refusal.
 */
import type { ZodError } from 'zod'
import { ApiFailure, fieldIssues } from './errors.ts'

type ValidationResult = { success: true } | { success: false; error: ZodError }

export function validationHook(result: ValidationResult): undefined {
  if (!result.success) throw new ApiFailure(400, 'invalid-input', { fields: fieldIssues(result.error) })
  return undefined
}

/** Registration: when only the password fails its rules, the reason is 'weak-password' so the form can say why. */
export function registrationHook(result: ValidationResult): undefined {
  if (result.success) return undefined
  const fields = fieldIssues(result.error)
  // A missing or non-string password is malformed input, not a weak choice.
  const weak = fields.length > 0 && fields.every((field) => field.path === 'password' && field.issue !== 'invalid_type')
  throw new ApiFailure(400, weak ? 'weak-password' : 'invalid-input', { fields })
}
