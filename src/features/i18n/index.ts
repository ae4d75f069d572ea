/** The i18n feature's front door: what routes and other features may use of it. */
export { LocaleLink } from './LocaleLink.tsx'
export { HelpLink, type HelpTarget } from './HelpLink.tsx'
export { helpArticleUrl, helpCenterHomeUrl, helpCenterUrl, helpDeskUrl, type HelpConfig } from './help-center.ts'
export { availableLanguages, parseLanguageList, preferredLocale } from './available-languages.ts'
export { preloadCatalog } from './catalog-preload.ts'
export { i18nFor, loadCatalog, loadPageCatalog } from './catalogs.ts'
export { clientLanguagesFor } from './client-languages.ts'
export { useStoredLanguage } from './useStoredLanguage.ts'
