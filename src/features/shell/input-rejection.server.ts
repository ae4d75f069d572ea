/**
 * A server function's validator refusing its input becomes HTTP 400 with each refused field, a
 * reason code and a message in the page's language (InputRejected), instead of a 200 carrying
 * zod's English text. The page's language is that of the page that called (its Referer's locale
 * prefix), else the language cookie.
 */
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { getCookie, getRequestHeader, setResponseStatus } from '@tanstack/react-start/server'
import type { z } from 'zod'
import { COOKIES, DEFAULT_LOCALE, type LocaleCode } from '#/app.config.ts'
import { InputRejected, type RejectedField, type RejectionCode } from '#/lib/input-rejected.ts'
import { loadCatalog } from '#/features/i18n/index.ts'
import { findLocale, locatePath } from '#/lib/locale.ts'

const TEXT: Record<RejectionCode, MessageDescriptor> = {
  required: msg`A required value is missing.`,
  'too-small': msg`A value is below what is allowed.`,
  'too-big': msg`A value is above what is allowed.`,
  invalid: msg`A value is not valid.`,
}

function codeOf(issue: z.core.$ZodIssue): RejectionCode {
  if (issue.code === 'too_small') return 'too-small'
  if (issue.code === 'too_big') return 'too-big'
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'required'
  return 'invalid'
}

/** One entry per field: zod may report a field twice (a number that is both out of range and not finite). */
export function rejectedFields(error: z.ZodError): RejectedField[] {
  const fields = new Map<string, RejectedField>()
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '(input)'
    if (!fields.has(field)) fields.set(field, { field, code: codeOf(issue) })
  }
  return [...fields.values()]
}

function pageLocale(): LocaleCode {
  const referer = getRequestHeader('referer')
  if (referer) {
    try {
      const { prefix } = locatePath(new URL(referer).pathname)
      if (prefix) return prefix
    } catch {
      // not a URL: fall through to the cookie
    }
  }
  return findLocale(getCookie(COOKIES.appLang)) ?? DEFAULT_LOCALE
}

/** The InputRejected for a zod failure, its message in the page's language; the response becomes a 400. */
export async function rejectInput(error: z.ZodError): Promise<InputRejected> {
  const locale = pageLocale()
  const i18n = await loadCatalog(locale)
  const fields = rejectedFields(error)
  const message = fields.map((f) => `${f.field}: ${i18n._(TEXT[f.code])}`).join('\n')
  setResponseStatus(400)
  return new InputRejected(message, fields)
}
