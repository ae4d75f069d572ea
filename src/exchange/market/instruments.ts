/**
 * The instruments of the reference exchange: a spot pair and a USDT-margined perpetual per coin,
 * with tick size (price step), lot size (size step), the contract size of one futures "sheet"
 * and the maximum leverage. Starting prices seed the simulator.
 */
import { FUTURES } from '#/app.config.ts'
import { bracketsOf, type Bracket } from '#/contract/brackets.ts'

export interface Instrument {
  coin: string
  /** Spot pair code, e.g. BTC_USDT; the perpetual uses the same code on the futures base. */
  pairCode: string
  startPrice: string
  tickSize: string
  lotSize: string
  /** Coin amount of one futures contract ("sheet"). */
  contractSize: string
  maxLeverage: number
  /** Typical daily volatility, used by the simulator's calm regime. */
  dailyVolatility: number
}

const instrument = (
  coin: string,
  startPrice: string,
  tickSize: string,
  lotSize: string,
  contractSize: string,
  maxLeverage: number,
  dailyVolatility: number,
): Instrument => ({
  coin,
  pairCode: `${coin}_USDT`,
  startPrice,
  tickSize,
  lotSize,
  contractSize,
  maxLeverage,
  dailyVolatility,
})

export const INSTRUMENTS: readonly Instrument[] = [
  instrument('BTC', '67250.5', '0.1', '0.00001', '0.001', 125, 0.028),
  instrument('ETH', '3480.25', '0.01', '0.0001', '0.01', 100, 0.035),
  instrument('SOL', '168.42', '0.01', '0.001', '1', 75, 0.05),
  instrument('BNB', '585.3', '0.01', '0.001', '0.1', 75, 0.03),
  instrument('XRP', '0.5821', '0.0001', '0.1', '10', 75, 0.045),
  instrument('DOGE', '0.15234', '0.00001', '1', '100', 50, 0.06),
  instrument('ADA', '0.4512', '0.0001', '0.1', '10', 50, 0.05),
  instrument('TON', '6.872', '0.001', '0.01', '1', 50, 0.05),
  instrument('AVAX', '35.64', '0.01', '0.01', '1', 50, 0.055),
  instrument('LINK', '17.843', '0.001', '0.01', '1', 50, 0.05),
  instrument('DOT', '7.215', '0.001', '0.01', '1', 50, 0.05),
  instrument('TRX', '0.12345', '0.00001', '1', '100', 50, 0.03),
]

export function findInstrument(pairCode: string): Instrument | undefined {
  return INSTRUMENTS.find((i) => i.pairCode === pairCode.toUpperCase())
}

/** A perpetual's leverage and maintenance-margin tiers (FUTURES.brackets), leverage capped at `maxLeverage`. */
export function futuresBrackets(instrument: Instrument, maxLeverage = instrument.maxLeverage): Bracket[] {
  const major = (FUTURES.majorBracketCoins as readonly string[]).includes(instrument.coin)
  return bracketsOf(major ? FUTURES.brackets.major : FUTURES.brackets.other, maxLeverage)
}
