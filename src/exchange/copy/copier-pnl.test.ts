/**
 * Copier PnL follows the period tab (issue 17, item 7): a copy that won 489.75 eight days ago and lost 209.9 two days
 * ago, then paid 27.985 of profit share, shows −237.885 for 7 days and 251.865 for 30 days and all (it showed the
 * realized 279.85 for every period, without the profit share).
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { windowStart } from '#/contract/stats-window.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { copies, leaders, leaderStats } from '../db/copy-schema.ts'
import { users } from '../db/schema.ts'
import { Money } from '../money.ts'
import { copierPnl } from './copier-pnl.ts'
import { deposit, fundCopy, leaderTrade, settleProfitShares } from './engine.ts'
import { defaultRules } from './rules.ts'
import { refreshLeaderStats } from './stats-refresh.ts'
import { recordValuations } from './unit-values.ts'
import { memoryDatabase } from '#tests/fixtures/exchange/database-template.ts'
import { noFunding } from '#tests/fixtures/exchange/funding.ts'

const rules = defaultRules()
const HOUR = 3_600_000
const DAY = 24 * HOUR
const NOW = new Date('2026-03-12T15:00:00.000Z')
/** 00:00 UTC of the first day of the 7-day window. */
const D7 = windowStart('7d', NOW) ?? 0
const at = (days: number, hours = 0) => new Date(D7 + days * DAY + hours * HOUR)
const BTC = 'BTC_USDT'
const marks = new Map([[BTC, new Money(50_000)]])
let handle: DatabaseHandle
let leaderId = 0

async function addUser(name: string): Promise<number> {
  const [row] = await handle.db
    .insert(users)
    .values({ accountType: 'email', account: `${name}@test.dev`, passwordHash: '!', nickname: name, inviteCode: name })
    .returning({ id: users.id })
  if (!row) throw new Error('no user')
  return row.id
}

/** The leader's 1 BTC 10× long from `open` to `close`: the copy (1,000 margin) holds 0.2 BTC. */
async function roundTrip(name: string, open: number, close: number, when: Date): Promise<void> {
  const order = { leaderId, biz: 'futures' as const, pairCode: BTC }
  const opened = await leaderTrade(handle.db, rules, noFunding, {
    ...order,
    eventId: `${name}:open`,
    price: new Money(open),
    at: when,
    action: { kind: 'open', side: 1, size: new Money(1), leverage: 10 },
  })
  if (!opened) throw new Error('not opened')
  await leaderTrade(handle.db, rules, noFunding, {
    ...order,
    eventId: `${name}:close`,
    price: new Money(close),
    at: new Date(when.getTime() + HOUR),
    action: { kind: 'close', positionId: opened.position.id },
  })
}

beforeAll(async () => {
  handle = await memoryDatabase()
  leaderId = await addUser('leader')
  const followerId = await addUser('follower')
  await handle.db.transaction(async (tx) => {
    await deposit(tx, leaderId, 'USDT', new Money(100_000), at(-10))
    await deposit(tx, followerId, 'USDT', new Money(10_000), at(-10))
  })
  await handle.db.insert(leaders).values({
    userId: leaderId,
    biz: 'futures',
    strategy: 'user',
    nickname: 'leader',
    profitShareRate: '0.1',
    maxFollowers: 10,
    minCopyAmount: '10',
    createdAt: at(-10),
  })
  const [copy] = await handle.db
    .insert(copies)
    .values({
      followerId,
      leaderId,
      status: 'active',
      mode: 'fixed',
      fixedAmount: '1000',
      profitShareRate: '0.1',
      investment: '0',
      leverageMode: 'follow',
      createdAt: at(-3),
    })
    .returning({ id: copies.id })
  if (!copy) throw new Error('no copy')
  await handle.db.transaction((tx) => fundCopy(tx, copy.id, new Money(5000), at(-3)))
  // Before the window: +500 − fees 5 and 5.25 = +489.75.
  await roundTrip('win', 50_000, 52_500, at(-2))
  // The day-end valuation at the window's first midnight (the runner's).
  await recordValuations(handle.db, marks, at(0), { leaders: false, copies: true })
  // In the window: −200 − fees 5 and 4.9 = −209.9; then a profit share of 10 % × 279.85.
  await roundTrip('loss', 50_000, 49_000, at(1))
  const settled = await settleProfitShares(handle.db, at(2), marks)
  expect(settled.map((r) => r.share.toFixed())).toEqual(['27.985'])
})
afterAll(() => handle.close())

describe('copier PnL', () => {
  it('counts the copies’ PnL within each window, after profit share', async () => {
    const pnl = async (start: number | null) => (await copierPnl(handle.db, start, NOW, marks)).get(leaderId)?.toFixed()
    expect(await pnl(windowStart('7d', NOW))).toBe('-237.885')
    expect(await pnl(windowStart('30d', NOW))).toBe('251.865')
    expect(await pnl(null)).toBe('251.865')
  })

  it('is stored per period in the leader’s statistics', async () => {
    await refreshLeaderStats(handle.db, NOW, marks)
    const stored = await handle.db
      .select({ period: leaderStats.period, copierPnl: leaderStats.copierPnl })
      .from(leaderStats)
      .where(and(eq(leaderStats.leaderId, leaderId)))
    expect(Object.fromEntries(stored.map((s) => [s.period, new Money(s.copierPnl).toFixed()]))).toEqual({
      '7d': '-237.885',
      '30d': '251.865',
      '90d': '251.865',
      all: '251.865',
    })
  })
})
