/**
 * The reconciliation on random small histories run through the engine (issue 17): a leader trades two futures pairs
 * (opens, adds, partial and full closes) and deposits; followers copy it, add and take money out, and stop with or
 * without their positions; prices move every hour; the engine runner ticks every hour (stops, liquidations, funding,
 * valuations, statistics) across a Monday, so profit share settles. The independent recomputation must agree with
 * every figure it reconciles.
 */
import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { copies, leaders, positions } from '../db/copy-schema.ts'
import { users } from '../db/schema.ts'
import { InsufficientFunds } from '../copy/book.ts'
import { deposit, endCopyInDb, fundCopy, leaderTrade } from '../copy/engine.ts'
import { marksOf } from '../copy/marks.ts'
import { defaultRules } from '../copy/rules.ts'
import { createEngineRunner } from '../copy/runner.ts'
import { Money } from '../money.ts'
import { myCopies } from '../copy/api/my.service.ts'
import { leaderStatsDetail } from '../copy/api/read.service.ts'
import { reconcile } from './reconcile.ts'
import type { Difference } from './report.ts'
import { scriptedMarket, type ScriptedMarket } from '#tests/fixtures/exchange/copy/scripted-market.ts'
import { testMarketSeed } from '#tests/fixtures/market-seed.ts'
import { runs } from '#tests/fixtures/properties.ts'
import { and, eq, isNull } from 'drizzle-orm'
import { throwingIncidents } from '#tests/fixtures/exchange/incidents.ts'
import { createTradingBooks } from '../trading/books.ts'
import { createOrderEngine } from '../trading/order-engine.ts'
import { ensureHouse } from '../trading/house.ts'
import { memoryDatabase } from '#tests/fixtures/exchange/database-template.ts'
import { fundingOn } from '#tests/fixtures/exchange/funding.ts'

const HOUR = 3_600_000
/** Saturday 00:00 UTC: two days later the Monday settlement runs. */
const START = Date.parse('2026-01-03T00:00:00.000Z')
const rules = defaultRules()
const PAIRS = [
  { pairCode: 'BTC_USDT', price: 60_000, unit: '0.001' },
  { pairCode: 'ETH_USDT', price: 3000, unit: '0.01' },
] as const
const FOLLOWERS = 3

const pairArb = fc.integer({ min: 0, max: PAIRS.length - 1 })
const followerArb = fc.integer({ min: 0, max: FOLLOWERS - 1 })
const actionArb = fc.oneof(
  fc.record({
    kind: fc.constant('open' as const),
    pair: pairArb,
    side: fc.constantFrom(1 as const, -1 as const),
    units: fc.integer({ min: 1, max: 40 }),
    leverage: fc.integer({ min: 1, max: 20 }),
  }),
  fc.record({ kind: fc.constant('add' as const), pair: pairArb, units: fc.integer({ min: 1, max: 20 }) }),
  fc.record({ kind: fc.constant('reduce' as const), pair: pairArb, percent: fc.integer({ min: 10, max: 90 }) }),
  fc.record({ kind: fc.constant('close' as const), pair: pairArb }),
  fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 100, max: 20_000 }) }),
  fc.record({
    kind: fc.constant('follow' as const),
    follower: followerArb,
    ratio: fc.boolean(),
    amount: fc.integer({ min: 200, max: 5000 }),
    fixedAmount: fc.integer({ min: 20, max: 500 }),
    ratioValue: fc.integer({ min: 5, max: 200 }),
    takeProfit: fc.option(fc.integer({ min: 10, max: 200 }), { nil: null }),
    stopLoss: fc.option(fc.integer({ min: 10, max: 90 }), { nil: null }),
    copyStopLoss: fc.option(fc.integer({ min: 5, max: 50 }), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('copy-in' as const),
    follower: followerArb,
    amount: fc.integer({ min: 10, max: 2000 }),
  }),
  fc.record({
    kind: fc.constant('copy-out' as const),
    follower: followerArb,
    percent: fc.integer({ min: 5, max: 100 }),
  }),
  fc.record({ kind: fc.constant('end' as const), follower: followerArb, closePositions: fc.boolean() }),
)
type Action = typeof actionArb extends fc.Arbitrary<infer A> ? A : never

const stepArb = fc.record({
  /** Each pair's move this hour, in basis points. */
  moves: fc.array(fc.integer({ min: -500, max: 500 }), { minLength: PAIRS.length, maxLength: PAIRS.length }),
  actions: fc.array(actionArb, { maxLength: 3 }),
})
/** Friday night … Tuesday: the Monday 00:00 settlement and the 00:00/08:00/16:00 funding times are crossed. */
const historyArb = fc.array(stepArb, { minLength: 50, maxLength: 80 })

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await memoryDatabase()
})
afterAll(() => handle.close())

async function reset(): Promise<void> {
  await handle.db.execute(sql`truncate table users, balances, ledger_accounts, ledger_transfers, leader_events, candles,
    unit_values, leader_stats, leader_daily, profit_shares, positions, copies, leaders, skipped_copies, orders, fills,
    book_versions, engine_jobs, funding_intervals restart identity cascade`)
}

async function addUser(name: string): Promise<number> {
  const [row] = await handle.db
    .insert(users)
    .values({
      accountType: 'email',
      account: `${name}@reconcile.test`,
      passwordHash: '!',
      nickname: name,
      inviteCode: name,
    })
    .returning({ id: users.id })
  if (!row) throw new Error('no user')
  return row.id
}

/** Runs a history through the engine and reconciles at its end. */
async function run(history: readonly { moves: number[]; actions: Action[] }[]): Promise<Difference[]> {
  await reset()
  const db = handle.db
  let clock = START
  const now = () => new Date(clock)
  const market: ScriptedMarket = scriptedMarket(db, Object.fromEntries(PAIRS.map((p) => [p.pairCode, String(p.price)])))
  const leaderId = await addUser('leader')
  const followerIds: number[] = []
  for (let i = 0; i < FOLLOWERS; i += 1) followerIds.push(await addUser(`follower${i}`))
  await db.insert(leaders).values({
    userId: leaderId,
    biz: 'futures',
    strategy: 'user',
    nickname: 'leader',
    profitShareRate: '0.1',
    maxFollowers: 10,
    minCopyAmount: '10',
    createdAt: now(),
  })
  // The house the liquidation orders meet on the books (the exchange makes it at start).
  await ensureHouse(db, now(), (pairCode) => market.mark(pairCode))
  const books = createTradingBooks(market, now, testMarketSeed)
  const funding = fundingOn(market, now, { books, rules })
  const trading = createOrderEngine({ db, market, books, now, rules, funding })
  const runner = createEngineRunner({
    db,
    market,
    rules,
    now,
    logger: { log: () => undefined, error: (...args: unknown[]) => console.error(...args) },
    bots: [],
    incidents: throwingIncidents,
    funding,
    // Liquidation is the order engine's, on the books, as in production: the tick's new marks go to it first.
    onMinutes: () => trading.onPrices(),
    seed: testMarketSeed,
  })
  await runner.tick()
  await db.transaction(async (tx) => {
    await deposit(tx, leaderId, 'USDT', new Money(50_000), now())
    for (const id of followerIds) await deposit(tx, id, 'USDT', new Money(20_000), now())
  })
  let events = 0
  const openOf = async (pairCode: string) => {
    const [row] = await db
      .select({ id: positions.id, size: positions.size })
      .from(positions)
      .where(
        and(
          eq(positions.userId, leaderId),
          isNull(positions.copyId),
          eq(positions.status, 'open'),
          eq(positions.pairCode, pairCode),
        ),
      )
    return row
  }
  const liveCopyOf = async (follower: number) => {
    const [row] = await db
      .select({ id: copies.id, balance: copies.balance })
      .from(copies)
      .where(and(eq(copies.followerId, follower), eq(copies.leaderId, leaderId), sql`${copies.status} <> 'cancelled'`))
    return row
  }
  const perform = async (action: Action) => {
    const marks = marksOf(market)
    const trade = async (pairCode: string, kind: Parameters<typeof leaderTrade>[3]['action']) => {
      events += 1
      const price = marks.get(pairCode)
      if (!price) return
      await leaderTrade(db, rules, funding, {
        eventId: `L:${events}`,
        leaderId,
        biz: 'futures',
        pairCode,
        price,
        at: now(),
        action: kind,
      })
    }
    switch (action.kind) {
      case 'open':
      case 'add':
      case 'reduce':
      case 'close': {
        const pair = PAIRS[action.pair] ?? PAIRS[0]
        const held = await openOf(pair.pairCode)
        if (action.kind === 'open' && !held) {
          const size = new Money(pair.unit).times(action.units)
          await trade(pair.pairCode, { kind: 'open', side: action.side, size, leverage: action.leverage })
        } else if (action.kind === 'add' && held)
          await trade(pair.pairCode, {
            kind: 'add',
            positionId: held.id,
            size: new Money(pair.unit).times(action.units),
          })
        else if (action.kind === 'reduce' && held) {
          const size = new Money(held.size).times(action.percent).div(100).div(pair.unit).floor().times(pair.unit)
          if (size.gt(0) && size.lt(held.size))
            await trade(pair.pairCode, { kind: 'reduce', positionId: held.id, size })
        } else if (action.kind === 'close' && held) await trade(pair.pairCode, { kind: 'close', positionId: held.id })
        return
      }
      case 'deposit':
        await db.transaction((tx) => deposit(tx, leaderId, 'USDT', new Money(action.amount), now(), marks))
        return
      case 'follow': {
        const follower = followerIds[action.follower] ?? leaderId
        if (await liveCopyOf(follower)) return
        await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(copies)
            .values({
              followerId: follower,
              leaderId,
              status: 'active',
              mode: action.ratio ? 'ratio' : 'fixed',
              fixedAmount: action.ratio ? null : String(action.fixedAmount),
              ratio: action.ratio ? String(action.ratioValue / 100) : null,
              leverageMode: 'follow',
              takeProfitRatio: action.takeProfit === null ? null : String(action.takeProfit / 100),
              stopLossRatio: action.stopLoss === null ? null : String(action.stopLoss / 100),
              copyStopLossRatio: action.copyStopLoss === null ? null : String(action.copyStopLoss / 100),
              profitShareRate: '0.1',
              investment: '0',
              balance: '0',
              createdAt: now(),
            })
            .returning({ id: copies.id })
          if (row) await fundCopy(tx, row.id, new Money(action.amount), now(), marks)
        })
        return
      }
      case 'copy-in':
      case 'copy-out': {
        const copy = await liveCopyOf(followerIds[action.follower] ?? leaderId)
        if (!copy) return
        const amount =
          action.kind === 'copy-in'
            ? new Money(action.amount)
            : new Money(copy.balance).times(action.percent).div(100).toDecimalPlaces(2, Money.ROUND_DOWN).neg()
        if (amount.isZero()) return
        await db.transaction((tx) => fundCopy(tx, copy.id, amount, now(), marks))
        return
      }
      case 'end': {
        const copy = await liveCopyOf(followerIds[action.follower] ?? leaderId)
        if (!copy) return
        await endCopyInDb(db, rules, funding, {
          copyId: copy.id,
          closePositions: action.closePositions,
          reason: 'cancel',
          marks,
          at: now(),
        })
        return
      }
    }
  }
  for (const step of history) {
    PAIRS.forEach((pair, i) => {
      const price = new Money(market.price(pair.pairCode)).times(10_000 + (step.moves[i] ?? 0)).div(10_000)
      market.set(pair.pairCode, price.toDecimalPlaces(2).toFixed())
    })
    clock += HOUR
    await runner.tick()
    for (const action of step.actions) {
      try {
        await perform(action)
      } catch (error) {
        // An order the wallet cannot pay for is refused, as the API would refuse it.
        if (!(error instanceof InsufficientFunds)) throw error
      }
    }
  }
  clock += HOUR
  await runner.tick()
  const report = await reconcile(db, {
    at: clock,
    served: {
      series: async (leader, period, at) =>
        (
          await leaderStatsDetail(
            db,
            at,
            leader,
            period === '7d' || period === '30d' || period === '90d' ? period : 'all',
          )
        ).series,
      myCopies: async (follower) => (await myCopies({ db, market }, follower)).list,
    },
  })
  // Every history reconciles the ledger, the unit values and the leader's statistics at least.
  expect(Object.keys(report.families)).toEqual(expect.arrayContaining(['ledger', 'unit rows', 'leader stats']))
  if (process.env.RECONCILE_VERBOSE) console.log(report.families, report.differences.length)
  return report.differences
}

/** Histories the soak once broke the property with, as drawn or shrunk (name → history). */
const COUNTEREXAMPLES = JSON.parse(
  readFileSync(new URL('../../../tests/fixtures/exchange/reconcile-counterexamples.json', import.meta.url), 'utf8'),
) as Record<string, unknown>
const fixedHistories = Object.entries(COUNTEREXAMPLES).filter(([name]) => !name.startsWith('_')) as [
  string,
  { moves: number[]; actions: Action[] }[],
][]

describe('independent reconciliation', () => {
  // A copy-in and the copy's end without closing in one instant: the kept position was dropped from the copy-in's row,
  // which the engine had valued with it (512.56 served, 507.09 recomputed): the reconciliation was wrong.
  it.each(fixedHistories)(
    'agrees on a history the soak once broke it with: %s',
    async (_, history) => {
      expect((await run(history)).slice(0, 20)).toEqual([])
    },
    600_000,
  )

  it('agrees with every reconciled figure on random histories', async () => {
    await fc.assert(
      fc.asyncProperty(historyArb, async (history) => {
        const differences = await run(history)
        expect(differences.slice(0, 20)).toEqual([])
      }),
      // A failing history is reported as drawn (with its seed and path), not shrunk: each run takes seconds.
      { ...runs(6), endOnFailure: true },
    )
  }, 600_000)
})
