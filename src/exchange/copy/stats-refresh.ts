/**
 * Materialized statistics: every leader's metrics for 7, 30, 90 days and all history, computed
 * from its unit values (ROI, drawdown, Sharpe: unit-values.ts), daily equity rows (PnL) and closed trades (statistics.ts:
 * the record counts those of some size, not filled against a linked account) plus its copies (AUM, followers, copiers, copier PnL), written to `leader_stats` so a list of every
 * leader is one indexed read.
 * Also the live daily equity snapshot of every leader, taken by the engine at each day's end.
 */
import { asc, eq, ne, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { STATS_PERIODS } from '#/contract/index.ts'
import { DAY_MS, utcDay, utcDayStart, windowStart } from '#/contract/stats-window.ts'
import type { Database } from '../db/client.ts'
import { leaderDaily, leaders, leaderStats } from '../db/copy-schema.ts'
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
import {
  FLOW_KINDS,
  firstValueTimes,
  leaderEquity,
  marksRelation,
  unitFigures,
  type Marks,
  type UnitFigures,
} from './unit-values.ts'
import { copierPnl } from './copier-pnl.ts'
import { linkedUsers } from '../trading/trade-group.ts'

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
  const firstValues = await firstValueTimes(db, 'leader', ids)
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
    const trades = await closedTrades(db, id)
    const copy = byLeader.get(id)
    const history = historyStart(createdAt, firstValues.get(id) ?? null, trades)
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
        weightedWinRate: stats.weightedWinRate,
        trades: stats.trades,
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
            'weighted_win_rate',
            'trades',
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

const tradeRows = z.object({
  rows: z.array(
    z.object({
      pair_code: z.string(),
      opened_at: z.coerce.number(),
      closed_at: z.coerce.number(),
      gross_pnl: z.string(),
      fees: z.string(),
      funding: z.string(),
      notional: z.string(),
      equity: z.string(),
      linked: z.boolean(),
    }),
  ),
})

/**
 * The leader's own closed positions as trades: with their size (entry price × size closed), the leader's equity when
 * each opened (its last unit value at or before then) and whether any of its fills was against a linked account
 * (fills.counterparty_user_id, trading/trade-group.ts): what statistics.ts `countsForRecord` decides on.
 */
async function closedTrades(db: Database, leaderId: number): Promise<ClosedTrade[]> {
  const epoch = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::bigint`
  const result = await db.execute(sql`
    select p.pair_code, ${epoch(sql`p.opened_at`)} as opened_at, ${epoch(sql`coalesce(p.closed_at, p.opened_at)`)} as closed_at,
      p.realized_pnl::text as gross_pnl, p.fees::text as fees, p.funding::text as funding,
      (p.entry_price * p.closed_size)::text as notional,
      coalesce((select u.equity from unit_values u where u.owner_kind = 'leader' and u.owner_id = p.user_id
        and u.at <= p.opened_at order by u.at desc, u.id desc limit 1), 0)::text as equity,
      exists (select 1 from fills f where f.user_id = p.user_id and f.counterparty_user_id is not null
        and f.counterparty_user_id in (${linkedUsers(sql`p.user_id`)})
        and f.biz = p.biz and f.pair_code = p.pair_code and f.created_at >= p.opened_at
        and f.created_at <= coalesce(p.closed_at, p.opened_at)) as linked
    from positions p
    where p.user_id = ${leaderId} and p.copy_id is null and p.status = 'closed'
    order by p.id`)
  return tradeRows.parse(result).rows.map((t) => ({
    pairCode: t.pair_code,
    openedAt: t.opened_at,
    closedAt: t.closed_at,
    grossPnl: t.gross_pnl,
    fees: t.fees,
    funding: t.funding,
    notional: t.notional,
    equityAtOpen: t.equity,
    linked: t.linked,
  }))
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
      opening: z.string(),
      flows: z.string(),
      later_flows: z.string(),
    }),
  ),
})

/**
 * The row of `now`'s UTC day for every leader: equity (unit-values.ts `leaderEquity`: wallet USDT + each own open
 * position's margin and unrealized PnL at the marks, at least 0), PnL = equity change minus money that came in or went
 * out not by trading (deposits, profit share received, copy moves). Written again while the day runs.
 *
 * The day starts where the leader's last earlier row ended, plus every flow since that row's end (yesterday's row, or
 * an older one after days the engine did not run: their trading then counts on this day, so a window's PnL stays
 * equity change less flows). A leader with no earlier row starts from its wallet's ledger balance at 00:00 (0 for a
 * new account) plus the margin of positions open then, plus the day's flows: money deposited after the day's first
 * snapshot is never PnL. Every flow belongs to the one day [00:00, next 00:00) it happened in: a day closed late (its
 * last snapshot taken after midnight, as the engine does when a tick crosses it) ends at the equity measured less the
 * flows that came after its end, so a profit share paid at Monday 00:00 is Monday's flow only.
 */
export async function snapshotDay(db: Database, now: Date, marks: ReadonlyMap<string, string>): Promise<number> {
  const day = utcDay(now.getTime())
  const start = new Date(utcDayStart(now.getTime()))
  const end = new Date(start.getTime() + DAY_MS)
  const startAt = sql`${start.toISOString()}::timestamptz`
  const endAt = sql`${end.toISOString()}::timestamptz`
  // Flows count from the end of the leader's last earlier row (its day + 1 at 00:00 UTC), or from today's 00:00.
  const flowsFrom = sql`coalesce(((pr.day + 1)::timestamp at time zone 'UTC'), ${startAt})`
  const signed = sql`case when t.credit = w.key then t.amount else -t.amount end`
  const result = equityRows.parse(
    await db.execute(sql`
      with m as ${marksRelation(marks)},
      pr as (select distinct on (d.leader_id) d.leader_id, d.day, d.equity_end from leader_daily d
        where d.day < ${day}::date order by d.leader_id, d.day desc)
      select l.user_id as leader_id,
        ${leaderEquity(sql`l.user_id`)}::text as equity,
        coalesce(pr.equity_end, coalesce((select sum(${signed}) from ledger_transfers t
            where (t.credit = w.key or t.debit = w.key) and t.created_at < ${startAt}), 0)
          + coalesce((select sum(p.margin) from positions p where p.user_id = l.user_id and p.copy_id is null
            and p.opened_at < ${startAt} and (p.closed_at is null or p.closed_at >= ${startAt})), 0))::text as opening,
        coalesce((select sum(${signed}) from ledger_transfers t
          where (t.credit = w.key or t.debit = w.key) and t.kind in (${FLOWS})
            and t.created_at >= ${flowsFrom} and t.created_at < ${endAt}), 0)::text as flows,
        coalesce((select sum(${signed}) from ledger_transfers t
          where (t.credit = w.key or t.debit = w.key) and t.kind in (${FLOWS}) and t.created_at >= ${endAt}), 0)::text as later_flows
      from leaders l
      cross join lateral (select 'wallet:' || l.user_id || ':3:USDT' as key) w
      left join pr on pr.leader_id = l.user_id
      where l.status <> 'cancelled'`),
  ).rows
  // Exact sums of stored amounts (numeric(36,18) has 36 digits; Money's 20 would round them); the equity at the marks
  // is a figure, brought to 18 decimals half up once (rounding.ts `q`), so PnL = end − start holds to the last digit.
  const rows: DailyRow[] = result.map((r) => {
    const equity = q(new Exact(r.equity)).minus(r.later_flows)
    const equityStart = new Exact(r.opening).plus(r.flows)
    return {
      leaderId: r.leader_id,
      day,
      equityStart: toPlain(equityStart),
      equityEnd: toPlain(equity),
      pnl: toPlain(equity.minus(equityStart)),
    }
  })
  await db.transaction((tx) => insertDailyRows(tx, rows))
  return rows.length
}
