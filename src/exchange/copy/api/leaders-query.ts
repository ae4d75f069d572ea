/**
 * The leader list in SQL: leaders joined with their materialized statistics of a period, filtered,
 * sorted and paged by the database (one query for the page, one for the total), with the free
 * follower slots counted from active copies.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { COPY } from '#/app.config.ts'
import type { StatsPeriod } from '#/contract/index.ts'
import { windowFirstDay } from '#/contract/stats-window.ts'
import {
  chainWallets,
  copies,
  leaderDaily,
  leaders,
  leaderStats,
  leaderWatches,
  type Biz,
} from '#/exchange/db/copy-schema.ts'
import type { Tx } from '../store.ts'

export type LeaderSort = 'roi' | 'pnl' | 'copierPnl' | 'aum' | 'followers' | 'winRate' | 'drawdown' | 'newest'
export type SortOrder = 'asc' | 'desc'
export type LeaderKind = 'trader' | 'wallet'

export interface LeaderFilter {
  period: StatsPeriod
  biz?: Biz
  kind?: LeaderKind
  /** Decimal strings compared in SQL. */
  minRoi?: string
  maxDrawdown?: string
  minAum?: string
  /** Any of these tags. */
  tags?: readonly string[]
  /** true: leaders a follower can copy now (a free slot and equity of at least the minimum copy amount). */
  hasSlots?: boolean
  /** Part of the nickname, case-insensitive. */
  q?: string
  leaderIds?: readonly number[]
  /** Only leaders ranked by a risk figure (rankable: enough trades in the period and equity to take copiers). */
  rankedOnly?: boolean
  /** Only leaders that are on-chain wallets (with a chain_wallets row). */
  chainWallet?: boolean
  /** Only leaders this user watches. */
  watchedBy?: number
}

export interface LeaderOrdering {
  sort: LeaderSort
  /** Default: ascending for drawdown, descending otherwise. */
  order?: SortOrder
}

export type LeaderRow = {
  leader: typeof leaders.$inferSelect
  stats: typeof leaderStats.$inferSelect | null
  slotsLeft: number
}

const LISTED_STATUSES = ['open', 'paused'] as const

/** The first UTC day of a period's window ending now (contract/stats-window.ts); null for 'all'. */
export function periodFirstDay(period: StatsPeriod, now: Date): string | null {
  return windowFirstDay(period, now)
}

/** Copies holding a slot of the row's leader: active and paused (as the follow call counts them). */
const liveCopies = sql<number>`(select count(*) from ${copies} where ${copies.leaderId} = ${leaders.userId} and ${copies.status} <> 'cancelled')`
const slotsLeft = sql<number>`greatest(${leaders.maxFollowers} - ${liveCopies}, 0)::int`.mapWith(Number)
/** The leader's equity as its latest daily row has it (written each engine hour). */
const latestEquity = sql`(select ${leaderDaily.equityEnd} from ${leaderDaily} where ${leaderDaily.leaderId} = ${leaders.userId} order by ${leaderDaily.day} desc limit 1)`
/** Equity of at least the smallest copy a follower may make: below it a leader takes no new copiers (follow refuses). */
const fundedEnough = sql`coalesce(${latestEquity} >= ${COPY.minInvestmentUsdt}::numeric, false)`
/** A follower can start a copy now: a slot is free and the leader's equity is above the minimum copy amount. */
const open = sql`(${slotsLeft} > 0 and ${fundedEnough})`

/**
 * Whether a leader's risk figures of the period mean anything: at least COPY.minTradesToRank trades the record counts
 * (leader_stats.trades of the period: statistics.ts countedTrades, so wash trades and crumbs do not make a leader
 * rankable), and equity (its latest daily row) of at least the smallest copy a follower may make
 * (COPY.minInvestmentUsdt, the bar below which it takes no new copiers). A leader wiped out weeks ago shows a drawdown
 * of 0 and a flat ROI for every recent window; without this it would rank as the steadiest of all. Reads the period's
 * leader_stats row the queries join (statsOfPeriod).
 */
const rankable = sql`(coalesce(${leaderStats.trades}, 0) >= ${COPY.minTradesToRank} and ${fundedEnough})`

/** Sort keys; `risk`: a risk figure, by which only rankable leaders rank (the others follow them, in the same order). */
const SORT_KEYS: Record<LeaderSort, { key: SQL; order: SortOrder; risk?: true }> = {
  roi: { key: sql`coalesce(${leaderStats.roi}, 0)`, order: 'desc' },
  pnl: { key: sql`coalesce(${leaderStats.pnl}, 0)`, order: 'desc' },
  copierPnl: { key: sql`coalesce(${leaderStats.copierPnl}, 0)`, order: 'desc' },
  aum: { key: sql`coalesce(${leaderStats.aum}, 0)`, order: 'desc' },
  followers: { key: sql`coalesce(${leaderStats.copiers}, 0)`, order: 'desc' },
  winRate: { key: sql`coalesce(${leaderStats.winRate}, 0)`, order: 'desc', risk: true },
  drawdown: { key: sql`coalesce(${leaderStats.maxDrawdown}, 0)`, order: 'asc', risk: true },
  newest: { key: sql`${leaders.createdAt}`, order: 'desc' },
}

function whereOf(filter: LeaderFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [inArray(leaders.status, [...LISTED_STATUSES])]
  if (filter.biz) conditions.push(eq(leaders.biz, filter.biz))
  if (filter.kind) conditions.push(eq(leaders.kind, filter.kind))
  if (filter.leaderIds) conditions.push(inArray(leaders.userId, [...filter.leaderIds]))
  if (filter.minRoi !== undefined) conditions.push(sql`coalesce(${leaderStats.roi}, 0) >= ${filter.minRoi}::numeric`)
  if (filter.maxDrawdown !== undefined)
    conditions.push(sql`coalesce(${leaderStats.maxDrawdown}, 0) <= ${filter.maxDrawdown}::numeric`)
  if (filter.minAum !== undefined) conditions.push(sql`coalesce(${leaderStats.aum}, 0) >= ${filter.minAum}::numeric`)
  if (filter.tags && filter.tags.length > 0)
    conditions.push(sql`${leaders.tags} ?| ${sql.param([...filter.tags])}::text[]`)
  if (filter.hasSlots !== undefined) conditions.push(filter.hasSlots ? open : sql`not ${open}`)
  if (filter.q !== undefined) conditions.push(sql`strpos(lower(${leaders.nickname}), lower(${filter.q})) > 0`)
  if (filter.watchedBy !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${leaderWatches} where ${leaderWatches.leaderId} = ${leaders.userId} and ${leaderWatches.userId} = ${filter.watchedBy})`,
    )
  }
  if (filter.chainWallet)
    conditions.push(sql`exists (select 1 from ${chainWallets} where ${chainWallets.leaderId} = ${leaders.userId})`)
  if (filter.rankedOnly) conditions.push(rankable)
  return and(...conditions)
}

const statsOfPeriod = (period: StatsPeriod) =>
  and(eq(leaderStats.leaderId, leaders.userId), eq(leaderStats.period, period))

/** One page of leaders matching `filter`, in the requested order (ties: oldest id first). */
export async function leaderPage(
  db: Tx,
  filter: LeaderFilter,
  ordering: LeaderOrdering,
  page: { limit: number; offset: number },
): Promise<LeaderRow[]> {
  const { key, order: defaultOrder, risk } = SORT_KEYS[ordering.sort]
  const direction = (ordering.order ?? defaultOrder) === 'asc' ? asc : desc
  const ranked = risk ? [desc(rankable)] : []
  return db
    .select({ leader: leaders, stats: leaderStats, slotsLeft })
    .from(leaders)
    .leftJoin(leaderStats, statsOfPeriod(filter.period))
    .where(whereOf(filter))
    .orderBy(...ranked, direction(key), asc(leaders.userId))
    .limit(page.limit)
    .offset(page.offset)
}

/** How many leaders match `filter`. */
export async function leaderCount(db: Tx, filter: LeaderFilter): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(leaders)
    .leftJoin(leaderStats, statsOfPeriod(filter.period))
    .where(whereOf(filter))
  return row?.total ?? 0
}
