/**
 * A lead trader's performance over the chosen period: every statistic, the preferred coins, and
 * the cumulative ROI or PnL chart with its text summary.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { STATS_PERIODS, type LeaderDetail, type StatsPeriod } from '#/contract/index.ts'
import { SegmentedTabs } from '#/ui/SegmentedTabs.tsx'
import { fromPlot, quotient } from '#/lib/format/number.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { leaderQueries } from '../shared/leader.queries.ts'
import { FigureGrid, type Figure } from '../shared/FigureGrid.tsx'
import { toneOf } from '../shared/tone.ts'
import { PerformanceChart } from './PerformanceChart.tsx'
import { useDateTimeFormat } from '#/lib/format/useDateTimeFormat.tsx'

export function usePeriodLabels(): Record<StatsPeriod, string> {
  const { t } = useLingui()
  return { '7d': t`7 days`, '30d': t`30 days`, '90d': t`90 days`, all: t`All` }
}

function Chart({ id, period }: { id: string; period: StatsPeriod }) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const days = useDateTimeFormat('date', { timeZone: 'UTC' })
  const [metric, setMetric] = useState<'roi' | 'pnl'>('roi')
  const { data } = useSuspenseQuery(leaderQueries.stats(id, period))
  const series = useMemo(() => (data.status === 'ok' ? data.data.series : []), [data])
  // Stable between renders: the chart re-plots only when the series, the metric or the reader's format change.
  const points = useMemo(
    () => series.map((p) => ({ day: p.day, value: metric === 'roi' ? p.roi : p.pnl })),
    [series, metric],
  )
  const axis = useCallback(
    (value: number) =>
      metric === 'roi'
        ? format.percent(fromPlot(value), 1)
        : format.number(fromPlot(value), { digits: 2, compact: true }),
    [metric, format],
  )
  const show = (value: string) =>
    metric === 'roi' ? format.percent(value) : format.number(value, { digits: 2, signed: true, compact: true })
  const first = points[0]
  const last = points.at(-1)
  const from = first ? days.format(Date.parse(first.day)) : ''
  const to = last ? days.format(Date.parse(last.day)) : ''
  const end = last ? show(last.value) : ''
  const label = metric === 'roi' ? t`Cumulative ROI per day` : t`Cumulative PnL per day (USDT)`
  const summary = !last
    ? t`No trading days in this period yet.`
    : metric === 'roi'
      ? t`ROI from ${from} to ${to}: ${end}.`
      : t`PnL from ${from} to ${to}: ${end} USDT.`
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-card p-4">
      <SegmentedTabs
        label={t`Chart`}
        value={metric}
        options={[
          { value: 'roi', label: t`ROI` },
          { value: 'pnl', label: t`PnL` },
        ]}
        onChange={setMetric}
      />
      <PerformanceChart points={points} label={label} summary={summary} format={axis} />
    </div>
  )
}

export function LeaderPerformance({
  leader,
  period,
  onPeriod,
}: {
  leader: LeaderDetail
  period: StatsPeriod
  onPeriod: (period: StatsPeriod) => void
}) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const labels = usePeriodLabels()
  const s = leader.stats
  const hours = format.number(quotient(s.avgHoldingMinutes, 60)?.toFixed(), { digits: 1 })
  const newBadge = t({ message: 'New', context: 'leader with less than a week of history' })
  const figures: Figure[] = [
    { label: t`ROI`, value: format.percent(s.roi), tone: toneOf(s.roi), info: 'roi' },
    {
      label: t`PnL (USDT)`,
      value: format.number(s.pnl, { digits: 2, signed: true }),
      tone: toneOf(s.pnl),
      info: 'pnl',
    },
    { label: t`Win rate`, value: format.ratio(s.winRate), info: 'winRate' },
    { label: t`Win rate by size`, value: format.ratio(s.weightedWinRate), info: 'weightedWinRate' },
    { label: t`Max drawdown`, value: format.ratio(s.maxDrawdown), info: 'maxDrawdown' },
    { label: t`Sharpe ratio`, value: format.number(s.sharpe, { digits: 2 }), info: 'sharpe' },
    {
      label: t`Trades per week`,
      value: format.number(s.tradesPerWeek, { digits: 1 }),
      info: 'tradesPerWeek',
      badge: leader.isNew ? newBadge : undefined,
    },
    { label: t`Average holding time`, value: t`${hours} h`, info: 'holdingTime' },
    { label: t`Copiers`, value: `${s.copiers} / ${leader.maxFollowers}` },
    { label: t`Followers in all`, value: String(s.followers) },
    { label: t`AUM (USDT)`, value: format.number(s.aum, { digits: 2, compact: true }), info: 'aum' },
    {
      label: t`Copier PnL (USDT)`,
      value: format.number(s.copierPnl, { digits: 2, signed: true }),
      tone: toneOf(s.copierPnl),
      info: 'copierPnl',
    },
    { label: t`Minimum copy (USDT)`, value: format.usdt(leader.minCopyAmount) },
  ]
  return (
    <section aria-labelledby="stats-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="stats-title" className="text-lg font-semibold">
          <Trans>Performance</Trans>
        </h3>
        <SegmentedTabs
          label={t`Period`}
          value={period}
          options={STATS_PERIODS.map((p) => ({ value: p, label: labels[p] }))}
          onChange={onPeriod}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <FigureGrid figures={figures} narrow />
        <Chart id={leader.leaderId} period={period} />
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted">
          <Trans>Preferred coins</Trans>
        </span>
        {s.preferredCoins.length === 0 ? (
          <span className="text-muted">--</span>
        ) : (
          s.preferredCoins.map((coin) => (
            <span key={coin} className="rounded-full bg-sunken px-2.5 py-0.5 font-medium" data-testid="preferred-coin">
              {coin}
            </span>
          ))
        )}
      </div>
    </section>
  )
}
