/**
 * The engine end to end on a fast clock: simulated leaders with back-filled history and
 * statistics; users follow the busiest futures leaders; hours pass tick by tick, the leaders
 * trade (the simulated ones on the books, where their copies open through a block order; a
 * user leader through the copy engine at a price it is given), the copies mirror every open and
 * close; Monday 00:00 UTC settles profit share; the ledger balances throughout.
 */
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  copies,
  leaderEvents,
  leaders,
  leaderStats,
  ledgerTransfers,
  positions,
  profitShares,
} from '../db/copy-schema.ts'
import { INSTRUMENTS } from '../market/instruments.ts'
import { nextPrices } from '../market/price-path.ts'
import { lastWholeMinute } from '../market/simulator.ts'
import { Exact, Money } from '../money.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { ledgerState } from '#tests/fixtures/exchange/ledger.ts'
import { deposit, fundCopy, leaderTrade } from './engine.ts'
import { paid } from '#/contract/rounding.ts'
import { agreedRate } from '#tests/fixtures/exchange/copy/agreed-rate.ts'
import { testMarketSeed } from '#tests/fixtures/market-seed.ts'

const HOUR = 3_600_000
const FOLLOWED = 3
/** Sunday 2026-01-04 21:00 UTC: Monday 00:00 comes after 3 engine hours. */
const START = Date.UTC(2026, 0, 4, 21)
let h: Harness
let copyIds: number[] = []
let userLeaderId = 0
let certainCopyId = 0

beforeAll(async () => {
  h = await startHarness({ start: START })
  const { db } = h.context
  // The busiest futures traders of the back-filled days are the ones to follow, one follower each.
  const busiest = await db
    .select({ leaderId: leaders.userId })
    .from(leaders)
    .innerJoin(leaderEvents, eq(leaderEvents.leaderId, leaders.userId))
    .where(
      and(
        eq(leaders.biz, 'futures'),
        eq(leaders.simulated, true),
        eq(leaders.kind, 'trader'),
        sql`${leaders.strategy} <> 'gambler'`,
      ),
    )
    .groupBy(leaders.userId)
    .orderBy(desc(sql`count(${leaderEvents.id})`))
    .limit(FOLLOWED)
  copyIds = []
  for (const { leaderId } of busiest) {
    const followerId = Number((await h.registerUser()).userId)
    const [copy] = await db
      .insert(copies)
      .values({
        followerId,
        leaderId,
        profitShareRate: agreedRate(leaderId),
        status: 'active',
        mode: 'fixed',
        fixedAmount: '200',
        investment: '0',
        leverageMode: 'follow',
        createdAt: new Date(START),
      })
      .returning({ id: copies.id })
    const copyId = copy?.id ?? 0
    copyIds.push(copyId)
    await db.transaction(async (tx) => {
      await deposit(tx, followerId, 'USDT', new Money(5000), new Date(START))
      await fundCopy(tx, copyId, new Money(5000), new Date(START))
    })
  }
  // A real user who leads, and one follower: the settlement case, made certain below.
  userLeaderId = Number((await h.registerUser()).userId)
  await db.insert(leaders).values({
    userId: userLeaderId,
    biz: 'futures',
    strategy: 'user',
    nickname: 'Certain',
    profitShareRate: '0.2',
    maxFollowers: 10,
    minCopyAmount: '10',
    createdAt: new Date(START),
  })
  const followerId = Number((await h.registerUser()).userId)
  const [copy] = await db
    .insert(copies)
    .values({
      followerId,
      leaderId: userLeaderId,
      profitShareRate: agreedRate(userLeaderId),
      status: 'active',
      mode: 'fixed',
      fixedAmount: '1000',
      investment: '0',
      leverageMode: 'follow',
      createdAt: new Date(START),
    })
    .returning({ id: copies.id })
  certainCopyId = copy?.id ?? 0
  await db.transaction(async (tx) => {
    await deposit(tx, userLeaderId, 'USDT', new Money(50_000), new Date(START))
    await deposit(tx, followerId, 'USDT', new Money(5000), new Date(START))
    await fundCopy(tx, certainCopyId, new Money(5000), new Date(START))
  })
})
afterAll(() => h.close())

describe('copy engine on its clock', () => {
  it('starts with 40+ simulated traders, 15+ chain wallets, their history and every statistic', async () => {
    const { db } = h.context
    const kinds = await db
      .select({ kind: leaders.kind, n: sql<number>`count(*)::int` })
      .from(leaders)
      .where(eq(leaders.simulated, true))
      .groupBy(leaders.kind)
    expect(kinds.find((k) => k.kind === 'trader')?.n).toBeGreaterThanOrEqual(40)
    expect(kinds.find((k) => k.kind === 'wallet')?.n).toBeGreaterThanOrEqual(15)
    const stats = await db.select({ n: sql<number>`count(*)::int` }).from(leaderStats)
    expect(stats[0]?.n).toBe(kinds.reduce((sum, k) => sum + k.n, 0) * 4)
    expect(copyIds).toHaveLength(FOLLOWED)
    expect(await ledgerState(db)).toEqual({ zero: true, mismatched: 0 })
  })

  it('mirrors the leaders hour after hour and settles profit share on Monday', async () => {
    const { db } = h.context
    // The market is deterministic for whoever holds its seed (the harness's): the leader opens on the side of the pair
    // that will move most in two hours.
    const from = lastWholeMinute(new Date(START)) + 60_000
    const move = INSTRUMENTS.map((instrument) => {
      const mark = h.context.market.mark(instrument.pairCode) ?? instrument.startPrice
      const later = nextPrices(instrument, testMarketSeed, from, 120, mark).at(-1)?.close ?? mark
      return { instrument, mark: new Money(mark), change: new Money(later).div(mark).minus(1) }
    }).reduce((best, m) => (m.change.abs().gt(best.change.abs()) ? m : best))
    const { pairCode, lotSize } = move.instrument
    const size = new Money(20_000).div(move.mark).div(lotSize).floor().times(lotSize)
    const side = move.change.gt(0) ? 1 : -1
    const trade = { leaderId: userLeaderId, biz: 'futures' as const, pairCode }
    const opened = await leaderTrade(db, h.context.rules, h.context.funding, {
      ...trade,
      eventId: 'certain:open',
      price: move.mark,
      at: new Date(START),
      action: { kind: 'open', side, size, leverage: 10 },
    })
    let orders = 0
    for (let hour = 0; hour < 4; hour += 1) {
      h.advance(HOUR)
      orders += (await h.engine.tick()).orders
      if (hour === 1) {
        const price = new Money(h.context.market.mark(pairCode) ?? '0')
        expect(price.div(move.mark).minus(1).toFixed(8)).toBe(move.change.toFixed(8))
        await leaderTrade(db, h.context.rules, h.context.funding, {
          ...trade,
          eventId: 'certain:close',
          price,
          at: new Date(START + 2 * HOUR),
          action: { kind: 'close', positionId: opened?.position.id ?? 0 },
        })
      }
    }
    expect(orders).toBeGreaterThan(0)
    const copied = await db.select().from(positions).where(inArray(positions.copyId, copyIds))
    expect(copied.length).toBeGreaterThan(0)
    for (const position of copied) {
      // Every copy follows a leader position on the same pair and side, opened at the same time.
      const [source] = await db
        .select()
        .from(positions)
        .where(eq(positions.id, position.sourcePositionId ?? 0))
      expect({ pair: source?.pairCode, side: source?.side, openedAt: source?.openedAt.getTime() }).toEqual({
        pair: position.pairCode,
        side: position.side,
        openedAt: position.openedAt.getTime(),
      })
      if (position.status === 'closed' && position.closeReason === 'leader') {
        // The move in Exact: a copy's entry is its block order's average on the book, 18 decimals beside 4 or 5
        // integer digits, which Money's 20 digits would cut.
        const exit = new Exact(position.exitPrice ?? '0')
        const expected = paid(exit.minus(position.entryPrice), new Exact(position.closedSize), position.side)
        const margin = new Money(position.entryPrice).times(position.closedSize).div(position.leverage)
        // Realized PnL is the price move × size × side; only a loss beyond the margin is capped at it. Closed in one
        // step it is exactly that; in several, each step's PnL is paid toward zero on its own and the average exit is
        // rounded half-up, so the sum may differ by a unit of the 18th decimal per step and half a unit per coin.
        const [steps] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(ledgerTransfers)
          .where(and(eq(ledgerTransfers.debit, `margin:${position.id}`), eq(ledgerTransfers.kind, 'release-margin')))
        const closes = steps?.n ?? 0
        const slack = new Exact('1e-18').times(closes).plus(new Exact('0.5e-18').times(position.closedSize))
        const off = new Exact(position.realizedPnl).minus(expected).abs()
        if (expected.gt(margin.neg().div(2)))
          if (closes <= 1) expect(new Money(position.realizedPnl).toFixed()).toBe(expected.toFixed())
          else expect(off.lte(slack), `realized ${position.realizedPnl} beside ${expected.toFixed()}`).toBe(true)
      }
    }
    // Monday 00:00 UTC: the profitable copies paid their leaders (never more than rate × profit above the mark).
    const settled = await db
      .select()
      .from(profitShares)
      .where(inArray(profitShares.copyId, [...copyIds, certainCopyId]))
    expect(settled.some((record) => record.copyId === certainCopyId)).toBe(true)
    for (const record of settled) {
      expect(record.periodEnd.toISOString()).toBe('2026-01-05T00:00:00.000Z')
      const due = new Exact(record.netProfit).minus(record.highWaterMarkBefore).times(record.rate)
      expect(new Money(record.share).lte(due)).toBe(true)
      const [copy] = await db.select().from(copies).where(eq(copies.id, record.copyId))
      expect(copy?.profitSharePaid).toBe(record.share)
      const [paid] = await db
        .select({ total: sql<string>`coalesce(sum(${ledgerTransfers.amount}), 0)::text` })
        .from(ledgerTransfers)
        .where(
          and(
            eq(ledgerTransfers.kind, 'profit-share'),
            eq(ledgerTransfers.debit, `copy:${record.copyId}`),
            eq(ledgerTransfers.credit, `wallet:${record.leaderId}:3:USDT`),
          ),
        )
      expect(paid?.total).toBe(record.share)
    }
    expect(await ledgerState(db)).toEqual({ zero: true, mismatched: 0 })
    const refreshed = await db
      .select({ at: leaderStats.updatedAt })
      .from(leaderStats)
      .where(and(eq(leaderStats.leaderId, userLeaderId), isNotNull(leaderStats.updatedAt)))
    expect(refreshed).toHaveLength(4)
    expect(refreshed.every((r) => r.at.getTime() > START)).toBe(true)
  }, 120_000)
})
