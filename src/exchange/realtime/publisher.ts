/**
 * Market streams into the hub after each engine tick: tickers (one pair, and every pair of a biz, with the last price
 * each market's trades set), candles of each interval, and the order books' depth (depth-publisher.ts). The books'
 * trades are pushed as they happen (trading-events.ts). Work nobody watches is skipped
 * (with Redis every process may watch, so everything is published).
 */
import { COPY_BIZ, KLINE_INTERVALS, subscriptionKey, type WsServerMessage } from '#/contract/index.ts'
import { findInstrument } from '../market/instruments.ts'
import type { MarketSimulator, MinuteUpdate } from '../market/simulator.ts'
import { tickersOf, type Tape } from '../trading/tape.ts'
import type { DepthPublisher } from './depth-publisher.ts'
import type { Hub } from './hub.ts'

export type MarketPublisher = (updates: readonly MinuteUpdate[]) => Promise<void>

export function createMarketPublisher(
  hub: Hub,
  market: MarketSimulator,
  depth: DepthPublisher,
  tape: Tape,
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
    for (const [pairCode, minute] of latest) {
      const base = findInstrument(pairCode)?.coin
      const message = (
        channel: string,
        biz: 'spot' | 'futures',
        result: unknown,
        params?: WsServerMessage['params'],
      ): WsServerMessage => ({
        event: 'subscribe',
        channel,
        biz,
        type: 'update',
        pairCode,
        base,
        params,
        data: { result },
      })
      for (const biz of COPY_BIZ) {
        const ticker = subscriptionKey({ channel: 'ticker', biz, pairCode })
        const current = market.ticker(pairCode)
        if (watched(ticker))
          hub.publish(ticker, message('ticker', biz, current ? tape.ticker(biz, current, market.mark(pairCode)) : null))
        // The price moved: the book is re-quoted when the depth publisher reads it.
        depth.changed(biz, pairCode)
        for (const interval of KLINE_INTERVALS) {
          const topic = subscriptionKey({ channel: 'kline', biz, pairCode, params: { interval } })
          if (!watched(topic)) continue
          const candle =
            interval === '1m'
              ? {
                  time: minute.time,
                  open: minute.open,
                  high: minute.high,
                  low: minute.low,
                  close: minute.close,
                  volume: minute.volume,
                }
              : (await market.candles(pairCode, interval, { limit: 1 }))[0]
          if (candle) hub.publish(topic, message('kline', biz, candle, { interval }))
        }
      }
    }
  }
}
