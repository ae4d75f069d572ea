/**
 * Text rules shared by every request: user-supplied strings are stored exactly as given, so they
 * must be well-formed Unicode (PostgreSQL refuses lone surrogates and NUL) and free of control
 * characters (they hide content in logs and admin screens).
 */
import { z } from 'zod'
import { ACCOUNTS } from '#/app.config.ts'

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

/**
 * What a name shown to other users may not contain: format characters (zero-width spaces and
 * joiners, bidi embeddings, overrides and isolates, BOM, invisible operators), controls, private-use
 * and separator code points, and letters that render as nothing (Hangul fillers, Braille blank,
 * the combining grapheme joiner). Each lets one name pass for another.
 */
const HIDDEN_IN_NAMES = /[\p{Cf}\p{Cc}\p{Co}\p{Cs}\p{Zl}\p{Zp}\u034F\u115F\u1160\u2800\u3164\uFFA0]/u
/** Something a reader sees: not only spaces and combining marks. */
const VISIBLE = /[^\p{White_Space}\p{M}]/u

/** True when a display name has no hidden characters and something visible. */
export function isDisplayName(value: string): boolean {
  return !HIDDEN_IN_NAMES.test(value) && VISIBLE.test(value)
}

/**
 * A name other users see (a leader's nickname): trimmed, then `min`–`max` characters of
 * single-line text with no hidden characters (see isDisplayName).
 */
export function displayName(min: number, max: number) {
  return z
    .string()
    .trim()
    .min(min)
    .max(max)
    .regex(SINGLE_LINE)
    .refine(isDisplayName, { error: 'hidden or invisible characters' })
    .describe(`${min}-${max} characters after trimming; no control, zero-width, bidi or other invisible characters`)
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

/**
 * A password offered at login is only bounded, so a rule change never locks anyone out; control
 * characters were never allowed in a new password, so refusing them here locks nobody out either.
 */
export const passwordSchema = singleLine(1, ACCOUNTS.passwordMaxLength)

export const verificationCodeSchema = z.string().regex(new RegExp(`^\\d{${ACCOUNTS.verificationCodeLength}}$`))

export const inviteCodeSchema = z.string().regex(/^[A-Za-z0-9]{1,20}$/)
