/**
 * The arithmetic of positions: follower sizing by mode and caps, margin, fees, realized PnL,
 * take-profit / stop-loss / liquidation prices. Computed in Exact (40 digits) and rounded half-up
 * to the database's 18 decimals, so a value is the same whichever path computed it (from memory
 * or from stored rows) and exactly what is stored.
 */
import { exact, Money } from '../money.ts'
import type { CopySettings, PositionState, Side, SkipReason } from './book.ts'

export const SCALE = 18

export function q(value: Money): Money {
  return value.toDecimalPlaces(SCALE, Money.ROUND_HALF_UP)
}

/** Rounded toward zero: for what is taken from a user (a share of their profit), never a hair more. */
export function qDown(value: Money): Money {
  return value.toDecimalPlaces(SCALE, Money.ROUND_DOWN)
}

/** Down to a whole number of lots (never rounds a size up). */
export function floorToLot(size: Money, lotSize: Money): Money {
  if (size.lte(0)) return new Money(0)
  return exact(size).div(lotSize).floor().times(lotSize)
}

export function notional(price: Money, size: Money): Money {
  return exact(price).times(size)
}

export function marginFor(price: Money, size: Money, leverage: number): Money {
  return q(exact(price).times(size).div(leverage))
}

export function feeFor(price: Money, size: Money, rate: Money): Money {
  return q(exact(price).times(size).times(rate))
}

export interface SizingInput {
  settings: Pick<CopySettings, 'mode' | 'fixedAmount' | 'ratio' | 'maxPerOrder'>
  /** The copy account's free balance. */
  available: Money
  /** The leader's order size (coin). */
  leaderSize: Money
  price: Money
  leverage: number
  lotSize: Money
  feeRate: Money
}

export type Sizing = { ok: true; size: Money; margin: Money; fee: Money } | { ok: false; reason: SkipReason }

/**
 * A follower's order for a leader's order of `leaderSize` at `price`:
 * fixed amount A → margin min(A, max per order, what the balance affords); ratio r → size S × r,
 * then the same caps. The balance must cover margin and the opening fee.
 */
export function sizeFollowerOrder(input: SizingInput): Sizing {
  const { settings, available, price, leverage, lotSize, feeRate } = input
  // The most margin the balance affords once the fee on its notional is paid.
  const affordable = exact(available).div(onePlus(feeRate, leverage))
  const sizeForMargin = (margin: Money) => floorToLot(exact(margin).times(leverage).div(price), lotSize)
  let size: Money
  if (settings.mode === 'fixed') {
    // Comparisons rather than Money.min: no new Decimal per follower on the hot path.
    let margin = settings.fixedAmount ?? new Money(0)
    if (settings.maxPerOrder && settings.maxPerOrder.lt(margin)) margin = settings.maxPerOrder
    size = sizeForMargin(affordable.lt(margin) ? affordable : margin)
  } else {
    size = floorToLot(exact(input.leaderSize).times(settings.ratio ?? 0), lotSize)
    let margin = marginFor(price, size, leverage)
    if (settings.maxPerOrder && margin.gt(settings.maxPerOrder)) {
      size = sizeForMargin(settings.maxPerOrder)
      margin = marginFor(price, size, leverage)
    }
    if (margin.gt(affordable)) size = sizeForMargin(affordable)
  }
  // Rounding of margin and fee to 18 decimals may overshoot the balance by a hair: one lot less.
  while (size.gt(0)) {
    const margin = marginFor(price, size, leverage)
    const fee = feeFor(price, size, feeRate)
    if (margin.plus(fee).lte(available)) return { ok: true, size, margin, fee }
    size = size.minus(lotSize)
  }
  const oneLot = marginFor(price, lotSize, leverage).plus(feeFor(price, lotSize, feeRate))
  return { ok: false, reason: oneLot.gt(available) ? 'insufficient-balance' : 'below-minimum-size' }
}

const factors = new WeakMap<Money, Map<number, Money>>()
/** 1 + rate × multiplier, memoized per rate instance (the same few rates and leverages recur for every follower). */
function onePlus(rate: Money, multiplier: number): Money {
  let byMultiplier = factors.get(rate)
  if (!byMultiplier) factors.set(rate, (byMultiplier = new Map<number, Money>()))
  let value = byMultiplier.get(multiplier)
  if (!value) byMultiplier.set(multiplier, (value = exact(rate).times(multiplier).plus(1)))
  return value
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

/** Closing `size` of a position at `price`: the margin share it releases, its PnL and the taker fee. */
export function closeAmounts(position: PositionState, size: Money, price: Money, feeRate: Money): CloseAmounts {
  const released = size.gte(position.size) ? position.margin : q(exact(position.margin).times(size).div(position.size))
  return {
    released,
    pnl: q(exact(price).minus(position.entryPrice).times(size).times(position.side)),
    fee: feeFor(price, size, feeRate),
  }
}

/**
 * Isolated-margin liquidation price: where margin + unrealized PnL equals the maintenance margin
 * (rate × notional). None at leverage 1 long (spot): such a position cannot lose more than it holds.
 */
export function liquidationPrice(position: Pick<PositionState, 'size' | 'entryPrice' | 'side' | 'margin' | 'leverage'>, maintenanceRate: Money): Money | null {
  if (position.size.lte(0)) return null
  const { size, entryPrice, margin, side } = position
  if (side === 1) {
    if (position.leverage <= 1) return null
    const price = exact(entryPrice).times(size).minus(margin).div(exact(size).times(onePlus(maintenanceRate, -1)))
    return price.gt(0) ? q(price) : null
  }
  return q(exact(margin).plus(exact(entryPrice).times(size)).div(exact(size).times(onePlus(maintenanceRate, 1))))
}

/** The mark at which a return of `ratio` on the margin is reached (take profit: +, stop loss: −). */
export function priceAtReturn(position: Pick<PositionState, 'size' | 'entryPrice' | 'side' | 'margin'>, ratio: Money): Money | null {
  if (position.size.lte(0)) return null
  const price = exact(position.entryPrice).plus(exact(ratio).times(position.margin).div(position.size).times(position.side))
  return price.gt(0) ? q(price) : null
}

/** Which trigger a mark hits, liquidation first. */
export function triggerAt(position: PositionState, mark: Money): 'liquidation' | 'take-profit' | 'stop-loss' | null {
  const crossed = (level: Money | null, direction: Side) => level !== null && (direction === 1 ? mark.gte(level) : mark.lte(level))
  const side: Side = position.side
  if (crossed(position.liquidationPrice, side === 1 ? -1 : 1)) return 'liquidation'
  if (crossed(position.stopLossPrice, side === 1 ? -1 : 1)) return 'stop-loss'
  if (crossed(position.takeProfitPrice, side)) return 'take-profit'
  return null
}

/** Leverage for a follower: the leader's or the fixed one, never above the instrument's; 1 on spot. */
export function followerLeverage(settings: Pick<CopySettings, 'leverageMode' | 'fixedLeverage'>, leaderLeverage: number, maxLeverage: number, spot: boolean): number {
  if (spot) return 1
  const wanted = settings.leverageMode === 'fixed' && settings.fixedLeverage ? settings.fixedLeverage : leaderLeverage
  return Math.max(1, Math.min(wanted, maxLeverage))
}
