/** A pair's display facts: its coins, and the decimals its tick and lot give prices and amounts. */
import type { MarketInstrument } from '#/contract/index.ts'
import { stepDecimals } from '../book/order-book-view.ts'

export interface PairFacts {
  pairCode: string
  base: string
  quote: string
  /** Decimals of the tick: every price of the pair is shown with these. */
  priceDigits: number
  /** Decimals of the lot: every amount in the base coin. */
  sizeDigits: number
  /** BTC/USDT */
  label: string
}

export function pairFacts(instrument: MarketInstrument): PairFacts {
  return {
    pairCode: instrument.pairCode,
    base: instrument.baseCoin,
    quote: instrument.quoteCoin,
    priceDigits: stepDecimals(instrument.tickSize),
    sizeDigits: stepDecimals(instrument.lotSize),
    label: `${instrument.baseCoin}/${instrument.quoteCoin}`,
  }
}

/** USDT amounts (totals, fees, margin) are shown with this many decimals. */
export const QUOTE_DIGITS = 2

/** Facts of any pair, by code, from the instruments (falling back to `fallback` for one not listed). */
export function factsLookup(
  instruments: readonly MarketInstrument[],
  fallback: PairFacts,
): (code: string) => PairFacts {
  const known = new Map(instruments.map((i) => [i.pairCode, pairFacts(i)]))
  return (code) => known.get(code) ?? fallback
}
