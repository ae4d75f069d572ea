/**
 * The order books of every pair on both markets (spot and the USDT perpetual), with the simulated market maker's
 * ladder in each (market-maker.ts) and users' resting orders (order-engine.ts keeps those, from the database).
 *
 * The maker re-quotes a book when it is read and its pair's price has moved since its last quotes (or the volatility
 * regime's hour changed): a book nobody reads costs nothing. Re-quoting never trades: a quote that would cross a
 * user's order is left out (the engine's sweep fills such orders, with the database, as the price moves through them).
 */
import { TRADING } from '#/app.config.ts'
import { TRADING_MARKETS, type Depth, type TradingMarket } from '#/contract/index.ts'
import { Money } from '#/exchange/money.ts'
import { findInstrument, INSTRUMENTS } from '../market/instruments.ts'
import { unit, type MarketSeed } from '../market/market-seed.ts'
import { regimeScale } from '../market/price-path.ts'
import type { MarketSimulator } from '../market/simulator.ts'
import { quoteLadder } from './market-maker.ts'
import { OrderBook, type Quote } from './order-book.ts'

const HOUR_MS = 3_600_000
const MINUTE_MS = 60_000
/** Keystream blocks of a re-quote's size draws: two words per level (bid, ask), four words a block. */
const SIZE_BLOCKS = Math.ceil((2 * TRADING.marketMaker.levels) / 4)
export const MAKER_ID = TRADING.marketMaker.ownerId
const MAKER_PREFIX = `${MAKER_ID}:`

export interface Ladder {
  quotes: Quote[]
  /** The price and regime hour it was quoted at. */
  price: string
  hour: number
}

export interface TradingBooks {
  /** The book's top `limit` levels each side, re-quoted first if the price moved; undefined for an unknown pair. */
  depth(market: TradingMarket, pairCode: string, limit: number): Depth | undefined
  /** The book as it stands (not re-quoted); undefined for an unknown pair. */
  book(market: TradingMarket, pairCode: string): OrderBook | undefined
  /**
   * The maker's ladder at the pair's price now, and whether it differs from the one on the book (stale); undefined
   * before the pair has a price.
   */
  ladder(market: TradingMarket, pairCode: string): { ladder: Ladder; stale: boolean } | undefined
  /** Rests a ladder's quotes in place of the maker's old ones (each crossing one left out). */
  applyLadder(market: TradingMarket, pairCode: string, ladder: Ladder): void
  /** The database version of users' orders the book holds; undefined when it must be rebuilt first. */
  version(market: TradingMarket, pairCode: string): number | undefined
  setVersion(market: TradingMarket, pairCode: string, version: number | undefined): void
  /** A new book for the pair: these resting orders (in time priority), then the maker's quotes. */
  rebuild(
    market: TradingMarket,
    pairCode: string,
    resting: readonly Parameters<OrderBook['restore']>[0][],
  ): OrderBook | undefined
}

interface Entry {
  book: OrderBook
  /** The price and regime hour the maker last quoted at. */
  price: string | undefined
  hour: number
  /** The ladder last applied. */
  ladder: Ladder | undefined
  /**
   * The ladder last computed but not yet applied, with the price, hour and minute it is for: asked for again (the sweep
   * asks, then the flow) it is not computed again.
   */
  computed: { key: string; ladder: Ladder } | undefined
  version: number | undefined
}

const newBook = (pairCode: string, lotSize: string) => new OrderBook({ pairCode, lotSize: new Money(lotSize) })

export function createTradingBooks(
  market: Pick<MarketSimulator, 'mark'>,
  now: () => Date,
  seed: MarketSeed,
): TradingBooks {
  const entries = new Map<string, Entry>()
  for (const biz of TRADING_MARKETS)
    for (const instrument of INSTRUMENTS)
      entries.set(`${biz}:${instrument.pairCode}`, {
        book: newBook(instrument.pairCode, instrument.lotSize),
        price: undefined,
        hour: Number.NaN,
        ladder: undefined,
        computed: undefined,
        version: undefined,
      })

  const entryOf = (biz: TradingMarket, pairCode: string) => {
    const instrument = findInstrument(pairCode)
    const entry = instrument && entries.get(`${biz}:${instrument.pairCode}`)
    return instrument && entry ? { instrument, entry } : undefined
  }

  const staleLadder = (biz: TradingMarket, pairCode: string): Ladder | undefined => {
    const found = entryOf(biz, pairCode)
    const price = market.mark(pairCode)
    if (!found || price === undefined) return undefined
    const { instrument, entry } = found
    const hour = Math.floor(now().getTime() / HOUR_MS)
    if (entry.price === price && entry.hour === hour) return undefined
    // The sizes vary from one minute's re-quote to the next, the same way on every process and every run.
    const minute = Math.floor(now().getTime() / MINUTE_MS)
    const key = `${price}|${hour}|${minute}`
    if (entry.computed?.key === key) return entry.computed.ladder
    const sizeDraws = seed.stream(`maker/${biz}/${instrument.pairCode}`).words(minute * SIZE_BLOCKS, SIZE_BLOCKS)
    const quotes = quoteLadder({
      price: new Money(price),
      tickSize: new Money(instrument.tickSize),
      lotSize: new Money(instrument.lotSize),
      regime: regimeScale(seed, instrument.pairCode, hour),
      sizeDraws: Array.from(sizeDraws, unit),
    })
    const ladder = { quotes, price, hour }
    entry.computed = { key, ladder }
    return ladder
  }

  const applyLadder = (biz: TradingMarket, pairCode: string, ladder: Ladder) => {
    const found = entryOf(biz, pairCode)
    if (!found) return
    found.entry.book.replaceOwnerQuotes(MAKER_ID, ladder.quotes, MAKER_PREFIX)
    found.entry.price = ladder.price
    found.entry.hour = ladder.hour
    found.entry.ladder = ladder
  }

  return {
    depth(biz, pairCode, limit) {
      const found = entryOf(biz, pairCode)
      if (!found) return undefined
      const ladder = staleLadder(biz, pairCode)
      if (ladder) applyLadder(biz, pairCode, ladder)
      const levels = found.entry.book.depth(Math.min(limit, TRADING.depthLevels))
      return { pairCode: found.instrument.pairCode, biz, time: now().getTime(), ...levels }
    },
    book: (biz, pairCode) => entryOf(biz, pairCode)?.entry.book,
    ladder(biz, pairCode) {
      const stale = staleLadder(biz, pairCode)
      if (stale) return { ladder: stale, stale: true }
      const current = entryOf(biz, pairCode)?.entry.ladder
      return current && { ladder: current, stale: false }
    },
    applyLadder,
    version: (biz, pairCode) => entryOf(biz, pairCode)?.entry.version,
    setVersion(biz, pairCode, version) {
      const found = entryOf(biz, pairCode)
      if (found) found.entry.version = version
    },
    rebuild(biz, pairCode, resting) {
      const found = entryOf(biz, pairCode)
      if (!found) return undefined
      const { instrument, entry } = found
      entry.book = newBook(instrument.pairCode, instrument.lotSize)
      entry.price = undefined
      entry.hour = Number.NaN
      entry.ladder = undefined
      for (const order of resting)
        if (!entry.book.restore(order)) throw new Error(`order ${order.id} cannot rest on ${biz}:${pairCode}`)
      const ladder = staleLadder(biz, pairCode)
      if (ladder) applyLadder(biz, pairCode, ladder)
      return entry.book
    },
  }
}
