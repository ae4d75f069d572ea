/**
 * Live funding recomputed (issue 27 item 6), from the published funding history (each time's rate and mark) and the
 * positions open at each funding time T: opened before T and not closed before it (a position closed at T or later
 * was open when T was paid: the engine pays a time before anything changes the pair's positions after it), at their
 * size then. A leader's or a copy's size comes from its replay (replay.ts; funding never moves a size), an ordinary
 * user's own from their fills, walked in order. The rule, written out again:
 * - each owes rate × mark × size × side, toward zero at 18 decimals (positive: it pays);
 * - a payer pays what it owes up to what backs it: an isolated position its margin then (the ledger's balance of its
 *   margin before the time's first transfer); a cross one its margin, then its wallet (what of the wallet was free then
 *   is not in the ledger, holds are not transfers: a payment the margin alone could not make is taken as the ledger
 *   has it, checked to be the whole margin and no more than margin and wallet);
 * - the receivers get their due when the payers' pool covers it, the rest to the insurance fund; otherwise each its
 *   share of the pool rounded down to 18 decimals, the units left over one each to the largest remainders (the older
 *   position on a tie).
 * Each position's flow is compared with the ledger's, and the fund's rest with its 'funding-imbalance' transfer; the
 * flows are what the replays of leaders' and copies' positions take.
 */
import { COPY, FUTURES } from '#/app.config.ts'
import { pointAt } from './equity.ts'
import { D, ZERO, floor18, min, paid18, plain } from './exact.ts'
import { marginKey, upTo, walletKey, type Ledger } from './ledger.ts'
import type { OwnFillRecord, PositionRecord, Raw } from './raw.ts'
import type { FundingStep, Replayed } from './replay.ts'
import type { Pending, Tally } from './report.ts'

const INTERVAL = COPY.fundingIntervalHours * 3_600_000
const RATE_CAP = new D(FUTURES.funding.rateCap)
const RATE_DECIMALS = FUTURES.funding.rateDecimals
const POOL = 'funding-pool'
const INSURANCE = 'insurance'
const IMBALANCE = 'funding-imbalance'
const EXCHANGE_WALLET = 3
const UNIT = new D('1e-18')

const refOf = (pairCode: string, time: number) => `funding:${pairCode}:${new Date(time).toISOString()}`

/** Sizes of ordinary users' own futures positions over time: (when, size after) per position, from their fills. */
type SizeHistory = Map<number, { at: number; size: D }[]>

/**
 * Walks each ordinary user's fills of a pair in order (the house's too: its side of a match has no order): a fill
 * against the position reduces it, the rest opening the next one (one-way positions, as the engine settles them). A
 * liquidation's rest, closed at the mark without a fill, leaves the position once its own liquidation fills are done
 * (the next fill after them or after its close). Answers the sizes and the positions the walk could not follow (its
 * end disagrees with the stored row).
 */
function walkOwnFills(raw: Raw): { sizes: SizeHistory; unknown: Set<number> } {
  const leaders = new Set(raw.leaders.map((l) => l.id))
  const positions = new Map<string, PositionRecord[]>()
  for (const p of raw.positions) {
    if (p.copyId !== null || p.biz !== 'futures' || leaders.has(p.userId)) continue
    const key = `${p.userId}:${p.pairCode}`
    positions.set(key, [...(positions.get(key) ?? []), p])
  }
  const fills = new Map<string, OwnFillRecord[]>()
  for (const f of raw.ownFills) {
    const key = `${f.userId}:${f.pairCode}`
    fills.set(key, [...(fills.get(key) ?? []), f])
  }
  const sizes: SizeHistory = new Map()
  const unknown = new Set<number>()
  for (const [key, list] of positions) {
    list.sort((a, b) => a.id - b.id)
    const own = fills.get(key) ?? []
    const lastLiquidationFill = new Map<number, number>()
    for (const f of own) if (f.target !== null) lastLiquidationFill.set(f.target, f.id)
    const record = (position: PositionRecord | undefined, at: number, size: D) => {
      if (!position) return
      sizes.set(position.id, [...(sizes.get(position.id) ?? []), { at, size }])
    }
    let index = -1
    let net = ZERO
    for (const f of own) {
      const current = list[index]
      if (current && !net.isZero() && current.closeReason === 'liquidation' && current.closedAt !== null) {
        const after =
          f.at > current.closedAt || (f.at === current.closedAt && f.id > (lastLiquidationFill.get(current.id) ?? -1))
        if (f.target !== current.id && after) {
          record(current, current.closedAt, ZERO)
          net = ZERO
        }
      }
      const signed = new D(f.size).times(f.side === 'buy' ? 1 : -1)
      if (net.isZero()) {
        index += 1
        net = signed
      } else if (net.isPositive() === signed.isPositive() || signed.abs().lte(net.abs())) net = net.plus(signed)
      else {
        record(list[index], f.at, ZERO)
        index += 1
        net = net.plus(signed)
      }
      record(list[index], f.at, net.abs())
    }
    const current = list[index]
    if (current?.closeReason === 'liquidation' && current.closedAt !== null && !net.isZero())
      record(current, current.closedAt, ZERO)
    // The walk must end where the rows are: every position opened, each at its stored size (a closed one at 0).
    for (const position of list) {
      const last = sizes.get(position.id)?.at(-1)?.size
      if (last === undefined || !last.eq(position.status === 'open' ? position.size : 0)) unknown.add(position.id)
    }
  }
  return { sizes, unknown }
}

/** A recomputed funding time of one pair: the flow of each position it moved, and the pool's rest to the fund. */
interface PaidTime {
  pairCode: string
  time: number
  flows: Map<number, { amount: D; margin: D }>
  rest: D
}

export interface LiveFunding {
  /** Each position's recomputed live funding, for its replay. */
  flows: Map<number, FundingStep[]>
  /** Compares every recomputed flow with the ledger's, and reports what could not be recomputed. */
  check(tally: Tally, pending: Pending[]): void
}

/** What a position moved at a funding time in the ledger (its margin's funding transfers of that ref, and a wallet's). */
function ledgered(ledger: Ledger, position: PositionRecord, ref: string): { amount: D; margin: D } {
  let margin = ZERO
  let wallet = ZERO
  const own = marginKey(position.id)
  const funds = walletKey(position.userId, EXCHANGE_WALLET, 'USDT')
  for (const t of ledger.withRef(ref)) {
    if (!t.kind.startsWith('funding')) continue
    const amount = new D(t.amount)
    if (t.credit === own) margin = margin.plus(amount)
    if (t.debit === own) margin = margin.minus(amount)
    if (position.marginMode === 'cross' && t.debit === funds && t.credit === POOL) wallet = wallet.minus(amount)
  }
  return { amount: margin.plus(wallet), margin }
}

/** Balance of an account over the transfers before transfer `id` (all of them before `at` when none is given). */
function balanceBefore(ledger: Ledger, key: string, id: number | undefined, at: number): D {
  if (id === undefined) return ledger.balanceAt(key, at, upTo(-1))
  return ledger.movements(key).reduce((sum, m) => (m.transfer.id < id ? sum.plus(m.delta) : sum), ZERO)
}

/**
 * Shares `pool` among `dues` (by position id order) when it is short of their sum: each share rounded down to 18
 * decimals, the units left over to the largest remainders, the earlier on a tie.
 */
function shares(pool: D, dues: readonly D[]): D[] {
  const total = dues.reduce((sum, d) => sum.plus(d), ZERO)
  if (pool.gte(total)) return [...dues]
  const exact = dues.map((due) => pool.times(due).div(total))
  const floored = exact.map(floor18)
  let left = pool
    .minus(floored.reduce((sum, f) => sum.plus(f), ZERO))
    .div(UNIT)
    .round()
    .toNumber()
  const order = exact.map((value, index) => ({ index, rest: value.minus(floored[index] ?? ZERO) }))
  order.sort((a, b) => b.rest.cmp(a.rest) || a.index - b.index)
  for (const { index } of order) {
    if (left <= 0) break
    floored[index] = (floored[index] ?? ZERO).plus(UNIT)
    left -= 1
  }
  return floored
}

/** Recomputes every live funding time of the published history; `sizing` is a replay without live funding. */
export function recomputeFunding(
  raw: Raw,
  ledger: Ledger,
  sizing: ReadonlyMap<number, Replayed>,
  at: number,
): LiveFunding {
  const { sizes, unknown } = walkOwnFills(raw)
  const liveFrom = ledger.historyEnd ?? -Infinity
  const published = raw.fundingPaid.filter((f) => f.time > liveFrom && f.time <= at)
  const byPair = new Map<string, PositionRecord[]>()
  for (const p of raw.positions) if (p.biz === 'futures') byPair.set(p.pairCode, [...(byPair.get(p.pairCode) ?? []), p])
  const sizeAt = (position: PositionRecord, time: number): D | undefined => {
    const replayed = sizing.get(position.id)
    if (replayed) {
      if (replayed.problems.length > 0) return undefined
      return pointAt(replayed.points, time, upTo(-1), ledger)?.size ?? ZERO
    }
    if (unknown.has(position.id)) return undefined
    const history = sizes.get(position.id) ?? []
    let size: D = ZERO
    for (const step of history) if (step.at < time) size = step.size
    return size
  }
  const paidTimes: PaidTime[] = []
  const unsized: string[] = []
  const flows = new Map<number, FundingStep[]>()
  for (const row of published) {
    const ref = refOf(row.pairCode, row.time)
    const first = ledger.withRef(ref)[0]?.id
    const rate = new D(row.rate)
    const mark = new D(row.mark)
    const open = (byPair.get(row.pairCode) ?? [])
      .filter((p) => p.openedAt < row.time && (p.closedAt === null || p.closedAt >= row.time))
      .sort((a, b) => a.id - b.id)
    const owed: { position: PositionRecord; owes: D }[] = []
    let sized = true
    for (const position of open) {
      const size = sizeAt(position, row.time)
      if (size === undefined) {
        unsized.push(`position ${position.id} at ${new Date(row.time).toISOString()}`)
        sized = false
        continue
      }
      if (!size.isZero()) owed.push({ position, owes: paid18(mark.times(size).times(rate).times(position.side)) })
    }
    if (!sized) continue
    const time: PaidTime = { pairCode: row.pairCode, time: row.time, flows: new Map(), rest: ZERO }
    let pool = ZERO
    for (const { position, owes } of owed) {
      if (owes.lte(0)) continue
      const margin = balanceBefore(ledger, marginKey(position.id), first, row.time)
      let paid = min(owes, margin)
      if (position.marginMode === 'cross' && owes.gt(margin)) {
        const wallet = balanceBefore(ledger, walletKey(position.userId, EXCHANGE_WALLET, 'USDT'), first, row.time)
        const taken = ledgered(ledger, position, ref).amount.neg()
        if (taken.gte(margin) && taken.lte(min(owes, margin.plus(wallet)))) paid = taken
      }
      pool = pool.plus(paid)
      time.flows.set(position.id, { amount: paid.neg(), margin: min(paid, margin).neg() })
    }
    const receivers = owed.filter((o) => o.owes.lt(0))
    const got = shares(
      pool,
      receivers.map((r) => r.owes.neg()),
    )
    receivers.forEach(({ position }, i) => {
      const share = got[i] ?? ZERO
      time.flows.set(position.id, { amount: share, margin: share })
    })
    time.rest = pool.minus(got.reduce((sum, g) => sum.plus(g), ZERO))
    paidTimes.push(time)
    for (const [positionId, flow] of time.flows) {
      if (flow.amount.isZero()) continue
      const seq = ledger
        .withRef(ref)
        .find((t) => t.debit === marginKey(positionId) || t.credit === marginKey(positionId))
      flows.set(positionId, [
        ...(flows.get(positionId) ?? []),
        { at: row.time, seq: seq?.id ?? first ?? 0, ref, ...flow },
      ])
    }
  }
  return {
    flows,
    check(tally, pending) {
      for (const row of published) {
        const cappedAndCut = new D(row.rate).abs().lte(RATE_CAP) && new D(row.rate).decimalPlaces() <= RATE_DECIMALS
        tally.compare(
          `funding ${row.pairCode}`,
          '-',
          `rate at ${new Date(row.time).toISOString()} within the cap, at 8 decimals`,
          row.rate,
          cappedAndCut ? row.rate : `|rate| ≤ ${plain(RATE_CAP)}, ${RATE_DECIMALS} decimals`,
          cappedAndCut,
        )
      }
      const positions = new Map(raw.positions.map((p) => [p.id, p]))
      for (const time of paidTimes) {
        const ref = refOf(time.pairCode, time.time)
        const iso = new Date(time.time).toISOString()
        const inLedger = new Set(
          ledger
            .withRef(ref)
            .flatMap((t) => [t.debit, t.credit])
            .filter((key) => key.startsWith('margin:'))
            .map((key) => Number(key.slice('margin:'.length))),
        )
        for (const id of new Set([...time.flows.keys(), ...inLedger])) {
          const position = positions.get(id)
          if (!position) continue
          const served = ledgered(ledger, position, ref).amount
          const recomputed = time.flows.get(id)?.amount ?? ZERO
          tally.compare(
            `position ${id}`,
            '-',
            `funding at ${iso}`,
            plain(served),
            plain(recomputed),
            served.eq(recomputed),
          )
        }
        const rest = ledger
          .withRef(ref)
          .filter((t) => t.kind === IMBALANCE && t.credit === INSURANCE)
          .reduce((sum, t) => sum.plus(t.amount), ZERO)
        tally.compare(
          'insurance',
          '-',
          `funding rest of ${time.pairCode} at ${iso}`,
          plain(rest),
          plain(time.rest),
          rest.eq(time.rest),
        )
      }
      // Every funding time a futures position was open across after the history was paid and published.
      const paid = new Set(raw.fundingPaid.map((f) => `${f.pairCode}@${f.time}`))
      for (const [pairCode, list] of byPair) {
        const from = Math.max(liveFrom, Math.min(...list.map((p) => p.openedAt)))
        for (let t = Math.floor(from / INTERVAL + 1) * INTERVAL; t <= at; t += INTERVAL) {
          if (!list.some((p) => p.openedAt < t && (p.closedAt === null || p.closedAt >= t))) continue
          const known = paid.has(`${pairCode}@${t}`)
          tally.compare(
            `funding ${pairCode}`,
            '-',
            `paid at ${new Date(t).toISOString()}`,
            known ? 'paid' : 'none',
            'paid',
            known,
          )
        }
      }
      if (unsized.length > 0)
        pending.push({
          figure: `funding of ${unsized.length} positions and of the times they were open at`,
          reason: `their size then could not be recomputed from their records (${unsized.slice(0, 3).join(', ')}…)`,
        })
    },
  }
}
