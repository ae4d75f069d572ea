/**
 * Validation failures as the error envelope: 400 'invalid-input' with the failing fields. The hooks
 * throw, so the one error handler writes every refusal.
 */
import type { ZodError } from 'zod'
import type { ErrorReason } from '#/contract/index.ts'
import { ApiFailure, fieldIssues } from './errors.ts'

type ValidationResult = { success: true } | { success: false; error: ZodError }

export function validationHook(result: ValidationResult): undefined {
  if (!result.success) throw new ApiFailure(400, 'invalid-input', { fields: fieldIssues(result.error) })
  return undefined
}

/**
 * A hook that names one field's broken rules with their own reason, so a form can say why: when
 * only `path` fails, and not for being missing or of the wrong type (that is malformed input).
 */
function fieldReasonHook(path: string, reason: ErrorReason) {
  return (result: ValidationResult): undefined => {
    if (result.success) return undefined
    const fields = fieldIssues(result.error)
    const own = fields.length > 0 && fields.every((field) => field.path === path && field.issue !== 'invalid_type')
    throw new ApiFailure(400, own ? reason : 'invalid-input', { fields })
  }
}

/** Registration: when only the password fails its rules, the reason is 'weak-password'. */
export const registrationHook = fieldReasonHook('password', 'weak-password')

/** A password change: when only the new password fails its rules, 'weak-password'. */
export const newPasswordHook = fieldReasonHook('newPassword', 'weak-password')

/** A leader's profile: when only the nickname fails (empty after trimming, hidden characters), 'nickname-invalid'. */
export const nicknameHook = fieldReasonHook('nickname', 'nickname-invalid')
