import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { findHelpArticle, HELP_TEXTS, HelpArticleBody, HelpHome, localeOfHelpLanguage } from '#/features/help/index.ts'
import { LocaleLink } from '#/features/i18n/index.ts'
import { validationFailed } from '#/features/routing/index.ts'
import { PageFrame, pageHead } from '#/features/shell/index.ts'
import { localeInfo, localizedPath } from '#/lib/locale.ts'

const HOME_TITLE = msg`Help centre`
const DESCRIPTION = msg`Answers about fees, copy trading and futures.`

/**
 * The help centre (§2 help links, /{lang}/{catalog}/{id} below HELP_CENTER_URL, which defaults to /help here):
 * /help/{lang} lists the articles, /help/{lang}/{catalog}/{id} shows one. The page is shown in the locale of its help
 * language, so a link from an Arabic page opens the article in Arabic even at an unprefixed address.
 */
export const Route = createFileRoute('/{-$locale}/help/$')({
  beforeLoad: ({ params, context, location }) => {
    const [lang = '', catalog, id, ...more] = params._splat?.split('/') ?? []
    const locale = localeOfHelpLanguage(lang)
    const article = catalog !== undefined && id !== undefined ? findHelpArticle(catalog, id) : undefined
    if (!locale || more.length > 0 || (catalog !== undefined && !article)) validationFailed()
    if (localeInfo(context.locale).helpLang !== lang)
      throw redirect({ href: localizedPath(locale, `/help/${params._splat ?? ''}`) + location.searchStr })
    return { article }
  },
  head: ({ match }) => {
    const article = match.context.article
    return pageHead({ match, title: article ? HELP_TEXTS[article].title : HOME_TITLE, description: DESCRIPTION })
  },
  component: HelpPage,
})

function HelpPage() {
  const { article, locale } = Route.useRouteContext()
  if (!article) {
    return (
      <PageFrame title={HOME_TITLE} lead={<Trans>Answers about fees, copy trading and futures.</Trans>}>
        <HelpHome />
      </PageFrame>
    )
  }
  return (
    <PageFrame
      title={HELP_TEXTS[article].title}
      trail={
        <li>
          <LocaleLink to="/{-$locale}/help/$" params={{ _splat: localeInfo(locale).helpLang }}>
            <Trans>Help centre</Trans>
          </LocaleLink>
        </li>
      }
    >
      <HelpArticleBody article={article} />
    </PageFrame>
  )
}
