/**
 * The public market calls: instruments, tickers, candles (klines), order books, recent trades and the perpetuals'
 * funding of the simulated market.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import {
  apiErrorSchema,
  depthQuerySchema,
  depthResponseSchema,
  fundingHistoryQuerySchema,
  fundingHistoryResponseSchema,
  fundingQuerySchema,
  fundingRateResponseSchema,
  klineQuerySchema,
  klinesResponseSchema,
  marketInstrumentsResponseSchema,
  marketTickerResponseSchema,
  marketTickersResponseSchema,
  marketTradesResponseSchema,
  tickerQuerySchema,
  tickersQuerySchema,
  tradesQuerySchema,
  type MarketInstrument,
  type TradingRules,
} from '#/contract/index.ts'
import { COPY, FUTURES, TRADING } from '#/app.config.ts'
import { notFound } from '../http/errors.ts'
import { COMMON_REFUSALS, ok, okJson } from '../http/openapi.ts'
import { bracketsToWire } from '#/contract/brackets.ts'
import { findInstrument, futuresBrackets, INSTRUMENTS, type Instrument } from './instruments.ts'
import type { Database } from '../db/client.ts'
import type { TradingBooks } from '../trading/books.ts'
import { fundingHistory, fundingNow } from './funding-store.ts'
import { tickersOf, type Tape } from '../trading/tape.ts'
import type { MarketSimulator } from './simulator.ts'
import { INTERVALS } from './candles.ts'
import { MINUTE_MS } from './price-path.ts'

const tags = ['Market']
const REFUSALS = { 400: COMMON_REFUSALS[400], 500: COMMON_REFUSALS[500] } as const
const UNKNOWN_PAIR = {
  description: "'not-found': no such pair",
  content: { 'application/json': { schema: apiErrorSchema } },
}

/** The same rules for every pair here (app.config.ts); another exchange may set them per pair. */
const TRADING_RULES: TradingRules = {
  minNotional: TRADING.minNotionalUsdt,
  maxNotional: TRADING.maxNotionalUsdt,
  priceBandRatio: TRADING.priceBandRatio,
  maxOpenOrders: TRADING.maxOpenOrders,
  spotMakerFeeRate: TRADING.spotMakerFeeRate,
  spotTakerFeeRate: TRADING.spotTakerFeeRate,
  // A futures fill that rested pays the maker rate (position-settlement.ts), one that took the copy engine's taker rate.
  futuresMakerFeeRate: FUTURES.makerFeeRate,
  futuresTakerFeeRate: COPY.takerFeeRate,
  maintenanceMarginRate: COPY.maintenanceMarginRate,
  fundingIntervalHours: COPY.fundingIntervalHours,
}

const INSTRUMENT_LIST: readonly MarketInstrument[] = INSTRUMENTS.map((i) => ({
  pairCode: i.pairCode,
  baseCoin: i.coin,
  quoteCoin: 'USDT',
  tickSize: i.tickSize,
  lotSize: i.lotSize,
  contractSize: i.contractSize,
  maxLeverage: i.maxLeverage,
  brackets: bracketsToWire(futuresBrackets(i)),
  spot: true,
  futures: true,
  rules: TRADING_RULES,
}))

/** The instrument of a query's pair code, or 404. */
function instrumentOf(pairCode: string): Instrument {
  const instrument = findInstrument(pairCode)
  if (!instrument) throw notFound()
  return instrument
}

const instrumentsRoute = createRoute({
  method: 'get',
  path: '/market/v1/instruments',
  tags,
  summary: 'Tradable pairs',
  description:
    'Every pair with its price step (tick), size step (lot), futures contract size and maximum leverage, and the rules ' +
    'its orders meet (notional bounds, price band, open-order limit, fees, maintenance margin, funding interval); each ' +
    'is traded on spot and as a USDT-margined perpetual.',
  responses: { 200: okJson(marketInstrumentsResponseSchema, 'The pairs'), 500: COMMON_REFUSALS[500] },
})

const tickersRoute = createRoute({
  method: 'get',
  path: '/market/v1/tickers',
  tags,
  summary: '24 h tickers of every pair',
  description:
    "Last price (the market's last trade; `biz` spot or futures, default spot), mark price (the simulator's), rolling 24 h " +
    'open, high, low, change ratio and volumes, as exact decimal strings.',
  request: { query: tickersQuerySchema },
  responses: { 200: okJson(marketTickersResponseSchema, 'The tickers'), ...REFUSALS },
})

const tickerRoute = createRoute({
  method: 'get',
  path: '/market/v1/ticker',
  tags,
  summary: '24 h ticker of a pair',
  request: { query: tickerQuerySchema },
  responses: { 200: okJson(marketTickerResponseSchema, 'The ticker'), 404: UNKNOWN_PAIR, ...REFUSALS },
})

const klineRoute = createRoute({
  method: 'get',
  path: '/market/v1/kline',
  tags,
  summary: 'Candles of a pair',
  description:
    'The newest `limit` candles (1-1000, default 300) starting at or before `endTime` (epoch ms, default now), ascending. ' +
    'Minute intervals (1m, 5m, 15m) reach back over the kept minute history; 1h, 4h and 1d over the whole history. Buckets are aligned in UTC.',
  request: { query: klineQuerySchema },
  responses: { 200: okJson(klinesResponseSchema, 'The candles'), 404: UNKNOWN_PAIR, ...REFUSALS },
})

const tradesRoute = createRoute({
  method: 'get',
  path: '/market/v1/trades',
  tags,
  summary: 'Recent public trades of a pair',
  description:
    "The newest trades on the pair's book of `biz` (spot or futures, default spot), newest first (`limit` 1-500, default " +
    '50): users, the market maker and the simulated market flow trading with each other.',
  request: { query: tradesQuerySchema },
  responses: { 200: okJson(marketTradesResponseSchema, 'The trades'), 404: UNKNOWN_PAIR, ...REFUSALS },
})

const depthRoute = createRoute({
  method: 'get',
  path: '/market/v1/depth',
  tags,
  summary: 'Order book of a pair',
  description:
    "The top `limit` price levels (1-20, default 20) of each side of a pair's book on spot or futures (`biz`), each level's " +
    'total size in the base coin, with the sequence number the `depth` websocket channel continues from.',
  request: { query: depthQuerySchema },
  responses: { 200: okJson(depthResponseSchema, 'The book'), 404: UNKNOWN_PAIR, ...REFUSALS },
})

const fundingRoute = createRoute({
  method: 'get',
  path: '/market/v1/funding',
  tags,
  summary: 'Funding of a perpetual',
  description:
    'The funding of the pair’s USDT perpetual, paid between longs and shorts every `intervalHours` (00:00, 08:00, 16:00 ' +
    'UTC) on the positions open at that instant: each position pays or receives rate × mark × size, positive rates ' +
    'from longs to shorts; the paying side pays what it owes up to its margin (cross: then its wallet), the receiving ' +
    'side shares what was paid, pro rata when it is short of what they are due, the rest to the insurance fund. The ' +
    'rate is Binance USDⓈ-M’s: each engine minute a premium index sample of the book, [max(0, impact bid − mark) − ' +
    'max(0, mark − impact ask)] ÷ mark, the impact prices those of 200 USDT of margin at the pair’s maximum leverage; ' +
    'an interval pays F = P̄ + clamp(I − P̄, ±0.05 %), |F| ≤ `rateCap`, cut toward zero at 8 decimals. ' +
    '`predictedRate` is F from the interval’s samples so far, `lastRate` the last rate paid.',
  request: { query: fundingQuerySchema },
  responses: { 200: okJson(fundingRateResponseSchema, 'The funding'), 404: UNKNOWN_PAIR, ...REFUSALS },
})

const fundingHistoryRoute = createRoute({
  method: 'get',
  path: '/market/v1/funding/history',
  tags,
  summary: 'Funding history of a perpetual',
  description:
    'The newest `limit` funding times paid (1-1000, default 100), newest first: each time (epoch ms), its rate (positive: ' +
    'longs paid shorts) and the mark it was paid at.',
  request: { query: fundingHistoryQuerySchema },
  responses: { 200: okJson(fundingHistoryResponseSchema, 'The funding history'), 404: UNKNOWN_PAIR, ...REFUSALS },
})

export function marketRoutes(
  app: OpenAPIHono,
  market: MarketSimulator,
  books: TradingBooks,
  tape: Tape,
  funding: { db: Database; now: () => Date },
) {
  app.openapi(instrumentsRoute, (c) => c.json(ok([...INSTRUMENT_LIST]), 200))

  app.openapi(tickersRoute, (c) => c.json(ok(tickersOf(market, tape, c.req.valid('query').biz)), 200))

  app.openapi(tickerRoute, (c) => {
    const query = c.req.valid('query')
    const pairCode = instrumentOf(query.pairCode).pairCode
    const ticker = market.ticker(pairCode)
    if (!ticker) throw notFound()
    return c.json(ok(tape.ticker(query.biz, ticker, market.mark(pairCode))), 200)
  })

  app.openapi(klineRoute, async (c) => {
    const query = c.req.valid('query')
    const instrument = instrumentOf(query.pairCode)
    const candles = await market.candles(instrument.pairCode, query.interval, {
      endTime: query.endTime,
      limit: query.limit,
    })
    return c.json(ok(tape.candles(query.biz, instrument.pairCode, candles, INTERVALS[query.interval] * MINUTE_MS)), 200)
  })

  app.openapi(depthRoute, (c) => {
    const query = c.req.valid('query')
    const depth = books.depth(query.biz, instrumentOf(query.pairCode).pairCode, query.limit)
    if (!depth) throw notFound()
    return c.json(ok(depth), 200)
  })

  app.openapi(tradesRoute, (c) => {
    const query = c.req.valid('query')
    return c.json(ok(tape.recent(query.biz, instrumentOf(query.pairCode).pairCode, query.limit)), 200)
  })

  app.openapi(fundingRoute, async (c) => {
    const pairCode = instrumentOf(c.req.valid('query').pairCode).pairCode
    return c.json(ok(await fundingNow(funding.db, pairCode, funding.now().getTime())), 200)
  })

  app.openapi(fundingHistoryRoute, async (c) => {
    const query = c.req.valid('query')
    return c.json(ok(await fundingHistory(funding.db, instrumentOf(query.pairCode).pairCode, query.limit)), 200)
  })
}
