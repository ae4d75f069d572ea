/**
 * Funding between longs and shorts (issue 27 item 6, audit M5): one funding time of one pair paid among the positions
 * open at it, summing to zero. The rule (also on the help article about funding):
 *
 * - Every futures position of the pair open at the funding time (own, a leader's, copied or kept, isolated or cross, a
 *   house account's like any) owes rate × mark × size, toward zero at 18 decimals (rounding.ts `paid`): with a positive
 *   rate longs owe and shorts are due, with a negative one the other way round.
 * - Each payer pays what it owes, limited to what backs it: an isolated (or copied) position its margin; a cross
 *   position its margin, then its futures wallet. What the payers paid is the pool.
 * - When the pool covers what the receiving side is due, each receiver gets its due, and any rest (only possible while
 *   open interest is not balanced, e.g. positions back-filled against the house, or a counterparty the house's market
 *   account still stands for) goes to the insurance fund under the ledger kind 'funding-imbalance'. Otherwise each
 *   receiver gets its pro-rata share of the pool, rounded down, the units of the last decimal left over going one each
 *   to the largest remainders (rounding.ts `proRata`; on a tie the older position, by id).
 * - Nothing is paid to or by the market account. Payments go from a payer's margin (or wallet) to the funding pool, and
 *   from the pool into each receiver's margin; the pool is empty after every funding time.
 */
import { proRata, paid } from '#/contract/rounding.ts'
import { Exact, type Money } from '../money.ts'
import { INSURANCE, marginKey, type Book, type PositionState } from './book.ts'
import { fundsOf, refreshLevels, triggersOf } from './positions.ts'
import type { Rules } from './rules.ts'
import type { Tx } from './store.ts'

/** The clearing account of a funding time: what the payers paid, before it is shared out (always empty after). */
export const FUNDING_POOL = 'funding-pool'
/** The ledger kind of the pool's rest paid to the insurance fund. */
export const FUNDING_IMBALANCE = 'funding-imbalance'

/** What one funding time of one pair moved. */
export interface FundingOutcome {
  /** Positions that paid or received. */
  positions: number
  /** The pool: what the payers paid. */
  pool: Money
  /** What the receivers were due, and what they got. */
  due: Money
  received: Money
  /** The pool's rest, to the insurance fund. */
  toInsurance: Money
}

const ZERO = new Exact(0)

/**
 * Pays one funding time among `positions` (the open futures positions of one pair at it, loaded on `book` with the
 * wallets of the cross ones and the copies of the copied ones) at `rate` and `mark`, by the module's rule.
 */
export function shareFunding(
  book: Book,
  rules: Rules,
  positions: readonly PositionState[],
  rate: Money,
  mark: Money,
  ref: string,
): FundingOutcome {
  // By id: who is earlier on a tie of remainders does not depend on the order they were read in.
  const owed = positions
    .filter((p) => p.status === 'open' && p.biz === 'futures')
    .sort((a, b) => a.id - b.id)
    .map((position) => ({ position, owes: paid(mark, position.size, rate, position.side) }))
  let pool = ZERO
  let count = 0
  const touched: PositionState[] = []
  for (const { position, owes } of owed) {
    if (owes.lte(0)) continue
    const fromMargin = Exact.min(owes, position.margin)
    book.transfer(marginKey(position.id), FUNDING_POOL, fromMargin, 'funding', ref)
    const funds = fundsOf(position)
    const fromWallet =
      position.marginMode === 'cross' ? Exact.min(owes.minus(fromMargin), Exact.max(0, book.balance(funds))) : ZERO
    book.transfer(funds, FUNDING_POOL, fromWallet, 'funding', ref)
    const paidNow = fromMargin.plus(fromWallet)
    position.funding = position.funding.minus(paidNow)
    pool = pool.plus(paidNow)
    if (paidNow.gt(0)) {
      count += 1
      touched.push(position)
    }
  }
  const receivers = owed.filter((o) => o.owes.lt(0))
  const dues = receivers.map((o) => o.owes.neg())
  const due = dues.reduce((sum, d) => sum.plus(d), ZERO)
  const shares = proRata(pool, dues)
  let received = ZERO
  receivers.forEach(({ position }, index) => {
    const share = shares[index] ?? ZERO
    if (share.isZero()) return
    book.transfer(FUNDING_POOL, marginKey(position.id), share, 'funding', ref)
    position.funding = position.funding.plus(share)
    received = received.plus(share)
    count += 1
    touched.push(position)
  })
  const toInsurance = pool.minus(received)
  book.transfer(FUNDING_POOL, INSURANCE, toInsurance, FUNDING_IMBALANCE, ref)
  for (const position of touched) {
    refreshLevels(position, rules, triggersOf(book, position))
    book.touchPosition(position)
  }
  return { positions: count, pool, due, received, toInsurance }
}

/**
 * Funding times due before a change: every writer of a futures position (the order engine's book operations, the copy
 * engine's closes and copies) first pays the funding times of its pairs that have passed and are not paid yet, in its
 * own transaction (trading/funding.ts). Cheap when none has passed.
 */
export interface DueFunding {
  /** Pays every passed, unpaid funding time of `pairCodes` up to `at`, in order; answers how many positions it moved. */
  settleDue(tx: Tx, pairCodes: readonly string[], at: Date): Promise<number>
}

/** Funding as the engine's tick runs it: the due times, and each minute's premium index sample of a pair's book. */
export interface Funding extends DueFunding {
  /**
   * A premium index sample of the pair's perpetual book as it stands (users' orders and the maker's quotes), added to
   * the interval `at` is in, once per minute. False when the book is not current (its next operation rebuilds it) or
   * the pair has no mark yet.
   */
  sample(tx: Tx, pairCode: string, at: Date): Promise<boolean>
}
