/**
 * The copy-trading home: platform figures, a nickname search that opens the list, and the top
 * lead traders of a market per category (highest ROI, best copier PnL, largest AUM, steadiest,
 * newest) as cards.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext, useRouter } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { COPY_BIZ, LEADER_QUERY_MAX, type CopyBiz, type CopyOverview } from '#/contract/index.ts'
import { ErrorState } from '#/ui/ErrorState.tsx'
import { SegmentedTabs } from '#/ui/SegmentedTabs.tsx'
import { withLocalePrefix } from '#/lib/locale.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { LeaderCard, LeaderCardSkeleton } from './LeaderCard.tsx'
import { MyCopySummary } from './MyCopySummary.tsx'
import { overviewQueries } from './overview.queries.ts'

type Category = keyof CopyOverview['top']
const CATEGORIES: readonly Category[] = ['highestRoi', 'bestCopierPnl', 'largestAum', 'steadiest', 'newest']

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="rounded-2xl border border-line bg-card p-4">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-1 min-h-8 text-2xl font-bold tabular-nums" data-testid={testId}>
        <span dir="ltr">{children}</span>
      </dd>
    </div>
  )
}

function SearchBox() {
  const { t } = useLingui()
  const { prefix } = useRouteContext({ from: '__root__' })
  const router = useRouter()
  const [q, setQ] = useState('')
  const action = withLocalePrefix(prefix, '/copy-trading/futures')
  return (
    // A plain GET form: it works before the page has loaded its script, and then navigates in place.
    <form
      role="search"
      action={action}
      method="get"
      className="flex w-full max-w-md gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        const query = q.trim()
        void router.navigate({ to: '/{-$locale}/copy-trading/futures', search: query ? { q: query } : {} })
      }}
    >
      <label className="sr-only" htmlFor="leader-search">
        <Trans>Search lead traders by nickname</Trans>
      </label>
      <input
        id="leader-search"
        name="q"
        type="search"
        value={q}
        maxLength={LEADER_QUERY_MAX}
        onChange={(event) => setQ(event.target.value)}
        placeholder={t`Nickname`}
        className="min-w-0 flex-1 rounded-xl border border-line bg-card px-3 py-2 text-sm"
      />
      <button
        type="submit"
        className="rounded-xl bg-brand px-4 py-2 text-sm font-semibold text-brand-contrast hover:opacity-90"
      >
        <Trans>Search</Trans>
      </button>
    </form>
  )
}

export function CopyHomeView({ signedIn }: { signedIn: boolean }) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const [biz, setBiz] = useState<CopyBiz>('futures')
  const [category, setCategory] = useState<Category>('highestRoi')
  const { data, refetch, isFetching } = useQuery(overviewQueries.overview(biz))
  const overview = data?.status === 'ok' ? data.data : undefined
  const categoryLabels: Record<Category, string> = {
    highestRoi: t`Highest ROI`,
    bestCopierPnl: t`Best copier PnL`,
    largestAum: t`Largest AUM`,
    steadiest: t`Steadiest`,
    newest: t`Newest`,
  }
  const bizLabels: Record<CopyBiz, string> = { futures: t`Futures`, spot: t`Spot` }
  const leaders = overview?.top[category] ?? []
  return (
    <div className="flex flex-col gap-8">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t`Platform figures`}>
        <Figure label={t`Lead traders`} testId="figure-leaders">
          {overview ? String(overview.leaders) : ''}
        </Figure>
        <Figure label={t`Copiers`} testId="figure-copiers">
          {overview ? String(overview.copiers) : ''}
        </Figure>
        <Figure label={t`Copier PnL (USDT)`} testId="figure-copier-pnl">
          {overview ? format.number(overview.copierPnl, { digits: 2, signed: true, compact: true }) : ''}
        </Figure>
        <Figure label={t`Copied assets (USDT)`} testId="figure-aum">
          {overview ? format.number(overview.aum, { digits: 2, compact: true }) : ''}
        </Figure>
      </dl>
      {signedIn ? <MyCopySummary /> : null}
      <SearchBox />
      <section aria-labelledby="top-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="top-title" className="text-xl font-semibold">
            <Trans>Top lead traders</Trans>
          </h2>
          <SegmentedTabs
            label={t`Market`}
            value={biz}
            options={COPY_BIZ.map((b) => ({ value: b, label: bizLabels[b] }))}
            onChange={setBiz}
          />
        </div>
        <div className="-mx-4 overflow-x-auto px-4 [&>[role=radiogroup]]:w-max">
          <SegmentedTabs
            label={t`Category`}
            value={category}
            options={CATEGORIES.map((c) => ({ value: c, label: categoryLabels[c] }))}
            onChange={setCategory}
          />
        </div>
        {data?.status === 'unavailable' || data?.status === 'not-found' ? (
          <ErrorState
            message={t`The lead traders could not be loaded. Check your connection and try again.`}
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        ) : overview && leaders.length === 0 ? (
          <p className="rounded-xl border border-line bg-card px-4 py-6 text-center text-sm text-muted">
            <Trans>No lead traders in this category yet.</Trans>
          </p>
        ) : (
          <div
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5"
            data-testid="top-leaders"
            data-category={category}
          >
            {overview
              ? leaders.map((leader) => <LeaderCard key={leader.leaderId} leader={leader} />)
              : Array.from({ length: 5 }, (_, i) => <LeaderCardSkeleton key={i} />)}
          </div>
        )}
      </section>
    </div>
  )
}
