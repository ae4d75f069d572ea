/**
 * Funding through the exchange (issue 27 item 6, audit M5): paid between a pair's longs and shorts at the books' rate,
 * summing to zero with nothing to or from the market account; charged to the positions open at the funding instant,
 * whoever pays the time and however late; each time once per pair, across a restart. The simulated leaders have no
 * history here and the engine runs without them, so only these tests' positions take part.
 */
import { and, eq, gte, isNull, like, lte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fundingHistoryResponseSchema, fundingRateResponseSchema } from '#/contract/index.ts'
import { paid, q } from '#/contract/rounding.ts'
import { Book, MARKET, type Side } from '../copy/book.ts'
import { leaderWallet } from '../copy/copy-account.ts'
import { deposit } from '../copy/engine.ts'
import { NO_TRIGGERS, openPosition } from '../copy/positions.ts'
import type { Funding } from '../copy/funding-share.ts'
import { createEngineRunner, type EngineRunner } from '../copy/runner.ts'
import { allocatePositionIds, loadWallets, persistChange } from '../copy/store.ts'
import { ledgerTransfers, positions } from '../db/copy-schema.ts'
import { incidents as incidentsTable } from '../db/engine-schema.ts'
import { Exact, Money } from '../money.ts'
import { createFunding } from './funding.ts'
import { positionFunding } from './position-funding.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { throwingIncidents } from '#tests/fixtures/exchange/incidents.ts'
import { ledgerState } from '#tests/fixtures/exchange/ledger.ts'
import { testMarketSeed } from '#tests/fixtures/market-seed.ts'

const PAIR = 'AVAX_USDT'
const MINUTE = 60_000
const HOUR = 60 * MINUTE
/** 07:58:30 UTC: the 08:00 funding time is two minutes away. */
const START = Date.UTC(2026, 10, 23, 7, 58, 30)
const EIGHT = Date.UTC(2026, 10, 23, 8)
let h: Harness
/** The engine's tick without the simulated leaders (none trades this pair, and their trading is slow to catch up). */
let engine: EngineRunner

/** An engine runner on the harness's exchange, with its own funding (a new process's) unless told otherwise. */
const runnerOf = (funding: Funding) =>
  createEngineRunner({
    db: h.context.db,
    market: h.context.market,
    rules: h.context.rules,
    now: h.context.now,
    logger: { log: () => undefined, error: () => undefined },
    bots: [],
    incidents: throwingIncidents,
    funding,
    seed: testMarketSeed,
    onMinutes: () => h.context.trading.onPrices(),
  })

beforeAll(async () => {
  // No history: the simulated leaders hold nothing, so only these tests' positions take part.
  h = await startHarness({ start: START, market: { backfillDays: 0, minuteHistoryDays: 1 } })
  engine = runnerOf(h.context.funding)
})
afterAll(() => h.close())

async function trader(usdt: number): Promise<number> {
  const id = Number((await h.registerUser()).userId)
  await h.context.db.transaction((tx) => deposit(tx, id, 'USDT', new Exact(usdt), h.context.now()))
  return id
}

/** An isolated position of `userId` with the margin given (as the engine's position rules open one, no fee). */
async function positionWith(userId: number, side: Side, size: string, margin: string): Promise<number> {
  const { db, rules } = h.context
  return db.transaction(async (tx) => {
    const book = new Book(await allocatePositionIds(tx, 1))
    await loadWallets(tx, book, [leaderWallet(userId)])
    const position = openPosition(book, rules, {
      userId,
      copyId: null,
      sourcePositionId: null,
      biz: 'futures',
      pairCode: PAIR,
      side,
      leverage: 10,
      size: new Money(size),
      margin: new Money(margin),
      price: new Money(h.context.market.mark(PAIR) ?? 'NaN'),
      fee: new Exact(0),
      at: h.context.now(),
      triggers: NO_TRIGGERS,
      ref: `test-open:${userId}`,
    })
    await persistChange(tx, book.takeChange(), h.context.now())
    return position.id
  })
}

const fundingOf = async (id: number) => {
  const [row] = await h.context.db.select().from(positions).where(eq(positions.id, id))
  return new Exact(row?.funding ?? 'NaN')
}

/** The funding transfers of a position (into or out of its margin) at a funding time. */
async function fundingTransfers(id: number, time: number) {
  const ref = `funding:${PAIR}:${new Date(time).toISOString()}`
  const rows = await h.context.db
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.ref, ref), like(ledgerTransfers.kind, 'funding%')))
  return rows.filter((t) => t.debit === `margin:${id}` || t.credit === `margin:${id}`)
}

async function paidAt(time: number) {
  const history = fundingHistoryResponseSchema.parse(
    (await h.api('GET', `/market/v1/funding/history?pairCode=${PAIR}&limit=10`)).body,
  ).data
  const row = history.find((r) => r.time === time)
  if (!row) throw new Error(`${new Date(time).toISOString()} not paid`)
  return { rate: new Exact(row.rate), mark: new Exact(row.mark) }
}

const place = (userId: number, side: 'buy' | 'sell', size: string, reduceOnly = false) =>
  h.context.trading.place(userId, {
    clientOrderId: `f${userId}-${side}-${size}-${h.context.now().getTime()}`,
    biz: 'futures',
    pairCode: PAIR,
    side,
    type: 'market',
    size,
    ...(reduceOnly ? { reduceOnly: true } : {}),
  })

/** The audit case's short, open from 08:00 on: due funding at every positive rate after. */
let short = 0

describe('funding between longs and shorts (audit M5)', () => {
  it('pays the short exactly what the long could pay, nothing to or from the market account', async () => {
    // The audit's case: a long and a short of equal size, the long's margin 0.1, less than it owes.
    const [a, b] = [await trader(1000), await trader(1000)]
    const long = await positionWith(a, 1, '84', '0.1')
    short = await positionWith(b, -1, '84', '300')
    h.advance(2 * MINUTE)
    // 08:00:30: the tick pays 08:00 first, then the books run (the long, under its maintenance, is liquidated after).
    await engine.tick()
    const { rate, mark } = await paidAt(EIGHT)
    // The maker quotes evenly around the mark: no premium, so the interest component (within the clamp) is the rate.
    expect(rate.toFixed()).toBe('0.0001')
    expect(paid(mark, new Money(84), rate, 1).gt('0.1')).toBe(true)
    // Before: long −0.1, short +0.29… (all it was due), the market −0.19…. Now the short gets the long's 0.1.
    expect([(await fundingOf(long)).toFixed(), (await fundingOf(short)).toFixed()]).toEqual(['-0.1', '0.1'])
    // Each position's own funding history says the same (issue 28 item 5), with the time's rate and mark.
    expect(await positionFunding(h.context.db, a, long)).toEqual([
      { time: EIGHT, amount: '-0.1', rate: rate.toFixed(), mark: mark.toFixed() },
    ])
    expect(await positionFunding(h.context.db, b, short)).toEqual([
      { time: EIGHT, amount: '0.1', rate: rate.toFixed(), mark: mark.toFixed() },
    ])
    expect(await positionFunding(h.context.db, a, short)).toBeUndefined()
    const atEight = await h.context.db
      .select()
      .from(ledgerTransfers)
      .where(
        and(
          like(ledgerTransfers.kind, 'funding%'),
          gte(ledgerTransfers.createdAt, new Date(EIGHT)),
          lte(ledgerTransfers.createdAt, new Date(EIGHT)),
        ),
      )
    expect(atEight.length).toBeGreaterThan(0)
    expect(atEight.filter((t) => t.debit === MARKET || t.credit === MARKET)).toEqual([])
    expect(await ledgerState(h.context.db)).toEqual({ zero: true, mismatched: 0 })
  }, 60_000)

  it('publishes the rate paid, the interval in progress and its next funding time', async () => {
    const now = fundingRateResponseSchema.parse((await h.api('GET', `/market/v1/funding?pairCode=${PAIR}`)).body).data
    expect(now).toMatchObject({ lastFundingTime: EIGHT, lastRate: '0.0001', nextFundingTime: EIGHT + 8 * HOUR })
    // 08:00:30's tick sampled the new interval once, on an even book.
    expect([now.samples, now.premiumIndex, now.predictedRate]).toEqual([1, '0', '0.0001'])
  })

  it('reads a premium from a user’s bid skewing the book; the rate stays the interest component inside the clamp', async () => {
    const user = await trader(50_000)
    const pairCode = 'BTC_USDT'
    const { books, trading, db, funding, market } = h.context
    const read = async () =>
      fundingRateResponseSchema.parse((await h.api('GET', `/market/v1/funding?pairCode=${pairCode}`)).body).data
    const even = await read()
    expect([even.samples, even.premiumIndex]).toEqual([1, '0'])
    // The next minute's sample, the market not moved yet: the bid stays where the maker's quotes are.
    h.advance(MINUTE)
    const price = new Exact(books.depth('futures', pairCode, 1)?.asks[0]?.[0] ?? 'NaN').minus('0.1')
    // 0.5 BTC (about 33,000 USDT, more than the 25,000 of the impact notional) one tick under the maker's best ask.
    await trading.setLeverage(user, { pairCode, leverage: 10 })
    await trading.place(user, {
      clientOrderId: 'skew',
      biz: 'futures',
      pairCode,
      side: 'buy',
      type: 'limit',
      price: price.toFixed(),
      size: '0.5',
    })
    expect(await db.transaction((tx) => funding.sample(tx, pairCode, h.context.now()))).toBe(true)
    const skewed = await read()
    // The user's bid absorbs the whole impact notional: the impact bid is its price, above the mark; the asks are above
    // it. P = (price − mark) ÷ mark, and the interval's average so far (P + 0) ÷ 2.
    const mark = new Exact(market.mark(pairCode) ?? 'NaN')
    const sample = q(price.minus(mark).div(mark))
    expect(sample.gt(0)).toBe(true)
    expect([skewed.samples, skewed.premiumIndex]).toEqual([2, q(sample.div(2)).toFixed()])
    expect(skewed.predictedRate).toBe('0.0001')
    await trading.cancelAll(user, 'futures', pairCode)
  }, 60_000)
})

describe('funding on the positions open at the funding instant (a snapshot)', () => {
  const sixteen = EIGHT + 8 * HOUR
  let payer = 0

  it('charges a position closed, and one reduced, after the time but before the tick for their size then; not one opened after', async () => {
    // 15:58: users go long; the engine is late, nothing ticks until after they have traded at 16:01.
    h.advance(sixteen - 2 * MINUTE - h.context.now().getTime())
    const [closer, reducer, opener] = [await trader(5000), await trader(5000), await trader(5000)]
    await place(closer, 'buy', '10')
    await place(reducer, 'buy', '20')
    const idOf = async (userId: number) => {
      const [row] = await h.context.db.select().from(positions).where(eq(positions.userId, userId))
      return row?.id ?? 0
    }
    const closed = await idOf(closer)
    payer = await idOf(reducer)
    h.advance(3 * MINUTE)
    await place(closer, 'sell', '10', true)
    await place(reducer, 'sell', '15', true)
    await place(opener, 'buy', '10')
    const opened = await idOf(opener)
    await engine.tick()
    const { rate, mark } = await paidAt(sixteen)
    // Longs at a positive rate pay what they owed at 16:00 (the short shares it, being due more).
    expect((await fundingOf(closed)).toFixed()).toBe(paid(mark, new Money(10), rate, 1).neg().toFixed())
    expect((await fundingOf(payer)).toFixed()).toBe(paid(mark, new Money(20), rate, 1).neg().toFixed())
    expect((await fundingOf(opened)).toFixed()).toBe('0')
    for (const id of [closed, payer, short]) expect(await fundingTransfers(id, sixteen)).toHaveLength(1)
    expect(await ledgerState(h.context.db)).toEqual({ zero: true, mismatched: 0 })
  }, 60_000)

  it('pays each funding time missed while the engine was down once, in order, when a new engine starts', async () => {
    const { db, market, rules, books } = h.context
    // Down from 16:01 across 00:00 and 08:00 of the next day.
    const midnight = EIGHT + 16 * HOUR
    h.advance(midnight + 8 * HOUR + MINUTE - h.context.now().getTime())
    const restarted = runnerOf(createFunding({ rules, market, books }))
    await restarted.tick()
    await restarted.tick()
    // The engine that was running (this process's memory says 16:00) and an operation of the pair find nothing to pay.
    await engine.tick()
    await place(await trader(5000), 'buy', '1')
    for (const time of [midnight, midnight + 8 * HOUR]) {
      await paidAt(time)
      expect(await fundingTransfers(payer, time)).toHaveLength(1)
      expect(await fundingTransfers(short, time)).toHaveLength(1)
    }
    expect(await ledgerState(db)).toEqual({ zero: true, mismatched: 0 })
  }, 120_000)

  it('pays the other pairs when one pair’s funding fails, records it as an incident, and pays it on a later tick', async () => {
    const { db, market, rules, books, incidents } = h.context
    const real = createFunding({ rules, market, books })
    const broken: Funding = {
      ...real,
      settleDue: (tx, pairs, at) =>
        pairs.includes('BTC_USDT') ? Promise.reject(new Error('BTC funding broken')) : real.settleDue(tx, pairs, at),
    }
    const sixteen = EIGHT + 32 * HOUR
    h.advance(sixteen + MINUTE - h.context.now().getTime())
    const runner = createEngineRunner({
      db,
      market,
      rules,
      now: h.context.now,
      logger: { log: () => undefined, error: () => undefined },
      bots: [],
      incidents,
      funding: broken,
      seed: testMarketSeed,
      // No books this tick: their operations would pay BTC's funding themselves.
    })
    await runner.tick()
    expect(await fundingTransfers(short, sixteen)).toHaveLength(1)
    const open = await db
      .select()
      .from(incidentsTable)
      .where(and(eq(incidentsTable.kind, 'funding'), isNull(incidentsTable.resolvedAt)))
    expect(open.map((i) => i.subject)).toEqual(['BTC_USDT'])
    const btc = () => h.api('GET', '/market/v1/funding?pairCode=BTC_USDT')
    expect(fundingRateResponseSchema.parse((await btc()).body).data.lastFundingTime).toBe(sixteen - 8 * HOUR)
    h.advance(MINUTE)
    await runnerOf(real).tick()
    expect(fundingRateResponseSchema.parse((await btc()).body).data.lastFundingTime).toBe(sixteen)
  }, 60_000)
})
