/**
 * A follower's copy account on a Book: funding it from the wallet, changing the investment,
 * weekly profit share with a high-water mark, and ending the copy (closing or keeping positions).
 */
import { Exact, Money } from '../money.ts'
import { copyKey, walletKey, type Book, type CopyState, type PositionState } from './book.ts'
import { mark, paid, valuedDown } from '#/contract/rounding.ts'
import { closePart, EXCHANGE_WALLET, NO_TRIGGERS, QUOTE } from './positions.ts'
import type { Rules } from './rules.ts'

export const followerWallet = (copy: Pick<CopyState, 'followerId'>) =>
  walletKey(copy.followerId, EXCHANGE_WALLET, QUOTE)
export const leaderWallet = (leaderId: number) => walletKey(leaderId, EXCHANGE_WALLET, QUOTE)

/** Open positions managed by a copy. */
export function copyPositions(book: Book, copy: CopyState): PositionState[] {
  return book.positionsByCopy(copy.id).filter((p) => p.status === 'open' && !p.unmanaged)
}

/** Moves money between the follower's wallet and the copy account (positive: into the copy). */
export function changeInvestment(book: Book, copy: CopyState, delta: Money, ref: string): void {
  if (delta.gt(0)) book.transfer(followerWallet(copy), copyKey(copy.id), delta, 'copy-in', ref)
  else if (delta.lt(0)) book.transfer(copyKey(copy.id), followerWallet(copy), delta.neg(), 'copy-out', ref)
  copy.investment = copy.investment.plus(delta)
  book.touchCopy(copy)
}

/**
 * Realized net profit since the copy began: what it holds (free and as margin) plus shares paid, minus what went in.
 */
export function cumulativeNetProfit(book: Book, copy: CopyState): Money {
  const margins = copyPositions(book, copy).reduce((sum, p) => sum.plus(p.margin), new Exact(0))
  return copy.balance.plus(margins).plus(copy.profitSharePaid).minus(copy.investment)
}

/**
 * What the copy's open positions add at the marks (a position cannot lose more than its margin), each rounded down
 * (rounding.ts, `valuedDown`); null when a position has no mark yet (its result is unknown).
 */
export function openResultAtMarks(book: Book, copy: CopyState, marks: ReadonlyMap<string, Money>): Money | null {
  let total: Money = new Exact(0)
  for (const position of copyPositions(book, copy)) {
    const price = marks.get(position.pairCode)
    if (!price) return null
    const open = valuedDown(new Exact(price).minus(position.entryPrice), position.size, position.side)
    total = total.plus(Money.max(open, position.margin.neg()))
  }
  return total
}

/**
 * The net result the profit share is charged on: the lower of the realized net profit and the net profit with the
 * open positions at the marks. A paper gain is never charged; a paper loss always counts. Null when an open position
 * has no mark (nothing is settled until it has one).
 */
export function chargeableProfit(book: Book, copy: CopyState, marks: ReadonlyMap<string, Money>): Money | null {
  const open = openResultAtMarks(book, copy, marks)
  if (open === null) return null
  const realized = cumulativeNetProfit(book, copy)
  return open.lt(0) ? realized.plus(open) : realized
}

export interface ProfitShareRecord {
  copyId: number
  leaderId: number
  followerId: number
  periodEnd: Date
  rate: Money
  /** The net result the share was charged on (chargeableProfit). */
  netProfit: Money
  highWaterMarkBefore: Money
  share: Money
}

/**
 * What settling now would pay: (net result − high-water mark) × the copy's rate, toward zero; 0 when not above the
 * mark or when an open position has no mark.
 */
export function profitShareDue(book: Book, copy: CopyState, marks: ReadonlyMap<string, Money>): Money {
  const net = chargeableProfit(book, copy, marks)
  if (net === null) return new Exact(0)
  const above = net.minus(copy.highWaterMark)
  return above.lte(0) ? new Exact(0) : paid(above, copy.profitShareRate)
}

/**
 * Settles the profit share of a copy: share = (net result − high-water mark) × rate when positive, at the copy's own
 * rate (agreed when it began; a lower rate the leader set since applies, a higher one does not), where the net
 * result is the lower of the realized net profit and the net profit with open positions at the marks
 * (chargeableProfit): a leader is paid on what the follower has, never on a paper gain, and a paper loss holds the
 * share back. Paid from the free balance to the leader's wallet. The mark only rises, to the result paid on: a
 * leader is never paid twice for the same profit, nor for winning back a loss.
 */
export function settleProfitShare(
  book: Book,
  copy: CopyState,
  periodEnd: Date,
  marks: ReadonlyMap<string, Money>,
): ProfitShareRecord | null {
  const rate = copy.profitShareRate
  const net = chargeableProfit(book, copy, marks)
  const before = copy.highWaterMark
  if (net === null || net.lte(before)) return null
  if (rate.isZero()) {
    copy.highWaterMark = net
    book.touchCopy(copy)
    return null
  }
  const above = net.minus(before)
  const due = paid(above, rate)
  // What is tied up as margin is settled later, when it is free: the mark rises only by what was
  // paid for, rounded up (rounding.ts), so the unpaid rest is never paid for twice.
  const share = Money.min(due, copy.balance)
  if (share.lte(0)) return null
  book.transfer(
    copyKey(copy.id),
    leaderWallet(copy.leaderId),
    share,
    'profit-share',
    `profit-share:${copy.id}:${periodEnd.toISOString()}`,
  )
  copy.profitSharePaid = copy.profitSharePaid.plus(share)
  copy.highWaterMark = share.eq(due) ? net : mark(before, share, rate)
  book.touchCopy(copy)
  return {
    copyId: copy.id,
    leaderId: copy.leaderId,
    followerId: copy.followerId,
    periodEnd,
    rate,
    netProfit: net,
    highWaterMarkBefore: before,
    share,
  }
}

export interface EndCopyInput {
  copy: CopyState
  /** Close the copy's positions at their marks, or leave them open and unmanaged. */
  closePositions: boolean
  marks: ReadonlyMap<string, Money>
  at: Date
  reason: 'cancel' | 'copy-stop-loss' | 'removed' | 'leader-cancelled'
  rules: Rules
}

/** Ends a copy: positions closed (or handed to the follower), profit share settled, the balance back in the wallet. */
export function endCopy(book: Book, input: EndCopyInput): ProfitShareRecord | null {
  const { copy, at, rules } = input
  const ref = `end-copy:${copy.id}`
  for (const position of copyPositions(book, copy)) {
    const mark = input.marks.get(position.pairCode)
    if (input.closePositions && mark) {
      closePart(
        book,
        rules,
        position,
        position.size,
        mark,
        at,
        input.reason === 'copy-stop-loss' ? 'copy-stop-loss' : 'cancel',
        ref,
        NO_TRIGGERS,
      )
    } else book.handOver(position)
  }
  const record = settleProfitShare(book, copy, at, input.marks)
  book.transfer(copyKey(copy.id), followerWallet(copy), copy.balance, 'copy-out', ref)
  copy.status = 'cancelled'
  copy.endedAt = at
  copy.endReason = input.reason
  book.touchCopy(copy)
  return record
}
