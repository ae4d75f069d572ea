/** The help centre's pages: its home (every article) and one article, in the page's language. */
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { HELP_ARTICLES, type HelpArticle } from '#/app.config.ts'
import { LocaleLink } from '#/features/i18n/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { localeInfo } from '#/lib/locale.ts'
import { productName } from '#/lib/product.ts'
import { HELP_ARTICLE_KEYS, HELP_FIGURES, HELP_RATES, HELP_TEXTS } from './help-articles.ts'

function useArticleValues(): Record<string, string | number> {
  const format = useNumberFormat()
  const { shell } = useRouteContext({ from: '__root__' })
  const rates = Object.fromEntries(
    Object.entries(HELP_RATES).map(([name, { ratio, digits }]) => [name, format.ratio(ratio, digits)]),
  )
  return { ...rates, ...HELP_FIGURES, product: productName(shell.config.product) }
}

function articleSplat(helpLang: string, article: HelpArticle) {
  const { catalog, id } = HELP_ARTICLES[article]
  return `${helpLang}/${catalog}/${id}`
}

export function HelpHome() {
  const { i18n } = useLingui()
  const { locale } = useRouteContext({ from: '__root__' })
  const { helpLang } = localeInfo(locale)
  return (
    <ul className="grid gap-3 sm:grid-cols-2" data-testid="help-articles">
      {HELP_ARTICLE_KEYS.map((article) => (
        <li key={article}>
          <LocaleLink
            to="/{-$locale}/help/$"
            params={{ _splat: articleSplat(helpLang, article) }}
            className="block rounded-xl border border-line bg-card p-4 font-medium hover:border-brand hover:text-brand"
          >
            {i18n._(HELP_TEXTS[article].title)}
          </LocaleLink>
        </li>
      ))}
    </ul>
  )
}

export function HelpArticleBody({ article }: { article: HelpArticle }) {
  const { i18n } = useLingui()
  const values = useArticleValues()
  const { locale } = useRouteContext({ from: '__root__' })
  return (
    <article
      className="flex max-w-2xl flex-col gap-4 leading-relaxed"
      data-testid="help-article"
      data-article={article}
    >
      {HELP_TEXTS[article].paragraphs.map((paragraph) => (
        <p key={paragraph.id}>{i18n._(paragraph.id, values, paragraph)}</p>
      ))}
      <p>
        <LocaleLink
          to="/{-$locale}/help/$"
          params={{ _splat: localeInfo(locale).helpLang }}
          className="font-medium text-brand hover:underline"
        >
          <Trans>All help articles</Trans>
        </LocaleLink>
      </p>
    </article>
  )
}
