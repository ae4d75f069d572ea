/**
 * What a spot match moves (issue 18, item 3), in memory: for each fill the two ledger transfers of the trade (quote from
 * buyer to seller, base from seller to buyer) and each side's fee in the coin it received; each wallet's available and
 * frozen; each order's fill figures and what it still holds frozen. The simulated market maker is not a user: its side
 * of a trade is the spot market's counter-account of that coin (`market:<coin>`), and it pays no fee.
 *
 * Rounding: a fee is the received amount × the rate, rounded UP to 18 decimals (the stored scale); every other amount
 * here (price × size, differences) is exact at that scale because prices and sizes sit on their ticks and lots.
 */
import { TRADING } from '#/app.config.ts'
import type { CancelReason } from '#/contract/index.ts'
import { Exact, type Money } from '../money.ts'
import { spotFeesKey, spotMarketKey, walletKey } from '../copy/book.ts'
import type { Fill } from './order-book.ts'
import { Holds, type FillRecord, type LedgerTransfer, type OrderState, type Settlement } from './settlement.ts'

export const SPOT_WALLET = 1
export const QUOTE_COIN = 'USDT'
const STORED_DECIMALS = 18

export interface Fees {
  maker: Money
  taker: Money
}

export const SPOT_FEES: Fees = {
  maker: new Exact(TRADING.spotMakerFeeRate),
  taker: new Exact(TRADING.spotTakerFeeRate),
}

export const feeOn = (amount: Money, rate: Money): Money =>
  amount.times(rate).toDecimalPlaces(STORED_DECIMALS, Exact.ROUND_UP)

/** Collects a spot settlement's movements; the store writes them in one transaction. */
export class SpotSettlement extends Holds implements Settlement {
  readonly walletType = SPOT_WALLET
  readonly transfers: LedgerTransfer[] = []
  readonly fills: FillRecord[] = []
  /** Spot coins are nobody's copy. */
  readonly followers: readonly number[] = []
  private matches = 0
  private readonly fees: Fees

  constructor(fees: Fees = SPOT_FEES) {
    super()
    this.fees = fees
  }

  /**
   * One fill of the book: `taker` is the incoming order, `maker` the resting user order it met (undefined when it met
   * the market maker). Each user side pays from its frozen funds and receives into available, less its fee.
   */
  fill(fill: Fill, taker: OrderState | undefined, maker: OrderState | undefined, match = this.matches++): void {
    const buyer = fill.makerSide === 'buy' ? maker : taker
    const seller = fill.makerSide === 'sell' ? maker : taker
    const base = (buyer ?? seller)?.base
    if (!base) throw new Error('a fill between two market-maker orders')
    const ref = `trade:${fill.takerOrderId}:${fill.makerOrderId}:${match}`
    const quoteFrom = buyer ? walletKey(buyer.userId, SPOT_WALLET, QUOTE_COIN) : spotMarketKey(QUOTE_COIN)
    const quoteTo = seller ? walletKey(seller.userId, SPOT_WALLET, QUOTE_COIN) : spotMarketKey(QUOTE_COIN)
    const baseFrom = seller ? walletKey(seller.userId, SPOT_WALLET, base) : spotMarketKey(base)
    const baseTo = buyer ? walletKey(buyer.userId, SPOT_WALLET, base) : spotMarketKey(base)
    this.transfers.push({ debit: quoteFrom, credit: quoteTo, amount: fill.quote, kind: 'trade', ref })
    this.transfers.push({ debit: baseFrom, credit: baseTo, amount: fill.size, kind: 'trade', ref })
    if (buyer) this.settleBuyer(buyer, fill, buyer === maker ? 'maker' : 'taker', match, ref)
    if (seller) this.settleSeller(seller, fill, seller === maker ? 'maker' : 'taker', match, ref)
  }

  /** Spot moves all its money as it matches. */
  finish(): Promise<void> {
    return Promise.resolve()
  }

  /** Ends an order: status set, its remaining frozen funds back to available. */
  close(order: OrderState, status: 'filled' | 'cancelled', reason: CancelReason | null): void {
    order.status = status
    order.cancelReason = status === 'cancelled' ? reason : null
    this.release(order)
  }

  private settleBuyer(order: OrderState, fill: Fill, role: 'maker' | 'taker', match: number, ref: string) {
    const fee = feeOn(fill.size, role === 'maker' ? this.fees.maker : this.fees.taker)
    // A limit buy held its limit price × size; it paid the (maybe better) fill price and gets the difference back.
    const held = order.limit ? order.limit.times(fill.size) : fill.quote
    this.move(order.userId, QUOTE_COIN, held.minus(fill.quote), held.neg())
    order.frozen = order.frozen.minus(held)
    this.move(order.userId, order.base, fill.size.minus(fee), new Exact(0))
    this.chargeFee(order, fill, fee, order.base, role, match, ref)
  }

  private settleSeller(order: OrderState, fill: Fill, role: 'maker' | 'taker', match: number, ref: string) {
    const fee = feeOn(fill.quote, role === 'maker' ? this.fees.maker : this.fees.taker)
    this.move(order.userId, order.base, new Exact(0), fill.size.neg())
    order.frozen = order.frozen.minus(fill.size)
    this.move(order.userId, QUOTE_COIN, fill.quote.minus(fee), new Exact(0))
    this.chargeFee(order, fill, fee, QUOTE_COIN, role, match, ref)
  }

  private chargeFee(
    order: OrderState,
    fill: Fill,
    fee: Money,
    coin: string,
    role: 'maker' | 'taker',
    match: number,
    ref: string,
  ) {
    if (fee.gt(0))
      this.transfers.push({
        debit: walletKey(order.userId, SPOT_WALLET, coin),
        credit: spotFeesKey(coin),
        amount: fee,
        kind: 'fee',
        ref,
      })
    order.filled = order.filled.plus(fill.size)
    order.filledQuote = order.filledQuote.plus(fill.quote)
    order.fee = order.fee.plus(fee)
    order.status = order.size && order.filled.eq(order.size) ? 'filled' : 'partially-filled'
    this.fills.push({
      orderId: order.id,
      userId: order.userId,
      side: order.side,
      role,
      price: fill.price,
      size: fill.size,
      quote: fill.quote,
      fee,
      feeCoin: coin,
      match,
    })
  }

  protected frozenCoin(order: OrderState): string {
    return order.side === 'buy' ? QUOTE_COIN : order.base
  }
}
