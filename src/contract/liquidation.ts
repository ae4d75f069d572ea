/**
 * Where a futures position is liquidated: the engine sets it on every position with this, and the order form estimates
 * a new position's with the same code (issue 19). Exact, rounded away from the mark (rounding.ts `liquidation`).
 */
import { onePlus } from './copy-sizing.ts'
import { exact, type Money } from './money.ts'
import { liquidation } from './rounding.ts'

export interface LiquidationInput {
  size: Money
  entryPrice: Money
  /** 1 long, −1 short. */
  side: 1 | -1
  /** What backs the position: its isolated margin (or, for an estimate of a cross position, what the account adds). */
  margin: Money
  leverage: number
}

/**
 * Isolated-margin liquidation price: where margin + unrealized PnL equals the maintenance margin
 * (rate × notional). None at leverage 1 long (spot): such a position cannot lose more than it holds.
 */
export function liquidationPrice(position: LiquidationInput, maintenanceRate: Money): Money | null {
  if (position.side === 1 && position.leverage <= 1) return null
  return priceAtMaintenance(position, maintenanceRate)
}

/**
 * Where `margin` + the position's unrealized PnL equals its maintenance margin (rate × notional), rounded away from the
 * mark; none when no positive price does (a long whose margin covers its whole notional).
 */
export function priceAtMaintenance(
  position: Pick<LiquidationInput, 'size' | 'entryPrice' | 'side' | 'margin'>,
  maintenanceRate: Money,
): Money | null {
  if (position.size.lte(0)) return null
  const { size, entryPrice, margin, side } = position
  if (side === 1) {
    const price = exact(entryPrice)
      .times(size)
      .minus(margin)
      .div(exact(size).times(onePlus(maintenanceRate, -1)))
    return price.gt(0) ? liquidation(price, side) : null
  }
  return liquidation(
    exact(margin)
      .plus(exact(entryPrice).times(size))
      .div(exact(size).times(onePlus(maintenanceRate, 1))),
    side,
  )
}
