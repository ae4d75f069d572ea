/**
 * The public reads of one leader and of the leader list: cards, detail with what concerns the
 * caller (vote, watch, copy, whether they may follow), statistics with chart series, open
 * positions at the mark, closed history and current copiers (masked).
 */
import { and, asc, count, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import type {
  CopyPosition,
  LeaderDetail,
  LeaderFollower,
  LeaderListItem,
  LeaderListQuery,
  LeaderStats,
  StatsPeriod,
} from '#/contract/index.ts'
import { copies, leaders, leaderStats, leaderVotes, leaderWatches, positions } from '#/exchange/db/copy-schema.ts'
import { users } from '#/exchange/db/schema.ts'
import { notFound, unauthorized } from '#/exchange/http/errors.ts'
import type { MarketSimulator } from '#/exchange/market/simulator.ts'
import type { Money } from '#/exchange/money.ts'
import type { SeriesPoint } from '../statistics.ts'
import type { Tx } from '../store.ts'
import { leaderCount, leaderPage, type LeaderFilter, type LeaderRow } from './leaders-query.ts'
import { seriesOf, statsToWire, summariesOf } from './summaries.ts'
import { NO_VOTES, voteCounts } from './watch-vote.service.ts'
import { followRefusal, maskNickname, plain, positionToWire } from './wire.ts'
import { markOf, marksOf } from '../marks.ts'
import type { Rules } from '../rules.ts'
import { adlQuantiles } from '#/exchange/trading/adl-rank.ts'

export interface Paging {
  page: number
  pageSize: number
}

export interface Page<T> extends Paging {
  list: T[]
  total: number
}

/** LIMIT and OFFSET of a page. */
export const pageWindow = ({ page, pageSize }: Paging) => ({ limit: pageSize, offset: (page - 1) * pageSize })

/**
 * The list's query as a filter: tags split on commas, hasSlots as a boolean, watched as the caller's watches (401 when
 * anonymous).
 */
export function filterOf(query: LeaderListQuery, callerId?: number): LeaderFilter {
  if (query.watched === 'true' && callerId === undefined) throw unauthorized()
  return {
    period: query.period,
    biz: query.biz,
    kind: query.kind,
    minRoi: query.minRoi,
    maxDrawdown: query.maxDrawdown,
    minAum: query.minAum,
    tags: query.tags?.split(','),
    hasSlots: query.hasSlots === undefined ? undefined : query.hasSlots === 'true',
    q: query.q,
    watchedBy: query.watched === 'true' ? callerId : undefined,
  }
}

/** A page of leader cards, each with its like and dislike counts (one grouped query for the page). */
export async function listLeaders(
  db: Tx,
  now: Date,
  marks: ReadonlyMap<string, Money>,
  query: LeaderListQuery,
  callerId?: number,
): Promise<Page<LeaderListItem>> {
  const filter = filterOf(query, callerId)
  const [rows, total] = await Promise.all([
    leaderPage(db, filter, { sort: query.sort, order: query.order }, pageWindow(query)),
    leaderCount(db, filter),
  ])
  const [summaries, votes] = await Promise.all([
    summariesOf(db, rows, query.period, now, marks),
    voteCounts(
      db,
      rows.map((row) => row.leader.userId),
    ),
  ])
  const list = summaries.map((summary) => ({ ...summary, ...(votes.get(Number(summary.leaderId)) ?? NO_VOTES) }))
  return { list, total, page: query.page, pageSize: query.pageSize }
}

/** A listed (open or paused) leader with its statistics of the period, or 404. */
export async function listedLeader(db: Tx, now: Date, leaderId: number, period: StatsPeriod): Promise<LeaderRow> {
  const [row] = await leaderPage(db, { period, leaderIds: [leaderId] }, { sort: 'newest' }, { limit: 1, offset: 0 })
  if (!row) throw notFound()
  return row
}

/** 404 unless the leader exists and is not cancelled. */
async function assertListed(db: Tx, leaderId: number): Promise<void> {
  const [row] = await db
    .select({ id: leaders.userId })
    .from(leaders)
    .where(and(eq(leaders.userId, leaderId), ne(leaders.status, 'cancelled')))
  if (!row) throw notFound()
}

/** What concerns the caller: their vote, watch and live copy, and whether they may follow. */
async function callerView(db: Tx, row: LeaderRow, callerId: number, acceptingCopiers: boolean) {
  const leaderId = row.leader.userId
  const [[vote], [watch], [copy], [leading]] = await Promise.all([
    db
      .select({ vote: leaderVotes.vote })
      .from(leaderVotes)
      .where(and(eq(leaderVotes.userId, callerId), eq(leaderVotes.leaderId, leaderId))),
    db
      .select({ at: leaderWatches.createdAt })
      .from(leaderWatches)
      .where(and(eq(leaderWatches.userId, callerId), eq(leaderWatches.leaderId, leaderId))),
    db
      .select({ id: copies.id, status: copies.status })
      .from(copies)
      .where(and(eq(copies.followerId, callerId), eq(copies.leaderId, leaderId), ne(copies.status, 'cancelled'))),
    db
      .select({ id: leaders.userId })
      .from(leaders)
      .where(and(eq(leaders.userId, callerId), ne(leaders.status, 'cancelled'))),
  ])
  const myCopy = copy && copy.status !== 'cancelled' ? { copyId: String(copy.id), status: copy.status } : null
  const reason = followRefusal({
    self: callerId === leaderId,
    leading: leading !== undefined,
    copying: myCopy !== null,
    leaderStatus: row.leader.status,
    slotsLeft: row.slotsLeft,
    acceptingCopiers,
  })
  const myVote: 1 | -1 | 0 = vote === undefined ? 0 : vote.vote > 0 ? 1 : -1
  return { myVote, watched: watch !== undefined, myCopy, canFollow: { ok: reason === null, reason } }
}

export async function leaderDetail(
  db: Tx,
  now: Date,
  marks: ReadonlyMap<string, Money>,
  leaderId: number,
  period: StatsPeriod,
  callerId: number | undefined,
): Promise<LeaderDetail> {
  const row = await listedLeader(db, now, leaderId, period)
  const [[summary], votes] = await Promise.all([summariesOf(db, [row], period, now, marks), voteCounts(db, [leaderId])])
  if (!summary) throw notFound()
  const mine =
    callerId === undefined
      ? { myVote: null, watched: null, myCopy: null, canFollow: { ok: false, reason: 'login' as const } }
      : await callerView(db, row, callerId, summary.acceptingCopiers)
  return { ...summary, ...(votes.get(leaderId) ?? NO_VOTES), ...mine }
}

export async function leaderStatsDetail(
  db: Tx,
  now: Date,
  leaderId: number,
  period: StatsPeriod,
): Promise<LeaderStats & { series: SeriesPoint[] }> {
  await assertListed(db, leaderId)
  const [[stats], series] = await Promise.all([
    db
      .select()
      .from(leaderStats)
      .where(and(eq(leaderStats.leaderId, leaderId), eq(leaderStats.period, period))),
    seriesOf(db, leaderId, period, now),
  ])
  return { ...statsToWire(period, stats ?? null), series }
}

const ownPositions = (leaderId: number) => and(eq(positions.userId, leaderId), isNull(positions.copyId))

/** The leader's own open positions at the current marks, with their ADL lights, newest first. */
export async function leaderPositions(
  db: Tx,
  market: Pick<MarketSimulator, 'mark' | 'marks'>,
  rules: Rules,
  leaderId: number,
): Promise<CopyPosition[]> {
  await assertListed(db, leaderId)
  const rows = await db
    .select()
    .from(positions)
    .where(and(ownPositions(leaderId), eq(positions.status, 'open')))
    .orderBy(desc(positions.openedAt), desc(positions.id))
  const lights = await adlQuantiles(db, rules, marksOf(market), rows)
  return rows.map((row) => positionToWire(row, markOf(market, row.pairCode), lights.get(row.id) ?? null))
}

/** The leader's own closed positions, newest first. */
export async function leaderHistory(db: Tx, leaderId: number, paging: Paging): Promise<Page<CopyPosition>> {
  await assertListed(db, leaderId)
  const closed = and(ownPositions(leaderId), eq(positions.status, 'closed'))
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(positions)
      .where(closed)
      .orderBy(desc(positions.closedAt), desc(positions.id))
      .limit(paging.pageSize)
      .offset(pageWindow(paging).offset),
    db.select({ total: count() }).from(positions).where(closed),
  ])
  return { list: rows.map((row) => positionToWire(row, undefined, null)), total: counted?.total ?? 0, ...paging }
}

/**
 * Current copiers (active copies), earliest first: masked nickname, since, investment and the copy's net realized PnL.
 */
export async function leaderFollowers(db: Tx, leaderId: number, paging: Paging): Promise<Page<LeaderFollower>> {
  await assertListed(db, leaderId)
  const active = and(eq(copies.leaderId, leaderId), eq(copies.status, 'active'))
  const pnl = sql<string>`(select coalesce(sum(${positions.realizedPnl} - ${positions.fees} + ${positions.funding}), 0)::text from ${positions} where ${positions.copyId} = ${copies.id})`
  const [rows, [counted]] = await Promise.all([
    db
      .select({ nickname: users.nickname, since: copies.createdAt, investment: copies.investment, pnl })
      .from(copies)
      .innerJoin(users, eq(users.id, copies.followerId))
      .where(active)
      .orderBy(asc(copies.createdAt), asc(copies.id))
      .limit(paging.pageSize)
      .offset(pageWindow(paging).offset),
    db.select({ total: count() }).from(copies).where(active),
  ])
  const list = rows.map((row) => ({
    nickname: maskNickname(row.nickname),
    since: row.since.getTime(),
    investment: plain(row.investment),
    pnl: plain(row.pnl),
  }))
  return { list, total: counted?.total ?? 0, ...paging }
}
