import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'
import { AnniversaryBanner, campaignQueries, HomeSignUp } from '#/features/campaign/index.ts'
import { HomeLeaders, overviewQueries } from '#/features/copy-trading/index.ts'
import { LocaleLink } from '#/features/i18n/index.ts'
import { pageHead } from '#/features/shell/index.ts'
import { MarketsTable, marketsQueries, TickerMarquee } from '#/features/markets/index.ts'

// zod/mini keeps search validation out of the way of the first-load bundle.
const searchSchema = z.object({
  notice: z.catch(z.optional(z.enum(['bots-closed'])), undefined),
})

export const Route = createFileRoute('/{-$locale}/')({
  validateSearch: searchSchema,
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(campaignQueries.anniversary()),
      context.queryClient.ensureQueryData(marketsQueries.overview()),
      context.queryClient.ensureQueryData(overviewQueries.overview('futures')),
    ]),
  head: ({ match }) =>
    pageHead({
      match,
      title: msg`Copy trading, spot and futures crypto exchange`,
      description: msg`Follow proven lead traders, trade spot and futures, and run trading bots on one exchange.`,
    }),
  component: HomePage,
})

const card =
  'group flex flex-col gap-2 rounded-2xl border border-line bg-card p-6 transition hover:border-brand hover:shadow-md'

function HomePage() {
  const { t } = useLingui()
  const { notice } = Route.useSearch()
  const { shell } = Route.useRouteContext()
  return (
    <main className="mx-auto w-full max-w-7xl px-4">
      <TickerMarquee />
      <AnniversaryBanner />
      {notice === 'bots-closed' ? (
        <p
          role="status"
          className="mt-6 rounded-xl border border-line bg-sunken px-4 py-3 text-sm"
          data-testid="notice"
        >
          <Trans>Trading bots are closed at the moment. Your bots and funds are safe; please come back later.</Trans>
        </p>
      ) : null}
      <section className="grid grid-cols-[minmax(0,1fr)] items-center gap-10 py-14 sm:py-20 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex flex-col items-start gap-5">
          <p className="rounded-full bg-sunken px-3 py-1 text-xs font-semibold uppercase tracking-wide text-brand">
            <Trans>Copy trading</Trans>
          </p>
          <h1 className="max-w-3xl text-4xl font-bold leading-tight tracking-tight sm:text-5xl">
            <Trans>Trade alongside the traders who lead the market</Trans>
          </h1>
          <p className="max-w-2xl text-lg text-muted">
            <Trans>
              Pick a lead trader, set your amount and limits, and every trade they make is mirrored in your account. You
              keep control: stop or change your copy at any time.
            </Trans>
          </p>
          <div className="flex flex-wrap gap-3">
            <LocaleLink
              to="/{-$locale}/copy-trading/gemw"
              className="rounded-xl bg-brand px-5 py-3 font-semibold text-brand-contrast hover:opacity-90"
            >
              <Trans>Explore lead traders</Trans>
            </LocaleLink>
          </div>
          {shell.loggedIn ? null : <HomeSignUp />}
        </div>
        <HomeLeaders />
      </section>
      <MarketsTable />
      <section aria-label={t`Products`} className="grid gap-4 pb-8 sm:grid-cols-3">
        <LocaleLink to="/{-$locale}/copy-trading/gemw" className={card}>
          <h2 className="text-lg font-semibold group-hover:text-brand">
            <Trans>Copy trading</Trans>
          </h2>
          <p className="text-sm text-muted">
            <Trans>
              Follow lead traders on spot and futures. They earn a share of the profit they make for you, never of your
              losses.
            </Trans>
          </p>
        </LocaleLink>
        <LocaleLink to="/{-$locale}/bot-trade/$sourceType" params={{ sourceType: 'grid' }} className={card}>
          <h2 className="text-lg font-semibold group-hover:text-brand">
            <Trans>Trading bots</Trans>
          </h2>
          <p className="text-sm text-muted">
            <Trans>
              Grid, DCA and other strategies that trade for you around the clock, within the limits you set.
            </Trans>
          </p>
        </LocaleLink>
        <LocaleLink to="/{-$locale}/affiliate-register" className={card}>
          <h2 className="text-lg font-semibold group-hover:text-brand">
            <Trans>Affiliate programme</Trans>
          </h2>
          <p className="text-sm text-muted">
            <Trans>Creators and communities earn commission on the trading fees of the people they bring.</Trans>
          </p>
        </LocaleLink>
      </section>
    </main>
  )
}
