/**
 * The one Decimal of money maths shared by the exchange and the app: precision 20, ROUND_HALF_UP
 * (spec §9). Amounts arrive from the database as exact strings and leave as plain decimal strings
 * without exponent or trailing zeros. Here, beside the contract, because the app computes a few
 * things exactly as the engine does (a copy's order size): both import it, neither imports the other.
 */
import Decimal from 'decimal.js'

export const Money = Decimal.clone({ precision: 20, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 })
export type Money = InstanceType<typeof Money>

/** '25000.000000000000000000' → '25000'; '-0' → '0'. */
export function toPlain(value: Money): string {
  return value.isZero() ? '0' : value.toFixed()
}

/**
 * Exact sums of stored amounts. A balance adds up 18-decimal amounts and can need all 36 digits
 * of numeric(36,18); precision 20 would round it. Balances and other running totals are kept in
 * Exact (their additions are exact, as in the database); rates, prices and products use Money.
 */
export const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 })

/**
 * The value as an Exact (no copy when it is one): engine arithmetic never depends on which Decimal an input came as.
 */
export function exact(value: Money): Money {
  return value.constructor === Exact ? value : new Exact(value)
}
