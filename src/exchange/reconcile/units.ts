/**
 * The unit-value rows checked one by one against the records: each row's equity recomputed at its time (equity.ts),
 * its flow against the ledger's money in and out of the account, and its units and unit value against the published
 * rules applied to the previous stored row (so one wrong row is reported once, not in every row after it):
 * - a valuation keeps the units: unit value = equity / units;
 * - a flow F with equity E after it: unit value = (E − F) / units before, units after = E / unit value;
 * - the first row, and the first money after being wiped out (equity 0 with units), is a start: units = equity, unit
 *   value 1; an emptied account (no units) keeps its unit value and money coming back buys units at it;
 * - equity is at least 0; unit values and units are quotients to 40 significant digits, half up.
 * Money in or out: every ledger kind that is not trading (deposit, withdrawal, copy in and out, profit share received
 * by a leader); profit share paid by a copy is the follower's cost, not a flow (the methodology's follower rule).
 */
import Decimal from 'decimal.js'
import { D, ONE, ZERO, max, plain } from './exact.ts'
import type { OwnerKind, Valuation } from './equity.ts'
import {
  ALL,
  TRADING_KINDS,
  VALUATION,
  copyKey,
  leaderWalletKey,
  upTo,
  type Cut,
  type Ledger,
  type Movement,
} from './ledger.ts'
import type { Raw, UnitRecord } from './raw.ts'
import type { Tally } from './report.ts'

const QUOTIENT_DIGITS = 40
const HOUR = 3_600_000
const quotient = (a: D, b: D): D => a.div(b).toSignificantDigits(QUOTIENT_DIGITS, Decimal.ROUND_HALF_UP)

export interface UnitRow {
  id: number
  at: number
  equity: D
  units: D
  unitValue: D
  flow: D
  reason: string
}

interface Expected {
  units: D
  unitValue: D
  reason: string
}

/** Which ledger movements of an account are money in or out (not trading). */
export function isFlow(kind: OwnerKind, movement: Movement): boolean {
  const k = movement.transfer.kind
  if (TRADING_KINDS.has(k)) return false
  // A copy pays profit share as a cost of copying; the leader receives it as money in.
  return !(kind === 'copy' && k === 'profit-share')
}

export const accountOf = (kind: OwnerKind, id: number) => (kind === 'leader' ? leaderWalletKey(id) : copyKey(id))

/**
 * Every movement of an account in time order: the ledger's, and a copy's positions handed to its follower when it
 * ended (equity.ts `handOver`: money out at their worth, no transfer moves it). Throws when that worth cannot be
 * valued (a price not stored).
 */
export function movementsOf(ledger: Ledger, valuation: Valuation, kind: OwnerKind, id: number): Movement[] {
  const own = [...ledger.movements(accountOf(kind, id))]
  if (kind !== 'copy') return own
  const handed = valuation.handOver(id)
  if (!handed.ok) throw new Error(`copy ${id}: ${handed.reason}`)
  if (!handed.movement) return own
  return [...own, handed.movement].sort((a, b) => a.at - b.at || a.transfer.id - b.transfer.id)
}

/** The flows of an account, in time order. */
export function flowsOf(ledger: Ledger, valuation: Valuation, kind: OwnerKind, id: number): Movement[] {
  return movementsOf(ledger, valuation, kind, id).filter((m) => isFlow(kind, m))
}

function expectedValuation(previous: UnitRow | null, equity: D, reason: string): Expected & { flow: D } {
  const value = max(ZERO, equity)
  if (!previous) return { units: value, unitValue: ONE, reason: 'start', flow: ZERO }
  if (previous.units.isZero()) {
    if (value.isZero()) return { units: ZERO, unitValue: previous.unitValue, reason, flow: ZERO }
    return { units: quotient(value, previous.unitValue), unitValue: previous.unitValue, reason: 'flow', flow: value }
  }
  if (previous.unitValue.isZero() && !value.isZero())
    return { units: value, unitValue: ONE, reason: 'start', flow: ZERO }
  return { units: previous.units, unitValue: quotient(value, previous.units), reason, flow: ZERO }
}

function expectedFlow(previous: UnitRow | null, equityAfter: D, flow: D): Expected | null {
  const after = max(ZERO, equityAfter)
  const before = max(ZERO, after.minus(flow))
  if (!previous) return { units: after, unitValue: ONE, reason: 'start' }
  if (previous.units.isZero())
    return { units: quotient(after, previous.unitValue), unitValue: previous.unitValue, reason: 'flow' }
  if (before.isZero() || previous.unitValue.isZero())
    return after.isZero() ? null : { units: after, unitValue: ONE, reason: 'start' }
  const unitValue = quotient(before, previous.units)
  return { units: after.isZero() ? ZERO : quotient(after, unitValue), unitValue, reason: 'flow' }
}

export const toUnitRow = (r: UnitRecord): UnitRow => ({
  id: r.id,
  at: r.at,
  equity: new D(r.equity),
  units: new D(r.units),
  unitValue: new D(r.unitValue),
  flow: new D(r.flow),
  reason: r.reason,
})

/** Stored rows per owner ('leader:7', 'copy:3'), in order. */
export function unitRowsByOwner(raw: Raw): Map<string, UnitRow[]> {
  const byOwner = new Map<string, UnitRow[]>()
  for (const r of raw.units ?? []) {
    const key = `${r.ownerKind}:${r.ownerId}`
    const list = byOwner.get(key)
    if (list) list.push(toUnitRow(r))
    else byOwner.set(key, [toUnitRow(r)])
  }
  for (const list of byOwner.values()) list.sort((a, b) => a.at - b.at || a.id - b.id)
  return byOwner
}

export interface UnitCheck {
  /** Rows whose equity could not be recomputed (a price no longer stored), by owner. */
  unvalued: number
}

/** Checks every stored row of one owner up to `until` (the time the served figures were computed). */
export function checkOwnerRows(
  tally: Tally,
  ledger: Ledger,
  valuation: Valuation,
  kind: OwnerKind,
  id: number,
  rows: readonly UnitRow[],
  until: number,
): UnitCheck {
  const subject = `${kind} ${id}`
  // A copy's profit share is not money out (isFlow), but a row that counted it as such is matched with it, so one
  // such row is reported once and the rows after it still line up with the ledger.
  const flows = movementsOf(ledger, valuation, kind, id).filter(
    (m) => isFlow(kind, m) || (kind === 'copy' && m.transfer.kind === 'profit-share'),
  )
  const counted = (m: Movement) => (isFlow(kind, m) ? m.delta : ZERO)
  let cursor = 0
  let unvalued = 0
  // Flows before the first row belong to a time the account was not followed (a user before becoming a leader).
  const first = rows[0]
  if (first) while ((flows[cursor]?.at ?? Infinity) < first.at) cursor += 1
  let previous: UnitRow | null = null
  for (const row of rows) {
    if (row.at > until) break
    const where = `row ${row.id} ${row.reason} at ${new Date(row.at).toISOString()}`
    let cut: Cut = VALUATION
    const pending = flows[cursor]
    const ledgerFlow = pending !== undefined && pending.at <= row.at
    // A valuation of an emptied account that finds money there writes it as a 'flow' row: no ledger flow behind it.
    const pseudo = previous?.units.isZero() === true && row.reason === 'flow' && !ledgerFlow
    const isFlowRow = !pseudo && (row.reason === 'flow' || (row.reason === 'start' && !row.flow.isZero()))
    if (isFlowRow) {
      // The movements up to the row that add up to its flow: money in and out first; only if they cannot, with a
      // copy's profit share too (a row that counted it as money out).
      const take = (withCosts: boolean) => {
        let moved = ZERO
        for (let i = cursor; i < flows.length; i += 1) {
          const next = flows[i]
          if (!next || next.at > row.at) break
          if (!withCosts && counted(next).isZero()) continue
          moved = moved.plus(next.delta)
          if (moved.eq(row.flow)) return { end: i + 1, last: next }
        }
        return null
      }
      const exact = take(false)
      const withCosts = exact ? null : take(true)
      const match = exact ?? withCosts
      let summed = ZERO
      let last: Movement | undefined
      const end = match?.end ?? flows.findIndex((m, i) => i >= cursor && m.at > row.at)
      for (let i = cursor; i < (end < 0 ? flows.length : end); i += 1) {
        const next = flows[i]
        if (!next) continue
        summed = summed.plus(counted(next))
        if (!counted(next).isZero() || withCosts) last = next
      }
      cursor = end < 0 ? flows.length : end
      const figure = withCosts ? 'unit row flow, profit share paid counted as money out' : 'unit row flow'
      tally.compare(subject, '-', `${figure} (${where})`, plain(row.flow), plain(summed), summed.eq(row.flow))
      last = match?.last ?? last
      cut = last && last.at === row.at ? upTo(last.transfer.id) : ALL
    } else if (pending && pending.at < row.at && !counted(pending).isZero()) {
      tally.compare(subject, '-', `flow without a unit row (${describe(pending)})`, 'none', plain(pending.delta), false)
      while ((flows[cursor]?.at ?? Infinity) < row.at) cursor += 1
    }
    const valued = valuation.equity(kind, id, row.at, cut)
    if (valued.ok) {
      const equity = max(ZERO, valued.equity)
      tally.compare(subject, '-', `unit row equity (${where})`, plain(row.equity), plain(equity), row.equity.eq(equity))
    } else unvalued += 1
    // The rules, applied to the previous stored row and this row's stored equity and flow (each checked above).
    const expected = isFlowRow
      ? expectedFlow(previous, row.equity, row.flow)
      : expectedValuation(previous, row.equity, row.reason)
    if (!expected) {
      tally.compare(subject, '-', `unit row (${where})`, 'written', 'none: nothing before or after the flow', false)
    } else {
      tally.compare(
        subject,
        '-',
        `unit row units (${where})`,
        plain(row.units),
        plain(expected.units),
        row.units.eq(expected.units),
      )
      tally.compare(
        subject,
        '-',
        `unit row unit value (${where})`,
        plain(row.unitValue),
        plain(expected.unitValue),
        row.unitValue.eq(expected.unitValue),
      )
      tally.compare(
        subject,
        '-',
        `unit row reason (${where})`,
        row.reason,
        expected.reason,
        row.reason === expected.reason,
      )
    }
    previous = row
  }
  const missed = flows.slice(cursor).find((m) => !counted(m).isZero())
  if (missed && missed.at <= until)
    tally.compare(subject, '-', `flow without a unit row (${describe(missed)})`, 'none', plain(missed.delta), false)
  return { unvalued }
}

const describe = (m: Movement) => `transfer ${m.transfer.id} ${m.transfer.kind} at ${new Date(m.at).toISOString()}`

/**
 * Valuation times with no valuation row where one was due: a leader is valued every engine hour, a live copy at every
 * day's end; a valuation that would change nothing (same units and unit value as the row before) is not written, so
 * a time without a row is checked against the equity then. Returns the times a row is missing.
 */
export function missingValuations(
  valuation: Valuation,
  kind: OwnerKind,
  id: number,
  rows: readonly UnitRow[],
  from: number,
  until: number,
): number[] {
  const first = rows[0]
  if (!first) return []
  const step = kind === 'leader' ? HOUR : 24 * HOUR
  const valued = new Set(rows.filter((r) => r.reason !== 'flow').map((r) => r.at))
  const missing: number[] = []
  for (let t = Math.floor(Math.max(first.at, from) / step) * step + step; t <= until; t += step) {
    if (valued.has(t)) continue
    let previous: UnitRow | null = null
    for (const row of rows) {
      if (row.at >= t) break
      previous = row
    }
    const equity = valuation.equity(kind, id, t, VALUATION)
    if (!equity.ok || !previous) continue
    const expected = expectedValuation(previous, max(ZERO, equity.equity), kind === 'leader' ? 'hour' : 'day')
    const unchanged =
      expected.reason !== 'start' &&
      expected.flow.isZero() &&
      expected.units.eq(previous.units) &&
      expected.unitValue.eq(previous.unitValue)
    if (!unchanged) missing.push(t)
  }
  return missing
}
