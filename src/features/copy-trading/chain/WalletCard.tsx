/** One smart-money wallet in the list: label, chain, address, and its 30-day ROI, PnL, win rate and drawdown. */
import { useLingui } from '@lingui/react/macro'
import type { ChainWalletSummary } from '#/contract/index.ts'
import { LocaleLink } from '#/features/i18n/index.ts'
import { Sparkline } from '#/features/markets/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { toneOf } from '../shared/tone.ts'
import { chainName } from './chain.texts.ts'
import { CopyAddressButton } from './CopyAddressButton.tsx'
import { shortAddress } from './wallet-address.ts'
import { FigureList } from '../shared/FigureGrid.tsx'

const card = 'relative flex min-w-0 flex-col gap-4 rounded-2xl border border-line bg-card p-4'

export function WalletCard({ wallet }: { wallet: ChainWalletSummary }) {
  const { t, i18n } = useLingui()
  const format = useNumberFormat()
  const s = wallet.stats
  const chain = chainName((d) => i18n._(d), wallet.chain)
  const figures = [
    {
      label: t`PnL (USDT)`,
      value: format.number(s.pnl, { digits: 2, signed: true, compact: true }),
      tone: toneOf(s.pnl),
    },
    { label: t`Win rate`, value: format.ratio(s.winRate) },
    { label: t`Max drawdown`, value: format.ratio(s.maxDrawdown) },
  ]
  return (
    <li
      className={`${card} hover:border-brand`}
      data-testid="wallet-card"
      data-chain={wallet.chain}
      data-address={wallet.address}
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          {/* The label is the card's one link; its box covers the card, so the whole card opens the wallet. */}
          <LocaleLink
            to="/{-$locale}/copy-trading/gemw/chain-copy/$"
            params={{ _splat: `${wallet.chain}/${wallet.address}` }}
            className="line-clamp-2 min-h-12 font-semibold after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand"
          >
            {wallet.label}
          </LocaleLink>
          <div className="mt-1 flex items-center gap-2 text-xs text-muted">
            <span className="rounded bg-sunken px-1.5 py-0.5">{chain}</span>
            <span dir="ltr" className="font-mono" title={wallet.address}>
              {shortAddress(wallet.address)}
            </span>
            {/* Above the card's link box, so a press copies instead of opening the wallet. */}
            <CopyAddressButton address={wallet.address} className="relative z-10 -my-2" />
          </div>
        </div>
        <div className="text-end">
          <p className="text-xs text-muted">{t`ROI`}</p>
          <p className={`text-lg font-semibold tabular-nums ${toneOf(s.roi)}`}>
            <span dir="ltr">{format.percent(s.roi)}</span>
          </p>
          <Sparkline values={wallet.sparkline} label={t`ROI over the period`} />
        </div>
      </div>
      <FigureList figures={figures} columns="grid-cols-3" />
    </li>
  )
}

/** A card's placeholder at its final size. */
export function WalletCardSkeleton() {
  return (
    <li className={card} aria-hidden="true">
      <div className="flex items-start gap-3">
        <div className="flex-1">
          <div className="h-12 w-3/4 animate-pulse rounded bg-sunken" />
          <div className="mt-1 h-6 w-1/2 animate-pulse rounded bg-sunken" />
        </div>
        <div className="h-[4.75rem] w-24 animate-pulse rounded bg-sunken" />
      </div>
      <div className="h-10 animate-pulse rounded bg-sunken" />
    </li>
  )
}
