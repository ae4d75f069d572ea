/**
 * A lead trader's page: profile, every statistic of the chosen period, the open positions with live
 * marks and unrealized PnL, the latest closed positions, and the follow button (or why it is not
 * available).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { STATS_PERIODS, type LeaderDetail, type StatsPeriod } from '../../contract/index.ts'
import { SegmentedTabs } from '../../ui/SegmentedTabs.tsx'
import { LocaleLink } from '../i18n/LocaleLink.tsx'
import { useNumberFormat } from '../preferences/useNumberFormat.ts'
import { leaderQueries } from './leader.queries.ts'
import { LivePositions } from './LivePositions.tsx'
import { PositionHistory } from './PositionHistory.tsx'

const DEFAULT_AVATAR = '/avatars/default.svg'

function FollowAction({ leader }: { leader: LeaderDetail }) {
  const button = 'inline-flex rounded-xl px-5 py-3 font-semibold'
  if (leader.myCopy) {
    return (
      <LocaleLink to="/{-$locale}/copy-trading/gemw/copy-detail/$" params={{ _splat: leader.leaderId }} className={`${button} border border-line hover:bg-sunken`}>
        <Trans>You copy this trader: see your copy</Trans>
      </LocaleLink>
    )
  }
  if (leader.canFollow.ok || leader.canFollow.reason === 'login') {
    return (
      <LocaleLink to="/{-$locale}/copy-trading/gemw/copy-trader/$" params={{ _splat: leader.leaderId }} className={`${button} bg-brand text-brand-contrast hover:opacity-90`} data-testid="follow">
        <Trans>Copy</Trans>
      </LocaleLink>
    )
  }
  const reason = leader.canFollow.reason
  return (
    <p role="status" className="rounded-xl bg-sunken px-4 py-3 text-sm" data-testid="follow-blocked" data-reason={reason ?? ''}>
      {reason === 'leader-full' ? (
        <Trans>All copy slots of this trader are taken.</Trans>
      ) : reason === 'leader-paused' ? (
        <Trans>This trader is not taking new copiers at the moment.</Trans>
      ) : reason === 'follow-self' ? (
        <Trans>This is you.</Trans>
      ) : reason === 'follow-while-leading' ? (
        <Trans>Lead traders cannot copy other traders.</Trans>
      ) : (
        <Trans>You already copy this trader.</Trans>
      )}
    </p>
  )
}

export function LeaderDetailView({ id, period, onPeriod }: { id: string; period: StatsPeriod; onPeriod: (period: StatsPeriod) => void }) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const { data: detail, refetch, isFetching } = useQuery(leaderQueries.detail(id, period))
  const { data: positions } = useQuery(leaderQueries.positions(id))
  const { data: history } = useQuery(leaderQueries.history(id))
  if (detail?.status === 'unavailable') {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-line bg-card p-6">
        <p>
          <Trans>This trader's page could not be loaded. Check your connection and try again.</Trans>
        </p>
        <button type="button" disabled={isFetching} onClick={() => void refetch()} className="rounded-lg border border-line px-4 py-2 text-sm font-semibold hover:bg-sunken disabled:opacity-50">
          <Trans>Try again</Trans>
        </button>
      </div>
    )
  }
  if (detail?.status !== 'ok') return null
  const leader = detail.data
  const s = leader.stats
  const share = format.ratio(leader.profitShareRate, 0)
  const nickname = leader.nickname
  const labels: Record<StatsPeriod, string> = { '7d': t`7 days`, '30d': t`30 days`, '90d': t`90 days`, all: t`All` }
  const figures: { label: string; value: string; tone?: 'up' | 'down' }[] = [
    { label: t`ROI`, value: format.percent(s.roi), tone: s.roi.startsWith('-') ? 'down' : 'up' },
    { label: t`PnL (USDT)`, value: format.number(s.pnl, { digits: 2, signed: true }), tone: s.pnl.startsWith('-') ? 'down' : 'up' },
    { label: t`Win rate`, value: format.ratio(s.winRate) },
    { label: t`Max drawdown`, value: format.ratio(s.maxDrawdown) },
    { label: t`Sharpe ratio`, value: format.number(s.sharpe, { digits: 2 }) },
    { label: t`Trades per week`, value: format.number(s.tradesPerWeek, { digits: 1 }) },
    { label: t`Copiers`, value: `${s.copiers} / ${leader.maxFollowers}` },
    { label: t`Assets under management (USDT)`, value: format.number(s.aum, { digits: 2, compact: true }) },
    { label: t`Copier PnL (USDT)`, value: format.number(s.copierPnl, { digits: 2, signed: true }), tone: s.copierPnl.startsWith('-') ? 'down' : 'up' },
  ]
  return (
    <div className="flex flex-col gap-8" data-testid="leader">
      <section className="flex flex-wrap items-start gap-4">
        <img src={leader.avatar ?? DEFAULT_AVATAR} alt="" width={64} height={64} className="size-16 rounded-full" />
        <div className="min-w-0 flex-1">
          <h2 className="text-2xl font-bold" data-testid="nickname">
            {leader.nickname}
          </h2>
          <p className="mt-1 max-w-2xl text-muted">{leader.bio}</p>
          <p className="mt-2 flex flex-wrap gap-2 text-xs text-muted">
            <span className="rounded bg-sunken px-2 py-0.5">{leader.biz === 'futures' ? t`Futures` : t`Spot`}</span>
            <span className="rounded bg-sunken px-2 py-0.5">{t`Profit share ${share}`}</span>
          </p>
        </div>
        <FollowAction leader={leader} />
      </section>
      <section aria-labelledby="stats-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="stats-title" className="text-lg font-semibold">
            <Trans>Performance</Trans>
          </h3>
          <SegmentedTabs label={t`Period`} value={period} options={STATS_PERIODS.map((p) => ({ value: p, label: labels[p] }))} onChange={onPeriod} />
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {figures.map((f) => (
            <div key={f.label} className="rounded-xl border border-line bg-card p-4">
              <dt className="text-xs text-muted">{f.label}</dt>
              <dd dir="ltr" className={`mt-1 text-lg font-semibold tabular-nums ${f.tone === 'up' ? 'text-up' : f.tone === 'down' ? 'text-down' : ''}`}>
                {f.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="positions-title" className="flex flex-col gap-3">
        <h3 id="positions-title" className="text-lg font-semibold">
          <Trans>Current positions</Trans>
        </h3>
        <LivePositions positions={positions?.status === 'ok' ? positions.data : []} caption={t`Current positions of ${nickname}`} />
      </section>
      <PositionHistory list={history?.status === 'ok' ? history.data.list : []} />
    </div>
  )
}
