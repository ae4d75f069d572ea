/**
 * What a new mark price does to open positions: liquidation at maintenance margin, per-copy take
 * profit and stop loss, the copy-wide stop loss; and funding in the replays of history.
 */
import { Money } from '../money.ts'
import type { Book, CopyState } from './book.ts'
import { copyPositions, endCopy, type ProfitShareRecord } from './copy-account.ts'
import { triggerAt, unrealizedPnl } from './position-math.ts'
import { closePart, liquidate, payFunding, triggersOf } from './positions.ts'
import type { Rules } from './rules.ts'

export interface MarkOutcome {
  closed: number
  stoppedCopies: number
  profitShares: ProfitShareRecord[]
}

/**
 * Applies marks to the loaded open copied and kept positions (take profit, stop loss, and in a replay liquidation),
 * then the copy stop loss of every loaded copy. A user's own positions are the order engine's. Live, liquidation is the
 * order engine's one path (trading/order-engine.ts, on the books): `liquidate` is for replays of history (the what-if,
 * the back-fill), where the mark is all there is.
 */
export function applyMarks(
  book: Book,
  rules: Rules,
  marks: ReadonlyMap<string, Money>,
  at: Date,
  options: { liquidate: boolean },
): MarkOutcome {
  const outcome: MarkOutcome = { closed: 0, stoppedCopies: 0, profitShares: [] }
  const ref = `marks:${at.toISOString()}`
  for (const position of [...book.positions.values()]) {
    const mark = marks.get(position.pairCode)
    // A cross position is liquidated with its account (trading/cross-margin.ts), not on its own.
    if (!mark || position.status !== 'open' || position.marginMode === 'cross') continue
    if (position.copyId === null && position.sourcePositionId === null) continue
    const trigger = triggerAt(position, mark)
    if (!trigger || (trigger === 'liquidation' && !options.liquidate)) continue
    if (trigger === 'liquidation') liquidate(book, rules, position, mark, at, ref)
    else closePart(book, rules, position, position.size, mark, at, trigger, ref, triggersOf(book, position))
    outcome.closed += 1
  }
  for (const copy of book.copies.values()) {
    if (copy.status === 'cancelled' || !copy.copyStopLossRatio || !hitsCopyStop(book, copy, marks)) continue
    const record = endCopy(book, {
      copy,
      closePositions: true,
      marks,
      at,
      reason: 'copy-stop-loss',
      rules,
    })
    if (record) outcome.profitShares.push(record)
    outcome.stoppedCopies += 1
  }
  return outcome
}

/** Equity (free balance, margins and unrealized PnL) at or below investment × (1 − stop ratio). */
export function hitsCopyStop(book: Book, copy: CopyState, marks: ReadonlyMap<string, Money>): boolean {
  if (!copy.copyStopLossRatio || copy.investment.lte(0)) return false
  let equity = copy.balance
  for (const position of copyPositions(book, copy)) {
    const mark = marks.get(position.pairCode) ?? position.entryPrice
    equity = equity.plus(position.margin).plus(unrealizedPnl(position, mark))
  }
  return equity.lte(copy.investment.times(new Money(1).minus(copy.copyStopLossRatio)))
}

/**
 * Funding in a replay of history (the back-fill, the what-if), which has no order book and no counterparties: every
 * loaded open futures position pays or receives the interest component alone (Rules.fundingInterestRate, positive:
 * longs pay) against the market account, the payer capped at its margin (positions.ts `payFunding`), as the simulated
 * leaders' history always did. The live engine pays funding between longs and shorts (funding-share.ts).
 */
export function applyReplayFunding(book: Book, rules: Rules, marks: ReadonlyMap<string, Money>, at: Date): number {
  let paid = 0
  for (const position of book.positions.values()) {
    const mark = marks.get(position.pairCode)
    if (!mark || position.status !== 'open' || position.biz !== 'futures') continue
    payFunding(book, rules, position, mark, `funding:${at.toISOString()}`, triggersOf(book, position))
    paid += 1
  }
  return paid
}
