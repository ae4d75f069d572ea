/**
 * Followers trade on the book (issue 27 item 9, audit M4): a lead event that opens or adds on the books is followed by
 * one block order of every copy's share, IOC on the same book in the same operation, limited to the leader's average
 * fill price moved by the slippage cap against the followers (COPY.slippageCap). Its book owner is `block:<leader>` and
 * its trade group the leader and the accounts linked to the leader, so it never fills against them (the order engine
 * places it: BlockVenue). Its fills are the copies' trade: the house is no longer their counterparty.
 *
 * - Sizing and hold: each copy is sized by its settings at the block's worst price for money, where margin and fee are
 *   largest: a buy's limit (it fills at or below it), a sell's best bid on the book when it is sent (it fills from there
 *   down; never below its limit). So what the copy's balance must cover at sizing (sizeFollowerOrder) covers whatever
 *   the block fills at. That margin and fee are held for the copy while the block is matched and allocated: in memory,
 *   in the transaction that locked the copies' rows, so nothing else can spend them, and what the fills do not use
 *   never leaves the copy account (no ledger row is written for a hold that is given back in the same transaction).
 * - Allocation: the block's fills at one price, their average rounded half-up to 18 decimals once (an entry's rule),
 *   shared pro rata to the sizes asked, each share floored to the lot, the lots left over one each to the largest
 *   remainders (ties: the lower copy id). Each copy opens or adds its share at that price, its margin and fee taken
 *   from the copy account as any open (margin held up, fee paid toward zero: rounding.ts).
 * - What the book did not fill of a copy's share is skipped for the copy: 'slippage' when the limit stopped the block
 *   (the book had more beyond it), 'depth' when the book ran out, or what was left of it within the limit was the
 *   leader's own or a linked account's (self-trade prevention stops the block there).
 *
 * Closes are not blocks: a leader's reduce or close closes the same fraction of every copy at the leader's average close
 * price (mirror.ts mirrorClose). A follower must be out when the leader is: a close the book could not fill within the
 * cap would leave a copied position no leader manages, its size no longer the leader's fraction, for a retry at an
 * unknown price. The cost is that the house takes the other side of copies' closes at a real traded price without their
 * slippage; their size is bounded by what opened on the book. Closing on the book as well (Binance does) needs that
 * retry and the reconciliation's close replay to follow it.
 */
import { COPY } from '#/app.config.ts'
import { shareUnits } from '#/contract/rounding.ts'
import { exact, Exact, type Money } from '../money.ts'
import type { Book, PositionState, SkipReason } from '../copy/book.ts'
import { copyOrders, openCopy, skipCopy, type LeaderOrder, type MirrorTarget } from '../copy/mirror.ts'
import { feeFor, marginFor, q } from '../copy/position-math.ts'
import type { Rules } from '../copy/rules.ts'
import type { Tx } from '../copy/store.ts'
import { limitOnTick, type Side } from './closing.ts'
import type { Fill, Stop } from './order-book.ts'

const SLIPPAGE_CAP = new Exact(COPY.slippageCap)
const ONE = new Exact(1)

export interface BlockOrder {
  /** Its id on the book: `block:<event id>`. */
  id: string
  leaderId: number
  side: Side
  limit: Money
  size: Money
}

/** What a block order did: its fills, and why it stopped before it filled whole (undefined: it did). */
export interface BlockResult {
  fills: readonly Fill[]
  stop: Exclude<Stop, 'done'> | undefined
}

/** Where the followers' block orders of an operation trade: its book (the order engine's). */
export interface BlockVenue {
  readonly tickSize: Money
  /** The best price a block of `side` would meet now (a buy's best ask, a sell's best bid); null when there is none. */
  best(side: Side): Money | null
  /** Places the block on the book as an IOC limit order of the leader's trade group, and answers what it did. */
  send(tx: Tx, block: BlockOrder): Promise<BlockResult>
}

/** A block's limit: the leader's average price moved by the slippage cap against the followers, on the tick inside. */
export function blockLimit(side: Side, leaderPrice: Money, tickSize: Money): Money {
  const moved = exact(leaderPrice).times(side === 'buy' ? ONE.plus(SLIPPAGE_CAP) : ONE.minus(SLIPPAGE_CAP))
  return limitOnTick(side, moved, tickSize)
}

/**
 * `filled` (whole lots, at most the sizes asked in all) shared pro rata to `asked` (whole lots each): each share
 * floored to the lot, the lots left over one each to the largest remainders, ties to the lower id. No share is larger
 * than what it asked, and the shares add up to `filled`. Counted in lots as integers (BigInt), exactly.
 */
export function allocateBlock(asked: readonly { id: number; size: Money }[], filled: Money, lotSize: Money): Money[] {
  const lots = (size: Money) => {
    const count = exact(size).div(lotSize)
    if (!count.isInteger()) throw new Error(`${size.toFixed()} is not a whole number of lots of ${lotSize.toFixed()}`)
    return BigInt(count.toFixed(0))
  }
  const got = lots(filled)
  const byId = asked.map((a, index) => ({ index, id: a.id, lots: lots(a.size) })).sort((a, b) => a.id - b.id)
  if (got > byId.reduce((sum, a) => sum + a.lots, 0n))
    throw new Error(`a block filled ${filled.toFixed()}, more than it asked`)
  // shareUnits gives ties to the earlier: shared in id order, then put back in the caller's order.
  const inIdOrder = shareUnits(
    got,
    byId.map((a) => a.lots),
  )
  const shares = asked.map(() => 0n)
  byId.forEach((a, position) => (shares[a.index] = inIdOrder[position] ?? 0n))
  return shares.map((n) => new Exact(n.toString()).times(lotSize))
}

/**
 * A leader's opening (or adding) `leaderSize` of `leaderPosition` at `order.price` (their average fill price), followed
 * by the copies through one block order on the venue's book. Answers how many copies followed (in part or whole), how
 * many were skipped (in part or whole), and the copies' price (null when nothing filled).
 */
export async function mirrorBlock(
  tx: Tx,
  book: Book,
  rules: Rules,
  venue: BlockVenue,
  order: LeaderOrder,
  leaderPosition: PositionState,
  leaderSize: Money,
  target: MirrorTarget,
  orderShare: Money | undefined,
): Promise<{ copied: number; skipped: number; price: Money | null }> {
  const side: Side = leaderPosition.side === 1 ? 'buy' : 'sell'
  const limit = blockLimit(side, order.price, venue.tickSize)
  const best = venue.best(side)
  const worst = side === 'sell' && best && best.gt(limit) ? best : limit
  const planned = copyOrders(book, rules, order, worst, leaderPosition, leaderSize, target, orderShare)
  let skipped = planned.skipped
  const orders = planned.orders
  if (orders.length === 0) return { copied: 0, skipped, price: null }
  const size = orders.reduce((sum, o) => sum.plus(o.size), new Exact(0))
  const block = { id: `block:${order.eventId}`, leaderId: order.leaderId, side, limit, size }
  const { fills, stop } = await venue.send(tx, block)
  let filled = new Exact(0)
  let quote = new Exact(0)
  for (const fill of fills) {
    filled = filled.plus(fill.size)
    quote = quote.plus(fill.quote)
  }
  const reason: SkipReason = stop === 'limit' ? 'slippage' : 'depth'
  if (filled.isZero()) {
    for (const o of orders) skipCopy(book, o.copy, order, reason)
    return { copied: 0, skipped: skipped + orders.length, price: null }
  }
  const price = q(quote.div(filled))
  const shares = filled.eq(size)
    ? orders.map((o) => o.size)
    : allocateBlock(
        orders.map((o) => ({ id: o.copy.id, size: o.size })),
        filled,
        rules.instrument(order.pairCode).lotSize,
      )
  let copied = 0
  orders.forEach((copyOrder, index) => {
    const share = shares[index] ?? new Exact(0)
    if (share.lt(copyOrder.size)) {
      skipCopy(book, copyOrder.copy, order, reason)
      skipped += 1
    }
    if (share.isZero()) return
    const margin = marginFor(price, share, copyOrder.leverage)
    const fee = feeFor(price, share, rules.takerFeeRate)
    openCopy(book, rules, order, leaderPosition, copyOrder, { size: share, price, margin, fee })
    copied += 1
  })
  return { copied, skipped, price }
}
