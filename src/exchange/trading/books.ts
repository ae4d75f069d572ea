/**
 * The order books of every pair on both markets (spot and the USDT perpetual), with the simulated market maker's
 * ladder in each (market-maker.ts). A book is re-quoted when it is read and its pair's price has moved since the last
 * quotes (or the volatility regime's hour changed): a book nobody reads costs nothing.
 *
 * Users' orders will rest in the same books (issue 18); until then the books hold the maker's liquidity only.
 */
import { TRADING, MARKET } from '#/app.config.ts'
import { TRADING_MARKETS, type Depth, type TradingMarket } from '#/contract/index.ts'
import { Money } from '#/exchange/money.ts'
import { findInstrument, INSTRUMENTS } from '../market/instruments.ts'
import { pathKey, regimeScale } from '../market/price-path.ts'
import type { MarketSimulator } from '../market/simulator.ts'
import { quoteLadder } from './market-maker.ts'
import { OrderBook } from './order-book.ts'

const HOUR_MS = 3_600_000

export interface TradingBooks {
  /** The book's top `limit` levels each side, re-quoted first if the price moved; undefined for an unknown pair. */
  depth(market: TradingMarket, pairCode: string, limit: number): Depth | undefined
}

interface Quoted {
  book: OrderBook
  /** The price and regime hour the maker last quoted at. */
  price: string | undefined
  hour: number
}

export function createTradingBooks(
  market: Pick<MarketSimulator, 'mark'>,
  now: () => Date,
  seed: number = MARKET.seed,
): TradingBooks {
  const books = new Map<string, Quoted>()
  for (const biz of TRADING_MARKETS)
    for (const instrument of INSTRUMENTS)
      books.set(`${biz}:${instrument.pairCode}`, {
        book: new OrderBook({ pairCode: instrument.pairCode, lotSize: new Money(instrument.lotSize) }),
        price: undefined,
        hour: Number.NaN,
      })

  /** Re-quotes one book if its pair's price or regime hour changed. */
  const requote = (biz: TradingMarket, pairCode: string): void => {
    const entry = books.get(`${biz}:${pairCode}`)
    const instrument = findInstrument(pairCode)
    const price = market.mark(pairCode)
    const hour = Math.floor(now().getTime() / HOUR_MS)
    if (!entry || !instrument || price === undefined) return
    if (entry.price === price && entry.hour === hour) return
    const { ownerId } = TRADING.marketMaker
    const quotes = quoteLadder({
      price: new Money(price),
      tickSize: new Money(instrument.tickSize),
      lotSize: new Money(instrument.lotSize),
      regime: regimeScale(pathKey(pairCode, seed), hour),
      // The sizes vary from one re-quote to the next, the same way on every process and every run.
      seed: pathKey(`${biz}:${pairCode}`, seed) ^ Math.floor(now().getTime() / 60_000),
    })
    entry.book.replaceOwnerQuotes(ownerId, quotes, `${ownerId}:`)
    entry.price = price
    entry.hour = hour
  }

  return {
    depth(biz, pairCode, limit) {
      const instrument = findInstrument(pairCode)
      const entry = instrument && books.get(`${biz}:${instrument.pairCode}`)
      if (!instrument || !entry) return undefined
      requote(biz, instrument.pairCode)
      const levels = entry.book.depth(Math.min(limit, TRADING.depthLevels))
      return { pairCode: instrument.pairCode, biz, time: now().getTime(), ...levels }
    },
  }
}
