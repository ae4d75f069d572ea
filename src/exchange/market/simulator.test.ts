/**
 * The market simulator on PGlite: first start back-fills every pair and the prices table, advancing
 * writes minutes and the hour in progress, reads are consistent, and a restart (short or long gap)
 * continues exactly as one uninterrupted run.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Decimal from 'decimal.js'
import { and, asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_MIGRATIONS_FOLDER, openDatabase, type Database, type DatabaseHandle } from '../db/client.ts'
import { candles, marketSeed, marketState } from '../db/market-schema.ts'
import { prices } from '../db/schema.ts'
import { INTERVAL_NAMES, INTERVALS, type Candle } from './candles.ts'
import { INSTRUMENTS } from './instruments.ts'
import { marketSeedFrom } from './market-seed.ts'
import { loadMarketSeed, readState } from './market-store.ts'
import { plain } from './ticks.ts'
import { createMarketSimulator, lastWholeMinute, type MarketSimulator } from './simulator.ts'
import { TEST_MARKET_SECRET, testMarketSeed } from '#tests/fixtures/market-seed.ts'
import { memoryDatabase } from '#tests/fixtures/exchange/database-template.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const T0 = new Date(Date.UTC(2026, 4, 10, 12, 30, 15))
const OPTIONS = { seed: testMarketSeed, backfillDays: 3, minuteHistoryDays: 1 }
const at = (ms: number) => new Date(T0.getTime() + ms)

async function rows(
  db: Database,
  pairCode: string,
  interval: '1m' | '1h',
  after = Number.NEGATIVE_INFINITY,
): Promise<Candle[]> {
  const found = await db
    .select()
    .from(candles)
    .where(and(eq(candles.pairCode, pairCode), eq(candles.interval, interval)))
    .orderBy(asc(candles.time))
  return found
    .map((r) => ({
      time: r.time.getTime(),
      open: plain(r.open),
      high: plain(r.high),
      low: plain(r.low),
      close: plain(r.close),
      volume: plain(r.volume),
    }))
    .filter((r) => r.time > after)
}

function merge(minutes: readonly Candle[]): Omit<Candle, 'time'> {
  const first = minutes[0]
  const last = minutes.at(-1)
  if (!first || !last) throw new Error('no minutes')
  return {
    open: first.open,
    high: Decimal.max(...minutes.map((m) => m.high)).toFixed(),
    low: Decimal.min(...minutes.map((m) => m.low)).toFixed(),
    close: last.close,
    volume: minutes.reduce((sum, m) => sum.plus(m.volume), new Decimal(0)).toFixed(),
  }
}

/** Everything a run leaves behind, for comparing runs. */
async function snapshot(db: Database, market: MarketSimulator, now: Date) {
  const windowStart = lastWholeMinute(now) - DAY
  const perPair = await Promise.all(
    INSTRUMENTS.map(async (i) => ({
      hours: await rows(db, i.pairCode, '1h'),
      minutes: await rows(db, i.pairCode, '1m', windowStart),
      trades: market.trades(i.pairCode, 50),
    })),
  )
  const priceRows = await db
    .select({ coin: prices.coin, usdtPrice: prices.usdtPrice })
    .from(prices)
    .orderBy(asc(prices.coin))
  const [state] = await db
    .select({ lastMinute: marketState.lastMinute, lastPrices: marketState.lastPrices })
    .from(marketState)
  return {
    perPair,
    marks: [...market.marks()],
    tickers: market.tickers(),
    prices: priceRows.map((p) => [p.coin, plain(p.usdtPrice)]),
    state,
  }
}

/** A folder for the databases that live across restarts. */
let folder: string
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'tandem-market-'))
})
afterAll(() => rm(folder, { recursive: true, force: true }))

describe('a fresh market', () => {
  let handle: DatabaseHandle
  let market: MarketSimulator
  beforeAll(async () => {
    handle = await memoryDatabase()
    market = createMarketSimulator(handle.db, OPTIONS)
    await market.start(T0)
  })
  afterAll(() => handle.close())

  it('back-fills hourly candles for every pair, minute candles for the last day, the prices table and the state', async () => {
    const last = lastWholeMinute(T0)
    const first = Math.floor(last / HOUR) * HOUR - 3 * DAY
    for (const instrument of INSTRUMENTS) {
      const hours = await rows(handle.db, instrument.pairCode, '1h')
      const minutes = await rows(handle.db, instrument.pairCode, '1m')
      expect(hours).toHaveLength(3 * 24 + 1)
      expect(hours[0]).toMatchObject({ time: first, open: instrument.startPrice })
      expect(minutes).toHaveLength(24 * 60)
      expect(minutes[0]?.time).toBe(last - DAY + MINUTE)
      expect(minutes.at(-1)?.time).toBe(last)
      expect(market.mark(instrument.pairCode)).toBe(minutes.at(-1)?.close)
      // Hours covered by minutes are their exact aggregate (the first one only partly covered).
      const firstMinute = minutes[0]?.time ?? 0
      for (const hour of hours.filter((h) => h.time >= firstMinute)) {
        expect(hour).toEqual({
          time: hour.time,
          ...merge(minutes.filter((m) => m.time - (m.time % HOUR) === hour.time)),
        })
      }
    }
    const priceRows = await handle.db.select().from(prices)
    for (const instrument of INSTRUMENTS) {
      expect(plain(priceRows.find((p) => p.coin === instrument.coin)?.usdtPrice ?? '')).toBe(
        market.mark(instrument.pairCode),
      )
    }
    const [state] = await handle.db.select().from(marketState)
    expect(state?.lastMinute.getTime()).toBe(last)
    expect(state?.lastPrices).toEqual(Object.fromEntries(market.marks()))
    await market.start(T0)
    expect(await rows(handle.db, 'BTC_USDT', '1h')).toHaveLength(3 * 24 + 1)
  })

  it('advances minute by minute: new minutes, marks, the hour in progress, prices', async () => {
    const updates = await market.advanceTo(at(5 * MINUTE))
    expect(updates).toHaveLength(5 * INSTRUMENTS.length)
    expect(await market.advanceTo(at(5 * MINUTE + 30_000))).toEqual([])
    const last = lastWholeMinute(at(5 * MINUTE))
    for (const instrument of INSTRUMENTS) {
      const own = updates.filter((u) => u.pairCode === instrument.pairCode)
      expect(own.map((u) => u.time)).toEqual([4, 3, 2, 1, 0].map((k) => last - k * MINUTE))
      expect(market.mark(instrument.pairCode)).toBe(own.at(-1)?.close)
      const minutes = await rows(handle.db, instrument.pairCode, '1m')
      expect(minutes.at(-1)).toEqual({
        time: last,
        open: own.at(-1)?.open,
        high: own.at(-1)?.high,
        low: own.at(-1)?.low,
        close: own.at(-1)?.close,
        volume: own.at(-1)?.volume,
      })
      const hour = (await rows(handle.db, instrument.pairCode, '1h')).at(-1)
      expect(hour).toEqual({
        time: last - (last % HOUR),
        ...merge(minutes.filter((m) => m.time >= last - (last % HOUR))),
      })
    }
    const [btc] = await handle.db.select().from(prices).where(eq(prices.coin, 'BTC'))
    expect(plain(btc?.usdtPrice ?? '')).toBe(market.mark('BTC_USDT'))
  })

  it('serves consistent candles of every interval, aligned, newest last, ending at endTime', async () => {
    for (const interval of INTERVAL_NAMES) {
      const span = INTERVALS[interval] * MINUTE
      const list = await market.candles('eth_usdt', interval, { limit: 40 })
      expect(list.length).toBeGreaterThan(0)
      expect(list.length).toBeLessThanOrEqual(40)
      for (const [index, c] of list.entries()) {
        const [open, high, low, close] = [
          new Decimal(c.open),
          new Decimal(c.high),
          new Decimal(c.low),
          new Decimal(c.close),
        ]
        expect(high.gte(Decimal.max(open, close)) && low.lte(Decimal.min(open, close))).toBe(true)
        expect(c.time % span).toBe(0)
        if (index > 0) expect(c.time).toBeGreaterThan(list[index - 1]?.time ?? 0)
      }
      expect(list.at(-1)?.close).toBe(market.mark('ETH_USDT'))
    }
    const hours = await market.candles('ETH_USDT', '1h', { limit: 48 })
    const [day] = (await market.candles('ETH_USDT', '1d', { limit: 2 })).slice(-1)
    const sameDay = hours.filter((h) => h.time >= (day?.time ?? 0))
    expect(day).toEqual({ time: day?.time, ...merge(sameDay) })
    const endTime = T0.getTime() - 5 * HOUR - 17 * MINUTE
    const older = await market.candles('ETH_USDT', '15m', { limit: 3, endTime })
    expect(older.map((c) => c.time)).toEqual(
      [2, 1, 0].map((k) => endTime - (endTime % (15 * MINUTE)) - k * 15 * MINUTE),
    )
    expect(await market.candles('NOPE_USDT', '1m', { limit: 5 })).toEqual([])
  })

  it('keeps 24 h tickers that match the minute candles', async () => {
    const tickers = market.tickers()
    expect(tickers.map((t) => t.pairCode)).toEqual(INSTRUMENTS.map((i) => i.pairCode))
    for (const instrument of INSTRUMENTS) {
      const day = await market.candles(instrument.pairCode, '1m', { limit: 24 * 60 })
      const merged = merge(day)
      const ticker = market.ticker(instrument.pairCode)
      const change = new Decimal(merged.close)
        .minus(merged.open)
        .div(merged.open)
        .toDecimalPlaces(8, Decimal.ROUND_HALF_UP)
      expect(ticker).toMatchObject({
        last: merged.close,
        open24h: merged.open,
        high24h: merged.high,
        low24h: merged.low,
        volume24h: merged.volume,
      })
      expect(ticker?.change24h).toBe(change.isZero() ? '0' : change.toFixed())
      const quote = day.reduce((sum, m) => sum.plus(new Decimal(m.volume).times(m.close)), new Decimal(0))
      expect(ticker?.quoteVolume24h).toBe(quote.toFixed())
    }
  })

  it('lists recent trades newest first, inside their minute and ending at the mark', async () => {
    const trades = market.trades('SOL_USDT', 20)
    expect(trades).toHaveLength(20)
    expect(trades[0]?.price).toBe(market.mark('SOL_USDT'))
    const minutes = await market.candles('SOL_USDT', '1m', { limit: 10 })
    for (const [index, trade] of trades.entries()) {
      if (index > 0) expect(trade.time).toBeLessThan(trades[index - 1]?.time ?? 0)
      const minute = minutes.find((m) => m.time === trade.time - (trade.time % MINUTE))
      expect(minute).toBeDefined()
      expect(
        new Decimal(trade.price).gte(minute?.low ?? '0') && new Decimal(trade.price).lte(minute?.high ?? '0'),
      ).toBe(true)
      expect(new Decimal(trade.size).gt(0)).toBe(true)
    }
    expect(market.trades('SOL_USDT', 1000).length).toBeLessThanOrEqual(200)
    expect(market.trades('NOPE_USDT', 5)).toEqual([])
  })

  it('gives bots closes from minute candles where kept, else from the last complete hour', async () => {
    const last = lastWholeMinute(at(5 * MINUTE))
    const points = await market.closes('BTC_USDT', last - 2 * DAY, last + HOUR, 60)
    const minutes = await rows(handle.db, 'BTC_USDT', '1m')
    const hours = await rows(handle.db, 'BTC_USDT', '1h')
    expect(points.at(-1)).toEqual({ time: last, price: market.mark('BTC_USDT') })
    for (const point of points) {
      const minute = minutes.find((m) => m.time === point.time)
      const hour = hours.filter((h) => h.time + HOUR <= point.time + MINUTE).at(-1)
      expect(point.price).toBe(minute ? minute.close : hour?.close)
    }
    expect(points).toHaveLength(49)
  })
})

describe('restarts', () => {
  it('continue after short and long gaps exactly as one uninterrupted run', async () => {
    const reference = await memoryDatabase()
    const uninterrupted = createMarketSimulator(reference.db, OPTIONS)
    await uninterrupted.start(T0)
    await uninterrupted.advanceTo(at(30 * MINUTE))
    const atShortGap = await snapshot(reference.db, uninterrupted, at(30 * MINUTE))
    // Steps of 12 h stay within the minute history: the long gap below is simulated minute by minute here.
    for (let step = 1; step <= 6; step += 1) await uninterrupted.advanceTo(at(30 * MINUTE + step * 12 * HOUR))
    const end = at(30 * MINUTE + 3 * DAY)
    const expected = await snapshot(reference.db, uninterrupted, end)
    await reference.close()

    const dataDir = join(folder, 'db')
    const runs: Array<[Date, (market: MarketSimulator, db: Database) => Promise<void>]> = [
      [T0, async () => {}],
      [at(30 * MINUTE), async (market, db) => expect(await snapshot(db, market, at(30 * MINUTE))).toEqual(atShortGap)],
      // Three days away: more than the minute history, so the gap is filled with hourly bars.
      [end, async (market, db) => expect(await snapshot(db, market, end)).toEqual(expected)],
    ]
    for (const [now, check] of runs) {
      const handle = await openDatabase({ dataDir })
      try {
        const market = createMarketSimulator(handle.db, OPTIONS)
        await market.start(now)
        await check(market, handle.db)
      } finally {
        await handle.close()
      }
    }
  }, 120_000)
})

describe('the secret seed', () => {
  it('is drawn at random on a fresh database, stored, read back by every later start, and logged by fingerprint only', async () => {
    const handle = await memoryDatabase()
    const logs: string[] = []
    const logger = { log: (line: string) => logs.push(line) }
    try {
      const drawn = await loadMarketSeed(handle.db, undefined, T0)
      expect(drawn.fingerprint).not.toBe(testMarketSeed.fingerprint)
      expect((await loadMarketSeed(handle.db, undefined, at(HOUR))).fingerprint).toBe(drawn.fingerprint)
      const [row] = await handle.db.select().from(marketSeed)
      expect(row?.secret).toMatch(/^[0-9a-f]{64}$/)
      expect(row?.fingerprint).toBe(drawn.fingerprint)
      expect(marketSeedFrom(row?.secret ?? '').fingerprint).toBe(drawn.fingerprint)
      // MARKET_SEED wins over the stored one, and is stored in its place.
      expect((await loadMarketSeed(handle.db, TEST_MARKET_SECRET, at(HOUR))).fingerprint).toBe(
        testMarketSeed.fingerprint,
      )
      expect((await loadMarketSeed(handle.db, undefined, at(2 * HOUR))).fingerprint).toBe(testMarketSeed.fingerprint)
      expect(await handle.db.select({ chosenAt: marketSeed.chosenAt }).from(marketSeed)).toEqual([
        { chosenAt: at(HOUR) },
      ])

      // The market state names the history by the fingerprint of the seed it followed; a new seed is logged by both.
      await createMarketSimulator(handle.db, { ...OPTIONS, logger }).start(T0)
      expect((await readState(handle.db))?.seedFingerprint).toBe(testMarketSeed.fingerprint)
      const other = marketSeedFrom('ab'.repeat(32))
      await createMarketSimulator(handle.db, { ...OPTIONS, seed: other, logger }).start(at(10 * MINUTE))
      expect((await readState(handle.db))?.seedFingerprint).toBe(other.fingerprint)
      expect(logs.at(-1)).toBe(
        `[market] seed changed from fingerprint ${testMarketSeed.fingerprint} to fingerprint ${other.fingerprint}: history is kept, new minutes follow the new seed`,
      )
      expect(logs.join('\n')).not.toContain(TEST_MARKET_SECRET.slice(0, 16))
      expect(logs.join('\n')).not.toContain('abababababababab')
    } finally {
      await handle.close()
    }
  }, 120_000)

  it('lets a database written with the old public seed start: its history kept, its next minutes on the secret seed', async () => {
    // The migrations before the secret seed, then a market state as that version wrote it (seed numeric(20, 0)).
    const before = join(folder, 'migrations-before')
    await cp(DEFAULT_MIGRATIONS_FOLDER, before, { recursive: true })
    const journalFile = join(before, 'meta', '_journal.json')
    const journal = z
      .object({ entries: z.array(z.object({ tag: z.string() }).loose()) })
      .loose()
      .parse(JSON.parse(await readFile(journalFile, 'utf8')))
    const seedMigration = journal.entries.findIndex((entry) => entry.tag.endsWith('_market_seed'))
    expect(seedMigration).toBeGreaterThan(0)
    await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, seedMigration) }))
    const dataDir = join(folder, 'legacy')
    const last = lastWholeMinute(T0)
    const lastPrices = Object.fromEntries(INSTRUMENTS.map((i) => [i.pairCode, i.startPrice]))
    const legacy = await openDatabase({ dataDir, migrationsFolder: before })
    await legacy.db.execute(
      sql`insert into market_state (id, seed, last_minute, last_prices) values ('main', 20261122, ${new Date(last).toISOString()}::timestamptz, ${JSON.stringify(lastPrices)}::jsonb)`,
    )
    await legacy.close()

    const handle = await openDatabase({ dataDir })
    const logs: string[] = []
    try {
      expect(await readState(handle.db)).toEqual({ seedFingerprint: null, lastMinute: last, lastPrices })
      const seed = await loadMarketSeed(handle.db, undefined, T0)
      const market = createMarketSimulator(handle.db, {
        ...OPTIONS,
        seed,
        logger: { log: (line: string) => logs.push(line) },
      })
      await market.start(at(5 * MINUTE))
      expect(logs).toEqual([
        `[market] seed changed from an earlier version's public seed to fingerprint ${seed.fingerprint}: history is kept, new minutes follow the new seed`,
      ])
      const minutes = await rows(handle.db, 'BTC_USDT', '1m')
      expect(minutes.map((m) => m.time)).toEqual([1, 2, 3, 4, 5].map((k) => last + k * MINUTE))
      expect(minutes[0]?.open).toBe(lastPrices.BTC_USDT)
      expect((await readState(handle.db))?.seedFingerprint).toBe(seed.fingerprint)
    } finally {
      await handle.close()
    }
  }, 120_000)
})
