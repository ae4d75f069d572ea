/**
 * What only the page knows, sent with every server-function call: the locale it is shown in, its
 * address (where a login brings the user back) and whether it may be returned to. The browser's
 * router provides it (src/router.tsx); while a page renders on the server it comes from the request.
 */
import { z } from 'zod/mini'
import type { LocaleCode } from '#/app.config.ts'
import { isLocaleCode, withLocalePrefix } from '#/lib/locale.ts'
import { safeRedirectPath } from '#/lib/safe-redirect.ts'

export interface PageFacts {
  locale: LocaleCode
  /** The locale segment the address carries (undefined: an unprefixed, English address). */
  prefix?: LocaleCode | undefined
  /** Path, query and hash of the page. */
  href: string
  /** False on pages a login should not bring the user back to (login, register). */
  returning: boolean
}

const localeSchema = z.custom<LocaleCode>((value) => typeof value === 'string' && isLocaleCode(value))

/** Client input: a page's facts are checked like any other input before the server uses them. */
export const pageFactsSchema = z.object({
  locale: localeSchema,
  prefix: z.optional(localeSchema),
  href: z.string().check(
    z.maxLength(2048),
    z.refine((value) => safeRedirectPath(value) !== undefined),
  ),
  returning: z.boolean(),
})

let provider: (() => PageFacts) | undefined

/** The browser's router registers how to read the current page. */
export function providePageFacts(read: () => PageFacts): void {
  provider = read
}

export function currentPageFacts(): PageFacts | undefined {
  return provider?.()
}

/** The login page in the page's language, returning to the page unless it may not be returned to. */
export function loginHref(page: PageFacts): string {
  const login = withLocalePrefix(page.prefix, '/login')
  return page.returning ? `${login}?redirectUrl=${encodeURIComponent(page.href)}` : login
}
