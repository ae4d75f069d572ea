/**
 * How a copy sizes its order when the leader opens or adds: the copy engine mirrors with it, and
 * the set-up page previews with it, so the preview is the engine's own answer. Pure and exact;
 * margin and fee round as rounding.ts says (margin held rounds up, a fee paid toward zero).
 */
import { exact, Money } from './money.ts'
import { held, paid } from './rounding.ts'

export { q, SCALE } from './rounding.ts'

/** Down to a whole number of lots (never rounds a size up). */
export function floorToLot(size: Money, lotSize: Money): Money {
  if (size.lte(0)) return new Money(0)
  // A lot of 10^-k (every instrument's here) is a cut at k decimals: no division on the engine's hot path.
  const decimals = powerOfTenDecimals(lotSize)
  if (decimals !== null) return exact(size).toDecimalPlaces(decimals, Money.ROUND_DOWN)
  return exact(size).div(lotSize).floor().times(lotSize)
}

const lotDecimals = new WeakMap<Money, number | null>()
/** k when the lot is 10^-k (k ≥ 0), else null; memoized per lot instance. */
function powerOfTenDecimals(lotSize: Money): number | null {
  let decimals = lotDecimals.get(lotSize)
  if (decimals === undefined) {
    const places = lotSize.decimalPlaces()
    decimals = lotSize.eq(new Money(10).pow(-places)) ? places : null
    lotDecimals.set(lotSize, decimals)
  }
  return decimals
}

export function marginFor(price: Money, size: Money, leverage: number): Money {
  return held(price, [size], leverage)
}

export function feeFor(price: Money, size: Money, rate: Money): Money {
  return paid(price, size, rate)
}

/** The settings sizing reads (a copy's stored settings fit). */
export interface SizingSettings {
  mode: 'fixed' | 'ratio'
  fixedAmount: Money | null
  ratio: Money | null
  maxPerOrder: Money | null
}

export interface SizingInput {
  settings: SizingSettings
  /** The copy account's free balance. */
  available: Money
  /** The leader's order size (coin). */
  leaderSize: Money
  price: Money
  leverage: number
  lotSize: Money
  feeRate: Money
  /**
   * The part of the leader's order this fill is (absent: all of it). A fixed amount and the max per order are per
   * order (Binance: cost per order), so an order filled in pieces is copied in the same pieces of one order's worth,
   * never once per piece (audit M3).
   */
  orderShare?: Money
}

export type Sizing =
  | { ok: true; size: Money; margin: Money; fee: Money }
  | { ok: false; reason: 'insufficient-balance' | 'below-minimum-size' }

/**
 * A follower's order for a leader's order of `leaderSize` at `price`:
 * fixed amount A → margin min(A, max per order, what the balance affords); ratio r → size S × r,
 * then the same caps. The balance must cover margin and the opening fee.
 */
export function sizeFollowerOrder(input: SizingInput): Sizing {
  const { available, price, leverage, lotSize, feeRate } = input
  const settings = input.orderShare === undefined ? input.settings : shareOf(input.settings, input.orderShare)
  // The most margin the balance affords once the fee on its notional is paid: available ÷ (1 + rate × leverage),
  // divided only when a margin's cost (margin × (1 + rate × leverage)) is over the balance, as it rarely is.
  const affordable = () => exact(available).div(onePlus(feeRate, leverage))
  const overBalance = (margin: Money) => exact(margin).times(onePlus(feeRate, leverage)).gt(available)
  const sizeForMargin = (margin: Money) => floorToLot(exact(margin).times(leverage).div(price), lotSize)
  let size: Money
  if (settings.mode === 'fixed') {
    // Comparisons rather than Money.min: no new Decimal per follower on the hot path.
    let margin = settings.fixedAmount ?? new Money(0)
    if (settings.maxPerOrder && settings.maxPerOrder.lt(margin)) margin = settings.maxPerOrder
    size = sizeForMargin(overBalance(margin) ? affordable() : margin)
  } else {
    size = floorToLot(exact(input.leaderSize).times(settings.ratio ?? 0), lotSize)
    let margin = marginFor(price, size, leverage)
    if (settings.maxPerOrder && margin.gt(settings.maxPerOrder)) {
      size = sizeForMargin(settings.maxPerOrder)
      margin = marginFor(price, size, leverage)
    }
    if (overBalance(margin)) size = sizeForMargin(affordable())
  }
  // Margin rounds up to 18 decimals and may overshoot the balance by a hair: one lot less.
  while (size.gt(0)) {
    const margin = marginFor(price, size, leverage)
    const fee = feeFor(price, size, feeRate)
    if (margin.plus(fee).lte(available)) return { ok: true, size, margin, fee }
    size = size.minus(lotSize)
  }
  const oneLot = marginFor(price, lotSize, leverage).plus(feeFor(price, lotSize, feeRate))
  return { ok: false, reason: oneLot.gt(available) ? 'insufficient-balance' : 'below-minimum-size' }
}

/** The settings for a piece of an order: its share of the fixed amount and of the max per order. */
function shareOf(settings: SizingSettings, share: Money): SizingSettings {
  return {
    ...settings,
    fixedAmount: settings.fixedAmount && exact(settings.fixedAmount).times(share),
    maxPerOrder: settings.maxPerOrder && exact(settings.maxPerOrder).times(share),
  }
}

const factors = new WeakMap<Money, Map<number, Money>>()
/** 1 + rate × multiplier, memoized per rate instance (the same few rates and leverages recur for every follower). */
export function onePlus(rate: Money, multiplier: number): Money {
  let byMultiplier = factors.get(rate)
  if (!byMultiplier) factors.set(rate, (byMultiplier = new Map<number, Money>()))
  let value = byMultiplier.get(multiplier)
  if (!value) byMultiplier.set(multiplier, (value = exact(rate).times(multiplier).plus(1)))
  return value
}

/** Leverage for a follower: the leader's or the fixed one, never above the instrument's; 1 on spot. */
export function followerLeverage(
  settings: { leverageMode: 'follow' | 'fixed'; fixedLeverage: number | null },
  leaderLeverage: number,
  maxLeverage: number,
  spot: boolean,
): number {
  if (spot) return 1
  const wanted = settings.leverageMode === 'fixed' && settings.fixedLeverage ? settings.fixedLeverage : leaderLeverage
  return Math.max(1, Math.min(wanted, maxLeverage))
}
