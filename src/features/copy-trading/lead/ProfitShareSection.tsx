/**
 * Profit share received: today, yesterday, 7 days, in all and what the live copies would pay if
 * settled now; then the settlements, or the state per follower (net profit against the high-water mark).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { HelpLink } from '#/features/i18n/index.ts'
import { ErrorState } from '#/ui/ErrorState.tsx'
import { SegmentedTabs } from '#/ui/SegmentedTabs.tsx'
import { TableHead } from '#/ui/TableHead.tsx'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { FigureGrid, FigureGridSkeleton } from '../shared/FigureGrid.tsx'
import { Pager } from '#/ui/Pager.tsx'
import { toneOf } from '../shared/tone.ts'
import { leadQueries } from './lead.queries.ts'
import { TableSkeleton } from './LeadSkeleton.tsx'
import { useDateTimeFormat } from '#/lib/format/useDateTimeFormat.tsx'

const cell = 'px-3 py-3 text-end tabular-nums'
const emptyNote = 'rounded-xl border border-line bg-card px-4 py-6 text-center text-sm text-muted'

function useDates() {
  return useDateTimeFormat('date')
}

function PerFollower() {
  const { t } = useLingui()
  const format = useNumberFormat()
  const dates = useDates()
  const [page, setPage] = useState(1)
  const { data, isPending, isError, isFetching, refetch } = useQuery(leadQueries.profitShareDetails(page))
  if (isPending) return <TableSkeleton rows={3} />
  if (isError || data.status !== 'ok')
    return (
      <ErrorState
        message={t`The profit share per follower could not be loaded.`}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    )
  const details = data.data
  if (details.total === 0) return <p className={emptyNote}>{t`No follower has copied you yet.`}</p>
  return (
    <>
      <div className="overflow-x-auto rounded-2xl border border-line bg-card">
        <table className="w-full text-sm" data-testid="share-details">
          <TableHead
            columns={[
              { key: 'follower', label: <Trans>Follower</Trans> },
              { key: 'net', label: <Trans>Net profit (USDT)</Trans>, end: true },
              { key: 'hwm', label: <Trans>High-water mark (USDT)</Trans>, end: true, from: 'sm' },
              { key: 'paid', label: <Trans>Paid (USDT)</Trans>, end: true },
              { key: 'last', label: <Trans>Last settlement</Trans>, end: true, from: 'md' },
            ]}
          />
          <tbody>
            {details.list.map((d) => (
              <tr key={d.copyId} className="border-t border-line">
                <th scope="row" className="px-3 py-3 text-start font-semibold" dir="auto">
                  {d.follower}
                </th>
                <td dir="ltr" className={`${cell} ${toneOf(d.netProfit)}`}>
                  {format.number(d.netProfit, { digits: 2, signed: true })}
                </td>
                <td dir="ltr" className={`${cell} hidden sm:table-cell`}>
                  {format.number(d.highWaterMark, { digits: 2 })}
                </td>
                <td dir="ltr" className={cell}>
                  {format.usdt(d.sharePaid)}
                </td>
                <td className="hidden px-3 py-3 text-end text-muted md:table-cell">
                  {d.lastSettlement ? dates.format(d.lastSettlement.periodEnd) : '--'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={page}
        pageSize={details.pageSize}
        total={details.total}
        label={t`Pages of followers' profit share`}
        busy={isFetching}
        onPage={setPage}
      />
    </>
  )
}

export function ProfitShareSection() {
  const { t } = useLingui()
  const format = useNumberFormat()
  const dates = useDates()
  const [view, setView] = useState<'settlements' | 'followers'>('settlements')
  const [page, setPage] = useState(1)
  const { data, isPending, isError, isFetching, refetch } = useQuery(leadQueries.profitShare(page))
  let body
  if (isPending)
    body = (
      <>
        <FigureGridSkeleton count={5} />
        <TableSkeleton rows={3} />
      </>
    )
  else if (isError || data.status !== 'ok')
    body = (
      <ErrorState
        message={t`Your profit share could not be loaded.`}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    )
  else {
    const share = data.data
    const settlements = share.settlements
    body = (
      <>
        <FigureGrid
          testId="profit-share"
          figures={[
            { label: t`Today (USDT)`, value: format.usdt(share.today) },
            { label: t`Yesterday (USDT)`, value: format.usdt(share.yesterday) },
            { label: t`Last 7 days (USDT)`, value: format.usdt(share.last7d) },
            { label: t`In all (USDT)`, value: format.usdt(share.accumulated) },
            { label: t`Pending estimate (USDT)`, value: format.usdt(share.pendingEstimate) },
          ]}
        />
        <p className="text-xs text-muted">
          <Trans>Profit share is settled weekly, on the profit a copy makes above its previous high.</Trans>
        </p>
        <div>
          <SegmentedTabs
            label={t`Show`}
            value={view}
            options={[
              { value: 'settlements', label: t`Settlements` },
              { value: 'followers', label: t`Per follower` },
            ]}
            onChange={setView}
          />
        </div>
        {view === 'followers' ? (
          <PerFollower />
        ) : settlements.total === 0 ? (
          <p className={emptyNote}>{t`No settlements yet.`}</p>
        ) : (
          <>
            <div className="overflow-x-auto rounded-2xl border border-line bg-card">
              <table className="w-full text-sm" data-testid="settlements">
                <TableHead
                  columns={[
                    { key: 'follower', label: <Trans>Follower</Trans> },
                    { key: 'period', label: <Trans>Period ended</Trans>, end: true },
                    { key: 'rate', label: <Trans>Rate</Trans>, end: true, from: 'sm' },
                    { key: 'share', label: <Trans>Share (USDT)</Trans>, end: true },
                  ]}
                />
                <tbody>
                  {settlements.list.map((s) => (
                    <tr key={`${s.copyId}:${s.periodEnd}`} className="border-t border-line">
                      <th scope="row" className="px-3 py-3 text-start font-semibold" dir="auto">
                        {s.follower}
                      </th>
                      <td className="px-3 py-3 text-end text-muted">{dates.format(s.periodEnd)}</td>
                      <td dir="ltr" className={`${cell} hidden sm:table-cell`}>
                        {format.ratio(s.rate)}
                      </td>
                      <td dir="ltr" className={`${cell} text-up`}>
                        {format.usdt(s.share)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={settlements.pageSize}
              total={settlements.total}
              label={t`Pages of settlements`}
              busy={isFetching}
              onPage={setPage}
            />
          </>
        )}
      </>
    )
  }
  return (
    <section aria-labelledby="share-title" className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <h3 id="share-title" className="text-lg font-semibold">
          <Trans>Profit share</Trans>
        </h3>
        <HelpLink to="profitShare" label={t`Learn more about profit share`} testId="help-profit-share" />
      </div>
      {body}
    </section>
  )
}
