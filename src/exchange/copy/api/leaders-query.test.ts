/**
 * Ranking by a risk figure on a real database (PGlite): a leader needs activity in the period to rank by drawdown or
 * win rate; the others are listed after the ranked ones, never hidden (issue 17, item 5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { refreshLeaderStats } from '../stats-refresh.ts'
import { leaderCount, leaderPage, type LeaderFilter, type LeaderSort } from './leaders-query.ts'
import { addClosedTrade, addDays, addLeader } from '#tests/fixtures/exchange/copy/stats-fixtures.ts'
import { memoryDatabase } from '#tests/fixtures/exchange/database-template.ts'

const NOW = new Date('2025-11-24T19:08:00.000Z')
const DAY = 86_400_000
let handle: DatabaseHandle
const names = new Map<number, string>()

/** `days` daily rows ending today. */
const firstOf = (days: number) => new Date(Date.parse('2025-11-24T00:00:00.000Z') - (days - 1) * DAY)
const day = (date: Date) => date.toISOString().slice(0, 10)

beforeAll(async () => {
  handle = await memoryDatabase()
  const { db } = handle
  // Three leaders that lost 99.999994 % 40 days ago and have not traded since: 30-day ROI 0, drawdown 0, equity 0.0006.
  for (const name of ['WipedA', 'WipedB', 'WipedC']) {
    const id = await addLeader(db, firstOf(60), { nickname: name })
    names.set(id, name)
    await addDays(
      db,
      id,
      day(firstOf(60)),
      '10000',
      Array.from({ length: 20 }, () => '0'),
      NOW,
    )
    await addDays(db, id, day(firstOf(40)), '10000', ['-0.99999994'], NOW)
    await addDays(
      db,
      id,
      day(firstOf(39)),
      '0.0006',
      Array.from({ length: 39 }, () => '0'),
      NOW,
    )
  }
  // Two leaders trading every day of the window with some losing days: drawdowns above 0, equity in the thousands.
  const active: [string, string[]][] = [
    ['Steady', Array.from({ length: 60 }, (_, i) => (i % 4 === 0 ? '-0.01' : '0.006'))],
    ['Bumpy', Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? '-0.04' : '0.025'))],
  ]
  for (const [name, returns] of active) {
    const id = await addLeader(db, firstOf(60), { nickname: name })
    names.set(id, name)
    await addDays(db, id, day(firstOf(60)), '5000', returns, NOW)
    // Six trades each in the window (enough to rank): win rates Steady 3 of 6, Bumpy 6 of 6 (the wiped leaders have
    // none in the window).
    const results = name === 'Steady' ? ['5', '-5', '5', '-5', '5', '-5'] : ['5', '5', '5', '5', '5', '5']
    for (const [i, pnl] of results.entries())
      await addClosedTrade(db, id, {
        openedAt: new Date(NOW.getTime() - (i + 2) * DAY),
        closedAt: new Date(NOW.getTime() - (i + 1) * DAY),
        realizedPnl: pnl,
      })
  }
  // One lucky trade in the window and nothing else: win rate 1, but too little to rank by.
  const lucky = await addLeader(db, firstOf(60), { nickname: 'Lucky' })
  names.set(lucky, 'Lucky')
  await addDays(
    db,
    lucky,
    day(firstOf(60)),
    '5000',
    Array.from({ length: 60 }, () => '0'),
    NOW,
  )
  await addClosedTrade(db, lucky, {
    openedAt: new Date(NOW.getTime() - 2 * DAY),
    closedAt: new Date(NOW.getTime() - DAY),
    realizedPnl: '50',
  })
  await refreshLeaderStats(db, NOW)
})
afterAll(() => handle.close())

async function order(sort: LeaderSort, extra: Partial<LeaderFilter> = {}, direction?: 'asc' | 'desc') {
  const rows = await leaderPage(
    handle.db,
    { period: '30d', ...extra },
    { sort, order: direction },
    { limit: 20, offset: 0 },
  )
  return rows.map((row) => [names.get(row.leader.userId), row.stats?.maxDrawdown, row.stats?.winRate])
}

describe('ranking by a risk figure (issue 17, item 5)', () => {
  it('lists the wiped-out leaders (drawdown 0, no trades in 30 days, equity 0.0006) after the active ones by drawdown', async () => {
    const list = await order('drawdown')
    // Before: WipedA, WipedB, WipedC (drawdown 0) came first, then Steady and Bumpy.
    expect(list.map(([name]) => name)).toEqual(['Steady', 'Bumpy', 'WipedA', 'WipedB', 'WipedC', 'Lucky'])
    expect(list.slice(2).every(([, drawdown]) => Number(drawdown) === 0)).toBe(true)
    expect(Number(list[0]?.[1])).toBeGreaterThan(0)
    // The other way too the ranked leaders come first; nobody is hidden.
    expect((await order('drawdown', {}, 'desc')).map(([name]) => name)).toEqual([
      'Bumpy',
      'Steady',
      'WipedA',
      'WipedB',
      'WipedC',
      'Lucky',
    ])
    expect(await leaderCount(handle.db, { period: '30d' })).toBe(6)
  })

  it('ranks by win rate the same way: one lucky trade does not beat an active leader', async () => {
    // Before: Bumpy (1), Lucky (1), Steady (0.5), then the wiped-out leaders.
    expect((await order('winRate')).map(([name]) => name)).toEqual([
      'Bumpy',
      'Steady',
      'Lucky',
      'WipedA',
      'WipedB',
      'WipedC',
    ])
  })

  it('leaves every other order alone, and the overview’s steadiest takes the ranked leaders only', async () => {
    expect((await order('newest')).map(([name]) => name)).toEqual([
      'WipedA',
      'WipedB',
      'WipedC',
      'Steady',
      'Bumpy',
      'Lucky',
    ])
    expect((await order('drawdown', { rankedOnly: true })).map(([name]) => name)).toEqual(['Steady', 'Bumpy'])
  })
})

describe('leaders a follower can copy now', () => {
  it('"has slots" leaves out a leader whose equity is below the minimum copy amount, as following it is refused', async () => {
    const names = async (hasSlots: boolean) =>
      (await order('newest', { hasSlots })).map(([name]) => name).sort((a = '', b = '') => a.localeCompare(b))
    // Before: every leader here has free slots, so the wiped-out ones (equity 0.0006) were offered too.
    expect(await names(true)).toEqual(['Bumpy', 'Lucky', 'Steady'])
    expect(await names(false)).toEqual(['WipedA', 'WipedB', 'WipedC'])
  })
})
