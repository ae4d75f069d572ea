/** Validation codes and refusal reasons, as the text a user reads. */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ValidationCode } from '#/lib/validators.ts'
import type { RefusalReason } from '#/exchange-client/index.ts'

const VALIDATION: Record<ValidationCode, MessageDescriptor> = {
  required: msg`This field is required.`,
  'email-invalid': msg`Enter a valid email address, like name@example.com.`,
  'email-plus': msg`Registration emails cannot contain a plus sign (+).`,
  'mobile-invalid': msg`Enter a mobile number of at least 6 digits, digits only.`,
  'password-length': msg`Use 8 to 64 characters.`,
  'password-letters-digits': msg`Use both letters and digits.`,
  'code-invalid': msg`Enter the 6-digit code.`,
  'terms-required': msg`Accept the terms to continue.`,
  'too-long': msg`This is too long.`,
  'name-invalid': msg`Start with a letter; use only letters, digits and underscores, at most 50.`,
  'user-id-invalid': msg`Use 1 to 63 characters.`,
}

const REFUSALS: Partial<Record<RefusalReason, MessageDescriptor>> = {
  'invalid-credentials': msg`The account or password is incorrect.`,
  'account-exists': msg`An account with this email or mobile number already exists. Log in instead.`,
  'code-invalid': msg`The verification code is incorrect.`,
  'code-expired': msg`The verification code has expired. Send a new one.`,
  'weak-password': msg`Use 8 to 64 characters with both letters and digits.`,
  'invalid-input': msg`Some details are not valid. Check the form and try again.`,
  unauthorized: msg`Your session has ended. Please log in again.`,
  forbidden: msg`This account is not allowed to do this.`,
  'sub-account-login': msg`This sub-account cannot log in on its own. Log in with its main account.`,
  'login-change-refused': msg`This sub-account’s login details are managed by its main account.`,
  network: msg`We could not reach the exchange. Check your connection and try again.`,
  'verification-required': msg`Complete the security check below, then try again.`,
  'verification-invalid': msg`The security check failed. It has started again; try again in a moment.`,
  'verification-expired': msg`The security check expired. It has started again; try again in a moment.`,
  'verification-reused': msg`That security check was already used. It has started again; try again in a moment.`,
  'two-factor-required': msg`Enter the code from your authenticator app.`,
  'two-factor-invalid': msg`That code is not correct or was already used. Enter the current code from your authenticator app.`,
  'two-factor-state': msg`Two-factor authentication was changed meanwhile. Reload the page and try again.`,
  'login-ticket-expired': msg`This sign-in has expired. Enter your password again.`,
}

const FALLBACK = msg`Something went wrong. Please try again.`

export function validationText(i18n: I18n, code: ValidationCode | null | undefined): string | undefined {
  return code ? i18n._(VALIDATION[code]) : undefined
}

export function refusalText(i18n: I18n, reason: RefusalReason, retryAfter?: number): string {
  if (reason === 'rate-limited') {
    const seconds = Math.max(1, Math.ceil(retryAfter ?? 60))
    return i18n._(msg`Too many attempts. Try again in ${seconds} seconds.`)
  }
  return i18n._(REFUSALS[reason] ?? FALLBACK)
}
