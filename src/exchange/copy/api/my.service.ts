/**
 * The follower's own records: live copies with totals, one copy's detail (positions, history,
 * skipped copies, profit shares), ended copies, follow profit per copy and the user's profit with
 * its last 30 UTC days.
 */
import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm'
import type { FollowHistoryItem, FollowProfit, MyCopies, MyCopyDetail, UserProfit } from '#/contract/index.ts'
import { SKIP_REASONS } from '#/contract/index.ts'
import type { ExchangeContext } from '#/exchange/context.ts'
import { copies, positions, profitShares, skippedCopies } from '#/exchange/db/copy-schema.ts'
import { ApiFailure } from '#/exchange/http/errors.ts'
import { Exact, toPlain } from '#/exchange/money.ts'
import { utcDay } from '../statistics.ts'
import { copyToWire } from './follow-settings.ts'
import {
  accountsOf,
  copiesWithLeaders,
  endReasonOf,
  profitShareRowToWire,
  realizedByCopy,
  realizedOfUser,
  sumFigures,
  totalsToWire,
  unrealizedOf,
} from './my-accounts.ts'
import { plain, positionToWire } from './wire.ts'
import { acceptingCopiersOf } from '../leader-equity.ts'
import { markOf, marksOf } from '../marks.ts'
import { adlQuantiles } from '#/exchange/trading/adl-rank.ts'

export interface Page {
  page: number
  pageSize: number
}

/** Skipped copies shown in a copy's detail, newest first. */
export const SKIPPED_SHOWN = 50
/** Days of the user's profit series. */
export const PROFIT_DAYS = 30
const DAY_MS = 86_400_000

/** The caller's active and paused copies, with totals. */
export async function myCopies(ctx: Pick<ExchangeContext, 'db' | 'market'>, followerId: number): Promise<MyCopies> {
  const marks = marksOf(ctx.market)
  const entries = await accountsOf(
    ctx,
    await copiesWithLeaders(ctx.db, and(eq(copies.followerId, followerId), ne(copies.status, 'cancelled'))),
    marks,
  )
  // A leader below the minimum takes no new copiers and may not be trading: its copiers are told on their list.
  const accepting = await acceptingCopiersOf(
    ctx.db,
    entries.map((e) => Number(e.account.leaderId)),
    marks,
  )
  const list = entries.map((e) => ({
    ...e.account,
    leaderAcceptingCopiers: accepting.get(Number(e.account.leaderId)) ?? false,
  }))
  return { list, totals: totalsToWire(sumFigures(entries.map((e) => e.figures))) }
}

/** The caller's copy of a leader: the live one, else the latest ended one. */
export async function myCopyDetail(
  ctx: ExchangeContext,
  followerId: number,
  leaderId: number,
  page: Page,
): Promise<MyCopyDetail> {
  const mine = await copiesWithLeaders(ctx.db, and(eq(copies.followerId, followerId), eq(copies.leaderId, leaderId)))
  const entry = mine.find((e) => e.copy.status !== 'cancelled') ?? mine[0]
  if (!entry) throw new ApiFailure(404, 'not-copying')
  const { copy } = entry
  const [summary] = await accountsOf(ctx, [entry], marksOf(ctx.market))
  if (!summary) throw new Error(`copy ${copy.id} has no account`)
  const open = await ctx.db
    .select()
    .from(positions)
    .where(and(eq(positions.copyId, copy.id), eq(positions.status, 'open')))
    .orderBy(desc(positions.openedAt), desc(positions.id))
  const lights = await adlQuantiles(ctx.db, ctx.rules, marksOf(ctx.market), open)
  const closed = and(eq(positions.copyId, copy.id), eq(positions.status, 'closed'))
  const history = await ctx.db
    .select()
    .from(positions)
    .where(closed)
    .orderBy(desc(positions.closedAt), desc(positions.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
  const skipped = await ctx.db
    .select()
    .from(skippedCopies)
    .where(eq(skippedCopies.copyId, copy.id))
    .orderBy(desc(skippedCopies.createdAt), desc(skippedCopies.id))
    .limit(SKIPPED_SHOWN)
  const shares = await ctx.db
    .select()
    .from(profitShares)
    .where(eq(profitShares.copyId, copy.id))
    .orderBy(desc(profitShares.periodEnd))
  return {
    account: summary.account,
    settings: copyToWire(copy),
    openPositions: open.map((row) => positionToWire(row, markOf(ctx.market, row.pairCode), lights.get(row.id) ?? null)),
    history: {
      list: history.map((row) => positionToWire(row, undefined, null)),
      total: await ctx.db.$count(positions, closed),
      ...page,
    },
    skipped: skipped.flatMap((row) => {
      const reason = SKIP_REASONS.find((r) => r === row.reason)
      return reason ? [{ pairCode: row.pairCode, reason, createdAt: row.createdAt.getTime() }] : []
    }),
    profitShares: shares.map(profitShareRowToWire),
  }
}

/** The caller's ended copies, the latest ended first. */
export async function followHistory(
  ctx: ExchangeContext,
  followerId: number,
  page: Page,
): Promise<{ list: FollowHistoryItem[]; total: number; page: number; pageSize: number }> {
  const ended = and(eq(copies.followerId, followerId), eq(copies.status, 'cancelled'))
  const rows = await copiesWithLeaders(ctx.db, ended)
  rows.sort((a, b) => (b.copy.endedAt?.getTime() ?? 0) - (a.copy.endedAt?.getTime() ?? 0) || b.copy.id - a.copy.id)
  const shown = rows.slice((page.page - 1) * page.pageSize, page.page * page.pageSize)
  const realized = await realizedByCopy(
    ctx.db,
    shown.map((e) => e.copy.id),
  )
  const list = shown.map(({ copy, nickname, avatar }): FollowHistoryItem => {
    const pnl = realized.get(copy.id) ?? new Exact(0)
    return {
      copyId: String(copy.id),
      leaderId: String(copy.leaderId),
      nickname,
      avatar,
      since: copy.createdAt.getTime(),
      until: (copy.endedAt ?? copy.createdAt).getTime(),
      endReason: endReasonOf(copy.endReason),
      investment: plain(copy.investment),
      realizedPnl: toPlain(pnl),
      profitSharePaid: plain(copy.profitSharePaid),
      net: toPlain(pnl.minus(copy.profitSharePaid)),
    }
  })
  return { list, total: rows.length, ...page }
}

/** Realized net profit and profit share paid per copy (live and ended), with totals. */
export async function followProfit(ctx: ExchangeContext, followerId: number): Promise<FollowProfit> {
  const rows = await copiesWithLeaders(ctx.db, eq(copies.followerId, followerId))
  const realized = await realizedByCopy(
    ctx.db,
    rows.map((e) => e.copy.id),
  )
  let totalRealized = new Exact(0)
  let totalPaid = new Exact(0)
  const list = rows.map(({ copy, nickname, avatar }) => {
    const pnl = realized.get(copy.id) ?? new Exact(0)
    totalRealized = totalRealized.plus(pnl)
    totalPaid = totalPaid.plus(copy.profitSharePaid)
    return {
      copyId: String(copy.id),
      leaderId: String(copy.leaderId),
      nickname,
      avatar,
      status: copy.status,
      realizedPnl: toPlain(pnl),
      profitSharePaid: plain(copy.profitSharePaid),
      net: toPlain(pnl.minus(copy.profitSharePaid)),
    }
  })
  return {
    list,
    totals: {
      realizedPnl: toPlain(totalRealized),
      profitSharePaid: toPlain(totalPaid),
      net: toPlain(totalRealized.minus(totalPaid)),
    },
  }
}

/**
 * The user's copy-trading profit overall, and per UTC day over the last 30 days. Both realized figures sum the same
 * booked entries (realized PnL − fees + funding), the day's by when each was booked: a partial close counts the day it
 * happens.
 */
export async function userProfit(ctx: ExchangeContext, userId: number): Promise<UserProfit> {
  const copied = and(eq(positions.userId, userId), isNotNull(positions.copyId))
  const today = Date.parse(utcDay(ctx.now().getTime()))
  const first = today - (PROFIT_DAYS - 1) * DAY_MS
  const { total, byDay } = await realizedOfUser(ctx.db, userId, new Date(first))
  const open = await ctx.db
    .select()
    .from(positions)
    .where(and(copied, eq(positions.status, 'open')))
  const marks = marksOf(ctx.market)
  const unrealized = open.reduce((sum, row) => sum.plus(unrealizedOf(row, marks)), new Exact(0))
  const [paid] = await ctx.db
    .select({ total: sql<string>`coalesce(sum(${copies.profitSharePaid}), 0)::text` })
    .from(copies)
    .where(eq(copies.followerId, userId))
  const shares = new Exact(paid?.total ?? '0')
  return {
    realizedPnl: toPlain(total),
    unrealizedPnl: toPlain(unrealized),
    profitSharePaid: toPlain(shares),
    net: toPlain(total.plus(unrealized).minus(shares)),
    daily: Array.from({ length: PROFIT_DAYS }, (_, i) => {
      const key = utcDay(first + i * DAY_MS)
      return { day: key, realizedPnl: plain(byDay.get(key) ?? '0') }
    }),
  }
}
