/** The i18n feature's front door: what routes and other features may use of it. */
export { LocaleLink } from './LocaleLink.tsx'
export { availableLanguages, parseLanguageList, resolveLocale } from './available-languages.ts'
export { preloadCatalog } from './catalog-preload.ts'
export { i18nFor, loadCatalog, loadPageCatalog } from './catalogs.ts'
