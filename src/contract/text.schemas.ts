/**
 * Text rules shared by every request: user-supplied strings are stored exactly as given, so they
 * must be well-formed Unicode (PostgreSQL refuses lone surrogates and NUL) and free of control
 * characters (they hide content in logs and admin screens).
 */
import { z } from 'zod'
import { ACCOUNTS } from '../../app.config.ts'

/**
 * Any Unicode except control characters (C0, DEL, C1) and unpaired surrogates. Written without the
 * `u` flag so the same pattern reads correctly in the OpenAPI document (JSON Schema patterns carry no
 * flags): a surrogate is allowed only as the lead of a complete pair.
 */
export const SINGLE_LINE = /^(?:[^\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/
/** As SINGLE_LINE, but a free-text message may keep its line breaks and tabs. */
export const MULTI_LINE = /^(?:[\t\n\r]|[^\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/

export function singleLine(min: number, max: number) {
  return z.string().min(min).max(max).regex(SINGLE_LINE)
}

export function multiLine(min: number, max: number) {
  return z.string().min(min).max(max).regex(MULTI_LINE)
}

/** §5: local part letters, digits, underscore, hyphen, dot, plus; '@'; a domain with at least one dot. */
export const EMAIL_PATTERN = /^[A-Za-z0-9_.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/
/** §5: the registration email is the same without plus. */
export const REGISTRATION_EMAIL_PATTERN = /^[A-Za-z0-9_.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/
/** §5: digits only, at least 6 (20 is beyond any real number plan, E.164 stops at 15). */
export const MOBILE_PATTERN = /^\d{6,20}$/
/** RFC 5321's limit on a forward path. */
const EMAIL_MAX_LENGTH = 254

export const emailSchema = z.string().max(EMAIL_MAX_LENGTH).regex(EMAIL_PATTERN)
export const registrationEmailSchema = z.string().max(EMAIL_MAX_LENGTH).regex(REGISTRATION_EMAIL_PATTERN)
export const mobileSchema = z.string().regex(MOBILE_PATTERN)

/**
 * Strong enough: 8–64 characters with at least one letter (any script) and one digit. OpenAPI shows
 * only the first pattern of a string, so the rule is also spelled out in the description.
 */
export const newPasswordSchema = singleLine(ACCOUNTS.passwordMinLength, ACCOUNTS.passwordMaxLength)
  .regex(/\p{L}/u)
  .regex(/\d/)
  .describe('8-64 characters, at least one letter and one digit, no control characters')

/** A password offered at login is only bounded, so a rule change never locks anyone out. */
export const passwordSchema = z.string().min(1).max(ACCOUNTS.passwordMaxLength)

export const verificationCodeSchema = z.string().regex(new RegExp(`^\\d{${ACCOUNTS.verificationCodeLength}}$`))

export const inviteCodeSchema = z.string().regex(/^[A-Za-z0-9]{1,20}$/)
