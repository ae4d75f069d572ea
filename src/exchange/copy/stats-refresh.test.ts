/**
 * The materialized statistics and the daily rows on a real database (PGlite): every figure of a period covers the one
 * window of contract/stats-window.ts, and the daily snapshot books each flow once, in the day it happened.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import { leaderStats } from '../db/copy-schema.ts'
import { Money, toPlain } from '../money.ts'
import { seriesOf } from './api/summaries.ts'
import { roi } from './statistics.ts'
import { refreshLeaderStats } from './stats-refresh.ts'
import { addClosedTrade, addDays, addLeader } from '#tests/fixtures/exchange/copy/stats-fixtures.ts'

let handle: DatabaseHandle

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' })
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
    await addDays(handle.db, leaderId, '2025-10-20', '10000', RETURNS)
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
