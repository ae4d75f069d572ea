/**
 * The order books of every pair on both markets (spot and the USDT perpetual), with the simulated market maker's
 * ladder in each (market-maker.ts) and users' resting orders (order-engine.ts keeps those, from the database).
 *
 * The maker re-quotes a book when it is read and its pair's price has moved since its last quotes (or the volatility
 * regime's hour changed): a book nobody reads costs nothing. Re-quoting never trades: a quote that would cross a
 * user's order is left out (the engine's sweep fills such orders, with the database, as the price moves through them).
 *
 * The maker is the house (house.ts): its ladder is sized within what the house holds (house-room.ts), which the books
 * are told (`tellHouse`: read at start and each engine minute, then after every settlement that moved it), never
 * asked for. When that changes, a book's ladder is sized again, from the same quotes, when the book is next read;
 * before they know, the books quote nothing.
 */
import { TRADING } from '#/app.config.ts'
import { TRADING_MARKETS, type Depth, type TradingMarket } from '#/contract/index.ts'
import { Money } from '#/exchange/money.ts'
import { findInstrument, INSTRUMENTS, type Instrument } from '../market/instruments.ts'
import { unit, type MarketSeed } from '../market/market-seed.ts'
import { regimeScale } from '../market/price-path.ts'
import type { MarketSimulator } from '../market/simulator.ts'
import { withinRoom, roomOf, type HouseHoldings } from './house-room.ts'
import { quoteLadder } from './market-maker.ts'
import { OrderBook, type Quote } from './order-book.ts'

const HOUR_MS = 3_600_000
const MINUTE_MS = 60_000
/** Keystream blocks of a re-quote's size draws: two words per level (bid, ask), four words a block. */
const SIZE_BLOCKS = Math.ceil((2 * TRADING.marketMaker.levels) / 4)
export const MAKER_ID = TRADING.marketMaker.ownerId
const MAKER_PREFIX = `${MAKER_ID}:`

export interface Ladder {
  /** The quotes it rests: `raw` sized within the house's room. */
  quotes: Quote[]
  /** The maker's quotes at the price before sizing (market-maker.ts). */
  raw: Quote[]
  /** The price and regime hour it was quoted at. */
  price: string
  hour: number
  /** The version of the house's holdings it was sized for (each `tellHouse` is one). */
  sizedFor: number
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
  /** What the house holds as the books last heard; undefined: not known (nothing is quoted). */
  house(): HouseHoldings | undefined
  /**
   * What the house holds now (read from the database, or as a settlement left it); undefined when what they were told
   * may not hold (the write that moved it failed): to be read again.
   */
  tellHouse(holdings: HouseHoldings | undefined): void
}

interface Entry {
  book: OrderBook
  /** The price and regime hour the maker last quoted at. */
  price: string | undefined
  hour: number
  /** The ladder last applied. */
  ladder: Ladder | undefined
  /**
   * The maker's quotes last computed, with the price, hour and minute they are for: asked for again (the sweep asks,
   * then the flow) they are not computed again.
   */
  computed: { key: string; raw: Quote[] } | undefined
  version: number | undefined
}

const newBook = (pairCode: string, lotSize: string) => new OrderBook({ pairCode, lotSize: new Money(lotSize) })

const sameQuotes = (a: readonly Quote[], b: readonly Quote[]) =>
  a.length === b.length &&
  a.every((q, i) => {
    const other = b[i]
    return other !== undefined && q.side === other.side && q.price.eq(other.price) && q.size.eq(other.size)
  })

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

  let holdings: HouseHoldings | undefined
  let houseVersion = 0

  /** The maker's quotes at the price now, the same on every process and every run. */
  const rawQuotes = (biz: TradingMarket, instrument: Instrument, entry: Entry, price: string, hour: number) => {
    // The sizes vary from one minute's re-quote to the next.
    const minute = Math.floor(now().getTime() / MINUTE_MS)
    const key = `${price}|${hour}|${minute}`
    if (entry.computed?.key === key) return entry.computed.raw
    const sizeDraws = seed.stream(`maker/${biz}/${instrument.pairCode}`).words(minute * SIZE_BLOCKS, SIZE_BLOCKS)
    const raw = quoteLadder({
      price: new Money(price),
      tickSize: new Money(instrument.tickSize),
      lotSize: new Money(instrument.lotSize),
      regime: regimeScale(seed, instrument.pairCode, hour),
      sizeDraws: Array.from(sizeDraws, unit),
    })
    entry.computed = { key, raw }
    return raw
  }

  /**
   * The ladder the book should rest now when it differs from the one it rests: quoted anew when the price or the hour
   * moved, sized again from the same quotes when only the house's holdings did.
   */
  const staleLadder = (biz: TradingMarket, pairCode: string): Ladder | undefined => {
    const found = entryOf(biz, pairCode)
    const price = market.mark(pairCode)
    if (!found || price === undefined) return undefined
    const { instrument, entry } = found
    const hour = Math.floor(now().getTime() / HOUR_MS)
    const current = entry.ladder
    const moved = !current || entry.price !== price || entry.hour !== hour
    if (!moved && current.sizedFor === houseVersion) return undefined
    const raw = moved ? rawQuotes(biz, instrument, entry, price, hour) : current.raw
    const rooms = holdings && {
      buy: roomOf(holdings, biz, instrument, 'buy'),
      sell: roomOf(holdings, biz, instrument, 'sell'),
    }
    const quotes = rooms ? withinRoom(raw, rooms, new Money(instrument.lotSize)) : []
    if (!moved && sameQuotes(current.quotes, quotes)) {
      current.sizedFor = houseVersion
      return undefined
    }
    return { quotes, raw, price, hour, sizedFor: houseVersion }
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
    house: () => holdings,
    tellHouse(next) {
      holdings = next
      houseVersion += 1
    },
  }
}
