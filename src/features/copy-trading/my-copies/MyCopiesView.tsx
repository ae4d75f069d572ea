/**
 * My copies: the totals over the traders I copy now with my realized result of the last 30 days,
 * a card per trader I copy (each opening my copy of them), and the copies that ended.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { MyCopies } from '#/contract/index.ts'
import { EmptyState } from '#/ui/EmptyState.tsx'
import { ErrorState } from '#/ui/ErrorState.tsx'
import { LocaleLink } from '#/features/i18n/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { CopyCard, CopyCardSkeleton } from './CopyCard.tsx'
import { DAILY_CHART_HEIGHT_CLASS, DailyProfitChart } from './DailyProfitChart.tsx'
import { FigureGrid, FigureGridSkeleton } from '../shared/FigureGrid.tsx'
import { FollowHistoryList } from './FollowHistoryList.tsx'
import { myCopiesQueries } from './my-copies.queries.ts'
import { toneOf } from '../shared/tone.ts'

const TOTAL_FIGURES = 6
const SKELETON_CARDS = 2
const cards = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3'

function Totals({ totals }: { totals: MyCopies['totals'] }) {
  const { t } = useLingui()
  const format = useNumberFormat()
  return (
    <FigureGrid
      testId="copy-totals"
      figures={[
        {
          label: t`Net profit (USDT)`,
          value: format.number(totals.net, { digits: 2, signed: true }),
          tone: toneOf(totals.net),
          info: 'followerPnl',
        },
        { label: t`ROI`, value: format.percent(totals.roi), tone: toneOf(totals.roi), info: 'followerRoi' },
        { label: t`Invested (USDT)`, value: format.number(totals.investment, { digits: 2 }) },
        {
          label: t`Realized PnL (USDT)`,
          value: format.number(totals.realizedPnl, { digits: 2, signed: true }),
          tone: toneOf(totals.realizedPnl),
          info: 'realizedPnl',
        },
        {
          label: t`Unrealized PnL (USDT)`,
          value: format.number(totals.unrealizedPnl, { digits: 2, signed: true }),
          tone: toneOf(totals.unrealizedPnl),
          info: 'unrealizedPnl',
        },
        {
          label: t`Profit share paid (USDT)`,
          value: format.number(totals.profitSharePaid, { digits: 2 }),
          info: 'profitShare',
        },
      ]}
    />
  )
}

function DailyProfit() {
  const { t } = useLingui()
  const { data, isError, isFetching, refetch } = useQuery(myCopiesQueries.profit())
  if (isError || (data && data.status !== 'ok')) {
    return (
      <ErrorState
        message={t`Your daily profit could not be loaded.`}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    )
  }
  return (
    <div className="rounded-2xl border border-line bg-card p-4">
      {data ? (
        <DailyProfitChart daily={data.data.daily} />
      ) : (
        <div aria-hidden="true" className="flex flex-col gap-2">
          <div className="h-5 w-1/3 animate-pulse rounded bg-sunken" />
          <div className={`${DAILY_CHART_HEIGHT_CLASS} animate-pulse rounded bg-sunken`} />
        </div>
      )}
    </div>
  )
}

export function MyCopiesView() {
  const { t } = useLingui()
  const { data, isError, isFetching, refetch } = useQuery(myCopiesQueries.copies())
  const failed = isError || (data !== undefined && data.status !== 'ok')
  const copies = data?.status === 'ok' ? data.data : undefined
  return (
    <div className="flex flex-col gap-8" data-testid="my-copies">
      <section aria-labelledby="totals-title" className="flex flex-col gap-3">
        <h2 id="totals-title" className="text-lg font-semibold">
          <Trans>Totals of my copies</Trans>
        </h2>
        {failed ? (
          <ErrorState
            message={t`Your copies could not be loaded.`}
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        ) : copies ? (
          <Totals totals={copies.totals} />
        ) : (
          <FigureGridSkeleton count={TOTAL_FIGURES} />
        )}
        <DailyProfit />
      </section>
      <section aria-labelledby="copying-title" className="flex flex-col gap-3">
        <h2 id="copying-title" className="text-lg font-semibold">
          <Trans>Traders I copy</Trans>
        </h2>
        {failed ? null : !copies ? (
          <ul className={cards} aria-hidden="true">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <CopyCardSkeleton key={i} />
            ))}
          </ul>
        ) : copies.list.length === 0 ? (
          <EmptyState
            title={t`You are not copying anyone yet`}
            description={t`Pick a lead trader and copy their trades automatically.`}
            action={
              <LocaleLink
                to="/{-$locale}/copy-trading/futures"
                className="rounded-xl bg-brand px-5 py-2.5 font-semibold text-brand-contrast hover:opacity-90"
              >
                <Trans>Browse lead traders</Trans>
              </LocaleLink>
            }
          />
        ) : (
          <ul className={cards} data-testid="copy-list">
            {copies.list.map((copy) => (
              <CopyCard key={copy.copyId} copy={copy} />
            ))}
          </ul>
        )}
      </section>
      <FollowHistoryList />
    </div>
  )
}
