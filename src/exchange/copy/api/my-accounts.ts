/**
 * A follower's copy accounts in numbers: investment, free balance, margin in open positions,
 * unrealized PnL at the marks, realized PnL over the copy's positions (realized − fees + funding),
 * profit share paid, net and ROI; per copy and summed. Also profit-share records on the wire.
 *
 * ROI is time-weighted, from the copy's unit values (unit-values.ts): the unit value now (its equity at the marks over
 * its units) against the unit value it started at, so money put in or taken out never moves it; trading, fees,
 * funding and the profit share paid (a cost to the copy, unit-values.ts COPY_COSTS) do, as they move the net profit.
 * The totals' ROI is the copies' ROIs weighted by what each holds now (its equity).
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { CopyAccount, CopyProfitShare, CopyTotals } from '#/contract/index.ts'
import { COPY_END_REASONS } from '#/contract/index.ts'
import type { ExchangeContext } from '#/exchange/context.ts'
import { copies, leaders, positions, realizedEntries, type profitShares } from '#/exchange/db/copy-schema.ts'
import { Exact, type Money, toPlain } from '#/exchange/money.ts'
import type { ProfitShareRecord } from '../copy-account.ts'
import { q, unrealizedPnl } from '../position-math.ts'
import type { Tx } from '../store.ts'
import { copyEquity, marksRelation, returnBetween, valuation, type UnitPoint } from '../unit-values.ts'
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
  /** Time-weighted ROI (a sum of copies: the copies' ROIs weighted by their equity). */
  roi: Money
  /** Equity at the marks as the unit values count it (each open position at least 0): the weight of the ROI. */
  equity: Money
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

/**
 * Every booked entry of copied positions, as `booked(copy_id, user_id, at, result)`: each realized_entries row, and each
 * copied position's open fee at the time it opened (kept on its row). `result` is what the entry adds to the realized
 * result: realized PnL − fees + funding. `where` narrows both sides (the columns copy_id and user_id).
 */
export function bookedEntries(where: (columns: { copyId: SQL; userId: SQL }) => SQL): SQL {
  return sql`(
    select e.copy_id, e.user_id, e.at, e.realized_pnl - e.fees + e.funding as result from ${realizedEntries} e
      where ${where({ copyId: sql`e.copy_id`, userId: sql`e.user_id` })}
    union all
    select p.copy_id, p.user_id, p.opened_at, -p.open_fee from ${positions} p
      where p.copy_id is not null and p.open_fee <> 0 and ${where({ copyId: sql`p.copy_id`, userId: sql`p.user_id` })}
  ) as booked`
}

const realizedRows = z.object({ rows: z.array(z.object({ key: z.coerce.string(), realized: z.string() })) })

/**
 * Realized result per copy: Σ (realized PnL − fees + funding) over the entries booked for the copy's positions (opens,
 * closes and partial closes, fees, funding, each when it happened) — the same entries the user's daily result sums by
 * day.
 */
export async function realizedByCopy(db: Tx, copyIds: readonly number[]): Promise<Map<number, Money>> {
  if (copyIds.length === 0) return new Map()
  const ids = sql`${sql.param([...copyIds])}::bigint[]`
  const result = await db.execute(sql`
    select copy_id as key, coalesce(sum(result), 0)::text as realized
    from ${bookedEntries(({ copyId }) => sql`${copyId} = any(${ids})`)} group by copy_id`)
  return new Map(realizedRows.parse(result).rows.map((row) => [Number(row.key), new Exact(row.realized)]))
}

/** The realized result of a user's copied positions: in all, and per UTC day from `from` (YYYY-MM-DD keys). */
export async function realizedOfUser(
  db: Tx,
  userId: number,
  from: Date,
): Promise<{ total: Money; byDay: Map<string, string> }> {
  const entries = bookedEntries(({ userId: user }) => sql`${user} = ${userId}`)
  const [total, perDay] = await Promise.all([
    db.execute(sql`select 'all' as key, coalesce(sum(result), 0)::text as realized from ${entries}`),
    db.execute(sql`
      select to_char(at at time zone 'UTC', 'YYYY-MM-DD') as key, coalesce(sum(result), 0)::text as realized
      from ${entries} where at >= ${from.toISOString()}::timestamptz group by 1`),
  ])
  return {
    total: new Exact(realizedRows.parse(total).rows[0]?.realized ?? '0'),
    byDay: new Map(realizedRows.parse(perDay).rows.map((row) => [row.key, row.realized])),
  }
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

/**
 * Σ over the figures; the ROI is the copies' time-weighted ROIs weighted by their equity now (their plain mean when
 * none holds anything), so adding or taking out money never moves one copy's ROI, and one copy's totals are its own.
 */
export function sumFigures(list: readonly Figures[]): Figures {
  const total: Figures = {
    investment: zero(),
    balance: zero(),
    margin: zero(),
    unrealizedPnl: zero(),
    realizedPnl: zero(),
    profitSharePaid: zero(),
    roi: zero(),
    equity: zero(),
  }
  let weighted: Money = zero()
  let plain: Money = zero()
  for (const f of list) {
    total.investment = total.investment.plus(f.investment)
    total.balance = total.balance.plus(f.balance)
    total.margin = total.margin.plus(f.margin)
    total.unrealizedPnl = total.unrealizedPnl.plus(f.unrealizedPnl)
    total.realizedPnl = total.realizedPnl.plus(f.realizedPnl)
    total.profitSharePaid = total.profitSharePaid.plus(f.profitSharePaid)
    total.equity = total.equity.plus(f.equity)
    weighted = weighted.plus(f.roi.times(f.equity))
    plain = plain.plus(f.roi)
  }
  if (total.equity.gt(0)) total.roi = weighted.div(total.equity)
  else if (list.length > 0) total.roi = plain.div(list.length)
  return total
}

/** Figures on the wire, with net = realized + unrealized − profit share paid and the time-weighted roi. */
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
    roi: ratioString(f.roi),
  }
}

const unitRows = z.object({
  rows: z.array(
    z.object({
      id: z.coerce.number(),
      equity: z.string(),
      units: z.string().nullable(),
      unit_value: z.string().nullable(),
    }),
  ),
})
const startRows = z.object({
  rows: z.array(
    z.object({ owner_id: z.coerce.number(), id: z.coerce.number(), at: z.coerce.number(), unit_value: z.string() }),
  ),
})

/** Placed after every stored row: the copy's unit value now. */
const NOW: Pick<UnitPoint, 'id' | 'at'> = { id: Number.MAX_SAFE_INTEGER, at: Number.MAX_SAFE_INTEGER }

/**
 * Each copy's time-weighted ROI now and its equity at the marks (unit-values.ts): the unit value now is the copy's
 * equity over the units of its last row (a valuation at this moment, by the module's rules), against the unit value
 * of its first start; −100 % when it was wiped out and started again since. A copy without a unit value yet (begun
 * before they were kept) has no time-weighted ROI: null.
 */
export async function copyReturns(
  db: Tx,
  copyIds: readonly number[],
  marks: ReadonlyMap<string, Money>,
): Promise<Map<number, { roi: Money | null; equity: Money }>> {
  if (copyIds.length === 0) return new Map()
  const ids = sql`${sql.param([...copyIds])}::bigint[]`
  const [last, starts] = await Promise.all([
    db.execute(sql`
      with m as ${marksRelation(marks)}
      select o.id, ${copyEquity(sql`o.id`)}::text as equity, u.units::text as units, u.unit_value::text as unit_value
      from unnest(${ids}) as o(id) left join lateral (select v.units, v.unit_value from unit_values v
        where v.owner_kind = 'copy' and v.owner_id = o.id order by v.at desc, v.id desc limit 1) u on true`),
    db.execute(sql`
      select v.owner_id, v.id, (extract(epoch from v.at) * 1000)::bigint as at, v.unit_value::text as unit_value
      from unit_values v where v.owner_kind = 'copy' and v.owner_id = any(${ids}) and v.reason = 'start'
      order by v.owner_id, v.at, v.id`),
  ])
  const startsOf = new Map<number, UnitPoint[]>()
  for (const r of startRows.parse(starts).rows) {
    const list = startsOf.get(r.owner_id) ?? []
    list.push({ id: r.id, at: r.at, unitValue: new Exact(r.unit_value), start: true })
    startsOf.set(r.owner_id, list)
  }
  const returns = new Map<number, { roi: Money | null; equity: Money }>()
  for (const r of unitRows.parse(last).rows) {
    const equity = new Exact(r.equity)
    if (r.units === null || r.unit_value === null) {
      returns.set(r.id, { roi: null, equity })
      continue
    }
    const row = valuation({ units: new Exact(r.units), unitValue: new Exact(r.unit_value), at: 0 }, equity, 'day')
    const now: UnitPoint = { ...NOW, unitValue: row.unitValue, start: row.reason === 'start' }
    const own = startsOf.get(r.id) ?? []
    returns.set(r.id, { roi: returnBetween(null, now, now.start ? [...own, now] : own), equity })
  }
  return returns
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
  const [realized, returns] = await Promise.all([realizedByCopy(ctx.db, ids), copyReturns(ctx.db, ids, marks)])
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
      roi: zero(),
      equity: zero(),
    }
    const unit = returns.get(copy.id)
    figures.equity = unit?.equity ?? zero()
    // Without unit values (a copy begun before they were kept): net over investment, the one figure there is.
    const net = figures.realizedPnl.plus(figures.unrealizedPnl).minus(figures.profitSharePaid)
    figures.roi = unit?.roi ?? (figures.investment.gt(0) ? net.div(figures.investment) : zero())
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
