/**
 * The public market calls: the success envelope, the documented shapes, 404 for an unknown pair and 400 for bad
 * queries.
 */
import { OpenAPIHono } from '@hono/zod-openapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  apiErrorSchema,
  depthResponseSchema,
  fundingHistoryResponseSchema,
  fundingRateResponseSchema,
  klinesResponseSchema,
  marketInstrumentsResponseSchema,
  marketTickerResponseSchema,
  marketTickersResponseSchema,
  marketTradesResponseSchema,
} from '#/contract/index.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { fundingIntervals } from '../db/market-schema.ts'
import { ApiFailure, failureResponse, notFound } from '../http/errors.ts'
import { validationHook } from '../http/validation.ts'
import { openApiCheck, type OpenApiCheck } from '#tests/fixtures/exchange/openapi-check.ts'
import { testMarketSeed } from '#tests/fixtures/market-seed.ts'
import { Money } from '../money.ts'
import { INSTRUMENTS } from './instruments.ts'
import { createTradingBooks } from '../trading/books.ts'
import { ensureHouse, readHouse } from '../trading/house.ts'
import { createTape, type Tape } from '../trading/tape.ts'
import { marketRoutes } from './market.routes.ts'
import { createMarketSimulator, type MarketSimulator } from './simulator.ts'
import { memoryDatabase } from '#tests/fixtures/exchange/database-template.ts'
import { BTC_INSTRUMENT } from '#tests/fixtures/features/instruments.ts'

const NOW = new Date(Date.UTC(2026, 4, 10, 12, 30, 15))
let handle: DatabaseHandle
let market: MarketSimulator
let app: OpenAPIHono
let doc: OpenApiCheck
let tape: Tape

beforeAll(async () => {
  handle = await memoryDatabase()
  market = createMarketSimulator(handle.db, { seed: testMarketSeed, backfillDays: 2, minuteHistoryDays: 1 })
  await market.start(NOW)
  app = new OpenAPIHono({ defaultHook: validationHook })
  tape = createTape(5)
  // The maker quotes what the house holds: the exchange makes the house at start and tells the books.
  await ensureHouse(handle.db, NOW, (pairCode) => market.mark(pairCode))
  const books = createTradingBooks(market, () => NOW, testMarketSeed)
  books.tellHouse(await readHouse(handle.db))
  marketRoutes(app, market, books, tape, { db: handle.db, now: () => NOW })
  app.notFound(() => failureResponse(notFound()))
  app.onError((error) => failureResponse(error instanceof ApiFailure ? error : new ApiFailure(500, 'internal')))
  doc = openApiCheck(app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'market', version: '1' } }))
})
afterAll(() => handle.close())

/** GETs a path and checks the answer against the served document. */
async function get(path: string, status: number): Promise<unknown> {
  const response = await app.request(path)
  const body: unknown = await response.json()
  expect(response.status, JSON.stringify(body)).toBe(status)
  doc.assertResponse(new URL(path, 'http://x').pathname, 'get', status, body)
  return body
}

describe('market routes', () => {
  it('are documented under the Market tag', () => {
    expect(doc.paths).toEqual(
      expect.arrayContaining([
        '/market/v1/instruments',
        '/market/v1/tickers',
        '/market/v1/ticker',
        '/market/v1/kline',
        '/market/v1/trades',
        '/market/v1/depth',
        '/market/v1/funding',
        '/market/v1/funding/history',
      ]),
    )
    const document = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'market', version: '1' } })
    expect(document.paths?.['/market/v1/kline']?.get?.tags).toEqual(['Market'])
  })

  it('list the instruments with their steps and leverage', async () => {
    const { code, data } = marketInstrumentsResponseSchema.parse(await get('/market/v1/instruments', 200))
    expect(code).toBe(0)
    expect(data).toHaveLength(INSTRUMENTS.length)
    // The component tests' fixture is what the exchange serves, written out: each bracket's maintenance amount is the
    // last one's + its floor × the rise in rate (250 = 50,000 × 0.005, …), and futures makers pay the maker rate.
    expect(data[0]).toEqual(BTC_INSTRUMENT)
  })

  it("answer tickers, and a ticker per pair: the simulator's close and mark before the book has traded", async () => {
    const all = marketTickersResponseSchema.parse(await get('/market/v1/tickers', 200)).data
    expect(all.map((t) => t.pairCode)).toEqual(INSTRUMENTS.map((i) => i.pairCode))
    const one = marketTickerResponseSchema.parse(await get('/market/v1/ticker?pairCode=btc_usdt', 200)).data
    expect(one).toEqual({ ...market.ticker('BTC_USDT'), mark: market.mark('BTC_USDT') })
    expect(one.last).toBe(market.mark('BTC_USDT'))
  })

  it("answer a market's last trade as its last price, the mark beside it, and its trades newest first", async () => {
    const before = market.ticker('SOL_USDT')
    const mark = market.mark('SOL_USDT') ?? '0'
    if (!before) throw new Error('no SOL ticker')
    // Above the day's high: the high follows it, and the change is measured to it.
    const high = new Money(before.high24h).plus(1).toFixed()
    tape.record('futures', 'SOL_USDT', [
      { id: '7', time: NOW.getTime(), price: mark, size: '1', side: 'buy' },
      { id: '8', time: NOW.getTime(), price: high, size: '2', side: 'sell' },
    ])
    const futures = marketTickerResponseSchema.parse(await get('/market/v1/ticker?pairCode=SOL_USDT&biz=futures', 200))
    expect(futures.data).toMatchObject({ last: high, mark, high24h: high, low24h: before.low24h })
    const change = new Money(high).minus(before.open24h).div(before.open24h).toDecimalPlaces(8, Money.ROUND_HALF_UP)
    expect(new Money(futures.data.change24h).eq(change)).toBe(true)
    // Spot has not traded: its ticker is the simulator's.
    const spot = marketTickerResponseSchema.parse(await get('/market/v1/ticker?pairCode=SOL_USDT', 200)).data
    expect(spot.last).toBe(before.last)
    const listed = marketTickersResponseSchema.parse(await get('/market/v1/tickers?biz=futures', 200)).data
    expect(listed.find((t) => t.pairCode === 'SOL_USDT')?.last).toBe(high)
    const trades = marketTradesResponseSchema.parse(await get('/market/v1/trades?pairCode=SOL_USDT&biz=futures', 200))
    expect(trades.data.map((t) => [t.id, t.side])).toEqual([
      ['8', 'sell'],
      ['7', 'buy'],
    ])
    expect(marketTradesResponseSchema.parse(await get('/market/v1/trades?pairCode=SOL_USDT', 200)).data).toEqual([])
  })

  it('answer candles: default limit 300, explicit limit and endTime', async () => {
    const minutes = klinesResponseSchema.parse(await get('/market/v1/kline?pairCode=ETH_USDT&interval=1m', 200)).data
    expect(minutes).toHaveLength(300)
    expect(minutes.at(-1)?.close).toBe(market.mark('ETH_USDT'))
    const endTime = NOW.getTime() - 10 * 3_600_000
    const hours = klinesResponseSchema.parse(
      await get(`/market/v1/kline?pairCode=ETH_USDT&interval=4h&limit=3&endTime=${endTime}`, 200),
    ).data
    expect(hours).toEqual(await market.candles('ETH_USDT', '4h', { limit: 3, endTime }))
    expect(hours.at(-1)?.time).toBe(endTime - (endTime % (4 * 3_600_000)))
  })

  it('answer a book around the price on spot and futures: 20 levels a side by default, best first', async () => {
    const mark = new Money(market.mark('BTC_USDT') ?? '0')
    for (const biz of ['spot', 'futures'] as const) {
      const depth = depthResponseSchema.parse(await get(`/market/v1/depth?pairCode=btc_usdt&biz=${biz}`, 200)).data
      expect([depth.pairCode, depth.biz, depth.bids.length, depth.asks.length]).toEqual(['BTC_USDT', biz, 15, 15])
      const [bestBid] = depth.bids[0] ?? []
      const [bestAsk] = depth.asks[0] ?? []
      expect(new Money(bestBid ?? 'NaN').lt(mark) && new Money(bestAsk ?? 'NaN').gt(mark)).toBe(true)
      expect(depth.bids.every(([p], i) => i === 0 || new Money(p).lt(depth.bids[i - 1]?.[0] ?? 0))).toBe(true)
      expect(depth.asks.every(([p], i) => i === 0 || new Money(p).gt(depth.asks[i - 1]?.[0] ?? 0))).toBe(true)
    }
    const top = depthResponseSchema.parse(await get('/market/v1/depth?pairCode=ETH_USDT&limit=3', 200)).data
    expect([top.biz, top.bids.length, top.asks.length]).toEqual(['spot', 3, 3])
    // Read again without a price move: the same book, the same sequence.
    const again = depthResponseSchema.parse(await get('/market/v1/depth?pairCode=ETH_USDT&limit=3', 200)).data
    expect(again.sequence).toBe(top.sequence)
  })

  it('answer a perpetual’s funding: the predicted rate of the interval in progress, the last paid, the history', async () => {
    // 12:30 on 05-10: the interval ending at 16:00 has two samples (0.0012 on average), 08:00 was paid at 0.0002.
    const at = (hour: number) => new Date(Date.UTC(2026, 4, 10, hour))
    await handle.db.insert(fundingIntervals).values([
      {
        pairCode: 'ETH_USDT',
        fundingTime: at(8),
        samples: 1,
        premiumSum: '0.0002',
        rate: '0.0002',
        mark: '3001.5',
        paidAt: at(8),
      },
      { pairCode: 'ETH_USDT', fundingTime: at(16), samples: 2, premiumSum: '0.0024' },
    ])
    const now = fundingRateResponseSchema.parse(await get('/market/v1/funding?pairCode=eth_usdt', 200)).data
    // P̄ = 0.0012: F = 0.0012 + clamp(0.0001 − 0.0012, ±0.0005) = 0.0007.
    expect(now).toEqual({
      pairCode: 'ETH_USDT',
      predictedRate: '0.0007',
      premiumIndex: '0.0012',
      samples: 2,
      interestRate: '0.0001',
      rateCap: '0.0075',
      lastFundingTime: at(8).getTime(),
      lastRate: '0.0002',
      nextFundingTime: at(16).getTime(),
      intervalHours: 8,
    })
    const none = fundingRateResponseSchema.parse(await get('/market/v1/funding?pairCode=BTC_USDT', 200)).data
    expect([none.predictedRate, none.premiumIndex, none.samples, none.lastRate]).toEqual(['0.0001', '0', 0, null])
    const history = fundingHistoryResponseSchema.parse(await get('/market/v1/funding/history?pairCode=ETH_USDT', 200))
    expect(history.data).toEqual([{ time: at(8).getTime(), rate: '0.0002', mark: '3001.5' }])
  })

  it.each([
    '/market/v1/funding?pairCode=NOPE_USDT',
    '/market/v1/funding/history?pairCode=NOPE_USDT',
    '/market/v1/depth?pairCode=NOPE_USDT',
    '/market/v1/ticker?pairCode=NOPE_USDT',
    '/market/v1/kline?pairCode=NOPE_USDT&interval=1h',
    '/market/v1/trades?pairCode=NOPE_USDT',
  ])('refuse an unknown pair with 404: %s', async (path) => {
    expect(apiErrorSchema.parse(await get(path, 404))).toMatchObject({ code: 404, reason: 'not-found' })
  })

  it.each([
    ['/market/v1/ticker', 'pairCode'],
    ['/market/v1/ticker?pairCode=BTC-USDT', 'pairCode'],
    ['/market/v1/kline?pairCode=BTC_USDT&interval=2m', 'interval'],
    ['/market/v1/kline?pairCode=BTC_USDT&interval=1m&limit=0', 'limit'],
    ['/market/v1/kline?pairCode=BTC_USDT&interval=1m&limit=1001', 'limit'],
    ['/market/v1/kline?pairCode=BTC_USDT&interval=1m&limit=abc', 'limit'],
    ['/market/v1/kline?pairCode=BTC_USDT&interval=1m&endTime=-5', 'endTime'],
    ['/market/v1/trades?pairCode=BTC_USDT&limit=501', 'limit'],
    ['/market/v1/depth?pairCode=BTC_USDT&limit=21', 'limit'],
    ['/market/v1/depth?pairCode=BTC_USDT&biz=margin', 'biz'],
    ['/market/v1/tickers?biz=margin', 'biz'],
    ['/market/v1/funding', 'pairCode'],
    ['/market/v1/funding/history?pairCode=BTC_USDT&limit=1001', 'limit'],
    ['/market/v1/trades?pairCode=BTC_USDT&biz=margin', 'biz'],
  ])('refuse a bad query with 400: %s', async (path, field) => {
    const body = apiErrorSchema.parse(await get(path, 400))
    expect(body.reason).toBe('invalid-input')
    expect(body.data?.fields.map((f) => f.path)).toContain(field)
  })
})
