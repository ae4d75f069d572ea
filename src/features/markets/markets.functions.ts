/**
 * The markets overview the home and markets pages render first: every pair's ticker on a market and a 24-hour
 * sparkline (hourly closes); and the instruments with their rules. Kept for a few seconds on the server so a busy page
 * costs the exchange one read per interval, not one per visitor; the page then goes live over the websocket.
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import {
  favouritesRequestSchema,
  favouritesResponseSchema,
  klinesResponseSchema,
  marketInstrumentsResponseSchema,
  marketTickersResponseSchema,
  tradingMarketSchema,
  type TradingMarket,
} from '#/contract/index.ts'
import { validated } from '#/lib/input-rejected.ts'
import { exchangeMiddleware, type ExchangeClient, type Loaded } from '#/exchange-client/index.ts'

export interface MarketRow {
  pairCode: string
  base: string
  last: string
  change24h: string
  high24h: string
  low24h: string
  volume24h: string
  quoteVolume24h: string
  /** Decimals of the pair's tick size: prices are shown with exactly these. */
  priceDigits: number
  /** Hourly closes of the last 24 hours, oldest first. */
  spark: string[]
}

const OVERVIEW_TTL_MS = 10_000
const SPARK_HOURS = 24
const cached = new Map<TradingMarket, { at: number; rows: MarketRow[] }>()

async function load(exchange: ExchangeClient, biz: TradingMarket): Promise<Loaded<MarketRow[]>> {
  const tickers = await exchange.load(`/market/v1/tickers?biz=${biz}`, marketTickersResponseSchema)
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
        high24h: t.high24h,
        low24h: t.low24h,
        volume24h: t.volume24h,
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
  .validator(validated(z.object({ biz: tradingMarketSchema })))
  .handler(async ({ data: { biz }, context: { exchange } }): Promise<Loaded<MarketRow[]>> => {
    const known = cached.get(biz)
    if (known && Date.now() - known.at < OVERVIEW_TTL_MS) return { status: 'ok', data: known.rows }
    const rows = await load(exchange, biz)
    if (rows.status === 'ok' && rows.data.length > 0) cached.set(biz, { at: Date.now(), rows: rows.data })
    return rows
  })

/** Every pair with its steps, leverage and order rules (they change with a deployment, not while it runs). */
export const listInstruments = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(({ context: { exchange } }) => exchange.load('/market/v1/instruments', marketInstrumentsResponseSchema))

/** The signed-in user's favourite pairs (a visitor's stay in the browser). */
export const getFavourites = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(async ({ context: { exchange } }) => {
    if (!exchange.session.active) return { status: 'unavailable' } as const
    return exchange.load('/market/v1/favourites', favouritesResponseSchema)
  })

export const saveFavourites = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(favouritesRequestSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('PUT', '/market/v1/favourites', favouritesResponseSchema, data),
  )
