/**
 * A pair's public market for the terminal's first paint (issue 19): its ticker, order book and recent trades on one
 * market, read together on the server; and its candles, which the chart asks for after the page has painted. The
 * socket keeps them live from there. A perpetual's funding is read beside them and asked again every minute.
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { TERMINAL, TRADING, WEBSOCKET } from '#/app.config.ts'
import {
  depthResponseSchema,
  fundingRateResponseSchema,
  klineIntervalSchema,
  klinesResponseSchema,
  marketTickerResponseSchema,
  marketTradesResponseSchema,
  pairCodeSchema,
  tradingMarketSchema,
  type Depth,
  type MarketTicker,
  type MarketTrade,
} from '#/contract/index.ts'
import { validated } from '#/lib/input-rejected.ts'
import { exchangeMiddleware, type Loaded } from '#/exchange-client/index.ts'

export interface PairMarket {
  ticker: MarketTicker
  depth: Depth
  trades: MarketTrade[]
}

const pairQuery = z.object({ biz: tradingMarketSchema, pairCode: pairCodeSchema })

export const getPairMarket = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(pairQuery))
  .handler(async ({ data, context: { exchange } }): Promise<Loaded<PairMarket>> => {
    const pair = `pairCode=${encodeURIComponent(data.pairCode)}&biz=${data.biz}`
    const [ticker, depth, trades] = await Promise.all([
      exchange.load(`/market/v1/ticker?${pair}`, marketTickerResponseSchema),
      exchange.load(`/market/v1/depth?${pair}&limit=${TRADING.depthLevels}`, depthResponseSchema),
      exchange.load(`/market/v1/trades?${pair}&limit=${TERMINAL.recentTrades}`, marketTradesResponseSchema, {
        essential: false,
      }),
    ])
    if (ticker.status !== 'ok') return ticker
    if (depth.status !== 'ok') return depth
    return {
      status: 'ok',
      data: { ticker: ticker.data, depth: depth.data, trades: trades.status === 'ok' ? trades.data : [] },
    }
  })

/** A perpetual's funding now: the predicted rate of the interval in progress and its next funding time. */
export const getFunding = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ pairCode: pairCodeSchema })))
  .handler(({ data, context: { exchange } }) =>
    exchange.load(`/market/v1/funding?pairCode=${encodeURIComponent(data.pairCode)}`, fundingRateResponseSchema, {
      essential: false,
    }),
  )

export const listKlines = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ pairCode: pairCodeSchema, biz: tradingMarketSchema, interval: klineIntervalSchema })))
  .handler(({ data, context: { exchange } }) =>
    exchange.load(
      `/market/v1/kline?pairCode=${encodeURIComponent(data.pairCode)}&biz=${data.biz}&interval=${data.interval}&limit=${WEBSOCKET.snapshotCandles}`,
      klinesResponseSchema,
      { essential: false },
    ),
  )
