/**
 * The markets overview the home page renders first: every pair's ticker and a 24-hour sparkline
 * (hourly closes). Kept for a few seconds on the server so a busy home page costs the exchange
 * one read per interval, not one per visitor; the page then goes live over the websocket.
 */
import { createServerFn } from '@tanstack/react-start'
import { klinesResponseSchema, marketInstrumentsResponseSchema, marketTickersResponseSchema } from '../../contract/index.ts'
import { isSuccess } from '../../lib/http/api-client.ts'
import { serverApi } from '../auth/api.server.ts'

export interface MarketRow {
  pairCode: string
  base: string
  last: string
  change24h: string
  quoteVolume24h: string
  /** Decimals of the pair's tick size: prices are shown with exactly these. */
  priceDigits: number
  /** Hourly closes of the last 24 hours, oldest first. */
  spark: string[]
}

const OVERVIEW_TTL_MS = 10_000
const SPARK_HOURS = 24
let cached: { at: number; rows: MarketRow[] } | undefined

async function load(): Promise<MarketRow[]> {
  const api = serverApi()
  const tickers = marketTickersResponseSchema.safeParse(await api('/market/v1/tickers', { method: 'GET' }))
  if (!tickers.success) return []
  const instruments = marketInstrumentsResponseSchema.safeParse(await api('/market/v1/instruments', { method: 'GET' }))
  const ticks = new Map(instruments.success ? instruments.data.data.map((i) => [i.pairCode, i.tickSize]) : [])
  return Promise.all(
    tickers.data.data.map(async (t) => {
      const envelope = await api(`/market/v1/kline?pairCode=${t.pairCode}&interval=1h&limit=${SPARK_HOURS}`, { method: 'GET' })
      const klines = isSuccess(envelope) ? klinesResponseSchema.safeParse(envelope) : undefined
      return {
        pairCode: t.pairCode,
        base: t.pairCode.split('_')[0] ?? t.pairCode,
        last: t.last,
        change24h: t.change24h,
        quoteVolume24h: t.quoteVolume24h,
        priceDigits: (ticks.get(t.pairCode) ?? '0.01').split('.')[1]?.length ?? 0,
        spark: klines?.success ? klines.data.data.map((c) => c.close) : [],
      }
    }),
  )
}

export const getMarketOverview = createServerFn({ method: 'GET' }).handler(async (): Promise<MarketRow[]> => {
  if (cached && Date.now() - cached.at < OVERVIEW_TTL_MS) return cached.rows
  const rows = await load()
  if (rows.length > 0) cached = { at: Date.now(), rows }
  return rows
})
