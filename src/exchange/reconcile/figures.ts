/**
 * Every figure of a leader and of a copy, per period, recomputed from the unit-value rows (each checked by units.ts),
 * the equity at any instant (equity.ts), the ledger and the positions, by the published definitions:
 * - window: the last N UTC calendar days with today: [00:00 UTC of day today − (N − 1), now]; 'all' from the first row;
 * - ROI = UV(end) / UV(start) − 1, the unit value at an instant being the last row at or before it; a 'start' row
 *   (after being wiped out) breaks the chain: a span across one is −100 %, a span that begins before any value
 *   begins at the first start;
 * - PnL = equity change − net money in over the window (a leader's profit share received is money in; a copy's profit
 *   share paid is a cost);
 * - maximum drawdown: the largest fall of the unit value from its running peak over every row in the window, from the
 *   value at its start (the peak starts again at a start row);
 * - Sharpe: mean / sample standard deviation of the daily returns (00:00 to 00:00 UTC, the last day to now) × √365;
 * - counted trades: the leader's own positions closed in the window whose size (entry price × size closed) is at least
 *   COPY.minTradeEquityShare of the equity of its last unit value at or before the opening, none of whose fills
 *   matched an order of a linked account (master and sub-account, two sub-accounts of one master, inviter and
 *   invitee);
 * - win rate: counted trades with realized PnL − fees + funding > 0, over those counted; weighted: their size over
 *   the size of all counted trades;
 * - trades per week: counted trades × 7 ÷ the days traded (from the later of the window's start and
 *   the start of the leader's history, never fewer than COPY.newLeaderDays: the published methodology); holding
 *   time: mean minutes from open to close; coins: most traded, at most 3;
 * - AUM: USDT in live copies (free balance and margin); followers: every follower ever; copiers: live copies;
 *   copier PnL: the sum of the leader's copies' PnL in the window.
 */
import { COPY } from '#/app.config.ts'
import { D, ONE, ZERO, half18, sum } from './exact.ts'
import type { OwnerKind, Valuation } from './equity.ts'
import { ALL, VALUATION, copyKey, marginKey, type Ledger, type Movement } from './ledger.ts'
import type { CopyRecord, MatchRecord, PositionRecord, Raw, UserRecord } from './raw.ts'
import { flowsOf, type UnitRow } from './units.ts'

export const DAY = 86_400_000
const MINUTE = 60_000
export const PERIODS = [
  { name: '7d', days: 7 },
  { name: '30d', days: 30 },
  { name: '90d', days: 90 },
  { name: 'all', days: null },
] as const
export type PeriodName = (typeof PERIODS)[number]['name']

/** Start of the window of `days` calendar days ending at `now` (00:00 UTC); null for all history. */
export function windowStartOf(days: number | null, now: number): number | null {
  return days === null ? null : Math.floor(now / DAY) * DAY - (days - 1) * DAY
}

// --------------------------------------------------------------------------------------------------------------
// Reading unit values

/** The last row at or before `at`. */
export function rowAt(rows: readonly UnitRow[], at: number): UnitRow | null {
  let found: UnitRow | null = null
  for (const row of rows) {
    if (row.at > at) break
    found = row
  }
  return found
}

const later = (a: UnitRow, b: UnitRow) => a.at > b.at || (a.at === b.at && a.id > b.id)

/** ROI from row `from` to row `to` (see the module's rule on start rows). */
export function roiBetween(rows: readonly UnitRow[], from: UnitRow | null, to: UnitRow | null): D {
  if (!to) return ZERO
  const starts = rows.filter((r) => r.reason === 'start' && (from === null || later(r, from)) && !later(r, to))
  let base = from
  if (!base || base.unitValue.isZero()) {
    const first = starts.shift()
    if (!first) return ZERO
    base = first
  }
  if (starts.length > 0) return ONE.neg()
  return to.unitValue.div(base.unitValue).minus(ONE)
}

export interface DayFigure {
  day: string
  dailyReturn: D
  /** ROI from the window's start to the day's end. */
  roi: D
  end: number
}

/**
 * Daily returns over [start, end]: each UTC day (the last one to `end`) in which the account exists (a row before the
 * day's end); `start` null: from the account's beginning (its first row's day, measured from its first start).
 */
export function dailyReturns(rows: readonly UnitRow[], start: number | null, end: number): DayFigure[] {
  const begin = start ?? rows[0]?.at ?? end
  const instants = [begin]
  for (let t = Math.floor(begin / DAY) * DAY + DAY; t < end; t += DAY) instants.push(t)
  instants.push(end)
  const first = start === null ? null : rowAt(rows, start)
  const days: DayFigure[] = []
  const firstAt = rows[0]?.at ?? Infinity
  for (let i = 1; i < instants.length; i += 1) {
    const dayEnd = instants[i] ?? end
    // A day counts once the account exists in it: a row before its end (a row at 00:00 begins the next day).
    if (!(firstAt < dayEnd || (dayEnd === end && firstAt <= end))) continue
    const to = rowAt(rows, dayEnd)
    if (!to) continue
    const from = i === 1 ? first : rowAt(rows, instants[i - 1] ?? begin)
    days.push({
      day: new Date(instants[i - 1] ?? begin).toISOString().slice(0, 10),
      dailyReturn: roiBetween(rows, from, to),
      roi: roiBetween(rows, first, to),
      end: instants[i] ?? end,
    })
  }
  return days
}

/**
 * Largest fall of the unit value from its running peak over (start, end], from the value at start; `start` null: over
 * every row from the first.
 */
export function maxDrawdownOf(rows: readonly UnitRow[], start: number | null, end: number): D {
  const first = start === null ? null : rowAt(rows, start)
  const span = [
    ...(first ? [{ row: first, restart: true }] : []),
    ...rows
      .filter((r) => (start === null || r.at > start) && r.at <= end)
      .map((row, i) => ({ row, restart: row.reason === 'start' || (start === null && i === 0) })),
  ]
  let peak = ZERO
  let worst = ZERO
  for (const { row, restart } of span) {
    if (restart || row.unitValue.gt(peak)) peak = row.unitValue
    if (peak.gt(0)) {
      const fall = ONE.minus(row.unitValue.div(peak))
      if (fall.gt(worst)) worst = fall
    }
  }
  return worst
}

/** Annualised Sharpe ratio of daily returns: mean / sample standard deviation × √365; 0 under 2 days or no spread. */
export function sharpeOf(returns: readonly D[]): D {
  if (returns.length < 2) return ZERO
  const mean = sum(returns).div(returns.length)
  const variance = sum(returns.map((r) => r.minus(mean).pow(2))).div(returns.length - 1)
  if (variance.isZero()) return ZERO
  return mean.div(variance.sqrt()).times(new D(365).sqrt())
}

// --------------------------------------------------------------------------------------------------------------
// Money

/**
 * Net money into an account in [from, to] (from null: since the beginning; `through` false: [from, to)): money moved
 * at `from` itself comes after the valuation at `from` (what happens at 00:00 belongs to the new day).
 */
export function netFlows(flows: readonly Movement[], from: number | null, to: number, through = true): D {
  return sum(
    flows.filter((m) => (from === null || m.at >= from) && (through ? m.at <= to : m.at < to)).map((m) => m.delta),
  )
}

export interface Context {
  raw: Raw
  ledger: Ledger
  valuation: Valuation
  rows: ReadonlyMap<string, readonly UnitRow[]>
}

export type Figure = { ok: true; value: D } | { ok: false; reason: string }

/**
 * PnL of an account over [from, to]: equity at `to` less equity at `from` as valued then (before what happens at that
 * instant), less net money in; from null: since it began. A span that ends at a day's end (`to` a 00:00 before now:
 * `closesDay`) is valued at that 00:00 the same way, so what happens at it (money moved, profit share) belongs to the
 * next day, the tick's own work at it (its funding, marks, liquidations) to the day it closes, and consecutive days add
 * up.
 */
export function pnlOf(
  context: Context,
  kind: OwnerKind,
  id: number,
  from: number | null,
  to: number,
  closesDay = false,
): Figure {
  // A leader's PnL is told by its daily rows, whose equity is kept at 18 decimals, half up (rounding.ts `q`): each end
  // is rounded so; a copy's equity is exact, and its figure rounded once, when compared.
  const kept = (equity: D) => (kind === 'leader' ? half18(equity) : equity)
  const end = context.valuation.equity(kind, id, to, closesDay ? VALUATION : ALL)
  if (!end.ok) return { ok: false, reason: end.reason }
  let startEquity = ZERO
  if (from !== null) {
    const start = context.valuation.equity(kind, id, from, VALUATION)
    if (!start.ok) return { ok: false, reason: start.reason }
    startEquity = kept(start.equity)
  }
  const flows = netFlows(flowsOf(context.ledger, context.valuation, kind, id), from, to, !closesDay)
  return { ok: true, value: kept(end.equity).minus(startEquity).minus(flows) }
}

// --------------------------------------------------------------------------------------------------------------
// Trades

export interface TradeFigures {
  closed: number
  winRate: D
  weightedWinRate: D
  tradesPerWeek: D
  avgHoldingMinutes: D
  preferredCoins: string[]
}

/** Trades per week are never spread over fewer days than this (the methodology's "New" threshold). */
export const MIN_TRADING_DAYS = COPY.newLeaderDays

/** Whether two users are one trade group: master and sub-account, sub-accounts of one master, inviter and invitee. */
export function linkedUsers(a: UserRecord, b: UserRecord): boolean {
  if (a.id === b.id) return false
  return (
    a.parentUserId === b.id ||
    b.parentUserId === a.id ||
    (a.parentUserId !== null && a.parentUserId === b.parentUserId) ||
    a.invitedBy === b.id ||
    b.invitedBy === a.id
  )
}

/** The times of each leader's fills that matched a linked account's order, by `${leaderId}:${biz}:${pairCode}`. */
export function linkedFillTimes(matches: readonly MatchRecord[], users: readonly UserRecord[]): Map<string, number[]> {
  const byId = new Map(users.map((u) => [u.id, u]))
  const times = new Map<string, number[]>()
  for (const match of matches) {
    const user = byId.get(match.userId)
    const other = byId.get(match.otherId)
    if (!user || !other || !linkedUsers(user, other)) continue
    const key = `${match.userId}:${match.biz}:${match.pairCode}`
    times.set(key, [...(times.get(key) ?? []), match.at])
  }
  return times
}

/** What decides whether a leader's closed position counts, beside the position itself. */
export interface RecordContext {
  /** The leader's unit-value rows: the equity a trade's size is measured against. */
  rows: readonly UnitRow[]
  /** linkedFillTimes of every leader. */
  linkedFills: ReadonlyMap<string, readonly number[]>
}

const MIN_SHARE = new D(COPY.minTradeEquityShare)
const sizeOf = (p: PositionRecord) => new D(p.entryPrice).times(p.closedSize)

/** Whether a closed own position counts in the leader's record (see the module's rule). */
export function countsInRecord(p: PositionRecord, context: RecordContext): boolean {
  const equity = rowAt(context.rows, p.openedAt)?.equity ?? ZERO
  if (sizeOf(p).lt(equity.times(MIN_SHARE))) return false
  const closedAt = p.closedAt ?? p.openedAt
  const linked = context.linkedFills.get(`${p.userId}:${p.biz}:${p.pairCode}`) ?? []
  return !linked.some((at) => at >= p.openedAt && at <= closedAt)
}

/**
 * Trade figures of a leader's own positions closed in [from, to] (from null: all) that its record counts;
 * `historyStart`: when the leader's history starts (it became a leader, or its first trade or unit value if earlier).
 */
export function tradeFigures(
  own: readonly PositionRecord[],
  from: number | null,
  to: number,
  historyStart: number,
  context: RecordContext,
): TradeFigures {
  const closed = own.filter(
    (p) =>
      p.status === 'closed' &&
      p.closedAt !== null &&
      (from === null || p.closedAt >= from) &&
      p.closedAt <= to &&
      countsInRecord(p, context),
  )
  const won = closed.filter((p) => new D(p.realizedPnl).minus(p.fees).plus(p.funding).gt(0))
  const size = sum(closed.map(sizeOf))
  const since = from === null ? historyStart : Math.max(from, historyStart)
  const traded = new D(to - since).div(DAY)
  const days = traded.lt(MIN_TRADING_DAYS) ? new D(MIN_TRADING_DAYS) : traded
  const counts = new Map<string, number>()
  for (const p of closed) {
    const coin = p.pairCode.split('_')[0] ?? p.pairCode
    counts.set(coin, (counts.get(coin) ?? 0) + 1)
  }
  return {
    closed: closed.length,
    winRate: closed.length === 0 ? ZERO : new D(won.length).div(closed.length),
    weightedWinRate: size.isZero() ? ZERO : sum(won.map(sizeOf)).div(size),
    tradesPerWeek: new D(closed.length).times(7).div(days),
    avgHoldingMinutes:
      closed.length === 0
        ? ZERO
        : sum(closed.map((p) => new D((p.closedAt ?? p.openedAt) - p.openedAt)))
            .div(MINUTE)
            .div(closed.length),
    preferredCoins: [...counts.entries()]
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, 3)
      .map(([coin]) => coin),
  }
}

// --------------------------------------------------------------------------------------------------------------
// Copies of a leader

export interface CopyFigures {
  aum: D
  followers: number
  copiers: number
}

/** AUM (free balance and open margin of live copies), every follower ever, live copies. */
const openCopiedOf = new WeakMap<Raw, PositionRecord[]>()
/** Open positions managed by a copy (computed once per read). */
function openCopied(context: Context): PositionRecord[] {
  let list = openCopiedOf.get(context.raw)
  if (!list) {
    list = context.raw.positions.filter((p) => p.copyId !== null && !p.unmanaged && p.status === 'open')
    openCopiedOf.set(context.raw, list)
  }
  return list
}

export function copyFiguresOf(context: Context, copies: readonly CopyRecord[], at: number): CopyFigures {
  const live = copies.filter((c) => c.status !== 'cancelled')
  let aum = ZERO
  const ids = new Set(live.map((c) => c.id))
  for (const copy of live) aum = aum.plus(context.ledger.balanceAt(copyKey(copy.id), at))
  for (const p of openCopied(context))
    if (p.copyId !== null && ids.has(p.copyId)) aum = aum.plus(context.ledger.balanceAt(marginKey(p.id), at))
  return { aum, followers: new Set(copies.map((c) => c.followerId)).size, copiers: live.length }
}

/** Sum of the copies' PnL over (from, to]; a copy that did not exist at `from` starts from nothing. */
export function copierPnlOf(context: Context, copies: readonly CopyRecord[], from: number | null, to: number): Figure {
  let total = ZERO
  for (const copy of copies) {
    if (copy.createdAt > to || (from !== null && copy.endedAt !== null && copy.endedAt < from)) continue
    const pnl = pnlOf(context, 'copy', copy.id, from === null || copy.createdAt > from ? null : from, to)
    if (!pnl.ok) return pnl
    total = total.plus(pnl.value)
  }
  return { ok: true, value: total }
}
