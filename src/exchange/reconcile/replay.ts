/**
 * Every position replayed from what was recorded of it, with the money rules written out again (margin held rounds
 * up, fees, PnL and funding paid toward zero, released margin down, prices half-up; an isolated loss is capped at the
 * released margin): a leader's own position from its leader events; a copied one from the leader events of the
 * position it mirrors (its opening and added sizes read back from the margin the ledger moved at the event's copies'
 * price, the average of their block order where they traded on the books, its partial closes by the mirror's rule: the
 * same fraction, down to whole lots; any other close takes what is left). Live funding is the reconciliation's own
 * (funding.ts: the published rates on the positions open at each time, by the zero-sum rule); back-filled history's is
 * charged again at that time's price, as a replay charges it (the interest rate against the market).
 *
 * The result is each position's state after every step, so its size, entry, margin and cash effect are known at any
 * engine time; its last state is compared with the stored row (a difference means the replay cannot be trusted for
 * that position, or the engine wrote something its own rules do not give).
 */
import { COPY, FUTURES } from '#/app.config.ts'
import { findInstrument } from '../market/instruments.ts'
import { D, ZERO, ceil18, floor18, half18, max, min, paid18, plain } from './exact.ts'
import { marginKey, type Ledger } from './ledger.ts'
import type { Marks } from './marks.ts'
import type { DeleverageFillRecord, EventRecord, OrderFillRecord, PositionRecord, Raw } from './raw.ts'

const FEE_RATE = new D(COPY.takerFeeRate)
const LIQUIDATION_FEE_RATE = new D(FUTURES.liquidationFeeRate)
const FUNDING_RATE = new D(FUTURES.funding.interestRate)
const FUNDING_INTERVAL = COPY.fundingIntervalHours * 3_600_000
const MINUTE = 60_000
/** Sequence of back-filled steps: after any transfer of the same time, before the history's funding of that time. */
const HISTORY_SEQ = 2 ** 52

export interface PositionPoint {
  at: number
  /** Order among steps at the same time. */
  seq: number
  /** The step's record: a leader event id or a transfer's ref. */
  ref: string | null
  size: D
  entry: D
  margin: D
  realized: D
  fees: D
  funding: D
  closedSize: D
  exitPrice: D | null
  /** Money returned to (+) or taken from (−) the position's funds so far. */
  cash: D
  open: boolean
}

export interface Replayed {
  position: PositionRecord
  points: PositionPoint[]
  /** Why the replay could not follow the records (then the position is valued from the ledger alone). */
  problems: string[]
  /**
   * From when the replay's money (margin, cash, funding and what depends on them) is unknown: back-filled funding at a
   * price no longer stored (its minute candle pruned). Sizes and entries stay known. Null: known throughout.
   */
  unknownFrom: number | null
}

interface At {
  at: number
  seq: number
  ref: string | null
}

type Step = At &
  /**
   * `unrounded`: more fills of the same operation follow, so the entry stays unrounded until its last (the engine
   * rounds an operation's average entry once).
   */
  /** `feeRate`: the close's fee rate, the taker rate unless given (auto-deleveraging's close pays none). */
  (
    | { kind: 'open' | 'add' | 'close'; size: D; price: D; unrounded?: boolean; feeRate?: D }
    /**
     * A liquidation's close of `size` at `price` (a fill of its order, or its bankrupt rest at the mark): the loss from
     * the released margin at most, the liquidation fee from what is left (none when it was auto-deleveraged), the rest
     * (once the position is out) lost to the insurance fund; nothing returns to the owner.
     */
    | { kind: 'liquidate'; size: D | null; price: D; feeRate?: D }
    | { kind: 'funding'; amount: D; margin: D }
    | { kind: 'funding-at'; mark: D }
    /** A close of whatever is left, at the price then (null: not stored; only its size is known). */
    | { kind: 'close-rest'; price: D | null }
    /** A leader's close of `closed` out of `before`, mirrored: everything when the leader is out, else the fraction. */
    | { kind: 'mirror-close'; closed: D; before: D; price: D; lot: D }
  )

const INITIAL: Omit<PositionPoint, 'at' | 'seq' | 'ref'> = {
  size: ZERO,
  entry: ZERO,
  margin: ZERO,
  realized: ZERO,
  fees: ZERO,
  funding: ZERO,
  closedSize: ZERO,
  exitPrice: null,
  cash: ZERO,
  open: false,
}

function apply(position: PositionRecord, state: PositionPoint, step: Step): PositionPoint {
  const next: PositionPoint = { ...state, at: step.at, seq: step.seq, ref: step.ref }
  const side = new D(position.side)
  const leverage = new D(position.leverage)
  const closePart = (size: D, price: D, feeRate: D = FEE_RATE) => {
    const closing = min(size, next.size)
    if (closing.lte(0) || !next.open) return
    const released = closing.gte(next.size) ? next.margin : floor18(next.margin.times(closing).div(next.size))
    const pnl = paid18(price.minus(next.entry).times(closing).times(side))
    const realized = pnl.gte(0) ? pnl : max(pnl, released.neg())
    const left = released.plus(realized)
    const fee = min(paid18(price.times(closing).times(feeRate)), left)
    next.margin = next.margin.minus(released)
    next.realized = next.realized.plus(realized)
    next.fees = next.fees.plus(fee)
    next.cash = next.cash.plus(left).minus(fee)
    recordClose(closing, price)
  }
  const recordClose = (closing: D, price: D) => {
    const before = next.closedSize
    next.closedSize = before.plus(closing)
    next.exitPrice = half18((next.exitPrice ?? ZERO).times(before).plus(price.times(closing)).div(next.closedSize))
    next.size = next.size.minus(closing)
    if (next.size.isZero()) next.open = false
  }
  switch (step.kind) {
    case 'open':
    case 'add': {
      const margin = ceil18(step.price.times(step.size).div(leverage))
      const fee = paid18(step.price.times(step.size).times(FEE_RATE))
      const average = next.size.times(next.entry).plus(step.size.times(step.price)).div(next.size.plus(step.size))
      next.entry = step.unrounded ? average : half18(average)
      next.size = next.size.plus(step.size)
      next.margin = next.margin.plus(margin)
      next.fees = next.fees.plus(fee)
      next.cash = next.cash.minus(margin).minus(fee)
      next.open = true
      break
    }
    case 'close':
      closePart(step.size, step.price, step.feeRate)
      break
    case 'mirror-close': {
      const size = step.closed.gte(step.before)
        ? next.size
        : next.size.times(step.closed).div(step.before).div(step.lot).floor().times(step.lot)
      closePart(size, step.price)
      break
    }
    case 'close-rest':
      if (step.price) closePart(next.size, step.price)
      else if (next.open) {
        // Price unknown: the size leaves; money fields stay as they were (the ledger carries the cash).
        next.closedSize = next.closedSize.plus(next.size)
        next.size = ZERO
        next.open = false
      }
      break
    case 'liquidate': {
      if (!next.open) break
      const closing = step.size === null ? next.size : min(step.size, next.size)
      const released = closing.gte(next.size) ? next.margin : floor18(next.margin.times(closing).div(next.size))
      const pnl = paid18(step.price.minus(next.entry).times(closing).times(side))
      const lost = pnl.gte(0) ? ZERO : min(pnl.neg(), released)
      const left = pnl.gte(0) ? released.plus(pnl) : released.minus(lost)
      const fee = min(paid18(step.price.times(closing).times(step.feeRate ?? LIQUIDATION_FEE_RATE)), left)
      next.margin = next.margin.minus(released)
      next.realized = next.realized.plus(pnl.gte(0) ? pnl : lost.neg()).minus(left.minus(fee))
      next.fees = next.fees.plus(fee)
      recordClose(closing, step.price)
      break
    }
    case 'funding':
      next.margin = next.margin.plus(step.margin)
      next.funding = next.funding.plus(step.amount)
      break
    case 'funding-at': {
      if (!next.open || position.biz !== 'futures') break
      const payment = paid18(step.mark.times(next.size).times(FUNDING_RATE).times(side))
      if (payment.gt(0)) {
        const paid = min(payment, next.margin)
        next.margin = next.margin.minus(paid)
        next.funding = next.funding.minus(paid)
      } else if (payment.lt(0)) {
        next.margin = next.margin.minus(payment)
        next.funding = next.funding.minus(payment)
      }
      break
    }
  }
  return next
}

/** Lot size of a pair (the step a copied size is floored to). */
function lotOf(pairCode: string): D | undefined {
  const instrument = findInstrument(pairCode)
  return instrument ? new D(instrument.lotSize) : undefined
}

/** The funding times in (from, to], epoch ms. */
export function fundingTimesBetween(from: number, to: number): number[] {
  const times: number[] = []
  for (let t = Math.floor(from / FUNDING_INTERVAL + 1) * FUNDING_INTERVAL; t <= to; t += FUNDING_INTERVAL) times.push(t)
  return times
}

/** One live funding time of a position as recomputed (funding.ts): what it paid (−) or received, and its margin's part. */
export interface FundingStep {
  at: number
  seq: number
  ref: string
  amount: D
  margin: D
}

export interface ReplayInput {
  raw: Raw
  ledger: Ledger
  marks: Marks
  /** When a transfer or event takes effect (engine time). */
  eventTime: (event: EventRecord) => number
  /**
   * A leader's order operation that left it `after` filled: its fills (in order), what the order had filled before it,
   * and what of it closed the leader's position (the size of the operation's close event, 0 when none).
   */
  orderOperation: (orderId: number, after: D) => { fills: readonly OrderFillRecord[]; filledBefore: D; closed: D }
  /** Each position's live funding, recomputed; absent: none (a first replay that only needs the sizes). */
  liveFunding?: ReadonlyMap<number, readonly FundingStep[]>
}

/**
 * Replays every position of a leader or a copy; leader positions first (copies follow their sources). An ordinary
 * user's own positions are neither a leader's nor a copy's figures: they have no leader events to replay, and their
 * money is checked by the ledger's sums alone.
 */
export function replayAll(input: ReplayInput): Map<number, Replayed> {
  const { raw } = input
  const events = new Map<number, EventRecord[]>()
  for (const e of raw.events) {
    const list = events.get(e.positionId)
    if (list) list.push(e)
    else events.set(e.positionId, [e])
  }
  const eventsById = new Map(raw.events.map((e) => [e.id, e]))
  const copies = new Map(raw.copies.map((c) => [c.id, c]))
  const replayed = new Map<number, Replayed>()
  const leading = new Set(raw.leaders.map((l) => l.id))
  const own = raw.positions.filter((p) => p.copyId === null && leading.has(p.userId))
  const copied = raw.positions.filter((p) => p.copyId !== null)
  for (const position of own) replayed.set(position.id, replayOwn(input, position, events.get(position.id) ?? []))
  for (const position of copied) {
    const copy = position.copyId === null ? undefined : copies.get(position.copyId)
    replayed.set(
      position.id,
      replayCopied(input, position, {
        sourceEvents: position.sourcePositionId === null ? [] : (events.get(position.sourcePositionId) ?? []),
        eventsById,
        endedAt: copy?.endedAt ?? null,
      }),
    )
  }
  return replayed
}

/** Funding steps of a position: live, as recomputed (funding.ts); charged again on back-filled history. */
function fundingSteps(input: ReplayInput, position: PositionRecord, from: number, until: number): Step[] {
  const steps: Step[] = []
  const historyEnd = input.ledger.historyEnd
  if (position.biz !== 'futures') return steps
  for (const step of input.liveFunding?.get(position.id) ?? []) steps.push({ kind: 'funding', ...step })
  if (historyEnd !== null) {
    for (const t of fundingTimesBetween(from - 1, Math.min(until, historyEnd))) {
      // A time whose minute had not ended when the history ended was paid at the mark then (bots/backfill.ts).
      const mark =
        t + MINUTE > historyEnd ? input.marks.live(position.pairCode, t) : input.marks.history(position.pairCode, t)
      // After that time's trades (the back-fill charges funding once the hour's orders are in).
      steps.push({
        kind: 'funding-at',
        at: t,
        seq: Number.MAX_SAFE_INTEGER,
        ref: 'history-funding',
        mark: mark ?? new D(-1),
      })
    }
  }
  return steps
}

function run(position: PositionRecord, steps: Step[], problems: string[]): Replayed {
  steps.sort((a, b) => a.at - b.at || a.seq - b.seq)
  const points: PositionPoint[] = []
  let unknownFrom: number | null = null
  let state: PositionPoint = { ...INITIAL, at: position.openedAt, seq: 0, ref: null }
  for (const step of steps) {
    if (step.kind === 'funding-at' && step.mark.isNegative()) {
      if (state.open && position.biz === 'futures') unknownFrom ??= step.at
      continue
    }
    state = apply(position, state, step)
    points.push(state)
  }
  return { position, points, problems, unknownFrom }
}

/**
 * A leader order event's order id (the order the engine placed first came first), a liquidation's or an
 * auto-deleveraging's (`liq:<leader>:order:<id>:…`) included, else -1.
 */
const orderOf = (event: EventRecord) => Number(/^(?:liq:)?\d+:order:(\d+):/.exec(event.id)?.[1] ?? -1)

function replayOwn(input: ReplayInput, position: PositionRecord, recorded: readonly EventRecord[]): Replayed {
  // Events of one instant in the order their orders were placed: a tick that opens and closes a position at once
  // (a simulated leader's decisions of one hour, placed at the hour) stamps both with its time.
  const events = [...recorded].sort((a, b) => a.createdAt - b.createdAt || orderOf(a) - orderOf(b))
  const problems: string[] = []
  const steps: Step[] = []
  // A liquidation trades on the book: its fills (and its bankrupt rest at the mark) are the steps, not the leader
  // events that mirror them.
  const liquidation = liquidationSteps(input, position)
  // So does an auto-deleveraging of it: its order's fills are the steps.
  const deleveraged = deleverageSteps(input, position)
  const fromFills = [...liquidation.orders, ...deleveraged.orders]
  events.forEach((e, index) => {
    if (fromFills.some((orderId) => e.id.includes(`:order:${orderId}:`))) return
    const at = input.eventTime(e)
    // Live events: the order of their first transfer. Back-filled ones were written after every transfer of their
    // time (the seeded deposits), in their own order, and before that time's funding.
    // A leader's order on the books: the first transfer its operation made (its own fills' refs are the order's).
    const operation =
      orderOf(e) < 0 ? undefined : input.ledger.ofOrder(orderOf(e)).find((t) => t.createdAt === e.createdAt)
    const seq = operation?.id ?? input.ledger.withRef(e.id)[0]?.id ?? HISTORY_SEQ + index
    const size = new D(e.size)
    const price = new D(e.price)
    const ref = e.id
    const filled = orderFills(input, e)
    if (filled) steps.push(...filled.map((fill) => ({ ...fill, at, seq, ref })))
    else if (e.kind === 'open') steps.push({ kind: 'open', at, seq, ref, size, price })
    else if (e.kind === 'add') steps.push({ kind: 'add', at, seq, ref, size, price })
    else if (e.id === `liq:${position.userId}:rest:${position.id}`)
      steps.push({ kind: 'liquidate', at, seq, ref, size: null, price })
    else if (index === events.length - 1 && position.closeReason === 'liquidation' && liquidation.orders.length === 0)
      // A liquidation of the back-filled history: at the mark, the whole margin lost.
      steps.push({ kind: 'liquidate', at, seq, ref, size: null, price })
    else steps.push({ kind: 'close', at, seq, ref, size, price })
  })
  steps.push(...liquidation.steps, ...deleveraged.steps)
  if (events[0]?.kind !== 'open') problems.push('no open event')
  const closedAt = position.closedAt ?? Infinity
  steps.push(...fundingSteps(input, position, position.openedAt, closedAt))
  return run(position, steps, problems)
}

/** A leader's event of its own order on the books: `<leader>:order:<order id>:<filled after the operation>:open|close`. */
const ORDER_EVENT = /^\d+:order:(\d+):([0-9.]+):(open|close)$/

/**
 * The steps of a leader's own order event, fill by fill at each fill's price, as the order engine settles them: the
 * event's average price is rounded to 18 decimals, its fills are not. An operation's fills are those that took the
 * order from what its previous event said it had filled to what this one says; a close takes the first of them, an
 * open what is left. Undefined when the event is not such an event or its fills do not add up (then the event's own
 * size and price stand, and a difference shows).
 */
function orderFills(
  input: ReplayInput,
  event: EventRecord,
): { kind: 'open' | 'add' | 'close'; size: D; price: D; unrounded: boolean }[] | undefined {
  const match = ORDER_EVENT.exec(event.id)
  if (!match) return undefined
  const orderId = Number(match[1])
  const after = new D(match[2] ?? '0')
  const closing = match[3] === 'close'
  const { fills, filledBefore, closed } = input.orderOperation(orderId, after)
  // The operation's fills, cut at the close's size: the close takes the first, the open the rest.
  const split = closing ? new D(event.size) : closed
  const steps: { kind: 'open' | 'add' | 'close'; size: D; price: D; unrounded: boolean }[] = []
  let done = ZERO
  for (const fill of fills) {
    const size = new D(fill.size)
    const from = max(done, closing ? ZERO : split)
    const to = min(done.plus(size), closing ? split : after.minus(filledBefore))
    done = done.plus(size)
    if (to.lte(from)) continue
    const kind = closing ? 'close' : steps.length === 0 && event.kind === 'open' ? 'open' : 'add'
    steps.push({ kind, size: to.minus(from), price: new D(fill.price), unrounded: !closing })
  }
  const last = steps.at(-1)
  if (last) last.unrounded = false
  const total = steps.reduce((sum, step) => sum.plus(step.size), ZERO)
  return total.eq(event.size) ? steps : undefined
}

/** ReplayInput.orderOperation over the raw records: the leaders' order events and their orders' fills. */
export function orderOperations(raw: Raw): ReplayInput['orderOperation'] {
  const fills = new Map<number, OrderFillRecord[]>()
  for (const fill of raw.leaderFills) fills.set(fill.orderId, [...(fills.get(fill.orderId) ?? []), fill])
  /** Per order: what each of its operations left it filled (ascending), and the close of each. */
  const operations = new Map<number, { after: D; closed: D }[]>()
  for (const e of raw.events) {
    const match = ORDER_EVENT.exec(e.id)
    if (!match) continue
    const orderId = Number(match[1])
    const after = new D(match[2] ?? '0')
    const list = operations.get(orderId) ?? []
    let operation = list.find((o) => o.after.eq(after))
    if (!operation) list.push((operation = { after, closed: ZERO }))
    if (match[3] === 'close') operation.closed = new D(e.size)
    operations.set(orderId, list)
  }
  return (orderId, after) => {
    const before = (operations.get(orderId) ?? []).reduce(
      (best, o) => (o.after.lt(after) ? max(best, o.after) : best),
      ZERO,
    )
    const closed = operations.get(orderId)?.find((o) => o.after.eq(after))?.closed ?? ZERO
    let filled = ZERO
    const within: OrderFillRecord[] = []
    for (const fill of fills.get(orderId) ?? []) {
      const start = filled
      filled = filled.plus(fill.size)
      if (start.gte(before) && filled.lte(after)) within.push(fill)
    }
    return { fills: within, filledBefore: before, closed }
  }
}

/**
 * The fills of a position's liquidation orders as steps (in their ledger order), and those orders: a fill matched with
 * an auto-deleveraging order pays no fee.
 */
const liquidationSteps = (input: ReplayInput, position: PositionRecord) =>
  fillSteps(
    input,
    input.raw.liquidationFills.filter((f) => f.positionId === position.id),
    'liquidate',
  )

/** The fills of a position's auto-deleveraging orders as fee-free closes (in their ledger order), and those orders. */
const deleverageSteps = (input: ReplayInput, position: PositionRecord) =>
  fillSteps(
    input,
    input.raw.deleverageFills.filter((f) => f.positionId === position.id),
    'close',
  )

/** Fills of the exchange's orders for one position as its steps, each at its order's first transfer. */
function fillSteps(
  input: ReplayInput,
  fills: readonly (DeleverageFillRecord & { adl?: boolean })[],
  kind: 'liquidate' | 'close',
): { steps: Step[]; orders: number[] } {
  const steps = fills.map((f): Step => {
    const at = { ...firstOfOrder(input, f.orderId), at: f.at }
    const size = new D(f.size)
    const price = new D(f.price)
    return kind === 'liquidate'
      ? { kind, ...at, size, price, ...(f.adl ? { feeRate: ZERO } : {}) }
      : { kind, ...at, size, price, feeRate: ZERO }
  })
  return { steps, orders: [...new Set(fills.map((f) => f.orderId))] }
}

/** Where an order's steps sort: its first transfer (its sequence and ref). */
function firstOfOrder(input: ReplayInput, orderId: number): { seq: number; ref: string | null } {
  const first = input.ledger.ofOrder(orderId)[0]
  return { seq: first?.id ?? Number.MAX_SAFE_INTEGER, ref: first?.ref ?? null }
}

interface CopiedContext {
  sourceEvents: readonly EventRecord[]
  eventsById: ReadonlyMap<string, EventRecord>
  endedAt: number | null
}

function replayCopied(input: ReplayInput, position: PositionRecord, context: CopiedContext): Replayed {
  const problems: string[] = []
  const steps: Step[] = []
  const lot = lotOf(position.pairCode)
  if (!lot) problems.push(`unknown instrument ${position.pairCode}`)
  const leverage = new D(position.leverage)
  const margin = input.ledger.movements(marginKey(position.id))
  // Opening and added sizes: the margin moved in, at the copies' price of the event (their block order's average on the
  // books, else the leader's price), back to whole lots.
  for (const m of margin) {
    const kind = m.transfer.kind
    if (kind !== 'open-margin' && kind !== 'add-margin') continue
    const event = m.transfer.ref === null ? undefined : context.eventsById.get(m.transfer.ref)
    if (!event || !lot) {
      problems.push(`${kind} ${m.transfer.id} names no leader event`)
      continue
    }
    const price = new D(event.copyPrice ?? event.price)
    const size = m.delta.times(leverage).div(price).div(lot).toDecimalPlaces(0).times(lot)
    if (!ceil18(price.times(size).div(leverage)).eq(m.delta))
      problems.push(`${kind} ${m.transfer.id}: ${plain(m.delta)} is not the margin of a whole number of lots`)
    steps.push({
      kind: kind === 'open-margin' ? 'open' : 'add',
      at: m.at,
      seq: m.transfer.id,
      ref: m.transfer.ref,
      size,
      price,
    })
  }
  // Partial and full closes by the leader: the same fraction of the copy, down to whole lots, while it is managed.
  const managedUntil = position.unmanaged ? (context.endedAt ?? Infinity) : Infinity
  let leaderSize = ZERO
  for (const e of context.sourceEvents) {
    const size = new D(e.size)
    const before = leaderSize
    leaderSize = e.kind === 'open' || e.kind === 'add' ? leaderSize.plus(size) : leaderSize.minus(size)
    if (e.kind === 'open' || e.kind === 'add') continue
    const touched = margin.find((m) => m.transfer.ref === e.id)
    if (!touched || touched.at >= managedUntil) continue
    steps.push({
      kind: 'mirror-close',
      at: touched.at,
      seq: touched.transfer.id,
      ref: touched.transfer.ref,
      closed: size,
      before,
      price: new D(e.price),
      lot: lot ?? new D(1),
    })
  }
  // Its own liquidation: its order's fills, then what they left (the bankrupt rest) at the mark of that time.
  const liquidation = liquidationSteps(input, position)
  // Its auto-deleveraging: its orders' fills at the bankruptcy prices, no fee.
  steps.push(...liquidation.steps, ...deleverageSteps(input, position).steps)
  // Any other close (take profit, stop loss, liquidation, the copy's stop loss or end, a kept position closed by
  // hand) takes what is left, at the mark of that time.
  if (position.closedAt !== null && position.closeReason !== 'leader' && position.closeReason !== 'adl') {
    const last = margin.filter((m) => m.at === position.closedAt).at(-1)
    const price = input.marks.live(position.pairCode, position.closedAt) ?? null
    const seq = last?.transfer.id ?? Number.MAX_SAFE_INTEGER
    const ref = last?.transfer.ref ?? null
    if (position.closeReason === 'liquidation' && price)
      steps.push({ kind: 'liquidate', at: position.closedAt, seq, ref, size: null, price })
    else steps.push({ kind: 'close-rest', at: position.closedAt, seq, ref, price })
  }
  steps.push(...fundingSteps(input, position, position.openedAt, position.closedAt ?? Infinity))
  return run(position, steps, problems)
}
