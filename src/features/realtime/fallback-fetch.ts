/**
 * What the HTTP fallback fetches for a subscription: the market call of the same channel, as a snapshot message of
 * the size the socket's would have (WEBSOCKET.snapshotTrades, WEBSOCKET.snapshotCandles, TRADING.depthLevels). A book
 * that missed an update takes its snapshot the same way.
 */
import type { z } from 'zod'
import { TRADING, WEBSOCKET } from '#/app.config.ts'
import {
  depthResponseSchema,
  klinesResponseSchema,
  marketTickerResponseSchema,
  marketTickersResponseSchema,
  marketTradesResponseSchema,
  type WsServerMessage,
} from '#/contract/index.ts'
import type { StreamParams } from './registry.ts'

function request(params: StreamParams): { path: string; schema: z.ZodType<{ data: unknown }> } | undefined {
  switch (params.channel) {
    case 'ticker':
      return params.pairCode
        ? {
            path: `/market/v1/ticker?pairCode=${encodeURIComponent(params.pairCode)}&biz=${params.biz}`,
            schema: marketTickerResponseSchema,
          }
        : undefined
    case 'tickers':
      return { path: `/market/v1/tickers?biz=${params.biz}`, schema: marketTickersResponseSchema }
    case 'trades':
      return params.pairCode
        ? {
            path: `/market/v1/trades?pairCode=${encodeURIComponent(params.pairCode)}&biz=${params.biz}&limit=${WEBSOCKET.snapshotTrades}`,
            schema: marketTradesResponseSchema,
          }
        : undefined
    case 'depth':
      return params.pairCode
        ? {
            path: `/market/v1/depth?pairCode=${encodeURIComponent(params.pairCode)}&biz=${params.biz}&limit=${TRADING.depthLevels}`,
            schema: depthResponseSchema,
          }
        : undefined
    case 'kline':
      return params.pairCode && params.interval
        ? {
            path: `/market/v1/kline?pairCode=${encodeURIComponent(params.pairCode)}&biz=${params.biz}&interval=${params.interval}&limit=${WEBSOCKET.snapshotCandles}`,
            schema: klinesResponseSchema,
          }
        : undefined
    default:
      // Private channels need the session: they wait for the socket.
      return undefined
  }
}

/** Fetches every public subscription once; each answer as the snapshot message the socket would send. */
export async function fetchSnapshots(
  base: string,
  subscriptions: readonly StreamParams[],
  fetcher: typeof fetch = fetch,
): Promise<WsServerMessage[]> {
  const messages = await Promise.all(
    subscriptions.map(async (params): Promise<WsServerMessage | undefined> => {
      const call = request(params)
      if (!call) return undefined
      // One failed call (the network is what is failing) does not lose the others.
      const response = await fetcher(`${base}${call.path}`, { headers: { accept: 'application/json' } }).catch(
        () => undefined,
      )
      if (!response?.ok) return undefined
      const parsed = call.schema.safeParse(await response.json())
      if (!parsed.success) return undefined
      const pairCode = 'pairCode' in params ? params.pairCode : undefined
      const interval = 'interval' in params ? params.interval : undefined
      return {
        event: 'subscribe',
        channel: params.channel,
        biz: params.biz,
        type: 'snapshot',
        pairCode,
        params: interval ? { interval } : undefined,
        data: { result: parsed.data.data },
      }
    }),
  )
  return messages.filter((m): m is WsServerMessage => m !== undefined)
}
