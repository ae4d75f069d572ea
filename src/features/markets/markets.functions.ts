/**
 * The markets overview the home page renders first: every pair's ticker and a 24-hour sparkline
 * (hourly closes). Kept for a few seconds on the server so a busy home page costs the exchange
 * one read per interval, not one per visitor; the page then goes live over the websocket.
 */
import { createServerFn } from '@tanstack/react-start'
import { klinesResponseSchema, marketInstrumentsResponseSchema, marketTickersResponseSchema } from '#/contract/index.ts'
import { exchangeMiddleware, type ExchangeClient, type Loaded } from '#/exchange-client/index.ts'

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

async function load(exchange: ExchangeClient): Promise<Loaded<MarketRow[]>> {
  const tickers = await exchange.load('/market/v1/tickers', marketTickersResponseSchema)
  if (tickers.status !== 'ok') return tickers
  const instruments = await exchange.load('/market/v1/instruments', marketInstrumentsResponseSchema, {
    essential: false,
  })
  const ticks = new Map(instruments.status === 'ok' ? instruments.data.map((i) => [i.pairCode, i.tickSize]) : [])
  const rows = await Promise.all(
    tickers.data.map(async (t) => {
      const klines = await exchange.load(
        `/market/v1/kline?pairCode=${t.pairCode}&interval=1h&limit=${SPARK_HOURS}`,
        klinesResponseSchema,
        { essential: false },
      )
      return {
        pairCode: t.pairCode,
        base: t.pairCode.split('_')[0] ?? t.pairCode,
        last: t.last,
        change24h: t.change24h,
        quoteVolume24h: t.quoteVolume24h,
        priceDigits: (ticks.get(t.pairCode) ?? '0.01').split('.')[1]?.length ?? 0,
        spark: klines.status === 'ok' ? klines.data.map((c) => c.close) : [],
      }
    }),
  )
  return { status: 'ok', data: rows }
}

export const getMarketOverview = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(async ({ context: { exchange } }): Promise<Loaded<MarketRow[]>> => {
    if (cached && Date.now() - cached.at < OVERVIEW_TTL_MS) return { status: 'ok', data: cached.rows }
    const rows = await load(exchange)
    if (rows.status === 'ok' && rows.data.length > 0) cached = { at: Date.now(), rows: rows.data }
    return rows
  })
