/**
 * Which way every money step of the copy engine rounds: the one place it is written down. The
 * engine (src/exchange/copy) and the app's previews (copy-sizing.ts) call these and nothing else
 * to bring an amount to the database's 18 decimals.
 *
 * | step                                   | rule            | why                                                  |
 * | -------------------------------------- | --------------- | ---------------------------------------------------- |
 * | taker fee (user pays)                  | `paid`: → 0     | a user never pays a hair more than rate × notional   |
 * | profit share (follower pays the leader)| `paid`: → 0     | a leader never receives more than rate × profit      |
 * | funding (one side pays, one receives)  | `paid`: → 0     | neither side moves more than rate × notional         |
 * | funding rate of an interval            | `fundingRate`:  | at 8 decimals, as published: rounding never makes    |
 * |                                        | → 0             | either side owe more than the formula gives          |
 * | a pool shared pro rata (funding paid   | `proRata`: ↓,   | nobody gets more than their share; the units left    |
 * | by one side, short of what the other   | rest to largest | over go one each to the largest remainders, so the   |
 * | side is due)                           | remainders      | pool is shared out whole                             |
 * | realized PnL (received or paid)        | `paid`: → 0     | a gain is never overpaid, a loss never overcharged   |
 * | margin set aside (own money, held)     | `held`: ↑ +∞    | a position is never under-margined by rounding       |
 * | size a typed value or margin pays for  | `affordable`: →0| an order never costs more than the amount typed      |
 * | size the house's room pays for (a      | `affordable`: →0| the maker never quotes more than it can pay for      |
 * | quote, a sweep, a flow trade; a coin)  | then the lot ↓  | (trading/house-room.ts)                              |
 * | margin released by a partial close     | `released`: ↓   | the remainder stays and comes back on the last close |
 * | high-water mark after a partial share  | `mark`: ↑ +∞    | the mark never sits below what was paid for          |
 * | open positions at the mark, for the    | `valuedDown`: ↓ | a paper loss counts in full against the share, a     |
 * | profit share's net result              | −∞              | paper gain is never charged (it is left out anyway)  |
 * | liquidation price                      | `liquidation`   | long ↓, short ↑: rounding never brings it closer     |
 * | auto-deleveraging price (a bankrupt    | `deleverage`    | long ↑, short ↓: the bankrupt side never loses a     |
 * | rest's bankruptcy price)               |                 | hair more than backs it (the rest stays its margin's)|
 * | entry / exit / TP / SL prices, figures | `q`: half-up    | records and displays, not movements of money         |
 * | copies' price: their block order's     | `q`: half-up,   | an entry, rounded once for every copy of the event   |
 * | average fill (trading/copy-block.ts)   | once            |                                                      |
 * | a copy's share of the block's fills    | ↓ to the lot,   | never more than it asked, and every lot filled goes  |
 * |                                        | leftover lots to| to someone                                           |
 * |                                        | the largest     |                                                      |
 * |                                        | remainders      |                                                      |
 * | the block's limit (leader's price ±    | on the tick,    | the slippage cap is never exceeded                   |
 * | the slippage cap)                      | toward the      |                                                      |
 * |                                        | leader's price  |                                                      |
 * | unit value (equity ÷ units) and units  | Exact: half-up  | a record, never money moved; equity and flows stay   |
 * | bought by a flow (flow ÷ unit value)   | at 40 digits    | exact, so the error is < 1e-39 relative per step     |
 * | return from unit values (UV₁ ÷ UV₀ − 1)| half-up at 30   | cuts the quotients' noise: a return that is a short  |
 * |                                        | decimals        | decimal (net ÷ investment) reads as exactly that     |
 *
 * Directed steps compute in a 60-digit Decimal that rounds the same way at every operation, so no
 * intermediate step can round the other way: a product of two 36-digit amounts and a rate is cut
 * toward zero before the last cut to 18 decimals, never rounded up to it.
 */
import Decimal from 'decimal.js'
import { FUTURES } from '#/app.config.ts'
import { Exact, Money } from './money.ts'

/** numeric(36,18): every stored amount has 18 decimals. */
export const SCALE = 18

const DIRECTED_PRECISION = 60
const TowardZero = Decimal.clone({
  precision: DIRECTED_PRECISION,
  rounding: Decimal.ROUND_DOWN,
  toExpNeg: -60,
  toExpPos: 60,
})
const TowardPlus = Decimal.clone({
  precision: DIRECTED_PRECISION,
  rounding: Decimal.ROUND_CEIL,
  toExpNeg: -60,
  toExpPos: 60,
})
const TowardMinus = Decimal.clone({
  precision: DIRECTED_PRECISION,
  rounding: Decimal.ROUND_FLOOR,
  toExpNeg: -60,
  toExpPos: 60,
})
type Directed = typeof TowardZero

/** a × b × … rounded toward zero at every step and at 18 decimals: for what is paid or received. */
export function paid(first: Money, ...factors: (Money | number)[]): Money {
  return product(TowardZero, first, factors, Decimal.ROUND_DOWN)
}

/**
 * a × b × … / d rounded toward zero at every step and at 18 decimals: how much an amount pays for (a size bought with a
 * budget), never a hair more than it covers.
 */
export function affordable(first: Money, factors: readonly (Money | number)[], divisor: Money | number = 1): Money {
  return product(TowardZero, first, factors, Decimal.ROUND_DOWN, divisor)
}

/** a × b × … / d, rounded up at every step and at 18 decimals: for what is set aside as margin. */
export function held(first: Money, factors: readonly (Money | number)[], divisor: Money | number = 1): Money {
  return new Exact(product(TowardPlus, first, factors, Decimal.ROUND_CEIL, divisor))
}

/** a × b / d rounded down (amounts are positive): for margin released by a partial close. */
export function released(first: Money, factor: Money, divisor: Money): Money {
  return product(TowardMinus, first, [factor], Decimal.ROUND_FLOOR, divisor)
}

/**
 * a × b × … rounded down (toward −∞) at every step and at 18 decimals: an open position valued at the mark for the
 * profit share's net result, so a paper loss is never counted a hair smaller than it is.
 */
export function valuedDown(first: Money, ...factors: (Money | number)[]): Money {
  return product(TowardMinus, first, factors, Decimal.ROUND_FLOOR)
}

/** base + amount / rate, rounded up: a high-water mark raised by what a partial payment paid for. */
export function mark(base: Money, amount: Money, rate: Money): Money {
  return new Exact(new TowardPlus(amount).div(rate).plus(base).toDecimalPlaces(SCALE, Decimal.ROUND_CEIL))
}

/** A liquidation price cut away from the mark it guards: down for a long, up for a short. */
export function liquidation(price: Money, side: 1 | -1): Money {
  return new Exact(price.toDecimalPlaces(SCALE, side === 1 ? Decimal.ROUND_FLOOR : Decimal.ROUND_CEIL))
}

/**
 * The price a bankrupt position is auto-deleveraged at, cut toward its entry: up for a long (it sells there), down for a
 * short, so closing it there never loses more than what backs it.
 */
export function deleverage(price: Money, side: 1 | -1): Money {
  return new Exact(price.toDecimalPlaces(SCALE, side === 1 ? Decimal.ROUND_CEIL : Decimal.ROUND_FLOOR))
}

/** A funding rate as published: toward zero at FUTURES.funding.rateDecimals (8), so no side owes more than the formula. */
export function fundingRate(rate: Money): Money {
  return new Exact(rate.toDecimalPlaces(FUTURES.funding.rateDecimals, Decimal.ROUND_DOWN))
}

/** One unit of the last stored decimal, as a whole number: amounts at 18 decimals are counted in it exactly. */
const UNIT = 10n ** BigInt(SCALE)
const unitsOf = (amount: Money): bigint => BigInt(new Exact(amount).times(UNIT.toString()).toFixed(0))
const amountOf = (units: bigint): Money => new Exact(units.toString()).div(UNIT.toString())

/**
 * `pool` whole units (at most Σ `weights`) shared in proportion to `weights` (whole units each, ≥ 0): each share
 * pool × weight ÷ Σ weights rounded down, then the units left over (fewer than there are weights) one each to the
 * shares with the largest remainders, the earlier in `weights` first on a tie. The shares sum to the pool exactly and
 * none exceeds its weight. The one largest-remainder rule of money and lots (proRata; a copy block's fill).
 */
export function shareUnits(pool: bigint, weights: readonly bigint[]): bigint[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0n)
  if (pool > total) throw new Error(`${pool} units cannot be shared within ${total}`)
  if (total === 0n) return weights.map(() => 0n)
  const shares = weights.map((weight) => (pool * weight) / total)
  const remainders = weights.map((weight, index) => ({ index, rest: (pool * weight) % total }))
  let left = pool - shares.reduce((sum, share) => sum + share, 0n)
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1))
  for (const { index } of remainders) {
    if (left === 0n) break
    shares[index] = (shares[index] ?? 0n) + 1n
    left -= 1n
  }
  return shares
}

/**
 * `pool` (≥ 0, at 18 decimals) shared in proportion to `dues` (each ≥ 0, at 18 decimals), when it is less than their sum:
 * each share pool × due ÷ Σ dues rounded down to 18 decimals, then the units of the last decimal left over one each to
 * the shares with the largest remainders, the earlier in `dues` first on a tie (shareUnits). The shares sum to the pool
 * exactly and none exceeds its due. A pool that covers the dues pays each its due (the rest is the caller's).
 */
export function proRata(pool: Money, dues: readonly Money[]): Money[] {
  const owed = dues.map(unitsOf)
  const total = owed.reduce((sum, due) => sum + due, 0n)
  const available = unitsOf(pool)
  if (available >= total) return dues.map((due) => new Exact(due))
  return shareUnits(available, owed).map(amountOf)
}

/** Half-up to 18 decimals: prices and figures that record or show, never move, money. */
export function q(value: Money): Money {
  return value.toDecimalPlaces(SCALE, Money.ROUND_HALF_UP)
}

function product(
  kind: Directed,
  first: Money,
  factors: readonly (Money | number)[],
  last: Decimal.Rounding,
  divisor: Money | number = 1,
): Money {
  let value = new kind(first)
  for (const factor of factors) value = value.times(factor)
  if (divisor !== 1) value = value.div(divisor)
  return new Exact(value.toDecimalPlaces(SCALE, last))
}
