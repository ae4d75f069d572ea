/**
 * A follower's copy accounts in numbers: investment, free balance, margin in open positions,
 * unrealized PnL at the marks, realized PnL over the copy's positions (realized − fees + funding),
 * profit share paid, net and ROI; per copy and summed. Also profit-share records on the wire.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { CopyAccount, CopyProfitShare, CopyTotals } from '#/contract/index.ts'
import { COPY_END_REASONS } from '#/contract/index.ts'
import type { ExchangeContext } from '#/exchange/context.ts'
import { copies, leaders, positions, realizedEntries, type profitShares } from '#/exchange/db/copy-schema.ts'
import { Exact, type Money, toPlain } from '#/exchange/money.ts'
import type { ProfitShareRecord } from '../copy-account.ts'
import { q, unrealizedPnl } from '../position-math.ts'
import type { Tx } from '../store.ts'
import type { CopyRow } from './follow-settings.ts'
import { plain, ratioString, type PositionRow } from './wire.ts'

export interface CopyWithLeader {
  copy: CopyRow
  nickname: string
  avatar: string | null
}

/** Amounts of a copy (or a sum of copies), before printing. */
export interface Figures {
  investment: Money
  balance: Money
  margin: Money
  unrealizedPnl: Money
  realizedPnl: Money
  profitSharePaid: Money
}

const zero = () => new Exact(0)
export const endReasonOf = (value: string | null) => COPY_END_REASONS.find((reason) => reason === value) ?? null

/** Copies matching `where` with their leader's nickname and avatar, newest first. */
export async function copiesWithLeaders(db: Tx, where: SQL | undefined): Promise<CopyWithLeader[]> {
  return db
    .select({ copy: copies, nickname: leaders.nickname, avatar: leaders.avatar })
    .from(copies)
    .innerJoin(leaders, eq(leaders.userId, copies.leaderId))
    .where(where)
    .orderBy(desc(copies.createdAt), desc(copies.id))
}

/** What one booked entry adds to the realized result: realized PnL − fees + funding (fees and funding are in it). */
export const realizedResult = sql<string>`coalesce(sum(${realizedEntries.realizedPnl} - ${realizedEntries.fees} + ${realizedEntries.funding}), 0)::text`

/**
 * Realized result per copy: Σ (realized PnL − fees + funding) over the entries booked for the copy's positions (closes
 * and partial closes, fees, funding, each when it happened) — the same entries the user's daily result sums by day.
 */
export async function realizedByCopy(db: Tx, copyIds: readonly number[]): Promise<Map<number, Money>> {
  if (copyIds.length === 0) return new Map()
  const rows = await db
    .select({ copyId: realizedEntries.copyId, realized: realizedResult })
    .from(realizedEntries)
    .where(inArray(realizedEntries.copyId, [...copyIds]))
    .groupBy(realizedEntries.copyId)
  return new Map(rows.map((row) => [row.copyId, new Exact(row.realized)]))
}

/** Unrealized PnL of an open position at the mark (none without a mark), as on the wire. */
export function unrealizedOf(row: PositionRow, marks: ReadonlyMap<string, Money>): Money {
  const mark = marks.get(row.pairCode)
  if (!mark) return zero()
  return q(
    unrealizedPnl(
      { size: new Exact(row.size), entryPrice: new Exact(row.entryPrice), side: row.side < 0 ? -1 : 1 },
      mark,
    ),
  )
}

/** Σ over the figures. */
export function sumFigures(list: readonly Figures[]): Figures {
  const total: Figures = {
    investment: zero(),
    balance: zero(),
    margin: zero(),
    unrealizedPnl: zero(),
    realizedPnl: zero(),
    profitSharePaid: zero(),
  }
  for (const f of list) {
    total.investment = total.investment.plus(f.investment)
    total.balance = total.balance.plus(f.balance)
    total.margin = total.margin.plus(f.margin)
    total.unrealizedPnl = total.unrealizedPnl.plus(f.unrealizedPnl)
    total.realizedPnl = total.realizedPnl.plus(f.realizedPnl)
    total.profitSharePaid = total.profitSharePaid.plus(f.profitSharePaid)
  }
  return total
}

/** Figures on the wire, with net = realized + unrealized − profit share paid and roi = net / investment. */
export function totalsToWire(f: Figures): CopyTotals {
  const net = f.realizedPnl.plus(f.unrealizedPnl).minus(f.profitSharePaid)
  return {
    investment: toPlain(f.investment),
    balance: toPlain(f.balance),
    margin: toPlain(f.margin),
    unrealizedPnl: toPlain(f.unrealizedPnl),
    realizedPnl: toPlain(f.realizedPnl),
    profitSharePaid: toPlain(f.profitSharePaid),
    net: toPlain(net),
    roi: f.investment.gt(0) ? ratioString(net.div(f.investment)) : '0',
  }
}

export interface AccountEntry {
  account: CopyAccount
  figures: Figures
}

/**
 * The accounts of the given copies at the current marks. Margin and unrealized PnL are over the
 * copy's open positions, kept ones included (a cancelled copy shows what the follower still holds).
 */
export async function accountsOf(
  ctx: Pick<ExchangeContext, 'db'>,
  entries: readonly CopyWithLeader[],
  marks: ReadonlyMap<string, Money>,
): Promise<AccountEntry[]> {
  const ids = entries.map((e) => e.copy.id)
  const realized = await realizedByCopy(ctx.db, ids)
  const open =
    ids.length === 0
      ? []
      : await ctx.db
          .select()
          .from(positions)
          .where(and(inArray(positions.copyId, ids), eq(positions.status, 'open')))
  return entries.map(({ copy, nickname, avatar }) => {
    const mine = open.filter((p) => p.copyId === copy.id)
    const figures: Figures = {
      investment: new Exact(copy.investment),
      balance: new Exact(copy.balance),
      margin: mine.reduce((sum, p) => sum.plus(p.margin), zero()),
      unrealizedPnl: mine.reduce((sum, p) => sum.plus(unrealizedOf(p, marks)), zero()),
      realizedPnl: realized.get(copy.id) ?? zero(),
      profitSharePaid: new Exact(copy.profitSharePaid),
    }
    const account: CopyAccount = {
      copyId: String(copy.id),
      leaderId: String(copy.leaderId),
      nickname,
      avatar,
      status: copy.status,
      profitShareRate: plain(copy.profitShareRate),
      ...totalsToWire(figures),
      openPositions: mine.length,
      createdAt: copy.createdAt.getTime(),
      endedAt: copy.endedAt === null ? null : copy.endedAt.getTime(),
      endReason: endReasonOf(copy.endReason),
    }
    return { account, figures }
  })
}

/** One copy's account (any status). */
export async function copyAccountOf(
  ctx: Pick<ExchangeContext, 'db'>,
  copyId: number,
  marks: ReadonlyMap<string, Money>,
): Promise<CopyAccount> {
  const [entry] = await accountsOf(ctx, await copiesWithLeaders(ctx.db, eq(copies.id, copyId)), marks)
  if (!entry) throw new Error(`copy ${copyId} not found`)
  return entry.account
}

/** A settlement the engine just made, on the wire. */
export function profitShareToWire(record: ProfitShareRecord): CopyProfitShare {
  return {
    copyId: String(record.copyId),
    leaderId: String(record.leaderId),
    periodEnd: record.periodEnd.getTime(),
    rate: toPlain(record.rate),
    netProfit: toPlain(record.netProfit),
    highWaterMarkBefore: toPlain(record.highWaterMarkBefore),
    share: toPlain(record.share),
  }
}

/** A stored settlement on the wire. */
export function profitShareRowToWire(row: typeof profitShares.$inferSelect): CopyProfitShare {
  return {
    copyId: String(row.copyId),
    leaderId: String(row.leaderId),
    periodEnd: row.periodEnd.getTime(),
    rate: plain(row.rate),
    netProfit: plain(row.netProfit),
    highWaterMarkBefore: plain(row.highWaterMarkBefore),
    share: plain(row.share),
  }
}
