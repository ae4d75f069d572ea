/**
 * Equity of a leader or a copy at any engine time, from the records alone:
 * - a leader: its USDT EXCHANGE wallet plus its own open positions (copy_id null);
 * - a copy: its balance plus the open positions it manages (a position kept after the copy ended is the follower's);
 * each open position worth its margin plus its result at the mark, at least 0 (isolated margin: it cannot lose more
 * than it holds; the methodology's rule). Cash and margins come from the ledger where it is exact in time (everything
 * after the back-fill, and any instant once the back-fill is written); before that a leader's wallet and margins are
 * the replay's (replay.ts). Sizes and entries always come from the replay.
 *
 * Engine time of a record: a simulated leader's live order is stamped with the start of the minute it decided on but
 * is placed once that minute's close is known, a minute later (runner.ts botsAt): a valuation written at a tick sees
 * it only from then. Everything else takes effect at its stamp.
 */
import { ZERO, max, type D } from './exact.ts'
import { ALL, copyKey, countUpTo, leaderWalletKey, marginKey, type Cut, type Ledger, type Movement } from './ledger.ts'
import type { Marks } from './marks.ts'
import type { CopyRecord, EventRecord, PositionRecord, Raw, TransferRecord } from './raw.ts'
import type { PositionPoint, Replayed } from './replay.ts'

const MINUTE = 60_000

export type OwnerKind = 'leader' | 'copy'

/** The kind of the movement a copy's positions handed to its follower make (no ledger transfer moves them). */
export const HAND_OVER = 'hand-over'

/** The ref of the transfers that end a copy (copy-account.ts `endCopy`). */
const endCopyRef = (copyId: number) => `end-copy:${copyId}`

/** When a transfer takes effect. */
export const transferTime = (t: TransferRecord): number =>
  t.ref !== null && t.ref.startsWith('bot:') ? t.createdAt + MINUTE : t.createdAt

/** When a leader event takes effect (a live simulated order: a minute after its stamp; see the module note). */
export function eventTimeOf(ledger: Ledger): (e: EventRecord) => number {
  return (e) => (e.id.startsWith('bot:') && ledger.withRef(e.id).length > 0 ? e.createdAt + MINUTE : e.createdAt)
}

interface CashStep {
  at: number
  seq: number
  ref: string | null
  delta: D
  running: D
}

export type Valued = { ok: true; equity: D } | { ok: false; reason: string }

/** The state of a replayed position at `at`: after its steps before it, and those at it that `cut` counts. */
export function pointAt(
  points: readonly PositionPoint[],
  at: number,
  cut: Cut,
  ledger: Pick<Ledger, 'counts'>,
): PositionPoint | undefined {
  let count = countUpTo(points, at, -Infinity, (p) => p.seq)
  while (count < points.length) {
    const p = points[count]
    if (!p || p.at !== at || !ledger.counts(cut, p.seq, p.ref)) break
    count += 1
  }
  return count === 0 ? undefined : points[count - 1]
}

export class Valuation {
  private readonly ownPositions = new Map<number, PositionRecord[]>()
  private readonly copyPositions = new Map<number, PositionRecord[]>()
  private readonly copies: Map<number, CopyRecord>
  private readonly ledger: Ledger
  private readonly replayed: ReadonlyMap<number, Replayed>
  private readonly marks: Marks

  constructor(raw: Raw, ledger: Ledger, replayed: ReadonlyMap<number, Replayed>, marks: Marks) {
    this.ledger = ledger
    this.replayed = replayed
    this.marks = marks
    for (const p of raw.positions) {
      const map = p.copyId === null ? this.ownPositions : this.copyPositions
      const key = p.copyId ?? p.userId
      const list = map.get(key)
      if (list) list.push(p)
      else map.set(key, [p])
    }
    this.copies = new Map(raw.copies.map((c) => [c.id, c]))
  }

  /** Whether the ledger alone is exact at `at` (no back-filled history is still being written before it). */
  private ledgerExact(at: number): boolean {
    return this.ledger.historyEnd === null || at >= this.ledger.historyEnd
  }

  private mark(pair: string, at: number): D | undefined {
    return this.ledgerExact(at) ? this.marks.live(pair, at) : this.marks.history(pair, at)
  }

  /** One open position's worth at the mark, from the replay's size and entry and the given margin. */
  private positionValue(position: PositionRecord, state: PositionPoint, margin: D, at: number): Valued {
    const mark = this.mark(position.pairCode, at)
    if (!mark) return { ok: false, reason: `no stored price of ${position.pairCode} at ${new Date(at).toISOString()}` }
    const result = mark.minus(state.entry).times(state.size).times(position.side)
    return { ok: true, equity: max(ZERO, margin.plus(result)) }
  }

  equity(kind: OwnerKind, id: number, at: number, cut: Cut = ALL): Valued {
    return kind === 'leader' ? this.leaderEquity(id, at, cut) : this.copyEquity(id, at, cut)
  }

  leaderEquity(leaderId: number, at: number, given: Cut = ALL): Valued {
    const wallet = leaderWalletKey(leaderId)
    const exact = this.ledgerExact(at)
    // The back-fill values each hour after everything of that hour.
    const cut = !exact && given.kind === 'valuation' ? ALL : given
    if (!exact) {
      const unknown = this.historyUnknownFrom(leaderId)
      if (unknown !== null && at >= unknown)
        return {
          ok: false,
          reason: `back-filled funding at ${new Date(unknown).toISOString()} at a price no longer stored`,
        }
    }
    let equity = exact ? this.ledger.balanceAt(wallet, at, cut) : this.historyWallet(leaderId, at, cut)
    for (const position of this.ownPositions.get(leaderId) ?? []) {
      if (position.openedAt > at) continue
      const state = pointAt(this.replayed.get(position.id)?.points ?? [], at, cut, this.ledger)
      if (!state?.open) continue
      const margin = exact ? this.ledger.balanceAt(marginKey(position.id), at, cut) : state.margin
      const value = this.positionValue(position, state, margin, at)
      if (!value.ok) return value
      equity = equity.plus(value.equity)
    }
    return { ok: true, equity }
  }

  /** From when a leader's replayed money is unknown (see Replayed.unknownFrom); null: known throughout. */
  historyUnknownFrom(leaderId: number): number | null {
    let from: number | null = null
    for (const position of this.ownPositions.get(leaderId) ?? []) {
      const unknown = this.replayed.get(position.id)?.unknownFrom ?? null
      if (unknown !== null) from = Math.min(from ?? unknown, unknown)
    }
    return from
  }

  /** A leader's wallet while the back-fill's summarized transfers do not say when: its own transfers, plus the replay. */
  historyWallet(leaderId: number, at: number, cut: Cut = ALL): D {
    let steps = this.cashSteps.get(leaderId)
    if (!steps) this.cashSteps.set(leaderId, (steps = this.buildCashSteps(leaderId)))
    let count = countUpTo(steps, at, -Infinity, (step) => step.seq)
    while (count < steps.length) {
      const step = steps[count]
      if (!step || step.at !== at || !this.ledger.counts(cut, step.seq, step.ref)) break
      count += 1
    }
    return count === 0 ? ZERO : (steps[count - 1]?.running ?? ZERO)
  }

  private readonly cashSteps = new Map<number, CashStep[]>()

  /** Every change of a leader's wallet in time order, with the running balance: its own transfers and the replay's. */
  private buildCashSteps(leaderId: number): CashStep[] {
    const steps: Omit<CashStep, 'running'>[] = []
    for (const m of this.ledger.movements(leaderWalletKey(leaderId)))
      if (!m.transfer.ref?.startsWith('history:'))
        steps.push({ at: m.at, seq: m.transfer.id, ref: m.transfer.ref, delta: m.delta })
    for (const position of this.ownPositions.get(leaderId) ?? []) {
      let before = ZERO
      for (const point of this.replayed.get(position.id)?.points ?? []) {
        if (!point.cash.eq(before))
          steps.push({ at: point.at, seq: point.seq, ref: point.ref, delta: point.cash.minus(before) })
        before = point.cash
      }
    }
    steps.sort((a, b) => a.at - b.at || a.seq - b.seq)
    let running = ZERO
    return steps.map((step) => ({ ...step, running: (running = running.plus(step.delta)) }))
  }

  /**
   * A copy that ended keeping positions handed them to its follower: money out of the copy at their worth at its end
   * (margin plus result at the marks, at least 0, as its equity counted them), ordered with the end's last transfer.
   * Null for a copy that handed nothing over; a worth that cannot be valued (a price not stored) is reported.
   */
  handOver(copyId: number): { ok: true; movement: Movement | null } | { ok: false; reason: string } {
    const copy = this.copies.get(copyId)
    const endedAt = copy?.endedAt
    if (endedAt === null || endedAt === undefined) return { ok: true, movement: null }
    let worth = ZERO
    let handed = false
    for (const position of this.copyPositions.get(copyId) ?? []) {
      if (!position.unmanaged || position.openedAt > endedAt) continue
      const state = pointAt(this.replayed.get(position.id)?.points ?? [], endedAt, ALL, this.ledger)
      if (!state?.open) continue
      const margin = this.ledger.balanceAt(marginKey(position.id), endedAt, ALL)
      const value = this.positionValue(position, state, margin, endedAt)
      if (!value.ok) return value
      worth = worth.plus(value.equity)
      handed = true
    }
    if (!handed) return { ok: true, movement: null }
    const ref = endCopyRef(copyId)
    const seq = Math.max(0, ...this.ledger.withRef(ref).map((t) => t.id))
    const transfer: TransferRecord = {
      id: seq,
      debit: copyKey(copyId),
      credit: `follower:${copy?.followerId ?? 0}`,
      amount: worth.toFixed(),
      kind: HAND_OVER,
      ref,
      createdAt: endedAt,
    }
    return { ok: true, movement: { transfer, at: endedAt, delta: worth.neg() } }
  }

  /** Whether the copy has ended by (at, cut): before `at`, or at it under a cut that counts the end's transfers. */
  private endedBy(copyId: number, at: number, cut: Cut): boolean {
    const endedAt = this.copies.get(copyId)?.endedAt
    if (endedAt === null || endedAt === undefined || at < endedAt) return false
    if (at > endedAt) return true
    const ref = endCopyRef(copyId)
    const last = Math.max(0, ...this.ledger.withRef(ref).map((t) => t.id))
    return this.ledger.counts(cut, last, ref)
  }

  copyEquity(copyId: number, at: number, cut: Cut = ALL): Valued {
    let equity = this.ledger.balanceAt(copyKey(copyId), at, cut)
    for (const position of this.copyPositions.get(copyId) ?? []) {
      if (position.openedAt > at) continue
      // Kept by the follower when the copy ended: no longer the copy's from its end on (at the end's instant, only
      // under a cut that counts the end: a money-in row written before the end in that instant still counts it).
      if (position.unmanaged && this.endedBy(copyId, at, cut)) continue
      const state = pointAt(this.replayed.get(position.id)?.points ?? [], at, cut, this.ledger)
      if (!state?.open) continue
      const value = this.positionValue(position, state, this.ledger.balanceAt(marginKey(position.id), at, cut), at)
      if (!value.ok) return value
      equity = equity.plus(value.equity)
    }
    return { ok: true, equity }
  }
}
