/**
 * What every market's settlement of a book operation does (spot-settlement.ts, position-settlement.ts): orders freeze
 * and release funds in their wallet, fills are recorded with their fee, and the money of each fill moves. The engine
 * matches, tells the settlement what traded, then writes what it collected in the same transaction.
 */
import type { CancelReason, OrderPurpose, OrderSide, OrderStatus } from '#/contract/index.ts'
import type { Tx } from '../copy/store.ts'
import { Exact, type Money } from '../money.ts'
import type { Fill } from './order-book.ts'

/** A user's order as a settlement tracks it. */
export interface OrderState {
  id: number
  userId: number
  side: OrderSide
  base: string
  /** Limit price; null for a market order. */
  limit: Money | null
  /** Base size; null for a market buy by quote. */
  size: Money | null
  filled: Money
  filledQuote: Money
  fee: Money
  /** Held in the wallet for this order: spot, quote for a buy and base for a sell; futures, USDT for margin and fees. */
  frozen: Money
  status: OrderStatus
  cancelReason: CancelReason | null
  /** Futures: the leverage of a position it opens. */
  leverage: number | null
  /** Futures (and a spot lead trader's sell): it may only shrink the position. */
  reduceOnly: boolean
  /**
   * It trades a position (futures, or a spot lead trader's order: position-settlement.ts), paid from the futures
   * wallet's USDT; else spot coins (spot-settlement.ts).
   */
  positional: boolean
  /** Futures: the take profit and stop loss it sets on its position once it fills. */
  takeProfit: Money | null
  stopLoss: Money | null
  /** An order the exchange placed for one position (a liquidation): it trades that position only. */
  positionId: number | null
  purpose: OrderPurpose | null
}

/**
 * The house's side of a match (house.ts): the market maker's quote, its sweep or the market flow. It trades from the
 * house account's wallets and positions like a user's order, without an order row and holding nothing.
 */
export const HOUSE_SIDE = 'house'
/** One side of a match: a user's order, or the house. */
export type Party = OrderState | typeof HOUSE_SIDE

export interface LedgerTransfer {
  debit: string
  credit: string
  amount: Money
  kind: 'trade' | 'fee'
  ref: string
}

/** A wallet's change: available and frozen move separately (their sum is what the ledger sees). */
export interface WalletDelta {
  userId: number
  coin: string
  available: Money
  frozen: Money
}

export interface FillRecord {
  /** The order it fills; null for the house's side of a match, which has no order row (house.ts). */
  orderId: number | null
  userId: number
  side: OrderSide
  role: 'maker' | 'taker'
  price: Money
  size: Money
  quote: Money
  fee: Money
  feeCoin: string
  /** Index of the match within this settlement: both sides of one match share it (and so their trade id). */
  match: number
}

export interface Settlement {
  /** The wallet type its orders' funds sit in. */
  readonly walletType: number
  readonly fills: FillRecord[]
  readonly transfers: LedgerTransfer[]
  /** Users whose copies a lead trader's orders here were mirrored to (their positions and copies changed too). */
  readonly followers: readonly number[]
  walletDeltas(): WalletDelta[]
  /** Funds an order holds from now on: available → frozen. */
  freeze(order: OrderState, amount: Money): void
  /** Gives back what an order holds beyond `keep`: frozen → available. */
  release(order: OrderState, keep?: Money): void
  /**
   * One fill of the book: `taker` the incoming order (or the house's sweep or market flow), `maker` the resting order
   * (or the house's quote); undefined for a side settled apart (a followers' block order: copy-block.ts allocates its
   * fills to the copies). `match` numbers it among the operation's matches (its trade id), the settlement's own count
   * when not given.
   */
  fill(fill: Fill, taker: Party | undefined, maker: Party | undefined, match?: number): void
  /** Ends an order: its status set, what it still holds back to available. */
  close(order: OrderState, status: 'filled' | 'cancelled', reason: CancelReason | null): void
  /** Work that needs the database once matching is done (futures: the positions); spot has none. */
  finish(tx: Tx, at: Date): Promise<void>
}

/**
 * What a settlement holds for its orders: each wallet's available ↔ frozen moves, collected per user and coin. The
 * market says which coin an order holds (`frozenCoin`).
 */
export abstract class Holds {
  protected readonly wallets = new Map<string, WalletDelta>()

  protected abstract frozenCoin(order: OrderState): string

  walletDeltas(): WalletDelta[] {
    return [...this.wallets.values()].filter((d) => !d.available.isZero() || !d.frozen.isZero())
  }

  /** Funds an order holds from now on: available → frozen. */
  freeze(order: OrderState, amount: Money): void {
    if (amount.isZero()) return
    this.move(order.userId, this.frozenCoin(order), amount.neg(), amount)
    order.frozen = order.frozen.plus(amount)
  }

  /** Gives back what an order holds beyond `keep`: frozen → available. */
  release(order: OrderState, keep: Money = new Exact(0)): void {
    const extra = order.frozen.minus(keep)
    if (extra.lte(0)) return
    this.move(order.userId, this.frozenCoin(order), extra, extra.neg())
    order.frozen = keep
  }

  protected move(userId: number, coin: string, available: Money, frozen: Money): void {
    const key = `${userId}:${coin}`
    const delta = this.wallets.get(key) ?? { userId, coin, available: new Exact(0), frozen: new Exact(0) }
    delta.available = delta.available.plus(available)
    delta.frozen = delta.frozen.plus(frozen)
    this.wallets.set(key, delta)
  }
}

export const isOpen = (status: OrderStatus) =>
  status === 'new' || status === 'partially-filled' || status === 'untriggered'
