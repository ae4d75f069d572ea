/**
 * What a spot match moves (issue 18, item 3), in memory: for each fill the two ledger transfers of the trade (quote from
 * buyer to seller, base from seller to buyer) and each side's fee in the coin it received; each wallet's available and
 * frozen; each order's fill figures and what it still holds frozen. The house (house.ts: the market maker's quote, its
 * sweep, the market flow) trades its own spot wallets like a user, from what is available (it holds nothing), and pays
 * the same fees. A side that is a spot lead trader's position (spot-book-settlement.ts) holds no coins: its coins go to
 * and come from the spot market's counter-account of that coin (`market:<coin>`), the position's clearing account.
 *
 * Rounding: a fee is the received amount × the rate, rounded UP to 18 decimals (the stored scale); every other amount
 * here (price × size, differences) is exact at that scale because prices and sizes sit on their ticks and lots.
 */
import { TRADING } from '#/app.config.ts'
import type { CancelReason } from '#/contract/index.ts'
import { Exact, type Money } from '../money.ts'
import { spotFeesKey, spotMarketKey, walletKey } from '../copy/book.ts'
import type { Fill } from './order-book.ts'
import {
  HOUSE_SIDE,
  Holds,
  type FillRecord,
  type LedgerTransfer,
  type OrderState,
  type Party,
  type Settlement,
} from './settlement.ts'

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

export interface SpotContext {
  /** The pair's coin. */
  base: string
  /** The house's user id (house.ts): the trader of every fill without an order. */
  house: number
  fees?: Fees
}

/** Collects a spot settlement's movements; the store writes them in one transaction. */
export class SpotSettlement extends Holds implements Settlement {
  readonly walletType = SPOT_WALLET
  readonly transfers: LedgerTransfer[] = []
  readonly fills: FillRecord[] = []
  /** Spot coins are nobody's copy. */
  readonly followers: readonly number[] = []
  private matches = 0
  private readonly fees: Fees
  private readonly base: string
  private readonly house: number

  constructor(context: SpotContext) {
    super()
    this.fees = context.fees ?? SPOT_FEES
    this.base = context.base
    this.house = context.house
  }

  /**
   * One fill of the book: `taker` is the incoming order (or the house's sweep or flow), `maker` the resting order it met
   * (or the house's quote); `undefined`, a spot lead trader's position, settled by the position settlement. A user side
   * pays from its frozen funds, the house from its available balance; each receives into available, less its fee.
   */
  fill(fill: Fill, taker: Party | undefined, maker: Party | undefined, match = this.matches++): void {
    const buyer = fill.makerSide === 'buy' ? maker : taker
    const seller = fill.makerSide === 'sell' ? maker : taker
    if (buyer === HOUSE_SIDE && seller === HOUSE_SIDE) throw new Error('a fill between two of the house’s sides')
    const base = this.base
    const ref = `trade:${fill.takerOrderId}:${fill.makerOrderId}:${match}`
    const account = (party: Party | undefined, coin: string) =>
      party === undefined ? spotMarketKey(coin) : walletKey(this.userOf(party), SPOT_WALLET, coin)
    this.transfers.push({
      debit: account(buyer, QUOTE_COIN),
      credit: account(seller, QUOTE_COIN),
      amount: fill.quote,
      kind: 'trade',
      ref,
    })
    this.transfers.push({
      debit: account(seller, base),
      credit: account(buyer, base),
      amount: fill.size,
      kind: 'trade',
      ref,
    })
    if (buyer) this.settleBuyer(buyer, fill, buyer === maker ? 'maker' : 'taker', match, ref)
    if (seller) this.settleSeller(seller, fill, seller === maker ? 'maker' : 'taker', match, ref)
  }

  private userOf(party: Party): number {
    return party === HOUSE_SIDE ? this.house : party.userId
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

  private settleBuyer(party: Party, fill: Fill, role: 'maker' | 'taker', match: number, ref: string) {
    const fee = feeOn(fill.size, role === 'maker' ? this.fees.maker : this.fees.taker)
    if (party === HOUSE_SIDE) this.move(this.house, QUOTE_COIN, fill.quote.neg(), new Exact(0))
    else {
      // A limit buy held its limit price × size; it paid the (maybe better) fill price and gets the difference back.
      const held = party.limit ? party.limit.times(fill.size) : fill.quote
      this.move(party.userId, QUOTE_COIN, held.minus(fill.quote), held.neg())
      party.frozen = party.frozen.minus(held)
    }
    this.move(this.userOf(party), this.base, fill.size.minus(fee), new Exact(0))
    this.chargeFee(party, 'buy', fill, fee, this.base, role, match, ref)
  }

  private settleSeller(party: Party, fill: Fill, role: 'maker' | 'taker', match: number, ref: string) {
    const fee = feeOn(fill.quote, role === 'maker' ? this.fees.maker : this.fees.taker)
    if (party === HOUSE_SIDE) this.move(this.house, this.base, fill.size.neg(), new Exact(0))
    else {
      this.move(party.userId, this.base, new Exact(0), fill.size.neg())
      party.frozen = party.frozen.minus(fill.size)
    }
    this.move(this.userOf(party), QUOTE_COIN, fill.quote.minus(fee), new Exact(0))
    this.chargeFee(party, 'sell', fill, fee, QUOTE_COIN, role, match, ref)
  }

  private chargeFee(
    party: Party,
    side: 'buy' | 'sell',
    fill: Fill,
    fee: Money,
    coin: string,
    role: 'maker' | 'taker',
    match: number,
    ref: string,
  ) {
    const userId = this.userOf(party)
    if (fee.gt(0))
      this.transfers.push({
        debit: walletKey(userId, SPOT_WALLET, coin),
        credit: spotFeesKey(coin),
        amount: fee,
        kind: 'fee',
        ref,
      })
    if (party !== HOUSE_SIDE) {
      party.filled = party.filled.plus(fill.size)
      party.filledQuote = party.filledQuote.plus(fill.quote)
      party.fee = party.fee.plus(fee)
      party.status = party.size && party.filled.eq(party.size) ? 'filled' : 'partially-filled'
    }
    this.fills.push({
      orderId: party === HOUSE_SIDE ? null : party.id,
      userId,
      side,
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
