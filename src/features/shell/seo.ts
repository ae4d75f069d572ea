/** Per-page SEO (§3): title, description, keywords, Open Graph / Twitter, canonical and hreflang. */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { DEFAULT_LOCALE, LOCALES, SEO } from '#/app.config.ts'
import { i18nFor } from '#/features/i18n/index.ts'
import { localizedPath } from '#/lib/locale.ts'
import { productName } from '#/lib/product.ts'
import type { RootContext } from './root-context.ts'

const KEYWORDS = msg`copy trading, crypto exchange, bitcoin, futures, spot trading, trading bots, lead traders`

export interface PageHeadInput {
  match: { pathname: string; context: RootContext }
  title: MessageDescriptor
  description: MessageDescriptor
  /** Extra values for the title's placeholders. */
  values?: Record<string, string>
  /** Pages that should not be indexed (error pages, benchmarks). */
  noindex?: boolean
}

export function pageHead({ match, title, description, values, noindex }: PageHeadInput) {
  const { locale, path, shell } = match.context
  const i18n = i18nFor(locale)
  const site = productName(shell.config.product)
  const pageTitle = `${i18n._(title.id, { ...values }, title)} | ${site}`
  const pageDescription = i18n._(description.id, { ...values }, description)
  // Index routes report their path with a trailing slash; canonical URLs have none.
  const rest = path.replace(/(.)\/+$/, '$1')
  const origin = shell.config.siteUrl
  const canonical = origin + localizedPath(locale, rest)
  return {
    meta: [
      { title: pageTitle },
      { name: 'description', content: pageDescription },
      { name: 'keywords', content: i18n._(KEYWORDS) },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: site },
      { property: 'og:title', content: pageTitle },
      { property: 'og:description', content: pageDescription },
      { property: 'og:url', content: canonical },
      { property: 'og:locale', content: locale },
      { property: 'og:image', content: origin + SEO.ogImage },
      { property: 'og:image:type', content: 'image/png' },
      { property: 'og:image:width', content: String(SEO.ogImageWidth) },
      { property: 'og:image:height', content: String(SEO.ogImageHeight) },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: pageTitle },
      { name: 'twitter:description', content: pageDescription },
      { name: 'twitter:image', content: origin + SEO.ogImage },
      ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    ],
    links: [
      { rel: 'canonical', href: canonical },
      ...LOCALES.map((l) => ({ rel: 'alternate', hrefLang: l.tag, href: origin + localizedPath(l.code, rest) })),
      { rel: 'alternate', hrefLang: 'x-default', href: origin + localizedPath(DEFAULT_LOCALE, rest) },
    ],
  }
}
