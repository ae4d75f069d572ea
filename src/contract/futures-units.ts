/**
 * The four ways a futures order's size can be typed (§3: coin = 0, sheet = 1, bi = 2, margin = 3), mapped both ways,
 * and the conversions between them and the order's size in the base coin. The exchange and the order form both use
 * these, so what the form previews is what the engine books.
 *
 * - coin: base-coin amount (0.5 BTC);
 * - sheet: contracts, each `contractSize` of the base coin (500 contracts of 0.001 BTC);
 * - bi: USDT value at the price (30,000 USDT of BTC);
 * - margin: USDT set aside at the leverage (3,000 USDT at 10×).
 *
 * Rounding: a typed amount becomes a size rounded toward zero and then down to the lot, so the order never exceeds
 * what was typed (its value, contracts or margin); a size shown in a unit is exact for coin, sheet and bi, and for
 * margin is the margin the engine holds for it (rounded up at 18 decimals, rounding.ts `held`), so converting back
 * never gives a larger size.
 */
import { floorToLot } from './copy-sizing.ts'
import { exact, type Money } from './money.ts'
import { affordable, held } from './rounding.ts'

export const FUTURES_UNITS = { coin: 0, sheet: 1, bi: 2, margin: 3 } as const
export type FuturesUnit = keyof typeof FUTURES_UNITS
export type FuturesUnitCode = (typeof FUTURES_UNITS)[FuturesUnit]

const UNITS: readonly FuturesUnit[] = ['coin', 'sheet', 'bi', 'margin']

export function futuresUnitCode(unit: FuturesUnit): FuturesUnitCode {
  return FUTURES_UNITS[unit]
}

/** The unit of a stored or sent code; undefined for every other value. */
export function futuresUnitOf(code: number): FuturesUnit | undefined {
  return UNITS.find((unit) => FUTURES_UNITS[unit] === code)
}

export interface FuturesUnitContext {
  /** The price the order is valued at (its limit, or the mark for a market order). */
  price: Money
  /** Base coin per contract. */
  contractSize: Money
  /** Order size step, in the base coin. */
  lotSize: Money
  leverage: number
}

/**
 * The price an amount typed in another unit converts at, as the exchange converts it: the order's limit price, else its
 * trigger, else the mark (a market order). The order form previews with it, so the preview is the size booked (issue
 * 28: the form converted at the last price and previewed 0.02451 BTC for a fill of 0.02450).
 */
export function conversionPrice(order: { limit?: Money | undefined; trigger?: Money | undefined }, mark: Money): Money {
  return order.limit ?? order.trigger ?? mark
}

/** An amount typed in `unit` → the order size in the base coin: toward zero, then down to the lot. */
export function sizeFromUnit(amount: Money, unit: FuturesUnit, context: FuturesUnitContext): Money {
  const { price, contractSize, lotSize, leverage } = context
  switch (unit) {
    case 'coin':
      return floorToLot(amount, lotSize)
    case 'sheet':
      return floorToLot(affordable(amount, [contractSize]), lotSize)
    case 'bi':
      return floorToLot(affordable(amount, [], price), lotSize)
    case 'margin':
      return floorToLot(affordable(amount, [leverage], price), lotSize)
  }
}

/** An order size in the base coin → the amount in `unit` (exact; margin as the engine holds it). */
export function sizeToUnit(size: Money, unit: FuturesUnit, context: FuturesUnitContext): Money {
  const { price, contractSize, leverage } = context
  switch (unit) {
    case 'coin':
      return exact(size)
    case 'sheet':
      return exact(size).div(contractSize)
    case 'bi':
      return exact(size).times(price)
    case 'margin':
      return held(price, [size], leverage)
  }
}
