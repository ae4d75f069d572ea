/**
 * A position's take profit and stop loss as its row shows them (issue 28, S2 7): each trigger price and the PnL the
 * position would make closing whole there, before fees; a dash for one not set.
 */
import { useLingui } from '@lingui/react/macro'
import type { TradingPosition } from '#/contract/index.ts'
import { Exact } from '#/contract/money.ts'
import { Amount } from '#/ui/Amount.tsx'
import { QUOTE_DIGITS } from '../shared/pair.ts'

/** What closing the whole position at `price` makes: (price − entry) × size, the other way for a short. */
export function estimatedPnl(position: Pick<TradingPosition, 'entryPrice' | 'size' | 'side'>, price: string): string {
  const move = new Exact(price).minus(position.entryPrice).times(position.size)
  return (position.side === 'long' ? move : move.negated()).toFixed()
}

function Trigger({
  position,
  price,
  digits,
  label,
}: {
  position: TradingPosition
  price: string | null
  digits: number
  label: string
}) {
  const { t } = useLingui()
  const name = <span className="text-muted">{label}</span>
  if (price === null) return <span className="flex items-baseline gap-1">{name} --</span>
  const pnl = estimatedPnl(position, price)
  return (
    <span className="flex items-baseline gap-1">
      {name}
      <Amount value={price} digits={digits} />
      <span
        className={pnl.startsWith('-') ? 'text-down' : 'text-up'}
        title={t`Estimated PnL if the position closes whole at this price, before fees`}
      >
        (<Amount value={pnl} digits={QUOTE_DIGITS} signed />)
      </span>
    </span>
  )
}

export function TpslCell({ position, digits }: { position: TradingPosition; digits: number }) {
  const { t } = useLingui()
  return (
    <span className="inline-flex flex-col items-end gap-0.5 sm:items-start" data-testid="position-tpsl">
      <Trigger
        position={position}
        price={position.takeProfitPrice}
        digits={digits}
        label={t({ message: 'TP', context: 'take profit, short' })}
      />
      <Trigger
        position={position}
        price={position.stopLossPrice}
        digits={digits}
        label={t({ message: 'SL', context: 'stop loss, short' })}
      />
    </span>
  )
}
