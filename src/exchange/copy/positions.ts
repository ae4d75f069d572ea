/**
 * Opening, adding to, closing and liquidating one position on a Book. Every flow of money goes
 * through the position's margin account: funds → margin on open, profit from the market into the
 * margin, losses and fees out of it, and what remains back to the funds it came from.
 */
import { Exact, exact, Money } from '../money.ts'
import {
  FEES,
  INSURANCE,
  MARKET,
  copyKey,
  marginKey,
  walletKey,
  type Book,
  type CloseReason,
  type PositionState,
} from './book.ts'
import { paid } from '#/contract/rounding.ts'
import { averageEntry, closeAmounts, liquidationPrice, priceAtReturn, q } from './position-math.ts'
import type { Rules } from './rules.ts'

export const EXCHANGE_WALLET = 3
export const QUOTE = 'USDT'

/** Where a position's money comes from and returns to: its copy account, or the owner's wallet. */
export function fundsOf(position: Pick<PositionState, 'copyId' | 'unmanaged' | 'userId'>): string {
  return position.copyId !== null && !position.unmanaged
    ? copyKey(position.copyId)
    : walletKey(position.userId, EXCHANGE_WALLET, QUOTE)
}

export interface Triggers {
  takeProfitRatio: Money | null
  stopLossRatio: Money | null
}

export const NO_TRIGGERS: Triggers = { takeProfitRatio: null, stopLossRatio: null }

/** A copied position's take profit / stop loss come from its copy while the copy manages it. */
export function triggersOf(book: Book, position: Pick<PositionState, 'copyId' | 'unmanaged'>): Triggers {
  const copy = position.copyId === null || position.unmanaged ? undefined : book.copies.get(position.copyId)
  return copy ? { takeProfitRatio: copy.takeProfitRatio, stopLossRatio: copy.stopLossRatio } : NO_TRIGGERS
}

export interface OpenInput extends Pick<
  PositionState,
  'userId' | 'copyId' | 'sourcePositionId' | 'biz' | 'pairCode' | 'side' | 'leverage' | 'size' | 'margin'
> {
  /** Isolated when absent (every copied position). */
  marginMode?: PositionState['marginMode']
  price: Money
  fee: Money
  at: Date
  triggers: Triggers
  ref: string
}

/** Recomputes a position's liquidation, take-profit and stop-loss prices (after a change, or new settings). */
export function refreshLevels(position: PositionState, rules: Rules, triggers: Triggers): void {
  // A cross position's depends on its whole account: trading/cross-margin.ts sets it.
  if (position.marginMode !== 'cross')
    position.liquidationPrice =
      position.biz === 'futures' ? liquidationPrice(position, rules.instrument(position.pairCode).brackets) : null
  position.takeProfitPrice = triggers.takeProfitRatio ? priceAtReturn(position, triggers.takeProfitRatio) : null
  position.stopLossPrice = triggers.stopLossRatio ? priceAtReturn(position, triggers.stopLossRatio.neg()) : null
}

/** Decimals are immutable: one zero serves every new position. */
const ZERO = new Exact(0)

export function openPosition(book: Book, rules: Rules, input: OpenInput): PositionState {
  const position: PositionState = {
    id: book.nextPositionId(),
    userId: input.userId,
    copyId: input.copyId,
    sourcePositionId: input.sourcePositionId,
    biz: input.biz,
    pairCode: input.pairCode,
    side: input.side,
    leverage: input.leverage,
    size: input.size,
    entryPrice: input.price,
    margin: ZERO,
    takeProfitPrice: null,
    stopLossPrice: null,
    liquidationPrice: null,
    status: 'open',
    unmanaged: false,
    marginMode: input.marginMode ?? 'isolated',
    closedSize: ZERO,
    exitPrice: null,
    realizedPnl: ZERO,
    fees: exact(input.fee),
    funding: ZERO,
    openedAt: input.at,
    closedAt: null,
    closeReason: null,
  }
  book.addPosition(position)
  const funds = fundsOf(position)
  book.transfer(funds, marginKey(position.id), input.margin, 'open-margin', input.ref)
  book.transfer(funds, FEES, input.fee, 'fee', input.ref)
  refreshLevels(position, rules, input.triggers)
  return position
}

export function addToPosition(
  book: Book,
  rules: Rules,
  position: PositionState,
  add: { size: Money; price: Money; margin: Money; fee: Money; ref: string },
  triggers: Triggers,
): void {
  const funds = fundsOf(position)
  book.transfer(funds, marginKey(position.id), add.margin, 'add-margin', add.ref)
  book.transfer(funds, FEES, add.fee, 'fee', add.ref)
  position.entryPrice = averageEntry(position, add.size, add.price)
  position.size = position.size.plus(add.size)
  position.fees = position.fees.plus(add.fee)
  refreshLevels(position, rules, triggers)
  book.touchPosition(position)
}

function recordClose(position: PositionState, size: Money, price: Money, at: Date, reason: CloseReason): void {
  const closedBefore = position.closedSize
  position.closedSize = closedBefore.plus(size)
  position.exitPrice = q(
    exact(position.exitPrice ?? new Exact(0))
      .times(closedBefore)
      .plus(exact(price).times(size))
      .div(position.closedSize),
  )
  position.size = position.size.minus(size)
  if (position.size.isZero()) {
    position.status = 'closed'
    position.closedAt = at
    position.closeReason = reason
  }
}

/** How a close is paid: the fee it pays, whether it is a liquidation, and how much of a shortfall the fund pays. */
export interface CloseTerms {
  /**
   * The fee rate of this close: by default the taker rate (a liquidation: the liquidation rate); a resting order's fill
   * pays the maker rate, an auto-deleveraging close none.
   */
  feeRate?: Money
  /**
   * A liquidation: its fee goes to the insurance fund, and what an isolated position's margin has left after it goes
   * there too (the surplus, counted in what the owner realized: a liquidated isolated position loses its whole margin,
   * fee and surplus included); a cross position's rest stays in the wallet.
   */
  liquidation?: boolean
  /**
   * The most the insurance fund pays of this close's shortfall (default: all of it). What it does not pay is the house's
   * (the market account, the counterparty every position's PnL clears through, receives that much less): the last
   * resort of a bankrupt rest that neither the fund nor any opposite position can take (trading/auto-deleverage.ts).
   */
  insuranceCap?: Money
}

/**
 * What pays a loss of `loss` on closing a part of a position that releases `released` margin: the margin, then (a cross
 * position) its wallet, which backs it; the shortfall is what neither can.
 */
function cover(
  book: Book,
  position: PositionState,
  loss: Money,
  released: Money,
): { fromMargin: Money; fromWallet: Money; shortfall: Money } {
  const fromMargin = Exact.min(loss, released)
  const fromWallet = fromFunds(book, position, loss.minus(fromMargin))
  return { fromMargin, fromWallet, shortfall: loss.minus(fromMargin).minus(fromWallet) }
}

/** What a cross position's funds pay of `amount` (what they hold, at most); an isolated position's pay nothing. */
const fromFunds = (book: Book, position: PositionState, amount: Money): Money =>
  position.marginMode === 'cross' ? Exact.min(amount, Exact.max(0, book.balance(fundsOf(position)))) : new Exact(0)

/**
 * What closing `size` of a position at `price` would leave unpaid (the shortfall closePart sends to the insurance fund),
 * changing nothing: zero when its margin (and a cross position's wallet) covers the loss.
 */
export function shortfallOf(book: Book, position: PositionState, size: Money, price: Money): Money {
  const closing = Exact.min(size, position.size)
  if (closing.lte(0) || position.status !== 'open') return new Exact(0)
  const { released, pnl } = closeAmounts(position, closing, price, new Exact(0))
  return pnl.gte(0) ? new Exact(0) : cover(book, position, pnl.neg(), released).shortfall
}

/**
 * Closes `size` (all when it is the whole size) at `price`. A gain is paid from the market into the margin; a loss is
 * paid from the released margin, then (a cross position) from the wallet, which backs it; what neither pays is a
 * bankrupt close, paid by the insurance fund and counted there (a close past the bankruptcy price: the order paths
 * never fill one, so only a gap can), up to `terms.insuranceCap`. Returns what the owner realized, fee included.
 */
export function closePart(
  book: Book,
  rules: Rules,
  position: PositionState,
  size: Money,
  price: Money,
  at: Date,
  reason: CloseReason,
  ref: string,
  triggers: Triggers,
  terms: CloseTerms = {},
): Money {
  const closing = Exact.min(size, position.size)
  if (closing.lte(0) || position.status !== 'open') return new Exact(0)
  const liquidation = terms.liquidation ?? false
  const feeRate = terms.feeRate ?? (liquidation ? rules.liquidationFeeRate : rules.takerFeeRate)
  const { released, pnl, fee } = closeAmounts(position, closing, price, feeRate)
  const margin = marginKey(position.id)
  const funds = fundsOf(position)
  const cross = position.marginMode === 'cross'
  let realized: Money
  let left: Money
  if (pnl.gte(0)) {
    book.transfer(MARKET, margin, pnl, 'pnl', ref)
    realized = pnl
    left = released.plus(pnl)
  } else {
    const { fromMargin, fromWallet, shortfall } = cover(book, position, pnl.neg(), released)
    book.transfer(margin, MARKET, fromMargin, 'pnl', ref)
    book.transfer(funds, MARKET, fromWallet, 'pnl', ref)
    const insured = terms.insuranceCap === undefined ? shortfall : Exact.min(shortfall, terms.insuranceCap)
    if (insured.gt(0)) book.transfer(INSURANCE, MARKET, insured, 'insurance', ref)
    realized = fromMargin.plus(fromWallet).neg()
    left = released.minus(fromMargin)
  }
  const feeTo = liquidation ? INSURANCE : FEES
  const feeKind = liquidation ? 'liquidation-fee' : 'fee'
  const feeFromMargin = Exact.min(fee, left)
  book.transfer(margin, feeTo, feeFromMargin, feeKind, ref)
  // A liquidation's fee is taken only from what its own close leaves: a cross account's wallet backs the losses of the
  // liquidation's later fills first (its rest, up to the maintenance, goes to the fund once the account is closed).
  const feeFromWallet = liquidation ? new Exact(0) : fromFunds(book, position, fee.minus(feeFromMargin))
  book.transfer(funds, feeTo, feeFromWallet, feeKind, ref)
  const paidFee = feeFromMargin.plus(feeFromWallet)
  const rest = left.minus(feeFromMargin)
  // A liquidated isolated margin's rest is the fund's: the owner loses it (part of what the liquidation realized).
  if (liquidation && !cross) {
    book.transfer(margin, INSURANCE, rest, 'liquidation-surplus', ref)
    realized = realized.minus(rest)
  } else book.transfer(margin, funds, rest, 'release-margin', ref)
  position.realizedPnl = position.realizedPnl.plus(realized)
  position.fees = position.fees.plus(paidFee)
  recordClose(position, closing, price, at, reason)
  if (position.status === 'open') refreshLevels(position, rules, triggers)
  book.touchPosition(position)
  return realized.minus(paidFee)
}

/**
 * A liquidation where the mark is all there is (a replay of history: the back-fill, the what-if): the whole position
 * closed at `price` on the one liquidation's terms (closePart with `liquidation`), as the order engine's liquidation
 * order settles its fills: the loss from the margin, the liquidation fee and the surplus to the insurance fund, and when
 * the price gapped past the bankruptcy price, the shortfall paid by the fund; the position never owes more than it held.
 */
export function liquidate(
  book: Book,
  rules: Rules,
  position: PositionState,
  price: Money,
  at: Date,
  ref: string,
): void {
  if (position.status !== 'open') return
  closePart(book, rules, position, position.size, price, at, 'liquidation', ref, NO_TRIGGERS, { liquidation: true })
  position.liquidationPrice = null
}

/**
 * A replay's funding on one futures position at `mark` (risk.ts `applyReplayFunding`): the interest component against
 * the market, a long paying when it is positive (from its margin, at most all of it), a short receiving (into it).
 */
export function payFunding(
  book: Book,
  rules: Rules,
  position: PositionState,
  mark: Money,
  ref: string,
  triggers: Triggers,
): void {
  if (position.status !== 'open' || position.biz !== 'futures') return
  const payment = paid(mark, position.size, rules.fundingInterestRate, position.side)
  if (payment.isZero()) return
  const margin = marginKey(position.id)
  if (payment.gt(0)) {
    const paid = Money.min(payment, position.margin)
    book.transfer(margin, MARKET, paid, 'funding', ref)
    position.funding = position.funding.minus(paid)
  } else {
    book.transfer(MARKET, margin, payment.neg(), 'funding', ref)
    position.funding = position.funding.plus(payment.neg())
  }
  refreshLevels(position, rules, triggers)
  book.touchPosition(position)
}
