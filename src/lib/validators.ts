/**
 * Validators of §5. They return a code (or null when valid); the UI turns a code into text.
 */
import { ACCOUNTS } from '#/app.config.ts'

export const VALIDATION_CODES = [
  'required',
  'email-invalid',
  'email-plus',
  'mobile-invalid',
  'password-length',
  'password-letters-digits',
  'code-invalid',
  'terms-required',
  'too-long',
  'name-invalid',
  'user-id-invalid',
] as const
export type ValidationCode = (typeof VALIDATION_CODES)[number]

export function isValidationCode(value: unknown): value is ValidationCode {
  return VALIDATION_CODES.some((code) => code === value)
}

/** The first validation code of a form field's errors. */
export function firstValidationCode(errors: readonly unknown[]): ValidationCode | undefined {
  return errors.find(isValidationCode)
}

const EMAIL = /^[A-Za-z0-9_.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/
const REGISTRATION_EMAIL = /^[A-Za-z0-9_.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/

/** Email: local part letters, digits, underscore, hyphen, dot, plus; '@'; a domain with a dot. */
export function validateEmail(value: string, { registration = false } = {}): ValidationCode | null {
  const email = value.trim()
  if (!email) return 'required'
  if (email.length > 254) return 'too-long'
  if (registration && email.includes('+') && EMAIL.test(email)) return 'email-plus'
  return (registration ? REGISTRATION_EMAIL : EMAIL).test(email) ? null : 'email-invalid'
}

/** Mobile number: digits only, at least 6. */
export function validateMobile(value: string): ValidationCode | null {
  const mobile = value.trim()
  if (!mobile) return 'required'
  if (mobile.length > 20) return 'too-long'
  return /^\d{6,}$/.test(mobile) ? null : 'mobile-invalid'
}

/** Passwords: 8–64 characters with at least one letter and one digit. */
export function validatePassword(value: string): ValidationCode | null {
  if (!value) return 'required'
  if (value.length < ACCOUNTS.passwordMinLength || value.length > ACCOUNTS.passwordMaxLength) return 'password-length'
  return /[A-Za-z]/.test(value) && /\d/.test(value) ? null : 'password-letters-digits'
}

/** Verification codes: exactly six digits ('Enter the 6-digit code' says what is needed, empty or not). */
export function validateCode(value: string): ValidationCode | null {
  return new RegExp(`^\\d{${ACCOUNTS.verificationCodeLength}}$`).test(value) ? null : 'code-invalid'
}

/** Analytics event and property names (§5): a letter first, then letters, digits or underscores; at most 50. */
export function validateAnalyticsName(value: string): ValidationCode | null {
  if (!value) return 'required'
  return /^[A-Za-z][A-Za-z0-9_]{0,49}$/.test(value) ? null : 'name-invalid'
}

/** Analytics user ids (§5): 1 to 63 characters. */
export function validateUserId(value: string): ValidationCode | null {
  return value.length >= 1 && value.length <= 63 ? null : 'user-id-invalid'
}
