/**
 * The funding rate as Binance USDⓈ-M publishes it (FUTURES.funding): a premium index sampled from each perpetual's book
 * every engine minute, averaged over the interval and pulled toward the interest component within a clamp, capped. The
 * funding times are the whole multiples of COPY.fundingIntervalHours (00:00, 08:00, 16:00 UTC); an interval is named by
 * the funding time that ends it.
 */
import { COPY, FUTURES } from '#/app.config.ts'
import { fundingRate, q } from '#/contract/rounding.ts'
import { Exact, type Money } from '../money.ts'

export const FUNDING_INTERVAL_MS = COPY.fundingIntervalHours * 3_600_000

/** What the rate of an interval is made of (FUTURES.funding, as Money). */
export interface FundingParameters {
  /** The interest component I of every interval. */
  interestRate: Money
  /** The most the interest component may move the rate away from the premium, each way. */
  premiumClamp: Money
  /** The largest rate, each way. */
  rateCap: Money
}

export const FUNDING_PARAMETERS: FundingParameters = {
  interestRate: new Exact(FUTURES.funding.interestRate),
  premiumClamp: new Exact(FUTURES.funding.premiumClamp),
  rateCap: new Exact(FUTURES.funding.rateCap),
}

const ZERO = new Exact(0)
const clamp = (value: Money, bound: Money) => Exact.min(bound, Exact.max(bound.neg(), value))

/** The notional whose average fill price is a book's impact price: the impact margin at the pair's maximum leverage. */
export function impactNotional(maxLeverage: number): Money {
  return new Exact(FUTURES.funding.impactMarginUsdt).times(maxLeverage)
}

/**
 * One premium index sample: [max(0, impact bid − mark) − max(0, mark − impact ask)] ÷ mark, half-up at 18 decimals (a
 * figure, rounding.ts `q`). A side of the book that cannot absorb the impact notional (null) has no impact price and
 * adds nothing: the sample is then what the other side says.
 */
export function premiumSample(impactBid: Money | null, impactAsk: Money | null, mark: Money): Money {
  const above = impactBid === null ? ZERO : Exact.max(0, impactBid.minus(mark))
  const below = impactAsk === null ? ZERO : Exact.max(0, mark.minus(impactAsk))
  return q(above.minus(below).div(mark))
}

/**
 * The rate of an interval from its samples (their sum and count): F = P̄ + clamp(I − P̄, ±clamp), P̄ = sum ÷ count (0
 * with no sample: the minutes the engine was down), |F| ≤ cap, cut toward zero at 8 decimals (rounding.ts
 * `fundingRate`). Positive: longs pay shorts.
 */
export function intervalRate(sum: Money, count: number, parameters: FundingParameters = FUNDING_PARAMETERS): Money {
  const premium = count > 0 ? new Exact(sum).div(count) : ZERO
  const rate = premium.plus(clamp(parameters.interestRate.minus(premium), parameters.premiumClamp))
  return fundingRate(clamp(rate, parameters.rateCap))
}

/** The funding times in (from, to], epoch ms. */
export function fundingTimes(from: number, to: number): number[] {
  const times: number[] = []
  for (let t = Math.floor(from / FUNDING_INTERVAL_MS + 1) * FUNDING_INTERVAL_MS; t <= to; t += FUNDING_INTERVAL_MS)
    times.push(t)
  return times
}

/** The interval a moment belongs to: the first funding time strictly after it (a sample at 08:00 is the next one's). */
export function intervalOf(at: number): number {
  return Math.floor(at / FUNDING_INTERVAL_MS + 1) * FUNDING_INTERVAL_MS
}
