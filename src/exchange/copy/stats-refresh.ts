/**
 * Materialized statistics: every leader's metrics for 7, 30, 90 days and all history, computed
 * from its unit values (ROI, drawdown, Sharpe: unit-values.ts), daily equity rows (PnL) and closed trades
 * (statistics.ts) plus its copies (AUM, followers, copiers, copier PnL), written to `leader_stats` so a list of every
 * leader is one indexed read.
 * Also the live daily equity snapshot of every leader, taken by the engine at each day's end.
 */
import { and, asc, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import { STATS_PERIODS } from '#/contract/index.ts'
import { DAY_MS, utcDay, utcDayStart, windowStart } from '#/contract/stats-window.ts'
import type { Database } from '../db/client.ts'
import { leaderDaily, leaders, leaderStats, positions } from '../db/copy-schema.ts'
import { q } from '#/contract/rounding.ts'
import { Exact, Money, toPlain } from '../money.ts'
import {
  cutToPeriod,
  historyStart,
  periodStats,
  tradingSpanMs,
  type ClosedTrade,
  type DailyPoint,
} from './statistics.ts'
import { insertDailyRows, type DailyRow } from './bots/history-store.ts'
import { FLOW_KINDS, leaderEquity, marksRelation, unitFigures, type Marks, type UnitFigures } from './unit-values.ts'
import { copierPnl } from './copier-pnl.ts'

const copyFigures = z.object({
  rows: z.array(
    z.object({
      leader_id: z.coerce.number(),
      aum: z.string(),
      followers: z.coerce.number(),
      copiers: z.coerce.number(),
    }),
  ),
})

/**
 * Recomputes leader_stats for every leader that is not cancelled. `marks` value the live copies' open positions for the
 * copier PnL (copier-pnl.ts; none given: at their margin).
 */
export async function refreshLeaderStats(db: Database, now: Date, marks: Marks = new Map()): Promise<number> {
  const list = await db
    .select({ id: leaders.userId, createdAt: leaders.createdAt })
    .from(leaders)
    .where(ne(leaders.status, 'cancelled'))
  const figures = copyFigures.parse(
    await db.execute(sql`
      select c.leader_id,
        coalesce(sum(case when c.status <> 'cancelled' then c.balance + coalesce(m.margin, 0) else 0 end), 0)::text as aum,
        count(distinct c.follower_id) as followers,
        count(*) filter (where c.status <> 'cancelled') as copiers
      from copies c
      left join (select copy_id, sum(margin) as margin from positions where status = 'open' and copy_id is not null group by copy_id) m on m.copy_id = c.id
      group by c.leader_id`),
  ).rows
  const byLeader = new Map(figures.map((f) => [f.leader_id, f]))
  // Time-weighted figures of every leader and period from the unit values, one batch per period.
  const ids = list.map((l) => l.id)
  const returns = new Map<string, Map<number, UnitFigures>>()
  for (const period of STATS_PERIODS)
    returns.set(period, await unitFigures(db, 'leader', ids, windowStart(period, now), now.getTime()))
  // The copies' PnL in each period's window, after profit share.
  const copierPnls = new Map<string, Map<number, Money>>()
  for (const period of STATS_PERIODS) copierPnls.set(period, await copierPnl(db, windowStart(period, now), now, marks))
  const rows: (typeof leaderStats.$inferInsert)[] = []
  for (const { id, createdAt } of list) {
    const days: DailyPoint[] = (
      await db.select().from(leaderDaily).where(eq(leaderDaily.leaderId, id)).orderBy(asc(leaderDaily.day))
    ).map((d) => ({
      day: d.day,
      equityStart: d.equityStart,
      equityEnd: d.equityEnd,
      pnl: d.pnl,
    }))
    const trades: ClosedTrade[] = (
      await db
        .select({
          pairCode: positions.pairCode,
          openedAt: positions.openedAt,
          closedAt: positions.closedAt,
          grossPnl: positions.realizedPnl,
        })
        .from(positions)
        .where(and(eq(positions.userId, id), isNull(positions.copyId), eq(positions.status, 'closed')))
    ).map((t) => ({
      pairCode: t.pairCode,
      openedAt: t.openedAt.getTime(),
      closedAt: t.closedAt?.getTime() ?? t.openedAt.getTime(),
      grossPnl: t.grossPnl,
    }))
    const copy = byLeader.get(id)
    const history = historyStart(createdAt, days, trades)
    for (const period of STATS_PERIODS) {
      const since = windowStart(period, now)
      const cut = cutToPeriod(days, trades, since)
      const stats = periodStats(
        cut.days,
        cut.trades,
        tradingSpanMs(since, history, now.getTime()),
        returns.get(period)?.get(id) ?? NO_RETURNS,
      )
      rows.push({
        leaderId: id,
        period,
        roi: stats.roi,
        pnl: stats.pnl,
        winRate: stats.winRate,
        maxDrawdown: stats.maxDrawdown,
        sharpe: stats.sharpe,
        tradesPerWeek: stats.tradesPerWeek,
        avgHoldingMinutes: stats.avgHoldingMinutes,
        preferredCoins: stats.preferredCoins,
        aum: toPlain(new Money(copy?.aum ?? '0')),
        followers: copy?.followers ?? 0,
        copiers: copy?.copiers ?? 0,
        copierPnl: toPlain(q(copierPnls.get(period)?.get(id) ?? new Money(0))),
        updatedAt: now,
      })
    }
  }
  if (rows.length > 0) {
    await db
      .insert(leaderStats)
      .values(rows)
      .onConflictDoUpdate({
        target: [leaderStats.leaderId, leaderStats.period],
        set: Object.fromEntries(
          [
            'roi',
            'pnl',
            'win_rate',
            'max_drawdown',
            'sharpe',
            'trades_per_week',
            'avg_holding_minutes',
            'preferred_coins',
            'aum',
            'followers',
            'copiers',
            'copier_pnl',
            'updated_at',
          ].map((c) => [camel(c), sql.raw(`excluded.${c}`)]),
        ),
      })
  }
  return list.length
}

const NO_RETURNS: UnitFigures = {
  roi: new Exact(0),
  maxDrawdown: new Exact(0),
  days: [],
  daily: [],
  byDay: new Map(),
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())

/** Ledger kinds that move money into or out of a leader's wallet not by trading: not PnL (unit-values.ts's list). */
const FLOWS = sql.join(
  FLOW_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
)

const equityRows = z.object({
  rows: z.array(
    z.object({
      leader_id: z.coerce.number(),
      equity: z.string(),
      flows: z.string(),
      later_flows: z.string(),
      trades: z.coerce.number(),
      wins: z.coerce.number(),
    }),
  ),
})

/**
 * The row of `now`'s UTC day for every leader: equity (unit-values.ts `leaderEquity`: wallet USDT + each own open
 * position's margin and unrealized PnL at the marks, at least 0), PnL =
 * equity change minus money that came in or went out not by trading (deposits, profit share received, copy moves),
 * trades and wins (statistics.ts `isWin`: realized PnL before fees and funding > 0) closed that day. Written again while the day runs. Every flow belongs to the one day
 * [00:00, next 00:00) it happened in: a day closed late (its last snapshot taken after midnight, as the engine does
 * when a tick crosses it) ends at the equity measured less the flows that came after its end, so a profit share paid
 * at Monday 00:00 is Monday's flow only, never Sunday's equity as well.
 */
export async function snapshotDay(db: Database, now: Date, marks: ReadonlyMap<string, string>): Promise<number> {
  const day = utcDay(now.getTime())
  const start = new Date(utcDayStart(now.getTime()))
  const end = new Date(start.getTime() + DAY_MS)
  const within = sql`t.created_at >= ${start.toISOString()}::timestamptz and t.created_at < ${end.toISOString()}::timestamptz`
  const after = sql`t.created_at >= ${end.toISOString()}::timestamptz`
  const closedWithin = sql`p.closed_at >= ${start.toISOString()}::timestamptz and p.closed_at < ${end.toISOString()}::timestamptz`
  const result = equityRows.parse(
    await db.execute(sql`
      with m as ${marksRelation(marks)}
      select l.user_id as leader_id,
        ${leaderEquity(sql`l.user_id`)}::text as equity,
        coalesce((select sum(case when t.credit = w.key then t.amount else -t.amount end) from ledger_transfers t
          where (t.credit = w.key or t.debit = w.key) and t.kind in (${FLOWS}) and ${within}), 0)::text as flows,
        coalesce((select sum(case when t.credit = w.key then t.amount else -t.amount end) from ledger_transfers t
          where (t.credit = w.key or t.debit = w.key) and t.kind in (${FLOWS}) and ${after}), 0)::text as later_flows,
        (select count(*) from positions p where p.user_id = l.user_id and p.copy_id is null and p.status = 'closed' and ${closedWithin}) as trades,
        (select count(*) from positions p where p.user_id = l.user_id and p.copy_id is null and p.status = 'closed' and ${closedWithin}
          and p.realized_pnl > 0) as wins
      from leaders l
      cross join lateral (select 'wallet:' || l.user_id || ':3:USDT' as key) w
      where l.status <> 'cancelled'`),
  ).rows
  const dayBefore = utcDay(start.getTime() - DAY_MS)
  const previous = await db
    .select({
      leaderId: leaderDaily.leaderId,
      day: leaderDaily.day,
      equityEnd: leaderDaily.equityEnd,
      equityStart: leaderDaily.equityStart,
    })
    .from(leaderDaily)
    .where(and(gte(leaderDaily.day, dayBefore), lte(leaderDaily.day, day)))
  // The day starts at yesterday's end plus today's flows; a leader's first day starts at its first snapshot.
  // Exact sums of stored amounts (numeric(36,18) has 36 digits; Money's 20 would round them); the equity at the marks
  // is a figure, brought to 18 decimals half up once (rounding.ts `q`), so PnL = end − start holds to the last digit.
  const startOf = (leaderId: number, equity: Money, flows: string) => {
    const yesterday = previous.find((p) => p.leaderId === leaderId && p.day === dayBefore)
    if (yesterday) return new Exact(yesterday.equityEnd).plus(flows)
    const today = previous.find((p) => p.leaderId === leaderId && p.day === day)
    return today ? new Exact(today.equityStart) : equity
  }
  const rows: DailyRow[] = result.map((r) => {
    const equity = q(new Exact(r.equity)).minus(r.later_flows)
    const equityStart = startOf(r.leader_id, equity, r.flows)
    return {
      leaderId: r.leader_id,
      day,
      equityStart: toPlain(equityStart),
      equityEnd: toPlain(equity),
      pnl: toPlain(equity.minus(equityStart)),
      trades: r.trades,
      wins: r.wins,
    }
  })
  await db.transaction((tx) => insertDailyRows(tx, rows))
  return rows.length
}
