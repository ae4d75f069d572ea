/**
 * The reconciliation's own arithmetic: a 120-digit Decimal (products and quotients of numeric(36,18) amounts stay
 * exact or far below the last stored digit), the storage and display roundings written out again from the published
 * rules (money: 18 decimals; ratios: 10 decimals half-up; each money step in the direction src/contract/rounding.ts
 * documents), and comparison of printed values. It imports nothing of the engine or its statistics on purpose: a
 * second computation that shared their code would share their mistakes.
 */
import Decimal from 'decimal.js'

export const D = Decimal.clone({ precision: 120, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -130, toExpPos: 130 })
export type D = InstanceType<typeof D>

export const ZERO = new D(0)
export const ONE = new D(1)
/** Decimals of every stored amount (numeric(36,18)). */
export const MONEY_SCALE = 18
/** Decimals of every stored ratio (numeric(20,10)) and printed statistic ratio. */
export const RATIO_SCALE = 10

export const dec = (value: string | number | D): D => new D(value)

/** Toward zero at 18 decimals: what is paid or received (fees, funding, realized PnL, profit share). */
export const paid18 = (value: D): D => value.toDecimalPlaces(MONEY_SCALE, Decimal.ROUND_DOWN)
/** Up (toward +∞) at 18 decimals: margin set aside, a high-water mark raised by a partial payment. */
export const ceil18 = (value: D): D => value.toDecimalPlaces(MONEY_SCALE, Decimal.ROUND_CEIL)
/** Down (toward −∞) at 18 decimals: margin released by a partial close. */
export const floor18 = (value: D): D => value.toDecimalPlaces(MONEY_SCALE, Decimal.ROUND_FLOOR)
/** Half-up at 18 decimals: prices and figures that record, never move, money. */
export const half18 = (value: D): D => value.toDecimalPlaces(MONEY_SCALE, Decimal.ROUND_HALF_UP)
/** Half-up at 10 decimals: a printed ratio. */
export const ratio10 = (value: D): D => value.toDecimalPlaces(RATIO_SCALE, Decimal.ROUND_HALF_UP)

export const sum = (values: Iterable<D>): D => {
  let total = ZERO
  for (const value of values) total = total.plus(value)
  return total
}

export const max = (a: D, b: D): D => (a.gte(b) ? a : b)
export const min = (a: D, b: D): D => (a.lte(b) ? a : b)

/** A value as printed: plain digits, no exponent, no trailing zeros, '0' for zero. */
export const plain = (value: D): string => (value.isZero() ? '0' : value.toFixed())

/** Whether a served value (a decimal string) equals the recomputed one exactly. */
export function sameNumber(served: string, recomputed: D): boolean {
  return new D(served).eq(recomputed)
}
