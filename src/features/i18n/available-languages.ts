/**
 * Which languages a user may see (§3, §4, §6): the server's whitelist for visitors, the account's
 * list for users, narrowed by the `clientSupperLanguage` query parameter (a native shell saying
 * which languages it supports). The current locale must be one of them, else the page moves to
 * en_US, or to the first available language when en_US is not offered.
 */
import { DEFAULT_LOCALE, LOCALES, type LocaleCode } from '#/app.config.ts'
import { findLocale } from '#/lib/locale.ts'

export function parseLanguageList(values: readonly unknown[]): LocaleCode[] {
  const codes = values
    .map((v) => (typeof v === 'string' ? findLocale(v.trim()) : undefined))
    .filter((c) => c !== undefined)
  return LOCALES.map((l) => l.code).filter((code) => codes.includes(code))
}

export function availableLanguages(offered: readonly LocaleCode[], clientSupported: string | undefined): LocaleCode[] {
  // The fallback language list is all supported languages (§9).
  const base = offered.length > 0 ? offered : LOCALES.map((l) => l.code)
  if (!clientSupported) return [...base]
  const restrict = parseLanguageList(clientSupported.split(','))
  const narrowed = base.filter((code) => restrict.includes(code))
  return narrowed.length > 0 ? narrowed : [...base]
}

/**
 * The locale to show (§4): the preferred language (the account's userLanguage, else the visitor's last choice) when
 * available, else the current one when available, else en_US, else the first available.
 */
export function preferredLocale({
  preferred,
  current,
  available,
}: {
  preferred: LocaleCode | undefined
  current: LocaleCode
  available: readonly LocaleCode[]
}): LocaleCode {
  if (preferred && available.includes(preferred)) return preferred
  if (available.includes(current)) return current
  if (available.includes(DEFAULT_LOCALE)) return DEFAULT_LOCALE
  return available[0] ?? DEFAULT_LOCALE
}
