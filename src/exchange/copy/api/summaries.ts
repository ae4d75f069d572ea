/**
 * Leader rows to the wire: LeaderStats from the materialized row of a period (zeros before the
 * engine wrote one), daily series (PnL from leader_daily, time-weighted ROI from the unit values), and LeaderSummary
 * cards with
 * their sparklines (one query for every card of a page) and whether each takes new copiers (its equity at the
 * marks, read with the page).
 */
import { and, asc, gte, inArray } from 'drizzle-orm'
import type { LeaderStats, LeaderSummary, StatsPeriod } from '#/contract/index.ts'
import { leaderDaily, type leaderStats } from '#/exchange/db/copy-schema.ts'
import { windowStart } from '#/contract/stats-window.ts'
import { dailySeries, isNewLeader, type DailyPoint, type Returns, type SeriesPoint } from '../statistics.ts'
import { unitFigures } from '../unit-values.ts'
import type { Money } from '#/exchange/money.ts'
import { acceptingCopiersOf } from '../leader-equity.ts'
import type { Tx } from '../store.ts'
import { periodFirstDay, type LeaderRow } from './leaders-query.ts'
import { plain } from './wire.ts'

export type StatsRow = typeof leaderStats.$inferSelect

/** Points of a sparkline at most. */
export const SPARKLINE_POINTS = 90

export function statsToWire(period: StatsPeriod, row: StatsRow | null): LeaderStats {
  if (row === null) {
    return {
      period,
      roi: '0',
      pnl: '0',
      winRate: '0',
      weightedWinRate: '0',
      maxDrawdown: '0',
      sharpe: '0',
      tradesPerWeek: '0',
      avgHoldingMinutes: '0',
      preferredCoins: [],
      aum: '0',
      followers: 0,
      copiers: 0,
      copierPnl: '0',
    }
  }
  return {
    period,
    roi: plain(row.roi),
    pnl: plain(row.pnl),
    winRate: plain(row.winRate),
    weightedWinRate: plain(row.weightedWinRate),
    maxDrawdown: plain(row.maxDrawdown),
    sharpe: plain(row.sharpe),
    tradesPerWeek: plain(row.tradesPerWeek),
    avgHoldingMinutes: plain(row.avgHoldingMinutes),
    preferredCoins: row.preferredCoins,
    aum: plain(row.aum),
    followers: row.followers,
    copiers: row.copiers,
    copierPnl: plain(row.copierPnl),
  }
}

/** Daily records of the leaders within the period, oldest first, per leader. */
export async function dailyPoints(
  db: Tx,
  leaderIds: readonly number[],
  period: StatsPeriod,
  now: Date,
): Promise<Map<number, DailyPoint[]>> {
  const byLeader = new Map<number, DailyPoint[]>()
  if (leaderIds.length === 0) return byLeader
  const firstDay = periodFirstDay(period, now)
  const rows = await db
    .select({
      leaderId: leaderDaily.leaderId,
      day: leaderDaily.day,
      equityStart: leaderDaily.equityStart,
      equityEnd: leaderDaily.equityEnd,
      pnl: leaderDaily.pnl,
    })
    .from(leaderDaily)
    .where(
      and(
        inArray(leaderDaily.leaderId, [...leaderIds]),
        firstDay === null ? undefined : gte(leaderDaily.day, firstDay),
      ),
    )
    .orderBy(asc(leaderDaily.leaderId), asc(leaderDaily.day))
  for (const { leaderId, ...point } of rows) {
    const list = byLeader.get(leaderId)
    if (list) list.push(point)
    else byLeader.set(leaderId, [point])
  }
  return byLeader
}

/** Cumulative ROI of the leaders at each day's end of the period, from the unit values. */
export async function periodReturns(
  db: Tx,
  leaderIds: readonly number[],
  period: StatsPeriod,
  now: Date,
): Promise<Map<number, Pick<Returns, 'byDay'>>> {
  return unitFigures(db, 'leader', leaderIds, windowStart(period, now), now.getTime(), { drawdown: false })
}

const NO_RETURNS: Pick<Returns, 'byDay'> = { byDay: new Map() }

/** Cumulative series of a period: its days, each with cumulative ROI and PnL. */
export async function seriesOf(db: Tx, leaderId: number, period: StatsPeriod, now: Date): Promise<SeriesPoint[]> {
  const [days, returns] = await Promise.all([
    dailyPoints(db, [leaderId], period, now),
    periodReturns(db, [leaderId], period, now),
  ])
  return dailySeries(days.get(leaderId) ?? [], returns.get(leaderId) ?? NO_RETURNS)
}

/** At most `limit` points spread evenly from the first to the last. */
export function thin<T>(points: readonly T[], limit: number): T[] {
  if (points.length <= limit) return [...points]
  if (limit <= 1) return points.slice(-1)
  const last = points.length - 1
  const picked: T[] = []
  for (let i = 0; i < limit; i += 1) {
    const point = points[Math.round((i * last) / (limit - 1))]
    if (point !== undefined) picked.push(point)
  }
  return picked
}

/** Cumulative ROI per day of the period, at most SPARKLINE_POINTS. */
export function sparklineOf(days: readonly DailyPoint[], returns: Pick<Returns, 'byDay'>): string[] {
  return thin(dailySeries(days, returns), SPARKLINE_POINTS).map((point) => point.roi)
}

export function summaryOf(
  row: LeaderRow,
  period: StatsPeriod,
  sparkline: string[],
  now: Date,
  acceptingCopiers: boolean,
): LeaderSummary {
  const { leader } = row
  return {
    leaderId: String(leader.userId),
    kind: leader.kind,
    biz: leader.biz,
    nickname: leader.nickname,
    avatar: leader.avatar,
    bio: leader.bio,
    tags: leader.tags,
    region: leader.region,
    status: leader.status,
    profitShareRate: plain(leader.profitShareRate),
    maxFollowers: leader.maxFollowers,
    minCopyAmount: plain(leader.minCopyAmount),
    slotsLeft: row.slotsLeft,
    acceptingCopiers,
    createdAt: leader.createdAt.getTime(),
    // Own trades and daily rows start when the leader does (statistics.ts historyStart).
    isNew: isNewLeader(leader.createdAt.getTime(), now.getTime()),
    stats: statsToWire(period, row.stats),
    sparkline,
  }
}

/** Cards of a page of leaders: one query for every sparkline, one for every leader's equity at `marks`. */
export async function summariesOf(
  db: Tx,
  rows: readonly LeaderRow[],
  period: StatsPeriod,
  now: Date,
  marks: ReadonlyMap<string, Money>,
): Promise<LeaderSummary[]> {
  const ids = rows.map((row) => row.leader.userId)
  const [days, returns, accepting] = await Promise.all([
    dailyPoints(db, ids, period, now),
    periodReturns(db, ids, period, now),
    acceptingCopiersOf(db, ids, marks),
  ])
  return rows.map((row) =>
    summaryOf(
      row,
      period,
      sparklineOf(days.get(row.leader.userId) ?? [], returns.get(row.leader.userId) ?? NO_RETURNS),
      now,
      accepting.get(row.leader.userId) ?? false,
    ),
  )
}
