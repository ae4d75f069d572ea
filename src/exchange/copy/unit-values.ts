/**
 * The unit-value ledger of an account: a leader (its USDT EXCHANGE wallet and its own open positions) or a copy account
 * (its balance and the open positions it manages). Returns are time-weighted by unit value, as a fund's net asset value
 * per unit: money moved in or out (a flow) buys or sells units at the unit value of that moment, so a deposit, a
 * withdrawal, a copy funded or emptied, or a profit share received by a leader never moves a return; only trading
 * does. A profit share paid by a copy is not a flow: it is what copying cost the follower, so it lowers the copy's
 * unit value and its ROI, as it lowers its PnL (COPY_COSTS).
 *
 * Equity: cash (wallet or copy balance) plus, for each open position, its margin and unrealized result at the marks, at
 * least 0 (an isolated position cannot lose more than its margin: the market account takes the rest at liquidation).
 * The same SQL serves the day's equity rows (stats-refresh.ts, `leaderEquity`).
 *
 * Rows (table unit_values), in order (id; times never go back):
 * - A flow (a transfer of FLOW_KINDS touching a leader's wallet or a copy account) is recorded in the transaction that
 *   moves it (store.ts `persistChange`), after the change is written: equity before the flow = equity after the change
 *   at the marks − the change's net flow (fees and results in the same change are trading, before the flow); unit value
 *   = equity before / units; units after = equity after / unit value.
 * - A valuation ('hour' for leaders, 'day' for copies at each day's end; the runner) keeps the units: unit value =
 *   equity / units. One that changes nothing (an idle hour) is not written.
 * - The first row of an account is a 'start': units = equity, unit value 1.
 * - An emptied account (units 0, nothing left after a withdrawal) keeps its unit value; money that comes back buys units
 *   at it, so time spent empty earns nothing and loses nothing.
 * - Wiped out: units > 0 and equity 0, unit value 0. The next money in (a flow, or equity coming back) is a new
 *   'start' at unit value 1. A return over a span in which the account was wiped out stays −100 % whatever came after
 *   (the start breaks the chain: ROI, daily returns and drawdown never link across a start); a span that begins
 *   wiped out (or before the account's first row) is measured from the first start in it.
 *
 * Reading: the unit value at an instant is the last row at or before it; ROI over [start, end] = UV(end) / UV(start)
 * − 1 with the rule above; a day's return is the ROI from 00:00 UTC to the next 00:00 (or now); the maximum drawdown
 * is the largest fall of the unit value from a running peak over every row of the span (hourly and flows), the peak
 * starting at the unit value at the span's start and again at each start.
 *
 * Rounding (src/contract/rounding.ts): unit value and units are quotients in Exact (40 significant digits, half up);
 * equity and flows are exact sums of stored amounts.
 */
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../db/client.ts'
import { Exact, exact, toPlain, type Money } from '../money.ts'
import { parseKey, type Change, type Transfer } from './book.ts'
import { unrealizedPnl } from './position-math.ts'
import { EXCHANGE_WALLET, QUOTE } from './positions.ts'

/**
 * Ledger transfer kinds that move money into or out of an account other than by trading: the one list (the day's
 * equity rows read it too). 'withdrawal' (to the outside world, the mirror of 'deposit') has no operation yet: a new
 * kind of money movement that is not trading is added here.
 */
export const FLOW_KINDS: readonly string[] = [
  'deposit',
  'withdrawal',
  'profit-share',
  'copy-in',
  'copy-out',
  'transfer',
]

/** Flow kinds that are a cost, not a flow, for the copy that pays them: the follower's return is after profit share. */
export const COPY_COSTS: readonly string[] = ['profit-share']

export type OwnerKind = 'leader' | 'copy'
export type UnitReason = 'start' | 'flow' | 'hour' | 'day'
/** Pair code → mark price (the engine's Money or the simulator's decimal string). */
export type Marks = ReadonlyMap<string, Money | string>
type Runner = Pick<Database, 'execute'>

/** An arbitrary constant naming the unit-value ledger among advisory locks: one writer of an owner's rows at a time. */
const UNIT_VALUES_LOCK = 7_261_003
const ZERO = new Exact(0)
const ONE = new Exact(1)
const CHUNK = 20_000

/** A flow of money arrived in an account with an open position the marks do not price: it cannot be valued. */
export class UnvaluedFlow extends Error {
  constructor(kind: OwnerKind, id: number) {
    super(`a flow into ${kind} ${id} needs the marks of its open positions`)
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Equity in SQL (shared with the day's rows)

/** The marks as a relation m(pair, mark), for `with m as ${marksRelation(marks)}`. */
export function marksRelation(marks: Marks): SQL {
  const pairs = [...marks.keys()]
  const prices = pairs.map((pair) => {
    const price = marks.get(pair) ?? '0'
    return typeof price === 'string' ? price : toPlain(price)
  })
  return sql`(select * from unnest(${sql.param(pairs)}::text[], ${sql.param(prices)}::numeric[]) as m(pair, mark))`
}

/** One open position's worth at the marks (relation m), at least 0; a pair without a mark is worth its margin. */
const positionValue = sql`greatest(0, p.margin + (coalesce(m.mark, p.entry_price) - p.entry_price) * p.size * p.side)`

/**
 * A leader's equity (needs the marks relation m in scope): its USDT EXCHANGE wallet plus its own open positions
 * (copy_id null) at the marks.
 */
export function leaderEquity(userId: SQL): SQL {
  return sql`(coalesce((select b.available from balances b where b.user_id = ${userId} and b.wallet_type = ${EXCHANGE_WALLET} and b.coin = ${QUOTE}), 0)
    + coalesce((select sum(${positionValue}) from positions p left join m on m.pair = p.pair_code
      where p.user_id = ${userId} and p.copy_id is null and p.status = 'open'), 0))`
}

/** A copy's equity (needs the marks relation m in scope): its balance plus the open positions it manages. */
export function copyEquity(copyId: SQL): SQL {
  return sql`(coalesce((select c.balance from copies c where c.id = ${copyId}), 0)
    + coalesce((select sum(${positionValue}) from positions p left join m on m.pair = p.pair_code
      where p.copy_id = ${copyId} and p.status = 'open' and not p.unmanaged), 0))`
}

// ---------------------------------------------------------------------------------------------------------------
// The rules, pure

export interface UnitState {
  units: Money
  unitValue: Money
  /** Epoch milliseconds. */
  at: number
}

export interface UnitRow {
  equity: Money
  units: Money
  unitValue: Money
  flow: Money
  reason: UnitReason
}

const start = (equity: Money, flow: Money): UnitRow => ({
  equity,
  units: equity,
  unitValue: ONE,
  flow,
  reason: 'start',
})

/**
 * The row a flow writes: `equity` is the account's equity after the change that moved it, `flow` the change's net flow
 * into the account (negative: out). Null when nothing is to be written (no money before, none after).
 */
export function afterFlow(previous: UnitState | null, equityAfter: Money, flow: Money): UnitRow | null {
  const after = Exact.max(ZERO, exact(equityAfter))
  const before = Exact.max(ZERO, after.minus(flow))
  if (!previous) return start(after, flow)
  if (previous.units.isZero()) {
    // Empty: the money comes in at the unit value the account kept.
    return { equity: after, units: after.div(previous.unitValue), unitValue: previous.unitValue, flow, reason: 'flow' }
  }
  // Wiped out (nothing before the flow, or a unit value of 0 at the last row): whatever comes in starts anew.
  if (before.isZero() || previous.unitValue.isZero()) return after.isZero() ? null : start(after, flow)
  const unitValue = before.div(previous.units)
  return { equity: after, units: after.isZero() ? ZERO : after.div(unitValue), unitValue, flow, reason: 'flow' }
}

/** The row a valuation writes: the units stay (see the module's rules for the first, empty and wiped-out cases). */
export function valuation(previous: UnitState | null, equity: Money, reason: 'hour' | 'day'): UnitRow {
  const value = Exact.max(ZERO, exact(equity))
  if (!previous) return start(value, ZERO)
  if (previous.units.isZero()) {
    return value.isZero()
      ? { equity: ZERO, units: ZERO, unitValue: previous.unitValue, flow: ZERO, reason }
      : // Money came without a flow into an empty account: it enters at the kept unit value, like a deposit.
        {
          equity: value,
          units: value.div(previous.unitValue),
          unitValue: previous.unitValue,
          flow: value,
          reason: 'flow',
        }
  }
  if (previous.unitValue.isZero() && !value.isZero()) return start(value, ZERO)
  return { equity: value, units: previous.units, unitValue: value.div(previous.units), flow: ZERO, reason }
}

/** A row of the ledger as the statistics read it. */
export interface UnitPoint {
  /** Row order within the owner. */
  id: number
  at: number
  unitValue: Money
  start: boolean
}

/**
 * ROI between two instants, from the last row at or before each (`from`, `to`; null: no row yet) and the owner's
 * start rows (any span; those in (from, to] count). The module's rule: a start after a live first value means the
 * account was wiped out in between (−100 %); a span that begins empty of value is measured from its first start.
 */
export function returnBetween(from: UnitPoint | null, to: UnitPoint | null, starts: readonly UnitPoint[]): Money {
  if (!to) return ZERO
  const within = starts.filter((s) => (from === null || after(s, from)) && !after(s, to))
  let base = from
  if (!base || base.unitValue.isZero()) {
    const [first] = within
    if (!first) return ZERO
    base = first
    within.shift()
  }
  if (within.length > 0) return ONE.neg()
  // The quotients carry errors below 1e-38; cut at RETURN_DECIMALS, a return that is exactly a short decimal (net ÷
  // investment with no flow between) reads as that decimal, so its 10-decimal display rounds it and not the noise.
  return new Exact(to.unitValue).div(base.unitValue).minus(ONE).toDecimalPlaces(RETURN_DECIMALS, Exact.ROUND_HALF_UP)
}

/** A return read from unit values keeps this many decimals (src/contract/rounding.ts). */
const RETURN_DECIMALS = 30

/** Whether row a comes after row b. */
const after = (a: UnitPoint, b: UnitPoint) => a.at > b.at || (a.at === b.at && a.id > b.id)

/**
 * Largest fall of the unit value from its running peak over rows in order (the first is the value at the span's
 * start), as a positive fraction; the peak starts again at each start row.
 */
export function maxDrawdownOf(rows: readonly UnitPoint[]): Money {
  let peak: Money = ZERO
  let worst: Money = ZERO
  for (const row of rows) {
    if (row.start || row.unitValue.gt(peak)) peak = row.unitValue
    if (peak.gt(0)) {
      const fall = ONE.minus(new Exact(row.unitValue).div(peak))
      if (fall.gt(worst)) worst = fall
    }
  }
  return worst
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

const stateRows = z.object({
  rows: z.array(
    z.object({
      kind: z.enum(['leader', 'copy']),
      id: z.coerce.number(),
      tracked: z.boolean(),
      equity: z.string(),
      unmarked: z.coerce.number(),
      units: z.string().nullable(),
      unit_value: z.string().nullable(),
      last_at: z.string().nullable(),
    }),
  ),
})

interface OwnerState {
  kind: OwnerKind
  id: number
  /** A wallet counts only if its user is a leader. */
  tracked: boolean
  equity: Money
  unmarked: number
  previous: UnitState | null
}

/** Equity at the marks and the last row of each owner in `owners` (a relation o(kind, id)). */
async function readStates(tx: Runner, owners: SQL, marks: Marks): Promise<OwnerState[]> {
  const mine = (kind: OwnerKind) =>
    kind === 'leader'
      ? sql`p.user_id = o.id and p.copy_id is null and p.status = 'open'`
      : sql`p.copy_id = o.id and p.status = 'open' and not p.unmanaged`
  const result = await tx.execute(sql`
    with m as ${marksRelation(marks)}, o as ${owners}
    select o.kind, o.id,
      (o.kind = 'copy' or exists (select 1 from leaders l where l.user_id = o.id)) as tracked,
      (case when o.kind = 'leader' then ${leaderEquity(sql`o.id`)} else ${copyEquity(sql`o.id`)} end)::text as equity,
      (case when o.kind = 'leader'
        then (select count(*) from positions p where ${mine('leader')} and not exists (select 1 from m where m.pair = p.pair_code))
        else (select count(*) from positions p where ${mine('copy')} and not exists (select 1 from m where m.pair = p.pair_code)) end) as unmarked,
      u.units::text as units, u.unit_value::text as unit_value, (extract(epoch from u.at) * 1000)::bigint::text as last_at
    from o left join lateral (select v.units, v.unit_value, v.at from unit_values v where v.owner_kind = o.kind and v.owner_id = o.id
      order by v.at desc, v.id desc limit 1) u on true`)
  return stateRows.parse(result).rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    tracked: r.tracked,
    equity: new Exact(r.equity),
    unmarked: r.unmarked,
    previous:
      r.units === null || r.unit_value === null
        ? null
        : { units: new Exact(r.units), unitValue: new Exact(r.unit_value), at: Number(r.last_at) },
  }))
}

interface Written extends UnitRow {
  kind: OwnerKind
  id: number
  at: Date
}

async function insertRows(tx: Runner, rows: readonly Written[]): Promise<void> {
  const numerics = (values: readonly Money[]) => sql`${sql.param(values.map(toPlain))}::numeric[]`
  for (let from = 0; from < rows.length; from += CHUNK) {
    const c = rows.slice(from, from + CHUNK)
    await tx.execute(sql`
      insert into unit_values (owner_kind, owner_id, at, equity, units, unit_value, flow, reason)
      select * from unnest(${sql.param(c.map((r) => r.kind))}::text[], ${sql.param(c.map((r) => r.id))}::bigint[],
        ${sql.param(c.map((r) => r.at.toISOString()))}::timestamptz[], ${numerics(c.map((r) => r.equity))}, ${numerics(c.map((r) => r.units))},
        ${numerics(c.map((r) => r.unitValue))}, ${numerics(c.map((r) => r.flow))}, ${sql.param(c.map((r) => r.reason))}::text[])`)
  }
}

const lock = (tx: Runner) => tx.execute(sql`select pg_advisory_xact_lock(${UNIT_VALUES_LOCK})`)
/** A row never goes before the owner's last one. */
const notBefore = (at: Date, previous: UnitState | null) =>
  previous && previous.at > at.getTime() ? new Date(previous.at) : at

/**
 * A valuation that changes nothing (same units, same unit value: the same equity) is not written: the unit value at
 * any instant is the last row's, so the row would add no information (an idle leader's hours, an idle copy's days).
 */
const unchanged = (previous: UnitState | null, row: UnitRow) =>
  previous !== null &&
  row.reason !== 'start' &&
  row.flow.isZero() &&
  row.units.eq(previous.units) &&
  row.unitValue.eq(previous.unitValue)

/** The net flow of each leader wallet and copy account a change's transfers touch ('leader:id' / 'copy:id'). */
export function flowsOf(transfers: readonly Transfer[]): Map<string, { kind: OwnerKind; id: number; flow: Money }> {
  const flows = new Map<string, { kind: OwnerKind; id: number; flow: Money }>()
  const add = (key: string, amount: Money, kind: string) => {
    const ref = parseKey(key)
    let owner: { kind: OwnerKind; id: number } | null = null
    if (ref.kind === 'copy') owner = COPY_COSTS.includes(kind) ? null : { kind: 'copy', id: ref.id }
    else if (ref.kind === 'wallet' && ref.walletType === EXCHANGE_WALLET && ref.coin === QUOTE)
      owner = { kind: 'leader', id: ref.userId }
    if (!owner) return
    const name = `${owner.kind}:${owner.id}`
    flows.set(name, { ...owner, flow: exact(flows.get(name)?.flow ?? ZERO).plus(amount) })
  }
  for (const t of transfers) {
    if (!FLOW_KINDS.includes(t.kind)) continue
    add(t.credit, t.amount, t.kind)
    add(t.debit, t.amount.neg(), t.kind)
  }
  return flows
}

/**
 * Money out of each copy that handed positions over to its follower (a copy ended keeping them): each position's
 * worth at the marks (margin plus result, at least 0, as equity counts it), as if closed and paid out, so keeping the
 * positions moves neither the copy's return nor its PnL. Throws UnvaluedFlow for a position the marks do not price.
 */
export function handOverFlows(
  change: Pick<Change, 'handedOver' | 'positions'>,
  marks: Marks | undefined,
): Map<string, { kind: OwnerKind; id: number; flow: Money }> {
  const flows = new Map<string, { kind: OwnerKind; id: number; flow: Money }>()
  for (const id of change.handedOver) {
    const position = change.positions.get(id)
    if (!position || position.copyId === null) continue
    const mark = marks?.get(position.pairCode)
    if (mark === undefined) throw new UnvaluedFlow('copy', position.copyId)
    const worth = Exact.max(0, exact(position.margin).plus(unrealizedPnl(position, new Exact(mark))))
    const name = `copy:${position.copyId}`
    flows.set(name, { kind: 'copy', id: position.copyId, flow: exact(flows.get(name)?.flow ?? ZERO).minus(worth) })
  }
  return flows
}

/**
 * Records the unit value of every leader wallet and copy account a change's flows touched (its FLOW_KINDS transfers
 * and positions handed over), after the change is written (in its transaction). Throws UnvaluedFlow when such an
 * account holds an open position `marks` does not price (none given: only accounts without open positions may
 * receive flows). Returns the rows written.
 */
export async function recordFlows(
  tx: Runner,
  change: Pick<Change, 'transfers' | 'handedOver' | 'positions'>,
  at: Date,
  marks: Marks | undefined,
): Promise<number> {
  const merged = flowsOf(change.transfers)
  for (const [name, handed] of handOverFlows(change, marks)) {
    const known = merged.get(name)
    merged.set(name, { ...handed, flow: exact(known?.flow ?? ZERO).plus(handed.flow) })
  }
  const flows = [...merged.values()].filter((f) => !f.flow.isZero())
  if (flows.length === 0) return 0
  await lock(tx)
  const owners = sql`(select * from unnest(${sql.param(flows.map((f) => f.kind))}::text[], ${sql.param(flows.map((f) => f.id))}::bigint[]) as o(kind, id))`
  const states = await readStates(tx, owners, marks ?? new Map())
  const rows: Written[] = []
  for (const state of states) {
    if (!state.tracked) continue
    if (state.unmarked > 0) throw new UnvaluedFlow(state.kind, state.id)
    const flow = flows.find((f) => f.kind === state.kind && f.id === state.id)?.flow ?? ZERO
    const row = afterFlow(state.previous, state.equity, flow)
    if (row) rows.push({ ...row, kind: state.kind, id: state.id, at: notBefore(at, state.previous) })
  }
  await insertRows(tx, rows)
  return rows.length
}

/**
 * Values accounts at the marks without moving units: every leader not cancelled ('hour'), and with `copies` every live
 * copy ('day'). An account with an open position the marks do not price is skipped this time. Returns the rows
 * written.
 */
export async function recordValuations(
  db: Database,
  marks: Marks,
  at: Date,
  options: { leaders: boolean; copies: boolean },
): Promise<number> {
  const sources: SQL[] = []
  if (options.leaders)
    sources.push(sql`select 'leader'::text as kind, user_id as id from leaders where status <> 'cancelled'`)
  if (options.copies) sources.push(sql`select 'copy'::text as kind, id from copies where status <> 'cancelled'`)
  if (sources.length === 0) return 0
  return db.transaction(async (tx) => {
    await lock(tx)
    const states = await readStates(tx, sql`(${sql.join(sources, sql` union all `)})`, marks)
    const rows: Written[] = []
    for (const state of states) {
      if (state.unmarked > 0) continue
      const row = valuation(state.previous, state.equity, state.kind === 'leader' ? 'hour' : 'day')
      if (!unchanged(state.previous, row))
        rows.push({ ...row, kind: state.kind, id: state.id, at: notBefore(at, state.previous) })
    }
    await insertRows(tx, rows)
    return rows.length
  })
}

/**
 * Writes a history of valuations (the back-filled leaders' hourly equity), each owner's points in time order, after
 * its existing rows, with the rules of live valuations.
 */
export async function recordHistory(
  tx: Runner,
  kind: OwnerKind,
  points: readonly { id: number; at: Date; equity: Money }[],
  reason: 'hour' | 'day',
): Promise<number> {
  if (points.length === 0) return 0
  await lock(tx)
  const ids = [...new Set(points.map((p) => p.id))]
  const owners = sql`(select ${kind}::text as kind, id from unnest(${sql.param(ids)}::bigint[]) as o(id))`
  const last = new Map((await readStates(tx, owners, new Map())).map((s) => [s.id, s.previous]))
  const rows: Written[] = []
  for (const point of points) {
    const previous = last.get(point.id) ?? null
    const at = notBefore(point.at, previous)
    const row = valuation(previous, point.equity, reason)
    if (unchanged(previous, row)) continue
    rows.push({ ...row, kind, id: point.id, at })
    last.set(point.id, { units: row.units, unitValue: row.unitValue, at: at.getTime() })
  }
  await insertRows(tx, rows)
  return rows.length
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

const pointRows = z.object({
  rows: z.array(
    z.object({
      owner_id: z.coerce.number(),
      slot: z.coerce.number(),
      id: z.coerce.number(),
      at: z.coerce.number(),
      unit_value: z.string(),
      start: z.boolean(),
    }),
  ),
})

const toPoint = (r: z.infer<typeof pointRows>['rows'][number]): UnitPoint => ({
  id: r.id,
  at: r.at,
  unitValue: new Exact(r.unit_value),
  start: r.start,
})

/** The last row at or before each instant (epoch ms), per owner: owner id → one point or null per instant. */
async function pointsAt(
  db: Runner,
  kind: OwnerKind,
  ids: readonly number[],
  instants: readonly number[],
): Promise<Map<number, (UnitPoint | null)[]>> {
  const result = await db.execute(sql`
    select o.id as owner_id, t.slot, v.id, (extract(epoch from v.at) * 1000)::bigint as at, v.unit_value::text as unit_value, v.reason = 'start' as start
    from unnest(${sql.param(ids)}::bigint[]) as o(id)
    cross join unnest(${sql.param(instants.map((t) => new Date(t).toISOString()))}::timestamptz[]) with ordinality as t(at, slot)
    cross join lateral (select v.id, v.at, v.unit_value, v.reason from unit_values v
      where v.owner_kind = ${kind} and v.owner_id = o.id and v.at <= t.at order by v.at desc, v.id desc limit 1) v`)
  const points = new Map<number, (UnitPoint | null)[]>(ids.map((id) => [id, instants.map(() => null)]))
  for (const row of pointRows.parse(result).rows) {
    const list = points.get(row.owner_id)
    if (list) list[row.slot - 1] = toPoint(row)
  }
  return points
}

/** Every start row of the owners at or before `end`, in order. */
async function startsOf(
  db: Runner,
  kind: OwnerKind,
  ids: readonly number[],
  end: number,
): Promise<Map<number, UnitPoint[]>> {
  const result = await db.execute(sql`
    select v.owner_id, 1 as slot, v.id, (extract(epoch from v.at) * 1000)::bigint as at, v.unit_value::text as unit_value, true as start
    from unit_values v where v.owner_kind = ${kind} and v.owner_id = any(${sql.param(ids)}::bigint[]) and v.reason = 'start'
      and v.at <= ${new Date(end).toISOString()}::timestamptz
    order by v.owner_id, v.at, v.id`)
  const starts = new Map<number, UnitPoint[]>(ids.map((id) => [id, []]))
  for (const row of pointRows.parse(result).rows) starts.get(row.owner_id)?.push(toPoint(row))
  return starts
}

const fallRows = z.object({
  rows: z.array(z.object({ owner_id: z.coerce.number(), unit_value: z.string(), peak: z.string() })),
})

/**
 * Maximum drawdown of each owner over [start, end]: every row in (start, end] after the unit value at start (the
 * rule of maxDrawdownOf, in SQL: the worst row's value and peak come back, the fall is computed exactly here).
 */
export async function maxDrawdowns(
  db: Runner,
  kind: OwnerKind,
  ids: readonly number[],
  start: number,
  end: number,
): Promise<Map<number, Money>> {
  if (ids.length === 0) return new Map()
  const from = new Date(start).toISOString()
  const to = new Date(end).toISOString()
  const result = await db.execute(sql`
    with w as (
      select v.owner_id, v.at, v.id, v.unit_value, v.reason from unit_values v
        where v.owner_kind = ${kind} and v.owner_id = any(${sql.param(ids)}::bigint[]) and v.at > ${from}::timestamptz and v.at <= ${to}::timestamptz
      union all
      select o.id, f.at, f.id, f.unit_value, 'first' from unnest(${sql.param(ids)}::bigint[]) as o(id)
        cross join lateral (select v.at, v.id, v.unit_value from unit_values v where v.owner_kind = ${kind} and v.owner_id = o.id
          and v.at <= ${from}::timestamptz order by v.at desc, v.id desc limit 1) f),
    s as (select *, count(*) filter (where reason in ('start', 'first')) over (partition by owner_id order by at, id) as seg from w),
    p as (select *, max(unit_value) over (partition by owner_id, seg order by at, id) as peak from s)
    select distinct on (owner_id) owner_id, unit_value::text as unit_value, peak::text as peak from p where peak > 0
    order by owner_id, unit_value / peak, at, id`)
  const falls = new Map<number, Money>(ids.map((id) => [id, ZERO]))
  for (const row of fallRows.parse(result).rows) {
    const fall = ONE.minus(new Exact(row.unit_value).div(row.peak))
    if (fall.gt(0)) falls.set(row.owner_id, fall)
  }
  return falls
}

const DAY = 86_400_000

export interface DayReturn {
  /** 'YYYY-MM-DD' (UTC). */
  day: string
  /** The day's return: UV at its end (00:00 next day, or the span's end) over UV at its start, − 1. */
  dailyReturn: Money
  /** ROI from the span's start to this day's end. */
  roi: Money
}

export interface UnitFigures {
  roi: Money
  maxDrawdown: Money
  /** Days from the first with a row before its end (days before the account existed are left out). */
  days: DayReturn[]
  /** Each day's return, in order (statistics.ts `Returns`: Sharpe). */
  daily: Money[]
  /** ROI from the span's start to each day's end, by day (statistics.ts `Returns`: the chart). */
  byDay: Map<string, Money>
}

const NONE: UnitFigures = { roi: ZERO, maxDrawdown: ZERO, days: [], daily: [], byDay: new Map() }

const firstRows = z.object({ rows: z.array(z.object({ owner_id: z.coerce.number(), first: z.coerce.number() })) })

/** When each owner's unit values begin (its first row, epoch ms); an owner without rows is absent. */
export async function firstValueTimes(
  db: Runner,
  kind: OwnerKind,
  ids: readonly number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  // One index probe per owner (unit_values_owner_idx: kind, owner, at), not a scan of every row.
  const result = await db.execute(sql`
    select o.id as owner_id, (extract(epoch from f.at) * 1000)::bigint as first
    from unnest(${sql.param(ids)}::bigint[]) as o(id)
    cross join lateral (select v.at from unit_values v where v.owner_kind = ${kind} and v.owner_id = o.id
      order by v.at limit 1) f`)
  return new Map(firstRows.parse(result).rows.map((r) => [r.owner_id, r.first]))
}

/**
 * ROI, maximum drawdown and daily returns of every owner over [start, end] (start: 00:00 UTC for whole days, null for
 * all history, from the day of the owners' first row; the last day ends at `end`): the figures the statistics show,
 * from the unit values. `drawdown: false` leaves the maximum drawdown out (0; a chart needs none).
 */
export async function unitFigures(
  db: Runner,
  kind: OwnerKind,
  ids: readonly number[],
  start: number | null,
  end: number,
  options: { drawdown?: boolean } = {},
): Promise<Map<number, UnitFigures>> {
  if (ids.length === 0) return new Map()
  let from = start
  if (from === null) {
    const firsts = [...(await firstValueTimes(db, kind, ids)).values()]
    if (firsts.length === 0) return new Map(ids.map((id) => [id, NONE]))
    from = Math.floor(Math.min(...firsts) / DAY) * DAY
  }
  const instants = [from]
  for (let t = Math.floor(from / DAY) * DAY + DAY; t < end; t += DAY) instants.push(t)
  instants.push(end)
  const [points, starts, falls] = await Promise.all([
    pointsAt(db, kind, ids, instants),
    startsOf(db, kind, ids, end),
    options.drawdown === false ? new Map<number, Money>() : maxDrawdowns(db, kind, ids, from, end),
  ])
  const figures = new Map<number, UnitFigures>()
  for (const id of ids) {
    const at = points.get(id) ?? []
    const own = starts.get(id) ?? []
    const first = at[0] ?? null
    const days: DayReturn[] = []
    // The account's first row is its first start: a day counts once the account exists in it, a row before its end
    // (a row at 00:00 begins the next day; the day in progress counts a row at `end` itself).
    const firstAt = own[0]?.at ?? Infinity
    for (let i = 1; i < instants.length; i += 1) {
      const dayEnd = instants[i] ?? end
      const to = at[i] ?? null
      if (!to || !(firstAt < dayEnd || (dayEnd === end && firstAt <= end))) continue
      days.push({
        day: new Date(instants[i - 1] ?? from).toISOString().slice(0, 10),
        dailyReturn: returnBetween(at[i - 1] ?? null, to, own),
        roi: returnBetween(first, to, own),
      })
    }
    figures.set(id, {
      roi: returnBetween(first, at.at(-1) ?? null, own),
      maxDrawdown: falls.get(id) ?? ZERO,
      days,
      daily: days.map((d) => d.dailyReturn),
      byDay: new Map(days.map((d) => [d.day, d.roi])),
    })
  }
  return figures
}

/**
 * Unit values from daily rows (equity at the day's start after its flows, equity at its end), for a leader whose
 * history has daily rows but no unit values (a database written before them; test fixtures), after its rows if it has
 * some: the first day starts at its start equity, a day whose start differs from the previous end is a flow at 00:00,
 * each day ends with a valuation at the next 00:00 (or `now` for the day in progress). The daily rows' own
 * time-weighted chain, at day resolution.
 */
export async function recordDailyHistory(
  tx: Runner,
  leaderId: number,
  days: readonly { day: string; equityStart: string; equityEnd: string }[],
  now: number,
): Promise<number> {
  await lock(tx)
  const [known] = lastRows.parse(
    await tx.execute(sql`
      select v.equity::text as equity, v.units::text as units, v.unit_value::text as unit_value from unit_values v
      where v.owner_kind = 'leader' and v.owner_id = ${leaderId} order by v.at desc, v.id desc limit 1`),
  ).rows
  let last: Pick<UnitRow, 'equity' | 'units' | 'unitValue'> | null = known
    ? { equity: new Exact(known.equity), units: new Exact(known.units), unitValue: new Exact(known.unit_value) }
    : null
  const rows: Written[] = []
  const sorted = [...days].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
  for (const day of sorted) {
    const start = Date.parse(`${day.day}T00:00:00.000Z`)
    if (start > now) break
    const opening = new Exact(day.equityStart)
    const flow = last ? opening.minus(last.equity) : opening
    const opened = !last || !flow.isZero() ? afterFlow(last && { ...last, at: 0 }, opening, flow) : null
    if (opened) {
      rows.push({ ...opened, kind: 'leader', id: leaderId, at: new Date(start) })
      last = opened
    }
    const closed = valuation(last && { ...last, at: 0 }, new Exact(day.equityEnd), 'day')
    rows.push({ ...closed, kind: 'leader', id: leaderId, at: new Date(Math.min(start + DAY, now)) })
    last = closed
  }
  await insertRows(tx, rows)
  return rows.length
}

const lastRows = z.object({
  rows: z.array(z.object({ equity: z.string(), units: z.string(), unit_value: z.string() })),
})

/** Unit values from daily rows for every leader that has daily rows and no unit values (recordDailyHistory). */
export async function recordMissingHistory(db: Database, now: Date): Promise<number> {
  const result = await db.execute(sql`
    select d.leader_id, d.day::text as day, d.equity_start::text as equity_start, d.equity_end::text as equity_end
    from leader_daily d
    where not exists (select 1 from unit_values v where v.owner_kind = 'leader' and v.owner_id = d.leader_id)
    order by d.leader_id, d.day`)
  const rows = z
    .object({
      rows: z.array(
        z.object({ leader_id: z.coerce.number(), day: z.string(), equity_start: z.string(), equity_end: z.string() }),
      ),
    })
    .parse(result).rows
  const byLeader = new Map<number, { day: string; equityStart: string; equityEnd: string }[]>()
  for (const r of rows) {
    const list = byLeader.get(r.leader_id) ?? []
    list.push({ day: r.day, equityStart: r.equity_start, equityEnd: r.equity_end })
    byLeader.set(r.leader_id, list)
  }
  let written = 0
  for (const [leaderId, days] of byLeader)
    written += await db.transaction((tx) => recordDailyHistory(tx, leaderId, days, now.getTime()))
  return written
}

/** The unit value of an account at an instant (its last row at or before it); null before its first row. */
export async function unitValueAt(db: Runner, kind: OwnerKind, id: number, at: Date): Promise<Money | null> {
  const points = await pointsAt(db, kind, [id], [at.getTime()])
  return points.get(id)?.[0]?.unitValue ?? null
}
