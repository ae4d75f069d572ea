/**
 * Loads a locale's compiled catalog (the Lingui Vite plugin compiles `.po` on import). The server
 * bundles every catalog; the client build emits each as its own hashed chunk, which the page's head
 * preloads (catalog-preload.ts), so the HTML carries the locale and the chunk's address, not the messages.
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import type { LocaleCode } from '#/app.config.ts'
import { localeInfo, locatePath } from '#/lib/locale.ts'

const loaders = import.meta.glob<{ messages: Messages }>('../../../locales/*/messages.po')

const instances = new Map<LocaleCode, I18n>()
const loading = new Map<LocaleCode, Promise<I18n>>()

async function load(locale: LocaleCode): Promise<I18n> {
  const importCatalog = loaders[`../../../locales/${locale}/messages.po`]
  if (!importCatalog) throw new Error(`No catalog for locale ${locale}`)
  const { messages } = await importCatalog()
  // Plurals and Intl formats need a language tag (ar-AE): Intl refuses the catalog's code (ar_AE).
  const i18n = setupI18n({ locale, locales: [localeInfo(locale).tag], messages: { [locale]: messages } })
  instances.set(locale, i18n)
  return i18n
}

/**
 * Loads a locale's catalog once and answers its i18n instance. Catalogs are static, so one instance per
 * locale is shared by every request on the server and every render on the client.
 */
export function loadCatalog(locale: LocaleCode): Promise<I18n> {
  const loaded = instances.get(locale)
  if (loaded) return Promise.resolve(loaded)
  let pending = loading.get(locale)
  if (!pending) {
    // A failed import is not remembered: the next navigation tries again.
    pending = load(locale).finally(() => loading.delete(locale))
    loading.set(locale, pending)
  }
  return pending
}

/**
 * The i18n instance of a locale whose catalog has loaded, for rendering and route `head()`: the root's
 * beforeLoad loads the page's catalog, and on the client hydration waits for it (router.tsx).
 */
export function i18nFor(locale: LocaleCode): I18n {
  const i18n = instances.get(locale)
  if (!i18n) throw new Error(`The ${locale} catalog is used before it has loaded`)
  return i18n
}

/** The catalog of the page at a path, for hydration: the root's beforeLoad takes the locale from the path alike. */
export function loadPageCatalog(pathname: string): Promise<I18n> {
  return loadCatalog(locatePath(pathname).locale)
}
