import { useEffect } from 'react'
import type { LocaleCode } from '#/app.config.ts'
import { storeAvailableLanguages, storeLanguage } from '#/features/state/index.ts'

/**
 * Keeps the §3 language keys a native shell reads in step with the page: the language shown, and the languages on
 * offer once they are known for sure (a visitor's whitelist, or the signed-in account's own list; not the whitelist a
 * signed-in page falls back to while the exchange does not answer).
 */
export function useStoredLanguage(
  locale: LocaleCode,
  product: string,
  languages: readonly LocaleCode[],
  known: boolean,
) {
  useEffect(() => {
    storeLanguage(locale, product)
  }, [locale, product])
  useEffect(() => {
    if (known) storeAvailableLanguages(languages)
  }, [languages, known])
}
