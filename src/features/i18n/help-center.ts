/** Help-centre links (§2): /{lang}/{catalog}/{id}, the language mapped from the locale. */
import type { LocaleCode } from '#/app.config.ts'
import { localeInfo } from '#/lib/locale.ts'

export function helpCenterUrl(base: string, locale: LocaleCode, catalog: string, id: string): string {
  return `${base}/${localeInfo(locale).helpLang}/${encodeURIComponent(catalog)}/${encodeURIComponent(id)}`
}
