/**
 * Unit values written by the exchange itself: the back-filled history of every simulated leader hour by hour (so its
 * drawdown sees intraday drops, item 16), the engine's hourly rows for leaders and day-end rows for copies, and the
 * Monday profit share recorded as a flow after the midnight valuation.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copies, leaders, unitValues } from '../db/copy-schema.ts'
import { Exact, Money } from '../money.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { deposit, fundCopy } from './engine.ts'
import { maxDrawdownOf, maxDrawdowns, type UnitPoint } from './unit-values.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** Sunday 2026-01-04 21:00 UTC: Monday 00:00 comes after 3 engine hours. */
const START = Date.UTC(2026, 0, 4, 21)
const MONDAY = Date.UTC(2026, 0, 5)
let h: Harness
let copyId = 0

beforeAll(async () => {
  h = await startHarness({ start: START })
  const { db } = h.context
  const [leader] = await db
    .select({ id: leaders.userId, rate: leaders.profitShareRate })
    .from(leaders)
    .where(and(eq(leaders.simulated, true), eq(leaders.biz, 'futures')))
    .limit(1)
  const followerId = Number((await h.registerUser()).userId)
  const [copy] = await db
    .insert(copies)
    .values({
      followerId,
      leaderId: leader?.id ?? 0,
      profitShareRate: leader?.rate ?? '0',
      status: 'active',
      mode: 'fixed',
      fixedAmount: '200',
      investment: '0',
      leverageMode: 'follow',
      createdAt: new Date(START),
    })
    .returning({ id: copies.id })
  copyId = copy?.id ?? 0
  await db.transaction(async (tx) => {
    await deposit(tx, followerId, 'USDT', new Money(5000), new Date(START))
    await fundCopy(tx, copyId, new Money(5000), new Date(START))
  })
})
afterAll(() => h.close())

const rowsOf = (kind: 'leader' | 'copy', id: number) =>
  h.context.db
    .select()
    .from(unitValues)
    .where(and(eq(unitValues.ownerKind, kind), eq(unitValues.ownerId, id)))
    .orderBy(asc(unitValues.at), asc(unitValues.id))

describe('unit values of the running exchange', () => {
  it('back-fills every simulated leader hour by hour: its capital as units, its equity at each hour', async () => {
    const { db } = h.context
    const list = await db.select({ id: leaders.userId }).from(leaders).where(eq(leaders.simulated, true))
    const counts = await db
      .select({ id: unitValues.ownerId, hours: sql<number>`count(*) filter (where reason = 'hour')::int` })
      .from(unitValues)
      .where(eq(unitValues.ownerKind, 'leader'))
      .groupBy(unitValues.ownerId)
    expect(counts).toHaveLength(list.length)
    // Three back-filled days: a row for each hour whose equity moved (an idle hour changes nothing and is left out).
    const most = Math.max(...counts.map((c) => c.hours))
    expect(most).toBeGreaterThanOrEqual(3 * 24 - 2)
    expect(most).toBeLessThanOrEqual(3 * 24 + 1)
    let deeper = 0
    for (const { id } of list) {
      const rows = await rowsOf('leader', id)
      const [first] = rows
      expect(first?.reason).toBe('start')
      // No flow in the history: the units stay the capital, the unit value is equity over it, each hour's row on the
      // hour and different from the one before.
      for (const [i, row] of rows.entries()) {
        expect(row.units).toBe(first?.units)
        expect(new Exact(row.equity).div(row.units).toFixed()).toBe(new Exact(row.unitValue).toFixed())
        if (i > 0) {
          expect(row.at.getTime() % HOUR).toBe(0)
          expect(row.unitValue).not.toBe(rows[i - 1]?.unitValue)
        }
      }
      const points: UnitPoint[] = rows.map((r, i) => ({
        id: i,
        at: r.at.getTime(),
        unitValue: new Exact(r.unitValue),
        start: r.reason === 'start',
      }))
      const hourly = (await maxDrawdowns(db, 'leader', [id], 0, START)).get(id) ?? new Exact(0)
      expect(hourly.toFixed()).toBe(maxDrawdownOf(points).toFixed())
      // The last row of each day alone (what daily rows see) never shows a deeper fall than every hour does.
      const dayEnds = points.filter((p, i) => Math.floor(p.at / DAY) !== Math.floor((points[i + 1]?.at ?? 0) / DAY))
      const daily = maxDrawdownOf([points[0] ?? { id: 0, at: 0, unitValue: new Exact(1), start: true }, ...dayEnds])
      expect(hourly.gte(daily)).toBe(true)
      if (hourly.gt(daily)) deeper += 1
    }
    // Intraday drops that recover by the day's end: some leaders' hourly drawdown is deeper than their daily one.
    expect(deeper).toBeGreaterThan(0)
  })

  it('values every leader each engine hour and each live copy at midnight, before Monday’s profit share', async () => {
    const { db } = h.context
    const before = new Date(START)
    const since = (kind: 'leader' | 'copy') =>
      db
        .select({ id: unitValues.ownerId, at: unitValues.at, reason: unitValues.reason })
        .from(unitValues)
        .where(and(eq(unitValues.ownerKind, kind), sql`${unitValues.at} > ${before.toISOString()}::timestamptz`))
    expect(await since('leader')).toEqual([])
    for (let hour = 0; hour < 4; hour += 1) {
      h.advance(HOUR)
      await h.engine.tick()
    }
    // Every leader whose equity moved has a row at each hour boundary crossed (22:00, 23:00, 00:00, 01:00), labelled
    // with it; the simulated leaders trade, so every boundary has rows.
    const boundaries = [22, 23, 24, 25].map((hour) => Date.UTC(2026, 0, 4, hour))
    const live = await since('leader')
    const hourly = live.filter((r) => r.reason === 'hour')
    expect(hourly.every((r) => boundaries.includes(r.at.getTime()))).toBe(true)
    expect(new Set(hourly.map((r) => r.at.getTime()))).toEqual(new Set(boundaries))
    // The rest are profit shares received at Monday 00:00.
    expect(live.filter((r) => r.reason !== 'hour').every((r) => r.reason === 'flow' && r.at.getTime() === MONDAY)).toBe(
      true,
    )
    // Live copies are valued at midnight (those whose equity moved since their last row), not hourly.
    const copyRows = await db
      .select()
      .from(unitValues)
      .where(and(eq(unitValues.ownerKind, 'copy'), sql`${unitValues.at} > ${before.toISOString()}::timestamptz`))
      .orderBy(asc(unitValues.id))
    const dayRows = copyRows.filter((r) => r.reason === 'day')
    expect(dayRows.length).toBeGreaterThan(0)
    expect(dayRows.every((r) => r.at.getTime() === MONDAY)).toBe(true)
    // A profit share a copy pays at Monday 00:00 is a cost, not a flow: no row takes it out of the copy's return (the
    // copy's next valuation shows it in the unit value), while the leader's side of it is a flow. The only flows are
    // copies that ended (their copy stop loss reached as the leaders trade live, in the tick that reaches Monday too):
    // all their money out, none left. A profit share taken out as a flow would be a row with units left.
    const flows = copyRows.filter((r) => r.reason === 'flow')
    for (const flow of flows) {
      const [ended] = await db.select({ status: copies.status }).from(copies).where(eq(copies.id, flow.ownerId))
      expect([ended?.status, flow.units, flow.equity]).toEqual(['cancelled', '0', '0'])
    }
    expect((await rowsOf('copy', copyId))[0]?.reason).toBe('start')
  }, 120_000)
})
