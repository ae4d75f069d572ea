/**
 * Futures units (§3): coin = 0, sheet = 1 (contracts), bi = 2 (USDT value), margin = 3 (USDT
 * margin at a leverage), mapped both ways, and exact size conversion between them.
 */
import Decimal from 'decimal.js'

export const FUTURES_UNITS = { coin: 0, sheet: 1, bi: 2, margin: 3 } as const
export type FuturesUnit = keyof typeof FUTURES_UNITS
export type FuturesUnitCode = (typeof FUTURES_UNITS)[FuturesUnit]

export function unitCode(unit: FuturesUnit): FuturesUnitCode {
  return FUTURES_UNITS[unit]
}

const UNITS: readonly FuturesUnit[] = ['coin', 'sheet', 'bi', 'margin']

export function unitOfCode(code: number): FuturesUnit | undefined {
  return UNITS.find((unit) => FUTURES_UNITS[unit] === code)
}

export interface ConversionContext {
  price: Decimal.Value
  contractSize: Decimal.Value
  leverage: Decimal.Value
}

/** A size in any unit, as a coin amount. */
function toCoin(size: Decimal, unit: FuturesUnit, ctx: ConversionContext): Decimal {
  switch (unit) {
    case 'coin':
      return size
    case 'sheet':
      return size.times(ctx.contractSize)
    case 'bi':
      return size.div(ctx.price)
    case 'margin':
      return size.times(ctx.leverage).div(ctx.price)
  }
}

function fromCoin(coin: Decimal, unit: FuturesUnit, ctx: ConversionContext): Decimal {
  switch (unit) {
    case 'coin':
      return coin
    case 'sheet':
      return coin.div(ctx.contractSize)
    case 'bi':
      return coin.times(ctx.price)
    case 'margin':
      return coin.times(ctx.price).div(ctx.leverage)
  }
}

export function convertSize(size: Decimal.Value, from: FuturesUnit, to: FuturesUnit, ctx: ConversionContext): Decimal {
  return fromCoin(toCoin(new Decimal(size), from, ctx), to, ctx)
}
