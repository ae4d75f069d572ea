/**
 * Market streams into the hub after each engine tick: tickers (one pair, and every pair of a biz, with the last price
 * each market's trades set), candles of each interval (closed by the books' trades, tape.ts), and the order books'
 * depth (depth-publisher.ts). The books' trades are pushed as they happen, and with them the pair's ticker and
 * candles (trading-events.ts). Work nobody watches is skipped
 * (with Redis every process may watch, so everything is published).
 */
import {
  COPY_BIZ,
  KLINE_INTERVALS,
  subscriptionKey,
  type TradingMarket,
  type WsServerMessage,
} from '#/contract/index.ts'
import { INTERVALS } from '../market/candles.ts'
import { MINUTE_MS } from '../market/price-path.ts'
import { findInstrument } from '../market/instruments.ts'
import type { MarketSimulator, MinuteUpdate } from '../market/simulator.ts'
import { tickersOf, type Tape } from '../trading/tape.ts'
import type { DepthPublisher } from './depth-publisher.ts'
import type { Hub } from './hub.ts'

export type MarketPublisher = (updates: readonly MinuteUpdate[]) => Promise<void>

/**
 * A pair's ticker and candles on one market, to whoever watches them: after each engine minute, and after each of the
 * book's trades (issue 28: a user's own fill moved neither the header's last price nor the chart until the next minute).
 * `minute` is the minute just written, when it is one (its 1m candle needs no read).
 */
export type PairPublisher = (biz: TradingMarket, pairCode: string, minute?: MinuteUpdate) => Promise<void>

export function createPairPublisher(hub: Hub, market: MarketSimulator, tape: Tape, everywhere: boolean): PairPublisher {
  const watched = (topic: string) => everywhere || hub.watched(topic)
  return async (biz, pairCode, minute) => {
    const base = findInstrument(pairCode)?.coin
    const message = (channel: string, result: unknown, params?: WsServerMessage['params']): WsServerMessage => ({
      event: 'subscribe',
      channel,
      biz,
      type: 'update',
      pairCode,
      base,
      params,
      data: { result },
    })
    const ticker = subscriptionKey({ channel: 'ticker', biz, pairCode })
    const current = market.ticker(pairCode)
    if (watched(ticker))
      hub.publish(ticker, message('ticker', current ? tape.ticker(biz, current, market.mark(pairCode)) : null))
    for (const interval of KLINE_INTERVALS) {
      const topic = subscriptionKey({ channel: 'kline', biz, pairCode, params: { interval } })
      if (!watched(topic)) continue
      const [candle] =
        interval === '1m' && minute
          ? [
              {
                time: minute.time,
                open: minute.open,
                high: minute.high,
                low: minute.low,
                close: minute.close,
                volume: minute.volume,
              },
            ]
          : await market.candles(pairCode, interval, { limit: 1 })
      const [traded] = candle ? tape.candles(biz, pairCode, [candle], INTERVALS[interval] * MINUTE_MS) : []
      if (traded) hub.publish(topic, message('kline', traded, { interval }))
    }
  }
}

export function createMarketPublisher(
  hub: Hub,
  market: MarketSimulator,
  depth: DepthPublisher,
  tape: Tape,
  pair: PairPublisher,
  everywhere: boolean,
): MarketPublisher {
  const watched = (topic: string) => everywhere || hub.watched(topic)
  return async (updates) => {
    if (updates.length === 0) return
    const latest = new Map<string, MinuteUpdate>()
    for (const update of updates) latest.set(update.pairCode, update)
    for (const biz of COPY_BIZ) {
      const tickers = subscriptionKey({ channel: 'tickers', biz })
      if (watched(tickers))
        hub.publish(tickers, {
          event: 'subscribe',
          channel: 'tickers',
          biz,
          type: 'update',
          data: { result: tickersOf(market, tape, biz) },
        })
    }
    for (const [pairCode, minute] of latest)
      for (const biz of COPY_BIZ) {
        await pair(biz, pairCode, minute)
        // The price moved: the book is re-quoted when the depth publisher reads it.
        depth.changed(biz, pairCode)
      }
  }
}
