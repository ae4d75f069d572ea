/**
 * Where a futures position is liquidated: the engine sets it on every position with this, and the order form estimates
 * a new position's with the same code (issue 19). Exact, rounded away from the mark (rounding.ts `liquidation`).
 */
import { NO_MAINTENANCE, type Bracket, type Maintenance } from './brackets.ts'
import { onePlus } from './copy-sizing.ts'
import { exact, Exact, type Money } from './money.ts'
import { deleverage, liquidation } from './rounding.ts'

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
 * Isolated-margin liquidation price: where margin + unrealized PnL equals the maintenance margin of the notional there
 * (its bracket's rate × notional − amount). None at leverage 1 long (spot): such a position cannot lose more than it holds.
 */
export function liquidationPrice(position: LiquidationInput, brackets: readonly Bracket[]): Money | null {
  if (position.side === 1 && position.leverage <= 1) return null
  return priceAtMaintenance(position, brackets)
}

type Backed = Pick<LiquidationInput, 'size' | 'entryPrice' | 'side' | 'margin'>

/**
 * Where `margin` + the position's unrealized PnL equals its maintenance margin, rounded away from the mark; none when no
 * positive price does (a long whose margin covers its whole notional). The maintenance margin is that of the notional
 * at the price itself, so each tier is tried and the one whose range holds its own answer is taken (the maintenance
 * margin is continuous across caps, so at a cap both tiers agree).
 */
export function priceAtMaintenance(position: Backed, brackets: readonly Bracket[]): Money | null {
  if (position.size.lte(0)) return null
  let floor: Money = new Exact(0)
  let nearest: Money | null = null
  for (const tier of brackets) {
    const price = unroundedAt(position, tier.maintenance)
    if (price !== null) {
      const notional = exact(position.size).times(price)
      if (notional.gte(floor) && (tier.notionalCap === null || notional.lte(tier.notionalCap)))
        return liquidation(price, position.side)
      nearest ??= price
    }
    floor = tier.notionalCap ?? floor
  }
  return nearest === null ? null : liquidation(nearest, position.side)
}

/** Where nothing backs the position any more: its margin and unrealized PnL sum to zero. */
export function bankruptcyPrice(position: Backed): Money | null {
  return whereNothingIsLeft(position, liquidation)
}

/**
 * Where `margin` (what backs the position: its margin, and for a cross position its wallet) is lost exactly: the price
 * auto-deleveraging closes a bankrupt position at (its bankruptcy price, rounded toward the entry so the position never
 * loses more than that). Null when no positive price is.
 */
export function deleveragePrice(position: Backed): Money | null {
  return whereNothingIsLeft(position, deleverage)
}

function whereNothingIsLeft(position: Backed, round: (price: Money, side: 1 | -1) => Money): Money | null {
  if (position.size.lte(0)) return null
  const price = unroundedAt(position, NO_MAINTENANCE)
  return price === null ? null : round(price, position.side)
}

/** margin + side × size × (P − entry) = size × P × rate − amount, solved for P (null when not positive). */
function unroundedAt(position: Backed, maintenance: Maintenance): Money | null {
  const { size, entryPrice, margin, side } = position
  const backing = exact(margin).plus(maintenance.amount)
  if (side === 1) {
    const price = exact(entryPrice)
      .times(size)
      .minus(backing)
      .div(exact(size).times(onePlus(maintenance.rate, -1)))
    return price.gt(0) ? price : null
  }
  return backing.plus(exact(entryPrice).times(size)).div(exact(size).times(onePlus(maintenance.rate, 1)))
}
