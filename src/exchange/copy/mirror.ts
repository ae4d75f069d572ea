/**
 * A leader's trade and its mirror: the leader's own position changes, then every copy of that
 * leader follows within its settings and caps, or records why it could not.
 */
import { leverageAllowed } from '#/contract/brackets.ts'
import { Exact, exact, type Money } from '../money.ts'
import type { Biz } from '../db/copy-schema.ts'
import type { Book, CopyState, PositionState, Side, SkipReason } from './book.ts'
import { feeFor, floorToLot, followerLeverage, marginFor, sizeFollowerOrder, triggerAt } from './position-math.ts'
import { addToPosition, closePart, liquidate, NO_TRIGGERS, openPosition, triggersOf } from './positions.ts'
import type { Rules } from './rules.ts'

export type LeaderAction =
  | { kind: 'open'; side: Side; size: Money; leverage: number }
  | { kind: 'add'; positionId: number; size: Money }
  | { kind: 'reduce'; positionId: number; size: Money }
  | { kind: 'close'; positionId: number }
  | { kind: 'liquidate'; positionId: number }

export interface LeaderOrder {
  eventId: string
  leaderId: number
  biz: Biz
  pairCode: string
  price: Money
  at: Date
  action: LeaderAction
}

export interface MirrorTarget {
  /** The leader's copies that are not cancelled (active or paused). */
  copies: readonly CopyState[]
  /** Pair codes the leader lets followers copy; empty means all. */
  allowedInstruments: readonly string[]
}

export interface TradeResult {
  position: PositionState
  /** The size the leader traded (opened, added or closed). */
  size: Money
  copied: number
  skipped: number
}

/** The follower positions that mirror a leader position (open, still managed by their copy). */
export function linkedPositions(book: Book, leaderPositionId: number): PositionState[] {
  return book.positionsBySource(leaderPositionId).filter((p) => p.status === 'open' && !p.unmanaged)
}

/**
 * The follower positions a leader's liquidation closes with it: the linked ones not past their own liquidation price at
 * `mark`. Those are liquidated on their own in the same pass, each by its own liquidation order: closed at the leader's
 * price, a copy at a higher leverage than its leader's would close past its own bankruptcy price, a loss the insurance
 * fund would pay (or, when it cannot, no one).
 */
export function followingLiquidation(book: Book, leaderPositionId: number, mark: Money | undefined): PositionState[] {
  const linked = linkedPositions(book, leaderPositionId)
  return mark === undefined ? linked : linked.filter((p) => triggerAt(p, mark) !== 'liquidation')
}

/** Applies a leader order and mirrors it; null when this event was applied before (a replay). */
export function executeLeaderOrder(
  book: Book,
  rules: Rules,
  order: LeaderOrder,
  target: MirrorTarget,
): TradeResult | null {
  if (book.seenEvents.has(order.eventId)) return null
  book.seenEvents.add(order.eventId)
  // Exact once here, so the arithmetic for every follower needs no conversion.
  order = { ...order, price: exact(order.price) }
  const { action } = order
  if (action.kind === 'open') {
    const position = openPosition(book, rules, {
      userId: order.leaderId,
      copyId: null,
      sourcePositionId: null,
      biz: order.biz,
      pairCode: order.pairCode,
      side: order.biz === 'spot' ? 1 : action.side,
      leverage: order.biz === 'spot' ? 1 : action.leverage,
      size: action.size,
      price: order.price,
      margin: marginFor(order.price, action.size, order.biz === 'spot' ? 1 : action.leverage),
      fee: feeFor(order.price, action.size, rules.takerFeeRate),
      at: order.at,
      triggers: NO_TRIGGERS,
      ref: order.eventId,
    })
    return { position, size: action.size, ...mirrorOpen(book, rules, order, position, exact(action.size), target) }
  }
  const position = book.position(action.positionId)
  if (position.status !== 'open' || position.userId !== order.leaderId)
    throw new Error(`position ${position.id} is not an open position of leader ${order.leaderId}`)
  if (action.kind === 'add') {
    const margin = marginFor(order.price, action.size, position.leverage)
    const fee = feeFor(order.price, action.size, rules.takerFeeRate)
    addToPosition(
      book,
      rules,
      position,
      { size: action.size, price: order.price, margin, fee, ref: order.eventId },
      NO_TRIGGERS,
    )
    return { position, size: action.size, ...mirrorOpen(book, rules, order, position, action.size, target) }
  }
  const before = position.size
  const linked = linkedPositions(book, position.id)
  if (action.kind === 'liquidate') liquidate(book, rules, position, order.price, order.at, order.eventId)
  else
    closePart(
      book,
      rules,
      position,
      action.kind === 'close' ? before : action.size,
      order.price,
      order.at,
      'leader',
      order.eventId,
      NO_TRIGGERS,
    )
  const closed = before.minus(position.size)
  return { position, size: closed, copied: mirrorClose(book, rules, order, linked, before, position.size), skipped: 0 }
}

/**
 * Follows a leader position that went from `before` to `after` (smaller): each linked copy closes the same fraction at
 * the order's price, all of it when the leader's is closed. Returns how many copies followed.
 */
export function mirrorClose(
  book: Book,
  rules: Rules,
  order: Pick<LeaderOrder, 'pairCode' | 'price' | 'at' | 'eventId'>,
  linked: readonly PositionState[],
  before: Money,
  after: Money,
): number {
  const closed = before.minus(after)
  let copied = 0
  for (const follower of linked) {
    const triggers = triggersOf(book, follower)
    // The same fraction of each copy; what rounds below one lot stays open until the leader closes.
    const size = after.isZero()
      ? follower.size
      : floorToLot(follower.size.times(closed).div(before), rules.instrument(order.pairCode).lotSize)
    if (size.lte(0)) continue
    closePart(book, rules, follower, size, order.price, order.at, 'leader', order.eventId, triggers)
    copied += 1
  }
  return copied
}

/** A copy's order for a leader's opening (or adding) event, sized by its settings (copy-sizing.ts). */
export interface CopyOrder {
  copy: CopyState
  /** Its open position mirroring the leader's, which the order adds to; undefined: it opens one. */
  existing: PositionState | undefined
  leverage: number
  size: Money
  /** What `size` holds at the price it was sized at: margin and the opening fee. */
  margin: Money
  fee: Money
}

/**
 * Every copy's order for an opening (or adding) `leaderSize` of a leader position, sized at `price` within its settings
 * and caps; the copies that cannot follow are recorded as skipped, with their reason. `orderShare` is the part of the
 * leader's order it is, when the order fills in pieces (copy-sizing.ts).
 */
export function copyOrders(
  book: Book,
  rules: Rules,
  order: Pick<LeaderOrder, 'eventId' | 'biz' | 'pairCode'>,
  price: Money,
  leaderPosition: PositionState,
  leaderSize: Money,
  target: MirrorTarget,
  orderShare?: Money,
): { orders: CopyOrder[]; skipped: number } {
  const instrument = rules.instrument(order.pairCode)
  const allowed = target.allowedInstruments.length === 0 || target.allowedInstruments.includes(order.pairCode)
  const orders: CopyOrder[] = []
  let skipped = 0
  const linked = new Map(linkedPositions(book, leaderPosition.id).map((p) => [p.copyId, p]))
  for (const copy of target.copies) {
    if (copy.status === 'cancelled') continue
    const reason = copy.status === 'paused' ? 'paused' : allowed ? undefined : 'instrument-not-allowed'
    if (reason) {
      skipCopy(book, copy, order, reason)
      skipped += 1
      continue
    }
    const existing = linked.get(copy.id)
    const leverage =
      existing?.leverage ??
      followerLeverage(copy, leaderPosition.leverage, instrument.maxLeverage, order.biz === 'spot')
    const sizing = sizeFollowerOrder({
      settings: copy,
      available: copy.balance,
      leaderSize,
      price,
      leverage,
      lotSize: instrument.lotSize,
      feeRate: rules.takerFeeRate,
      orderShare,
    })
    if (!sizing.ok) {
      skipCopy(book, copy, order, sizing.reason)
      skipped += 1
      continue
    }
    // A futures copy's position stays within the pair's leverage bracket, as any trader's (the exchange refuses a
    // user's order past it): at the copy's leverage, its position with this order may not outgrow the tier's cap.
    const after = (existing?.size ?? new Exact(0)).plus(sizing.size).times(price)
    if (order.biz === 'futures' && !leverageAllowed(instrument.brackets, after, leverage)) {
      skipCopy(book, copy, order, 'position-bracket')
      skipped += 1
      continue
    }
    orders.push({ copy, existing, leverage, size: sizing.size, margin: sizing.margin, fee: sizing.fee })
  }
  return { orders, skipped }
}

/** Records that a copy did not follow a leader event (in full), and why. */
export function skipCopy(
  book: Book,
  copy: Pick<CopyState, 'id'>,
  order: Pick<LeaderOrder, 'eventId' | 'pairCode'>,
  reason: SkipReason,
): void {
  book.change.skipped.push({ copyId: copy.id, eventId: order.eventId, pairCode: order.pairCode, reason })
}

/** A copy's order done: `size` at `price`, its margin and fee from the copy account, into its copied position. */
export function openCopy(
  book: Book,
  rules: Rules,
  order: Pick<LeaderOrder, 'eventId' | 'biz' | 'pairCode' | 'at'>,
  leaderPosition: PositionState,
  copyOrder: CopyOrder,
  done: { size: Money; price: Money; margin: Money; fee: Money },
): void {
  const { copy, existing } = copyOrder
  if (existing) {
    addToPosition(book, rules, existing, { ...done, ref: order.eventId }, triggersOf(book, existing))
    return
  }
  openPosition(book, rules, {
    userId: copy.followerId,
    copyId: copy.id,
    sourcePositionId: leaderPosition.id,
    biz: order.biz,
    pairCode: order.pairCode,
    side: leaderPosition.side,
    leverage: copyOrder.leverage,
    size: done.size,
    price: done.price,
    margin: done.margin,
    fee: done.fee,
    at: order.at,
    triggers: { takeProfitRatio: copy.takeProfitRatio, stopLossRatio: copy.stopLossRatio },
    ref: order.eventId,
  })
}

/**
 * Mirrors an opening (or adding) `leaderSize` of a leader position into every copy at the leader's price, within its
 * settings and caps, where there is no book to trade on: the back-fill and the what-if replay history, and the copy
 * engine's `leaderTrade` applies a decision at a given price. On the books the copies trade a block order instead
 * (trading/copy-block.ts).
 */
export function mirrorOpen(
  book: Book,
  rules: Rules,
  order: LeaderOrder,
  leaderPosition: PositionState,
  leaderSize: Money,
  target: MirrorTarget,
  orderShare?: Money,
): { copied: number; skipped: number } {
  const { orders, skipped } = copyOrders(
    book,
    rules,
    order,
    order.price,
    leaderPosition,
    leaderSize,
    target,
    orderShare,
  )
  for (const copyOrder of orders) {
    const { size, margin, fee } = copyOrder
    openCopy(book, rules, order, leaderPosition, copyOrder, { size, price: order.price, margin, fee })
  }
  return { copied: orders.length, skipped }
}
