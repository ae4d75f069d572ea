/**
 * Help-centre and help-desk addresses (§1, §2, §9): an article is /{lang}/{catalog}/{id} below the help centre, the
 * language mapped from the locale; the help desk gets the locale's own help-desk code.
 */
import { HELP_ARTICLES, HELP_DESK_LANGUAGE_PARAM, type HelpArticle, type LocaleCode } from '#/app.config.ts'
import { localeInfo } from '#/lib/locale.ts'

/** The public configuration the help addresses come from (HELP_CENTER_URL, HELP_DESK_URL). */
export interface HelpConfig {
  helpCenterUrl: string
  helpDeskUrl?: string | undefined
}

export function helpCenterUrl(base: string, locale: LocaleCode, catalog: string, id: string): string {
  return `${base}/${localeInfo(locale).helpLang}/${encodeURIComponent(catalog)}/${encodeURIComponent(id)}`
}

/** One of the articles the app links to, in the locale's help language. */
export function helpArticleUrl(base: string, locale: LocaleCode, article: HelpArticle): string {
  const { catalog, id } = HELP_ARTICLES[article]
  return helpCenterUrl(base, locale, catalog, id)
}

/** The help centre's home in the locale's help language. */
export function helpCenterHomeUrl(base: string, locale: LocaleCode): string {
  return `${base}/${localeInfo(locale).helpLang}`
}

/**
 * The help desk with the locale's help-desk code as a query parameter (any the configured address carries are kept);
 * without a help desk, the help centre's home.
 */
export function helpDeskUrl(config: HelpConfig, locale: LocaleCode): string {
  if (!config.helpDeskUrl) return helpCenterHomeUrl(config.helpCenterUrl, locale)
  const url = new URL(config.helpDeskUrl)
  url.searchParams.set(HELP_DESK_LANGUAGE_PARAM, localeInfo(locale).helpDeskLang)
  return url.href
}
