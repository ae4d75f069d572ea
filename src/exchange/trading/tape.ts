/**
 * The public trades of each book (issue 18, item 9: the `trades` channel carries the books' real trades), the last
 * price they set (item 4: the mark comes from the simulator, the last price from trades) and the candles they close
 * (issue 28: the chart's close is the book's last trade, not the simulator's index).
 *
 * Every match on a book is one print, whoever the two sides are: users, the market maker, the simulated market flow
 * (order-engine.ts `onPrices`). The tape is kept in memory, per process and book, the newest `kept` prints; a process
 * that starts has an empty tape until its books trade (the ticker's last price falls back to the simulator's close
 * meanwhile), as a real exchange's recent-trades list starts empty for a new market.
 */
import type { Kline, MarketTicker, MarketTrade, OrderFill, TradingMarket } from '#/contract/index.ts'
import type { fills } from '../db/trading-schema.ts'
import { Exact, toPlain } from '../money.ts'

/** Decimal places of the 24 h change ratio (as the simulator's ticker). */
const CHANGE_DECIMALS = 8

export interface Tape {
  /** Adds prints (oldest first) to a book's tape. */
  record(biz: TradingMarket, pairCode: string, prints: readonly MarketTrade[]): void
  /** The newest `limit` prints of a book, newest first. */
  recent(biz: TradingMarket, pairCode: string, limit: number): MarketTrade[]
  /** The book's last trade price (what `triggerBy: 'last'` stops watch); undefined before it traded here. */
  last(biz: TradingMarket, pairCode: string): string | undefined
  /**
   * The simulator's 24 h ticker of the pair as this market traded it: `last` is the book's last print (the window's
   * high and low widened to hold it, the change measured to it), `mark` the simulator's price.
   */
  ticker(biz: TradingMarket, ticker: Omit<MarketTicker, 'mark'>, mark: string | undefined): MarketTicker
  /**
   * Candles of the pair (ascending, `spanMs` each) as this market traded them: a candle the book printed in closes at
   * its last print there, its high and low widened to hold its prints; the newest candle is the forming one and takes
   * every print from its start on (the simulator writes a minute's bar once the minute is over). Volume stays the
   * simulator's (the market flow it models trades on the books).
   */
  candles(biz: TradingMarket, pairCode: string, candles: readonly Kline[], spanMs: number): Kline[]
}

export function createTape(kept: number): Tape {
  const rings = new Map<string, MarketTrade[]>()
  const keyOf = (biz: TradingMarket, pairCode: string) => `${biz}:${pairCode}`
  return {
    record(biz, pairCode, prints) {
      if (prints.length === 0) return
      const key = keyOf(biz, pairCode)
      const ring = rings.get(key) ?? []
      ring.push(...prints)
      if (ring.length > kept) ring.splice(0, ring.length - kept)
      rings.set(key, ring)
    },
    recent(biz, pairCode, limit) {
      const ring = rings.get(keyOf(biz, pairCode)) ?? []
      return ring.slice(Math.max(0, ring.length - Math.max(0, limit))).reverse()
    },
    last: (biz, pairCode) => rings.get(keyOf(biz, pairCode))?.at(-1)?.price,
    candles(biz, pairCode, candles, spanMs) {
      const ring = rings.get(keyOf(biz, pairCode))
      const oldest = ring?.[0]
      if (!ring || !oldest) return [...candles]
      return candles.map((candle, index) => {
        const end = index === candles.length - 1 ? Infinity : candle.time + spanMs
        if (end <= oldest.time) return candle
        let merged = candle
        for (const print of ring) {
          if (print.time < candle.time || print.time >= end) continue
          const price = new Exact(print.price)
          merged = {
            ...merged,
            high: price.gt(merged.high) ? print.price : merged.high,
            low: price.lt(merged.low) ? print.price : merged.low,
            close: print.price,
          }
        }
        return merged
      })
    },
    ticker(biz, ticker, mark) {
      const print = rings.get(keyOf(biz, ticker.pairCode))?.at(-1)
      const withMark = { ...ticker, mark: mark ?? ticker.last }
      if (!print) return withMark
      const last = new Exact(print.price)
      const open = new Exact(ticker.open24h)
      return {
        ...withMark,
        last: print.price,
        high24h: last.gt(ticker.high24h) ? print.price : ticker.high24h,
        low24h: last.lt(ticker.low24h) ? print.price : ticker.low24h,
        change24h: toPlain(last.minus(open).div(open).toDecimalPlaces(CHANGE_DECIMALS, Exact.ROUND_HALF_UP)),
      }
    },
  }
}

/** Every pair's ticker as `biz` trades it. */
export function tickersOf(
  market: { tickers(): Omit<MarketTicker, 'mark'>[]; mark(pairCode: string): string | undefined },
  tape: Tape,
  biz: TradingMarket,
): MarketTicker[] {
  return market.tickers().map((ticker) => tape.ticker(biz, ticker, market.mark(ticker.pairCode)))
}

/** What a print needs of a fill row: its match's trade id, its side and role, when, at what price, how much. */
export type PrintSide = Pick<OrderFill, 'tradeId' | 'side' | 'role' | 'time' | 'price' | 'size'>

/** A written fill row (a user's or the house's) as a side of its print. */
export function printSideOf(row: typeof fills.$inferSelect): PrintSide {
  return {
    tradeId: String(row.tradeId),
    side: row.side,
    role: row.role,
    time: row.createdAt.getTime(),
    price: toPlain(new Exact(row.price)),
    size: toPlain(new Exact(row.size)),
  }
}

/** One print per match (both sides of a match share its trade id; the taker's side names it), oldest first. */
export function printsOf(list: readonly PrintSide[]): MarketTrade[] {
  const byTrade = new Map<string, MarketTrade>()
  for (const fill of list) {
    // The taker's side is the print's: a fill's own side when it took, the other side when it rested.
    const side = fill.role === 'taker' ? fill.side : fill.side === 'buy' ? 'sell' : 'buy'
    if (!byTrade.has(fill.tradeId) || fill.role === 'taker')
      byTrade.set(fill.tradeId, { id: fill.tradeId, time: fill.time, price: fill.price, size: fill.size, side })
  }
  return [...byTrade.values()].sort((a, b) => Number(a.id) - Number(b.id))
}
