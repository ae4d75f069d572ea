/**
 * Market streams into the hub after each engine tick: tickers (one pair, and every pair of a biz),
 * candles of each interval, the public trades that are new, and the order books' depth (depth-publisher.ts). Work nobody watches is skipped
 * (with Redis every process may watch, so everything is published).
 */
import { COPY_BIZ, KLINE_INTERVALS, subscriptionKey, type WsServerMessage } from '#/contract/index.ts'
import { findInstrument } from '../market/instruments.ts'
import type { MarketSimulator, MinuteUpdate } from '../market/simulator.ts'
import type { DepthPublisher } from './depth-publisher.ts'
import type { Hub } from './hub.ts'

export type MarketPublisher = (updates: readonly MinuteUpdate[]) => Promise<void>

export function createMarketPublisher(
  hub: Hub,
  market: MarketSimulator,
  depth: DepthPublisher,
  everywhere: boolean,
): MarketPublisher {
  const watched = (topic: string) => everywhere || hub.watched(topic)
  let lastTrade = new Map<string, number>()
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
          data: { result: market.tickers() },
        })
    }
    const seen = new Map<string, number>()
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
      const trades = market.trades(pairCode, 100).filter((t) => t.time > (lastTrade.get(pairCode) ?? 0))
      seen.set(pairCode, Math.max(lastTrade.get(pairCode) ?? 0, ...trades.map((t) => t.time)))
      for (const biz of COPY_BIZ) {
        const ticker = subscriptionKey({ channel: 'ticker', biz, pairCode })
        if (watched(ticker)) hub.publish(ticker, message('ticker', biz, market.ticker(pairCode) ?? null))
        // The price moved: the book is re-quoted when the depth publisher reads it.
        depth.changed(biz, pairCode)
        const tradesTopic = subscriptionKey({ channel: 'trades', biz, pairCode })
        if (trades.length > 0 && watched(tradesTopic)) hub.publish(tradesTopic, message('trades', biz, trades))
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
    lastTrade = seen
  }
}
