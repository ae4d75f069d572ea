/**
 * A wallet's trades as cards, for phones where the position tables would scroll sideways: pair,
 * side and leverage, size, entry, exit (or the mark when it was fetched, for an open one), the
 * result and when it opened or closed.
 */
import { useLingui } from '@lingui/react/macro'
import type { CopyPosition } from '#/contract/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { priceOptions, usePairDigits } from '../shared/price-digits.ts'
import { toneOf } from '../shared/tone.ts'
import { FigureList } from '../shared/FigureGrid.tsx'
import type { DateTimeFormatter } from '#/lib/format/date-time.ts'
import { useDateTimeFormat } from '#/lib/format/useDateTimeFormat.tsx'

const SIZE_DIGITS = 5

function TradeCard({ trade, dates }: { trade: CopyPosition; dates: DateTimeFormatter }) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const price = priceOptions(usePairDigits()(trade.pairCode))
  const open = trade.status === 'open'
  const pnl = open ? trade.unrealizedPnl : trade.realizedPnl
  const when = open ? trade.openedAt : (trade.closedAt ?? trade.openedAt)
  const side =
    trade.side === 'long'
      ? t({ message: 'Long', context: 'position side' })
      : t({ message: 'Short', context: 'position side' })
  const figures = [
    // A closed position's size is what was closed.
    { label: t`Size`, value: format.number(open ? trade.size : trade.closedSize, { digits: SIZE_DIGITS }) },
    { label: t`Entry price`, value: format.number(trade.entryPrice, price) },
    open
      ? { label: t`Mark price`, value: format.number(trade.markPrice, price) }
      : { label: t`Exit price`, value: format.number(trade.exitPrice, price) },
    {
      label: open ? t`Unrealized PnL` : t`Realized PnL`,
      value: format.number(pnl, { digits: 2, signed: true }),
      tone: toneOf(pnl),
    },
  ]
  return (
    <li className="flex flex-col gap-2 px-4 py-3" data-testid="trade-card">
      <div className="flex items-center justify-between gap-2">
        <p className="font-semibold">
          <span dir="ltr">{trade.pairCode.replace('_', '/')}</span>{' '}
          <span
            className={`ms-1 rounded px-1.5 py-0.5 text-xs ${trade.side === 'long' ? 'bg-up/15 text-up' : 'bg-down/15 text-down'}`}
          >
            {side} <span dir="ltr">{trade.leverage}x</span>
          </span>
        </p>
        <time className="text-xs text-muted" dateTime={new Date(when).toISOString()}>
          {dates.format(when)}
        </time>
      </div>
      <FigureList figures={figures} columns="grid-cols-2" />
    </li>
  )
}

export function TradeCards({
  trades,
  empty,
  className = '',
}: {
  trades: readonly CopyPosition[]
  empty: string
  className?: string
}) {
  const dates = useDateTimeFormat('minute')
  if (trades.length === 0)
    return (
      <p className={`rounded-xl border border-line bg-card px-4 py-6 text-center text-sm text-muted ${className}`}>
        {empty}
      </p>
    )
  return (
    <ul className={`divide-y divide-line rounded-2xl border border-line bg-card ${className}`}>
      {trades.map((trade) => (
        <TradeCard key={trade.positionId} trade={trade} dates={dates} />
      ))}
    </ul>
  )
}
