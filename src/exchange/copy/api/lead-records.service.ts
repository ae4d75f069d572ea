/**
 * A leader's own records: followers (and removing one), profit share received by day and per
 * settlement, per-copy profit-share state, and the leader-centre header (followers, AUM, shares).
 */
import { and, count, desc, eq, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import type { LeaderProfitShareDetail, MyFollower } from '#/contract/index.ts'
import type { ExchangeContext } from '#/exchange/context.ts'
import type { Database } from '#/exchange/db/client.ts'
import { copies, positions, profitShares } from '#/exchange/db/copy-schema.ts'
import { users } from '#/exchange/db/schema.ts'
import { notFound } from '#/exchange/http/errors.ts'
import type { Money } from '#/exchange/money.ts'
import { Exact, toPlain } from '#/exchange/money.ts'
import { Book, type CopyState } from '../book.ts'
import { chargeableProfit, copyPositions, cumulativeNetProfit, profitShareDue } from '../copy-account.ts'
import { endCopyInDb } from '../engine.ts'
import { liveCopiesOf, loadCopies, loadPositions } from '../store.ts'
import { leaderRowOf, liveFollowerCount } from './lead.service.ts'
import { maskNickname, plain } from './wire.ts'
import { marksOf } from '../marks.ts'

const DAY_MS = 86_400_000

export interface Page<T> {
  list: T[]
  total: number
  page: number
  pageSize: number
}

/** Realized PnL of each copy's positions net of fees and funding. */
const netRealized = sql<string>`coalesce((select sum(${positions.realizedPnl} - ${positions.fees} + ${positions.funding}) from ${positions} where ${positions.copyId} = ${copies.id}), 0)::text`

const followerColumns = {
  id: copies.id,
  nickname: users.nickname,
  createdAt: copies.createdAt,
  investment: copies.investment,
  mode: copies.mode,
  status: copies.status,
  realized: netRealized,
  profitSharePaid: copies.profitSharePaid,
}

type FollowerRow = {
  id: number
  nickname: string
  createdAt: Date
  investment: string
  mode: 'fixed' | 'ratio'
  status: 'active' | 'paused' | 'cancelled'
  realized: string
  profitSharePaid: string
}

const followerOf = (row: FollowerRow): MyFollower => ({
  copyId: String(row.id),
  follower: maskNickname(row.nickname),
  since: row.createdAt.getTime(),
  investment: plain(row.investment),
  mode: row.mode,
  status: row.status,
  realizedPnl: plain(row.realized),
  profitSharePaid: plain(row.profitSharePaid),
})

/** The leader's copies now (active and paused), newest first. */
export async function followersPage(
  db: Database,
  leaderId: number,
  page: number,
  pageSize: number,
): Promise<Page<MyFollower>> {
  const rows = await db
    .select(followerColumns)
    .from(copies)
    .innerJoin(users, eq(users.id, copies.followerId))
    .where(liveCopiesOf(leaderId))
    .orderBy(desc(copies.createdAt), desc(copies.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  return { list: rows.map(followerOf), total: await liveFollowerCount(db, leaderId), page, pageSize }
}

/**
 * Ends one of the leader's copies: its positions closed at the marks, profit share settled, the rest back to the
 * follower.
 */
export async function removeFollower(ctx: ExchangeContext, leaderId: number, copyId: number): Promise<MyFollower> {
  const mine = and(eq(copies.id, copyId), eq(copies.leaderId, leaderId))
  const [copy] = await ctx.db
    .select({ id: copies.id })
    .from(copies)
    .where(and(mine, ne(copies.status, 'cancelled')))
  if (!copy) throw notFound()
  await endCopyInDb(ctx.db, ctx.rules, ctx.funding, {
    copyId,
    closePositions: true,
    reason: 'removed',
    marks: marksOf(ctx.market),
    at: ctx.now(),
  })
  const [row] = await ctx.db
    .select(followerColumns)
    .from(copies)
    .innerJoin(users, eq(users.id, copies.followerId))
    .where(mine)
  if (!row) throw notFound()
  return followerOf(row)
}

/** The leader's live copies and their open managed positions, read into a Book (rows locked briefly). */
async function liveBook(db: Database, leaderId: number): Promise<{ book: Book; live: CopyState[] }> {
  return db.transaction(async (tx) => {
    const book = new Book(() => {
      throw new Error('a read opens no position')
    })
    const live = await loadCopies(tx, book, liveCopiesOf(leaderId))
    if (live.length > 0) {
      await loadPositions(
        tx,
        book,
        and(
          inArray(
            positions.copyId,
            live.map((c) => c.id),
          ),
          eq(positions.status, 'open'),
          eq(positions.unmanaged, false),
        ),
      )
    }
    return { book, live }
  })
}

/** What a copy holds: free balance plus the margin of its open positions. */
const equityOf = (book: Book, copy: CopyState): Money =>
  copyPositions(book, copy).reduce((sum, p) => sum.plus(p.margin), new Exact(copy.balance))

const sum = (values: readonly Money[]): Money => values.reduce((total, value) => total.plus(value), new Exact(0))

const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))

/** Shares received today, yesterday, in the last 7 days (UTC days, by settlement time) and ever. */
async function shareTotals(db: Database, leaderId: number, now: Date) {
  const today = startOfUtcDay(now)
  const time = (at: Date) => sql`${at.toISOString()}::timestamptz`
  const total = (filter: SQL) => sql<string>`coalesce(sum(${profitShares.share}) filter (where ${filter}), 0)::text`
  const [row] = await db
    .select({
      today: total(sql`${profitShares.createdAt} >= ${time(today)}`),
      yesterday: total(
        sql`${profitShares.createdAt} >= ${time(new Date(today.getTime() - DAY_MS))} and ${profitShares.createdAt} < ${time(today)}`,
      ),
      last7d: total(sql`${profitShares.createdAt} >= ${time(new Date(today.getTime() - 6 * DAY_MS))}`),
      accumulated: total(sql`true`),
    })
    .from(profitShares)
    .where(eq(profitShares.leaderId, leaderId))
  return {
    today: plain(row?.today ?? '0'),
    yesterday: plain(row?.yesterday ?? '0'),
    last7d: plain(row?.last7d ?? '0'),
    accumulated: plain(row?.accumulated ?? '0'),
  }
}

export async function profitShareView(
  db: Database,
  leaderId: number,
  now: Date,
  marks: ReadonlyMap<string, Money>,
  page: number,
  pageSize: number,
) {
  const totals = await shareTotals(db, leaderId, now)
  const { book, live } = await liveBook(db, leaderId)
  const rows = await db
    .select({
      copyId: profitShares.copyId,
      nickname: users.nickname,
      periodEnd: profitShares.periodEnd,
      rate: profitShares.rate,
      share: profitShares.share,
    })
    .from(profitShares)
    .innerJoin(users, eq(users.id, profitShares.followerId))
    .where(eq(profitShares.leaderId, leaderId))
    .orderBy(desc(profitShares.periodEnd), desc(profitShares.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const [total] = await db.select({ n: count() }).from(profitShares).where(eq(profitShares.leaderId, leaderId))
  return {
    ...totals,
    pendingEstimate: toPlain(sum(live.map((copy) => profitShareDue(book, copy, marks)))),
    settlements: {
      list: rows.map((r) => ({
        copyId: String(r.copyId),
        follower: maskNickname(r.nickname),
        periodEnd: r.periodEnd.getTime(),
        rate: plain(r.rate),
        share: plain(r.share),
      })),
      total: total?.n ?? 0,
      page,
      pageSize,
    },
  }
}

/**
 * Per copy (live, or ended having paid a share): the net result the share is charged on (open positions at the marks
 * when they lose), high-water mark, rate, shares paid and the last settlement.
 */
export async function profitShareDetails(
  db: Database,
  leaderId: number,
  marks: ReadonlyMap<string, Money>,
  page: number,
  pageSize: number,
): Promise<Page<LeaderProfitShareDetail>> {
  const where = and(eq(copies.leaderId, leaderId), or(ne(copies.status, 'cancelled'), gt(copies.profitSharePaid, '0')))
  const rows = await db
    .select({
      id: copies.id,
      nickname: users.nickname,
      status: copies.status,
      highWaterMark: copies.highWaterMark,
      rate: copies.profitShareRate,
      paid: copies.profitSharePaid,
    })
    .from(copies)
    .innerJoin(users, eq(users.id, copies.followerId))
    .where(where)
    .orderBy(desc(copies.createdAt), desc(copies.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const [total] = await db.select({ n: count() }).from(copies).where(where)
  const ids = rows.map((r) => r.id)
  const settled =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(profitShares)
          .where(inArray(profitShares.copyId, ids))
          .orderBy(desc(profitShares.periodEnd), desc(profitShares.id))
  const { book } = await liveBook(db, leaderId)
  const list = rows.map((r): LeaderProfitShareDetail => {
    const last = settled.find((s) => s.copyId === r.id)
    const copy = book.copies.get(r.id)
    return {
      copyId: String(r.id),
      follower: maskNickname(r.nickname),
      status: r.status,
      netProfit: copy ? toPlain(chargeableProfit(book, copy, marks) ?? cumulativeNetProfit(book, copy)) : null,
      highWaterMark: plain(r.highWaterMark),
      rate: plain(r.rate),
      sharePaid: plain(r.paid),
      lastSettlement: last ? { periodEnd: last.periodEnd.getTime(), share: plain(last.share) } : null,
    }
  })
  return { list, total: total?.n ?? 0, page, pageSize }
}

/** The leader-centre header; for a user who does not lead, isLeader false and zeros. */
export async function leaderCentre(db: Database, userId: number, now: Date) {
  const row = await leaderRowOf(db, userId)
  const totals = await shareTotals(db, userId, now)
  const { book, live } = await liveBook(db, userId)
  return {
    isLeader: row !== undefined && row.status !== 'cancelled',
    status: row?.status ?? null,
    biz: row?.biz ?? null,
    nickname: row?.nickname ?? null,
    avatar: row?.avatar ?? null,
    followers: live.length,
    aum: toPlain(sum(live.map((copy) => equityOf(book, copy)))),
    profitShareAccumulated: totals.accumulated,
    profitShareToday: totals.today,
  }
}
