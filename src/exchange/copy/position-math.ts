/**
 * The arithmetic of positions: margin, fees, realized PnL, take-profit / stop-loss / liquidation
 * prices, and (re-exported from src/contract/copy-sizing.ts) follower sizing by mode and caps.
 * Computed exactly and brought to the database's 18 decimals in the direction
 * src/contract/rounding.ts gives each money step, so a value is the same whichever path computed
 * it (from memory or from stored rows) and exactly what is stored.
 */
import { exact, type Money } from '../money.ts'
import type { PositionState, Side } from './book.ts'
import { feeFor } from '#/contract/copy-sizing.ts'
import { paid, q, released } from '#/contract/rounding.ts'

// Sizing lives beside the contract, so the app previews a copy's order with the engine's own maths.
export {
  feeFor,
  floorToLot,
  followerLeverage,
  marginFor,
  sizeFollowerOrder,
  type Sizing,
  type SizingInput,
} from '#/contract/copy-sizing.ts'
export { q } from '#/contract/rounding.ts'
// The liquidation price too: the order form estimates a new position's with the engine's own code.
export { bankruptcyPrice, deleveragePrice, liquidationPrice, priceAtMaintenance } from '#/contract/liquidation.ts'

export function notional(price: Money, size: Money): Money {
  return exact(price).times(size)
}

/** Weighted average entry after adding `size` at `price`. */
export function averageEntry(position: Pick<PositionState, 'size' | 'entryPrice'>, size: Money, price: Money): Money {
  const total = position.size.plus(size)
  return q(exact(position.size).times(position.entryPrice).plus(exact(size).times(price)).div(total))
}

export function unrealizedPnl(position: Pick<PositionState, 'size' | 'entryPrice' | 'side'>, mark: Money): Money {
  return exact(mark).minus(position.entryPrice).times(position.size).times(position.side)
}

export interface CloseAmounts {
  /** Margin released from the position. */
  released: Money
  pnl: Money
  fee: Money
}

/** The PnL that closing `size` of a position at `price` realizes, toward zero at 18 decimals (money moved). */
export function pnlPaid(position: Pick<PositionState, 'entryPrice' | 'side'>, size: Money, price: Money): Money {
  return paid(exact(price).minus(position.entryPrice), size, position.side)
}

/** Closing `size` of a position at `price`: the margin share it releases, its PnL and the taker fee. */
export function closeAmounts(position: PositionState, size: Money, price: Money, feeRate: Money): CloseAmounts {
  return {
    released: size.gte(position.size) ? position.margin : released(position.margin, size, position.size),
    pnl: pnlPaid(position, size, price),
    fee: feeFor(price, size, feeRate),
  }
}

/** The mark at which a return of `ratio` on the margin is reached (take profit: +, stop loss: −). */
export function priceAtReturn(
  position: Pick<PositionState, 'size' | 'entryPrice' | 'side' | 'margin'>,
  ratio: Money,
): Money | null {
  if (position.size.lte(0)) return null
  const price = exact(position.entryPrice).plus(
    exact(ratio).times(position.margin).div(position.size).times(position.side),
  )
  return price.gt(0) ? q(price) : null
}

/** Which trigger a mark hits, liquidation first. */
export function triggerAt(position: PositionState, mark: Money): 'liquidation' | 'take-profit' | 'stop-loss' | null {
  const crossed = (level: Money | null, direction: Side) =>
    level !== null && (direction === 1 ? mark.gte(level) : mark.lte(level))
  const side: Side = position.side
  if (crossed(position.liquidationPrice, side === 1 ? -1 : 1)) return 'liquidation'
  if (crossed(position.stopLossPrice, side === 1 ? -1 : 1)) return 'stop-loss'
  if (crossed(position.takeProfitPrice, side)) return 'take-profit'
  return null
}
