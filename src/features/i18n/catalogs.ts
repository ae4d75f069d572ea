/** Loads a locale's compiled catalog (the Lingui Vite plugin compiles `.po` on import). */
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import type { LocaleCode } from '../../../app.config.ts'
import { localeInfo } from './locales.ts'

const loaders = import.meta.glob<{ messages: Messages }>('../../../locales/*/messages.po')

const loaded = new Map<LocaleCode, string>()
const instances = new Map<LocaleCode, I18n>()

/** The compiled catalog of a locale, as JSON. */
export async function loadCatalog(locale: LocaleCode): Promise<string> {
  const cached = loaded.get(locale)
  if (cached) return cached
  const load = loaders[`../../../locales/${locale}/messages.po`]
  if (!load) throw new Error(`No catalog for locale ${locale}`)
  const { messages } = await load()
  const json = JSON.stringify(messages)
  loaded.set(locale, json)
  return json
}

function isMessages(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function parseCatalog(json: string): Messages {
  const value: unknown = JSON.parse(json)
  if (!isMessages(value)) throw new Error('A catalog must be an object of messages')
  return value
}

/**
 * One i18n instance per locale, for text produced outside React (route `head()`).
 * Catalogs are static, so sharing an instance between requests of the same locale is safe.
 */
export function i18nFor(locale: LocaleCode, catalog: string): I18n {
  let i18n = instances.get(locale)
  if (!i18n) {
    const messages = parseCatalog(catalog)
    // Plurals and Intl formats need a language tag (ar-AE): Intl refuses the catalog's code (ar_AE).
    i18n = setupI18n({ locale, locales: [localeInfo(locale).tag], messages: { [locale]: messages } })
    instances.set(locale, i18n)
  }
  return i18n
}
