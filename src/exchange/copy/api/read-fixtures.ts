/**
 * Test fixtures of the copy-trading reads: leaders (registered users with a leaders row and
 * materialized statistics), daily records, copies and positions written straight to the database,
 * and a caller that checks every answer against the served OpenAPI document.
 */
import { expect } from 'vitest'
import type { StatsPeriod } from '../../../contract/index.ts'
import { chainWallets, copies, leaderDaily, leaders, leaderStats, leaderVotes, leaderWatches, positions } from '../../db/copy-schema.ts'
import type { Harness, TestUser } from '../../testing/harness.ts'
import type { OpenApiCheck } from '../../testing/openapi-check.ts'
import { Money } from '../../money.ts'
import { utcDay } from '../statistics.ts'

export const DAY_MS = 86_400_000

export interface StatsValues {
  roi?: string
  pnl?: string
  copierPnl?: string
  aum?: string
  copiers?: number
  winRate?: string
  maxDrawdown?: string
}

export interface LeaderSetup {
  nickname: string
  biz?: 'futures' | 'spot'
  kind?: 'trader' | 'wallet'
  status?: 'open' | 'paused' | 'cancelled'
  tags?: string[]
  maxFollowers?: number
  createdDaysAgo: number
  stats?: Partial<Record<StatsPeriod, StatsValues>>
}

export interface TestLeader extends TestUser {
  id: number
}

/** Wipes whatever copy-trading data the seed wrote, so each list holds exactly the fixtures. */
export async function clearCopyTrading(h: Harness): Promise<void> {
  const { db } = h.context
  for (const table of [positions, copies, leaderStats, leaderDaily, chainWallets, leaderVotes, leaderWatches, leaders]) await db.delete(table)
}

export async function makeLeader(h: Harness, setup: LeaderSetup): Promise<TestLeader> {
  const user = await h.registerUser()
  const id = Number(user.userId)
  const now = h.context.now().getTime()
  await h.context.db.insert(leaders).values({
    userId: id,
    biz: setup.biz ?? 'futures',
    kind: setup.kind ?? 'trader',
    strategy: 'user',
    nickname: setup.nickname,
    tags: setup.tags ?? [],
    profitShareRate: '0.1',
    maxFollowers: setup.maxFollowers ?? 10,
    minCopyAmount: '50',
    status: setup.status ?? 'open',
    createdAt: new Date(now - setup.createdDaysAgo * DAY_MS),
  })
  for (const [period, values] of Object.entries(setup.stats ?? {})) {
    if (period !== '7d' && period !== '30d' && period !== '90d' && period !== 'all') continue
    await h.context.db.insert(leaderStats).values({
      leaderId: id,
      period,
      roi: values.roi ?? '0',
      pnl: values.pnl ?? '0',
      winRate: values.winRate ?? '0',
      maxDrawdown: values.maxDrawdown ?? '0',
      sharpe: '1.5',
      tradesPerWeek: '3.5',
      avgHoldingMinutes: '90',
      preferredCoins: ['BTC', 'ETH'],
      aum: values.aum ?? '0',
      followers: (values.copiers ?? 0) + 2,
      copiers: values.copiers ?? 0,
      copierPnl: values.copierPnl ?? '0',
      updatedAt: new Date(now),
    })
  }
  return { ...user, id }
}

/** Daily records `daysAgo` days before now: [daysAgo, equityStart, pnl, trades]. */
export async function addDays(h: Harness, leaderId: number, days: readonly (readonly [number, string, string, number])[]): Promise<void> {
  const now = h.context.now().getTime()
  await h.context.db.insert(leaderDaily).values(
    days.map(([daysAgo, equityStart, pnl, trades]) => ({
      leaderId,
      day: utcDay(now - daysAgo * DAY_MS),
      equityStart,
      equityEnd: new Money(equityStart).plus(pnl).toFixed(),
      pnl,
      trades,
      wins: 0,
    })),
  )
}

export async function addCopy(h: Harness, followerId: number, leaderId: number, status: 'active' | 'paused' | 'cancelled', values: { investment?: string; balance?: string; createdAt?: Date } = {}): Promise<number> {
  const [row] = await h.context.db
    .insert(copies)
    .values({ followerId, leaderId, status, mode: 'fixed', fixedAmount: '100', investment: values.investment ?? '500', balance: values.balance ?? '0', leverageMode: 'follow', createdAt: values.createdAt ?? h.context.now() })
    .returning({ id: copies.id })
  if (!row) throw new Error('no copy')
  return row.id
}

/** A copied position written directly (the engine's accounting is not what these reads test). */
export async function addCopiedPosition(h: Harness, copyId: number, userId: number, values: { status: 'open' | 'closed'; margin: string; realizedPnl: string; fees: string; funding: string }): Promise<void> {
  await h.context.db.insert(positions).values({
    userId,
    copyId,
    biz: 'futures',
    pairCode: 'BTC_USDT',
    side: 1,
    leverage: 10,
    size: values.status === 'open' ? '0.01' : '0',
    entryPrice: '50000',
    margin: values.margin,
    status: values.status,
    closedSize: values.status === 'open' ? '0' : '0.01',
    realizedPnl: values.realizedPnl,
    fees: values.fees,
    funding: values.funding,
    openedAt: h.context.now(),
  })
}

/** GET a path, expect the status, check the body against the document and record the operation. */
export function caller(h: Harness, doc: () => OpenApiCheck, exercised: Set<string>) {
  const templateOf = (pathname: string) => {
    const matches = doc().paths.filter((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname))
    return matches.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0] ?? pathname
  }
  return async (path: string, options: { token?: string; status?: number } = {}): Promise<unknown> => {
    const result = await h.api('GET', path, { token: options.token })
    const status = options.status ?? 200
    expect(result.status, `${path}: ${result.text}`).toBe(status)
    const template = templateOf(path.split('?')[0] ?? path)
    doc().assertResponse(template, 'get', status, result.body)
    exercised.add(`get ${template}`)
    return result.body
  }
}
