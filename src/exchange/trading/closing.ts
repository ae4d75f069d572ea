/**
 * What bounds a close and a market order (issue 27, findings H2 and C2): no close of a futures position fills past its
 * bankruptcy price (where what backs it is gone: its margin, or for a cross position the whole account), and no market
 * order trades further from the mark than the price protection (TRADING.marketProtectionRatio, as Binance's
 * PERCENT_PRICE). Beyond the bankruptcy price the liquidation path takes over (liquidation.ts).
 */
import { Book, type PositionState } from '../copy/book.ts'
import { bankruptcyPrice } from '../copy/position-math.ts'
import type { Rules } from '../copy/rules.ts'
import { loadPositions, type Tx } from '../copy/store.ts'
import type { Marks } from '../copy/unit-values.ts'
import { Exact, type Money } from '../money.ts'
import type { TradingMarket } from '#/contract/index.ts'
import { readCrossAccount } from './cross-margin.ts'
import { ownPositions } from './order-store.ts'

export type Side = 'buy' | 'sell'

/** Whether `price` is worse than `limit` for an order of `side` (a buy's above it, a sell's below it). */
export const pastLimit = (side: Side, price: Money, limit: Money) =>
  side === 'buy' ? price.gt(limit) : price.lt(limit)

/** The tighter of two limits of an order of `side` (a buy's lower, a sell's higher). */
export const tighter = (side: Side, a: Money, b: Money) => (pastLimit(side, a, b) ? b : a)

/** A limit brought onto the tick on the safe side: a buy's down, a sell's up (never past what it bounds). */
export function limitOnTick(side: Side, price: Money, tickSize: Money): Money {
  const ticks = price.div(tickSize)
  const on = (side === 'buy' ? ticks.floor() : ticks.ceil()).times(tickSize)
  return on.gt(0) ? on : tickSize
}

/** The worst price a market order of `side` may trade at: `ratio` from the mark, on the tick. */
export function protectionPrice(side: Side, mark: Money, ratio: Money, tickSize: Money): Money {
  const moved = mark.times(side === 'buy' ? new Exact(1).plus(ratio) : new Exact(1).minus(ratio))
  return limitOnTick(side, moved, tickSize)
}

/** The side of an order that closes a position of `side` (1 long, −1 short). */
export const closingSide = (side: 1 | -1): Side => (side === 1 ? 'sell' : 'buy')

/** A user's own open position of a pair on a market (their one-way position), locked; undefined when flat. */
export async function ownPosition(
  tx: Tx,
  userId: number,
  biz: TradingMarket,
  pairCode: string,
): Promise<PositionState | undefined> {
  const [position] = await loadPositions(tx, scratchBook(), ownPositions([userId], biz, pairCode))
  return position
}

/**
 * Where closing the position would leave nothing behind it: an isolated position's margin gone, or a cross position's
 * whole account (the others standing still at the marks). Null when no positive price is (a long backed in full).
 */
export async function bankruptcyOf(tx: Tx, rules: Rules, position: PositionState, marks: Marks): Promise<Money | null> {
  if (position.marginMode !== 'cross') return bankruptcyPrice(position)
  const { account } = await readCrossAccount(tx, rules, position.userId, marks)
  return account.bankruptcy.get(position.id) ?? null
}

export function scratchBook(): Book {
  return new Book(() => {
    throw new Error('reading positions opens none')
  })
}
