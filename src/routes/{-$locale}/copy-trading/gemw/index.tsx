import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CopyHomeView, myCopiesQueries, overviewQueries } from '#/features/copy-trading/index.ts'
import { LocaleLink } from '#/features/i18n/index.ts'
import { marketsQueries, TickerMarquee } from '#/features/markets/index.ts'
import { PageFrame, pageHead } from '#/features/shell/index.ts'

const TITLE = msg`Copy trading`

export const Route = createFileRoute('/{-$locale}/copy-trading/gemw/')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(marketsQueries.overview()),
      context.queryClient.ensureQueryData(overviewQueries.overview('futures')),
      context.shell.loggedIn ? context.queryClient.ensureQueryData(myCopiesQueries.copies()) : null,
    ]),
  head: ({ match }) =>
    pageHead({
      match,
      title: TITLE,
      description: msg`Copy the trades of proven lead traders automatically, on spot and futures.`,
    }),
  component: CopyTradingHomePage,
})

const tab = 'rounded-xl border border-line bg-card px-4 py-3 text-sm font-medium hover:border-brand'

function CopyTradingHomePage() {
  const { shell } = Route.useRouteContext()
  return (
    <PageFrame
      title={TITLE}
      lead={
        <Trans>
          Choose a lead trader and every trade they make is copied into your account, within the amount and limits you
          set.
        </Trans>
      }
    >
      <div className="mb-6">
        <TickerMarquee />
      </div>
      <nav className="mb-8 flex flex-wrap gap-3" data-testid="copy-nav">
        <LocaleLink to="/{-$locale}/copy-trading/futures" className={tab}>
          <Trans>Futures lead traders</Trans>
        </LocaleLink>
        <LocaleLink to="/{-$locale}/copy-trading/spot" className={tab}>
          <Trans>Spot lead traders</Trans>
        </LocaleLink>
        <LocaleLink to="/{-$locale}/copy-trading/gemw/chain-copy/$" className={tab}>
          <Trans>Smart money on-chain</Trans>
        </LocaleLink>
        <LocaleLink to="/{-$locale}/copy-trading/my" className={tab}>
          <Trans>My copies</Trans>
        </LocaleLink>
        <LocaleLink to="/{-$locale}/copy-trading/lead" className={tab}>
          <Trans>Leader centre</Trans>
        </LocaleLink>
        <LocaleLink to="/{-$locale}/copy-trading/methodology" className={tab}>
          <Trans>How we calculate the figures</Trans>
        </LocaleLink>
      </nav>
      <CopyHomeView signedIn={shell.loggedIn} />
    </PageFrame>
  )
}
