/**
 * One smart-money wallet: who it is (label, chain, address), its statistics of the chosen period,
 * its newest trades (open ones with live marks) and the form to copy it, or the way to my copy of
 * it when I already do.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import { STATS_PERIODS, type ChainWalletDetail, type StatsPeriod } from '#/contract/index.ts'
import { ErrorState } from '#/ui/ErrorState.tsx'
import { SegmentedTabs } from '#/ui/SegmentedTabs.tsx'
import { LocaleLink } from '#/features/i18n/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { LivePositions } from '../shared/LivePositions.tsx'
import { FigureGrid, FigureGridSkeleton } from '../shared/FigureGrid.tsx'
import { myCopiesQueries } from '../my-copies/my-copies.queries.ts'
import { toneOf } from '../shared/tone.ts'
import { PositionHistory } from '../shared/PositionHistory.tsx'
import { ChainFollowForm } from './ChainFollowForm.tsx'
import { chainName, PERIOD_LABELS } from './chain.texts.ts'
import { chainWalletQueries } from './chain-wallets.queries.ts'
import { CopyAddressButton } from './CopyAddressButton.tsx'
import { TradeCards } from './TradeCards.tsx'

const STAT_FIGURES = 6

function PeriodStats({ wallet, period }: { wallet: ChainWalletDetail; period: StatsPeriod }) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const s = wallet.periods.find((p) => p.period === period)
  if (!s) return <FigureGridSkeleton count={STAT_FIGURES} narrow />
  return (
    <FigureGrid
      narrow
      testId="wallet-stats"
      figures={[
        { label: t`ROI`, value: format.percent(s.roi), tone: toneOf(s.roi) },
        { label: t`PnL (USDT)`, value: format.number(s.pnl, { digits: 2, signed: true }), tone: toneOf(s.pnl) },
        { label: t`Win rate`, value: format.ratio(s.winRate) },
        { label: t`Max drawdown`, value: format.ratio(s.maxDrawdown) },
        {
          label: t`Trades per week`,
          value: format.number(s.tradesPerWeek, { digits: 1 }),
          badge: wallet.isNew ? t({ message: 'New', context: 'leader with less than a week of history' }) : undefined,
        },
        { label: t`Copiers`, value: format.number(String(s.copiers), { digits: 0 }) },
      ]}
    />
  )
}

/** The copy form, or, once I copy the wallet (now or from before), the way to my copy. */
function FollowPanel({ wallet }: { wallet: ChainWalletDetail }) {
  const { shell } = useRouteContext({ from: '__root__' })
  const [followed, setFollowed] = useState<string>()
  const { data: mine } = useQuery({ ...myCopiesQueries.copies(), enabled: shell.loggedIn })
  const copying =
    followed ??
    (mine?.status === 'ok' ? mine.data.list.find((c) => c.leaderId === wallet.leaderId)?.leaderId : undefined)
  return (
    <section
      aria-labelledby="follow-title"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-card p-4 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1"
    >
      <h3 id="follow-title" className="text-lg font-semibold">
        <Trans>Copy at a fixed amount</Trans>
      </h3>
      {copying ? (
        <div className="flex flex-col items-start gap-3" data-testid="follow-done" role="status">
          <p>
            <Trans>You copy this wallet.</Trans>
          </p>
          <LocaleLink
            to="/{-$locale}/copy-trading/gemw/copy-detail/$"
            params={{ _splat: copying }}
            className="rounded-xl bg-brand px-5 py-2.5 font-semibold text-brand-contrast hover:opacity-90"
          >
            <Trans>See your copy</Trans>
          </LocaleLink>
        </div>
      ) : (
        <ChainFollowForm wallet={wallet} onFollowed={setFollowed} />
      )}
    </section>
  )
}

function Wallet({
  wallet,
  period,
  onPeriod,
}: {
  wallet: ChainWalletDetail
  period: StatsPeriod
  onPeriod: (period: StatsPeriod) => void
}) {
  const { t, i18n } = useLingui()
  const open = wallet.trades.filter((trade) => trade.status === 'open')
  const closed = wallet.trades.filter((trade) => trade.status === 'closed')
  const label = wallet.label
  return (
    // Phones read who, how it did, the form, then the trades; wide screens keep the form beside them all.
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start" data-testid="chain-wallet">
      <div className="flex min-w-0 flex-col gap-8 lg:col-start-1">
        <section className="flex flex-col gap-2">
          <h2 className="text-xl font-semibold">{label}</h2>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
            <span className="rounded bg-sunken px-2 py-0.5 text-xs">{chainName((d) => i18n._(d), wallet.chain)}</span>
            <span dir="ltr" className="min-w-0 font-mono break-all" data-testid="wallet-address">
              {wallet.address}
            </span>
            <CopyAddressButton address={wallet.address} />
          </div>
        </section>
        <section aria-labelledby="stats-title" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h3 id="stats-title" className="text-lg font-semibold">
              <Trans>Performance</Trans>
            </h3>
            <SegmentedTabs
              label={t`Period`}
              value={period}
              options={STATS_PERIODS.map((p) => ({ value: p, label: i18n._(PERIOD_LABELS[p]) }))}
              onChange={onPeriod}
            />
          </div>
          <PeriodStats wallet={wallet} period={period} />
        </section>
      </div>
      <FollowPanel wallet={wallet} />
      <div className="flex min-w-0 flex-col gap-8 lg:col-start-1">
        {/* Phones get the trades as cards; the tables, wider, from the small breakpoint up. */}
        <section aria-labelledby="open-title" className="flex flex-col gap-3">
          <h3 id="open-title" className="text-lg font-semibold">
            <Trans>Open positions</Trans>
          </h3>
          <div className="hidden sm:block">
            <LivePositions positions={open} caption={t`Open positions of ${label}`} />
          </div>
          <TradeCards trades={open} empty={t`No open positions right now.`} className="sm:hidden" />
        </section>
        <div className="hidden sm:block">
          <PositionHistory list={closed} />
        </div>
        <section aria-labelledby="closed-title" className="flex flex-col gap-3 sm:hidden">
          <h3 id="closed-title" className="text-lg font-semibold">
            <Trans>Position history</Trans>
          </h3>
          <TradeCards trades={closed} empty={t`No closed positions yet.`} />
        </section>
      </div>
    </div>
  )
}

export interface ChainWalletViewProps {
  chain: string
  address: string
  period: StatsPeriod
  onPeriod: (period: StatsPeriod) => void
}

export function ChainWalletView({ chain, address, period, onPeriod }: ChainWalletViewProps) {
  const { t } = useLingui()
  const { data, isError, isFetching, refetch } = useQuery(chainWalletQueries.detail(chain, address))
  if (data?.status === 'not-found') {
    return (
      <div
        className="flex flex-col items-start gap-3 rounded-xl border border-line bg-card p-6"
        data-testid="wallet-not-found"
      >
        <p>
          <Trans>We do not follow this wallet.</Trans>
        </p>
        <LocaleLink
          to="/{-$locale}/copy-trading/gemw/chain-copy/$"
          params={{ _splat: '' }}
          className="font-semibold text-brand hover:underline"
        >
          <Trans>See the wallets you can copy</Trans>
        </LocaleLink>
      </div>
    )
  }
  if (isError || data?.status === 'unavailable') {
    return (
      <ErrorState message={t`This wallet could not be loaded.`} onRetry={() => void refetch()} retrying={isFetching} />
    )
  }
  if (!data) return <FigureGridSkeleton count={STAT_FIGURES} narrow />
  return <Wallet wallet={data.data} period={period} onPeriod={onPeriod} />
}
