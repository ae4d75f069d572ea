/**
 * The materialized statistics and the daily rows on a real database (PGlite): every figure of a period covers the one
 * window of contract/stats-window.ts, and the daily snapshot books each flow once, in the day it happened.
 */
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { copies, leaderDaily, leaderStats, profitShares } from '../db/copy-schema.ts'
import type { MarketSimulator } from '../market/simulator.ts'
import { Money, toPlain } from '../money.ts'
import { leaderPage } from './api/leaders-query.ts'
import { seriesOf, summariesOf } from './api/summaries.ts'
import { deposit, fundCopy, leaderTrade } from './engine.ts'
import { defaultRules } from './rules.ts'
import { createEngineRunner } from './runner.ts'
import { roi } from './statistics.ts'
import { refreshLeaderStats, snapshotDay } from './stats-refresh.ts'
import { addClosedTrade, addDays, addLeader, addUser } from '#tests/fixtures/exchange/copy/stats-fixtures.ts'
import { throwingIncidents } from '#tests/fixtures/exchange/incidents.ts'
import { testMarketSeed } from '#tests/fixtures/market-seed.ts'
import { memoryDatabase } from '#tests/fixtures/exchange/database-template.ts'
import { fundingOn, noFunding } from '#tests/fixtures/exchange/funding.ts'

let handle: DatabaseHandle

beforeAll(async () => {
  handle = await memoryDatabase()
})
afterAll(() => handle.close())

async function statsOf(leaderId: number, period: '7d' | '30d' | '90d' | 'all') {
  const [row] = await handle.db
    .select()
    .from(leaderStats)
    .where(and(eq(leaderStats.leaderId, leaderId), eq(leaderStats.period, period)))
  if (!row) throw new Error(`no ${period} statistics`)
  return row
}

describe('one window for every figure (issue 17, item 3)', () => {
  // 11-24 19:08 UTC: "7 days" is 11-18 00:00 … now, "30 days" 10-26 00:00 … now.
  const NOW = new Date('2025-11-24T19:08:00.000Z')
  // 36 days 10-20 … 11-24, each with a return of its own so a day more or less changes ROI.
  const RETURNS = Array.from({ length: 36 }, (_, i) => (i % 3 === 0 ? '-0.03' : i % 3 === 1 ? '0.01' : '-0.005'))
  let leaderId = 0

  beforeAll(async () => {
    leaderId = await addLeader(handle.db, new Date('2025-10-20T00:00:00.000Z'))
    await addDays(handle.db, leaderId, '2025-10-20', '10000', RETURNS, NOW)
    // Closed after now − 168 h (11-17 19:08) but before the window (11-18 00:00): not in "7 days".
    await addClosedTrade(handle.db, leaderId, {
      openedAt: new Date('2025-11-17T10:00:00.000Z'),
      closedAt: new Date('2025-11-17T20:00:00.000Z'),
      realizedPnl: '25',
    })
    // In the window, a loss.
    await addClosedTrade(handle.db, leaderId, {
      openedAt: new Date('2025-11-20T10:00:00.000Z'),
      closedAt: new Date('2025-11-20T12:00:00.000Z'),
      realizedPnl: '-10',
    })
    await refreshLeaderStats(handle.db, NOW)
  })

  it('gives the 7-day chart the 7 points 11-18 … 11-24 and the 30-day chart 30 points, today last', async () => {
    const week = await seriesOf(handle.db, leaderId, '7d', NOW)
    expect(week.map((p) => p.day)).toEqual([
      '2025-11-18',
      '2025-11-19',
      '2025-11-20',
      '2025-11-21',
      '2025-11-22',
      '2025-11-23',
      '2025-11-24',
    ])
    const month = await seriesOf(handle.db, leaderId, '30d', NOW)
    expect(month).toHaveLength(30)
    expect([month[0]?.day, month.at(-1)?.day]).toEqual(['2025-10-26', '2025-11-24'])
  })

  it('computes ROI over the same 7 days the chart shows, and its last point is that ROI', async () => {
    const week = await seriesOf(handle.db, leaderId, '7d', NOW)
    const stats = await statsOf(leaderId, '7d')
    // The last 7 returns of the 36 (days 29 … 35).
    const days = RETURNS.slice(-7).map((r, i) => ({
      day: String(i),
      equityStart: '1',
      equityEnd: toPlain(new Money(1).plus(r)),
      pnl: r,
    }))
    const expected = roi(days).toDecimalPlaces(10, Money.ROUND_HALF_UP)
    expect(new Money(stats.roi).toFixed(10)).toBe(expected.toFixed(10))
    expect(new Money(week.at(-1)?.roi ?? 'NaN').toFixed(10)).toBe(expected.toFixed(10))
  })

  it('counts win rate over trades closed from 11-18 00:00 UTC, not now − 168 h', async () => {
    // Before: the 11-17 20:00 win was counted (1 of 2 = 0.5); the window holds only the loss.
    expect(new Money((await statsOf(leaderId, '7d')).winRate).toFixed()).toBe('0')
    expect(new Money((await statsOf(leaderId, '30d')).winRate).toFixed()).toBe('0.5')
  })
})

/** A market that stands still at one BTC price: every tick is one new minute at `price`. */
function stillMarket(price: string): MarketSimulator {
  const marks = new Map([['BTC_USDT', price]])
  const bar = { open: price, high: price, low: price, close: price, volume: '0' }
  return {
    start: () => Promise.resolve(),
    advanceTo: (now) =>
      Promise.resolve([{ pairCode: 'BTC_USDT', time: Math.floor(now.getTime() / 60_000) * 60_000, ...bar }]),
    mark: (pairCode) => marks.get(pairCode),
    marks: () => marks,
    candles: () => Promise.resolve([]),
    closes: () => Promise.resolve([]),
    trades: () => [],
    ticker: () => undefined,
    tickers: () => [],
  }
}

describe('a flow is booked once, in the day it happened (issue 17, item 1)', () => {
  const HOUR = 3_600_000
  const SATURDAY = Date.parse('2026-01-03T00:00:00.000Z')
  const MONDAY = Date.parse('2026-01-05T00:00:00.000Z')
  let leaderId = 0
  let share = ''

  beforeAll(async () => {
    const { db } = handle
    const rules = defaultRules()
    leaderId = await addLeader(db, new Date(SATURDAY - 86_400_000))
    const followerId = await addUser(db, 'follower')
    await db.transaction(async (tx) => {
      await deposit(tx, leaderId, 'USDT', new Money(10_000), new Date(SATURDAY - 86_400_000))
      await deposit(tx, followerId, 'USDT', new Money(10_000), new Date(SATURDAY - 86_400_000))
    })
    const [copy] = await db
      .insert(copies)
      .values({
        followerId,
        leaderId,
        status: 'active',
        mode: 'fixed',
        fixedAmount: '1000',
        investment: '0',
        leverageMode: 'follow',
        profitShareRate: '0.1',
        createdAt: new Date(SATURDAY - 86_400_000),
      })
      .returning({ id: copies.id })
    await db.transaction((tx) => fundCopy(tx, copy?.id ?? 0, new Money(5000), new Date(SATURDAY - 86_400_000)))
    // Saturday morning the leader opens and closes (the copy earns 500 − 10.25 fees); after that it holds nothing.
    const trade = { leaderId, biz: 'futures' as const, pairCode: 'BTC_USDT' }
    const opened = await leaderTrade(db, rules, noFunding, {
      ...trade,
      eventId: 'flat:open',
      price: new Money(50_000),
      at: new Date(SATURDAY + 10 * HOUR),
      action: { kind: 'open', side: 1, size: new Money(1), leverage: 10 },
    })
    await leaderTrade(db, rules, noFunding, {
      ...trade,
      eventId: 'flat:close',
      price: new Money(52_500),
      at: new Date(SATURDAY + 12 * HOUR),
      action: { kind: 'close', positionId: opened?.position.id ?? 0 },
    })
    // The engine runs hour by hour from Saturday 21:00 to Monday 03:00; Monday 00:00 settles the profit share.
    let clock = SATURDAY + 21 * HOUR
    const market = stillMarket('52500')
    const runner = createEngineRunner({
      db,
      market,
      rules,
      now: () => new Date(clock),
      logger: { log: () => undefined, error: () => undefined },
      bots: [],
      funding: fundingOn(market, () => new Date(clock)),
      incidents: throwingIncidents,
      seed: testMarketSeed,
    })
    while (clock < MONDAY + 3 * HOUR) {
      clock += HOUR
      await runner.tick()
    }
    const [paid] = await db.select().from(profitShares).where(eq(profitShares.leaderId, leaderId))
    share = paid?.share ?? ''
  }, 120_000)

  it('gives the leader with no positions and flat equity a Monday PnL of 0, not minus the share', async () => {
    // 10 % of 489.75.
    expect(new Money(share).toFixed()).toBe('48.975')
    const days = await handle.db
      .select()
      .from(leaderDaily)
      .where(eq(leaderDaily.leaderId, leaderId))
      .orderBy(asc(leaderDaily.day))
    const byDay = new Map(days.map((d) => [d.day, d]))
    const saturday = byDay.get('2026-01-03')
    const sunday = byDay.get('2026-01-04')
    const monday = byDay.get('2026-01-05')
    // Before: Monday −48.975 (the share counted in Sunday's closing equity and again as Monday's flow).
    expect(new Money(monday?.pnl ?? 'NaN').toFixed()).toBe('0')
    expect(new Money(sunday?.pnl ?? 'NaN').toFixed()).toBe('0')
    // Sunday's end is Saturday's end; Monday starts there plus the share and ends there.
    expect(new Money(sunday?.equityEnd ?? 'NaN').toFixed()).toBe(new Money(saturday?.equityEnd ?? 'NaN').toFixed())
    expect(new Money(monday?.equityStart ?? 'NaN').toFixed()).toBe(
      new Money(saturday?.equityEnd ?? 'NaN').plus(share).toFixed(),
    )
    // Sunday + Monday PnL = equity change over the two days minus the flows (the share).
    const change = new Money(monday?.equityEnd ?? 'NaN').minus(saturday?.equityEnd ?? 'NaN').minus(share)
    expect(new Money(sunday?.pnl ?? 'NaN').plus(monday?.pnl ?? 'NaN').toFixed()).toBe(change.toFixed())
  })
})

describe('a day closed after midnight (issue 17, item 1)', () => {
  it('leaves a deposit made after the day ended out of its equity and its flows', async () => {
    const { db } = handle
    const sunday = Date.parse('2026-02-01T00:00:00.000Z')
    const leaderId = await addLeader(db, new Date(sunday - 86_400_000))
    await db.transaction((tx) => deposit(tx, leaderId, 'USDT', new Money(1000), new Date(sunday - 86_400_000)))
    const marks = new Map<string, string>()
    await snapshotDay(db, new Date(sunday - 1), marks)
    // 500 arrives at Monday 00:00:30; Sunday's last snapshot is taken only after it (a tick crossing midnight).
    await db.transaction((tx) => deposit(tx, leaderId, 'USDT', new Money(500), new Date(sunday + 86_400_000 + 30_000)))
    await snapshotDay(db, new Date(sunday + 86_400_000 - 1), marks)
    await snapshotDay(db, new Date(sunday + 86_400_000 + 60_000), marks)
    const rows = await db
      .select()
      .from(leaderDaily)
      .where(eq(leaderDaily.leaderId, leaderId))
      .orderBy(asc(leaderDaily.day))
    expect(
      rows.map((r) => [
        r.day,
        new Money(r.equityStart).toFixed(),
        new Money(r.equityEnd).toFixed(),
        new Money(r.pnl).toFixed(),
      ]),
    ).toEqual([
      ['2026-01-31', '1000', '1000', '0'],
      ['2026-02-01', '1000', '1000', '0'],
      ['2026-02-02', '1500', '1500', '0'],
    ])
  })
})

describe('a leader’s first day (issue 17)', () => {
  it('counts money deposited after the day’s first snapshot as money in, not PnL', async () => {
    const { db } = handle
    const day = Date.parse('2026-03-02T00:00:00.000Z')
    const leaderId = await addLeader(db, new Date(day))
    await db.transaction((tx) => deposit(tx, leaderId, 'USDT', new Money(50_000), new Date(day)))
    await snapshotDay(db, new Date(day), new Map())
    await db.transaction((tx) => deposit(tx, leaderId, 'USDT', new Money(1000), new Date(day + 6 * 3_600_000)))
    const now = new Date(day + 7 * 3_600_000)
    await snapshotDay(db, now, new Map())
    await refreshLeaderStats(db, now)
    const [row] = await db.select().from(leaderDaily).where(eq(leaderDaily.leaderId, leaderId))
    // Before: the day started at its first snapshot's 50,000, so the 1,000 read as a gain.
    expect([row?.equityStart, row?.equityEnd, row?.pnl].map((v) => new Money(v ?? 'NaN').toFixed())).toEqual([
      '51000',
      '51000',
      '0',
    ])
    expect(new Money((await statsOf(leaderId, '7d')).pnl).toFixed()).toBe('0')
  })
})

describe('exact daily equity (issue 17, item 12)', () => {
  it('starts a day at yesterday’s end plus its flows to the last of 18 decimals', async () => {
    const { db } = handle
    const monday = Date.parse('2026-03-02T00:00:00.000Z')
    const leaderId = await addLeader(db, new Date(monday - 86_400_000))
    // 30 significant digits: Money's 20 would start Monday at 123456789012.12345679 + 0.000000000000000001.
    const first = '123456789012.123456789012345678'
    await db.transaction((tx) => deposit(tx, leaderId, 'USDT', new Money(first), new Date(monday - 86_400_000)))
    await snapshotDay(db, new Date(monday - 1), new Map())
    await db.transaction((tx) => deposit(tx, leaderId, 'USDT', new Money('0.000000000000000001'), new Date(monday)))
    await snapshotDay(db, new Date(monday + 3_600_000), new Map())
    const [row] = await db
      .select()
      .from(leaderDaily)
      .where(and(eq(leaderDaily.leaderId, leaderId), eq(leaderDaily.day, '2026-03-02')))
    expect([row?.equityStart, row?.equityEnd, row?.pnl]).toEqual([
      '123456789012.123456789012345679',
      '123456789012.123456789012345679',
      '0.000000000000000000',
    ])
  })
})

describe('the record counts wins after fees, by count and by size, over trades of some size (audit H4)', () => {
  it('counts a gain before fees that fees turn into a loss as a loss, and leaves crumbs out', async () => {
    const { db } = handle
    const now = new Date('2026-04-01T12:00:00.000Z')
    const leaderId = await addLeader(db, new Date('2026-03-01T00:00:00.000Z'))
    // 10 000 of equity since March (its unit values): a trade counts from 100 USDT of size (1 %).
    await addDays(
      db,
      leaderId,
      '2026-03-01',
      '10000',
      Array.from({ length: 31 }, () => '0'),
      now,
    )
    const at = (hour: number) => new Date(Date.UTC(2026, 3, 1, hour))
    // +4 before fees, 10.25 of fees and 1 of funding paid: −7.25 net, a loss (before: a win, the history shows +4).
    await addClosedTrade(db, leaderId, {
      openedAt: at(8),
      closedAt: at(9),
      realizedPnl: '4',
      fees: '10.25',
      funding: '-1',
    })
    // A net win of 3 on 5000 of size, and a net win of 0.5 on 1000.
    await addClosedTrade(db, leaderId, { openedAt: at(8), closedAt: at(10), realizedPnl: '3.5', fees: '0.5' })
    await addClosedTrade(db, leaderId, {
      openedAt: at(8),
      closedAt: at(10),
      realizedPnl: '0.5',
      closedSize: '0.02',
    })
    // Ten wins of 99.5 USDT of size (0.995 % of equity): left out of the record.
    for (let i = 0; i < 10; i += 1)
      await addClosedTrade(db, leaderId, { openedAt: at(9), closedAt: at(11), realizedPnl: '1', closedSize: '0.00199' })
    await refreshLeaderStats(db, now)
    const stats = await statsOf(leaderId, '7d')
    // 2 wins of 3 counted trades; by size (5000 + 1000) / (5000 + 5000 + 1000).
    expect([stats.trades, new Money(stats.winRate).toFixed(), new Money(stats.weightedWinRate).toFixed()]).toEqual([
      3,
      '0.6666666667',
      '0.5454545455',
    ])
  })
})

describe('trades per week over the time actually traded (issue 17, item 15)', () => {
  it('reads 2 trades on day one as 2 a week, not 14, and marks the leader New', async () => {
    const { db } = handle
    const dayOne = Date.parse('2026-05-20T00:00:00.000Z')
    const now = new Date(dayOne + 19 * 3_600_000)
    const leaderId = await addLeader(db, new Date(dayOne))
    for (const hour of [9, 15])
      await addClosedTrade(db, leaderId, {
        openedAt: new Date(dayOne + hour * 3_600_000),
        closedAt: new Date(dayOne + (hour + 1) * 3_600_000),
        realizedPnl: '1',
      })
    await snapshotDay(db, now, new Map())
    await refreshLeaderStats(db, now)
    // Before: 2 × 7 / 1 day of rows = 14 on "All", 2 × 7 / 7 = 2 on "7 days".
    for (const period of ['all', '7d', '30d'] as const)
      expect([period, new Money((await statsOf(leaderId, period)).tradesPerWeek).toFixed()]).toEqual([period, '2'])
    const rows = await leaderPage(
      db,
      { period: 'all', leaderIds: [leaderId] },
      { sort: 'newest' },
      { limit: 1, offset: 0 },
    )
    const [card] = await summariesOf(db, rows, 'all', now, new Map())
    expect(card?.isNew).toBe(true)
    // A week later it is no longer new.
    const later = new Date(dayOne + 7 * 86_400_000)
    const [older] = await summariesOf(db, rows, 'all', later, new Map())
    expect(older?.isNew).toBe(false)
  })

  it('measures a history from the hour the leader began, not from 00:00 of its first day', async () => {
    const { db } = handle
    const began = Date.parse('2026-07-01T14:00:00.000Z')
    const now = new Date(began + 9 * 86_400_000)
    const leaderId = await addLeader(db, new Date(began))
    await db.transaction((tx) => deposit(tx, leaderId, 'USDT', new Money(1000), new Date(began)))
    for (let day = 0; day < 9; day += 1)
      await addClosedTrade(db, leaderId, {
        openedAt: new Date(began + day * 86_400_000 + 3_600_000),
        closedAt: new Date(began + day * 86_400_000 + 2 * 3_600_000),
        realizedPnl: '1',
      })
    await snapshotDay(db, new Date(began), new Map())
    await refreshLeaderStats(db, now)
    // 9 trades in exactly 9 days: 7 a week (before: over 9 days and 14 hours from 00:00, 6.5625).
    expect(new Money((await statsOf(leaderId, 'all')).tradesPerWeek).toFixed()).toBe('7')
  })

  it('spreads a 10-day-old leader’s trades over its 10 days, not over the 30 of the window', async () => {
    const { db } = handle
    const first = Date.parse('2026-06-01T00:00:00.000Z')
    const now = new Date(first + 10 * 86_400_000)
    const leaderId = await addLeader(db, new Date(first))
    for (let day = 0; day < 10; day += 1)
      for (const hour of [3, 9])
        await addClosedTrade(db, leaderId, {
          openedAt: new Date(first + day * 86_400_000 + hour * 3_600_000),
          closedAt: new Date(first + day * 86_400_000 + (hour + 1) * 3_600_000),
          realizedPnl: '1',
        })
    await refreshLeaderStats(db, now)
    // 20 trades in 10 days: 14 a week (before: 20 × 7 / 30 = 4.67 on "30 days").
    expect(new Money((await statsOf(leaderId, '30d')).tradesPerWeek).toFixed()).toBe('14')
  })
})
