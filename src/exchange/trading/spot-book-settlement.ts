/**
 * What a match on a spot book moves: each side by what it trades. A user's order and the house (house.ts: the maker's
 * quote, its sweep, the market flow) trade their spot coins (spot-settlement.ts); a spot lead trader's order trades
 * their lead account's position, which copies follow (position-settlement.ts). A lead position holds no coins: the coins
 * of the other side of its match go to (or come from) the market's counter-account, the position's clearing account,
 * so a lead trader's order meeting a user's order or the house's quote moves their coins and the leader's position,
 * each ledger side whole; both sides of a match keep one trade id.
 */
import type { CancelReason } from '#/contract/index.ts'
import type { Money } from '../money.ts'
import type { Tx } from '../copy/store.ts'
import type { Fill } from './order-book.ts'
import { PositionSettlement, type PositionContext } from './position-settlement.ts'
import {
  HOUSE_SIDE,
  type FillRecord,
  type LedgerTransfer,
  type OrderState,
  type Party,
  type Settlement,
  type WalletDelta,
} from './settlement.ts'
import { SpotSettlement } from './spot-settlement.ts'
import { findInstrument } from '../market/instruments.ts'

export class SpotBookSettlement implements Settlement {
  private readonly coins: SpotSettlement
  private readonly lead: PositionSettlement
  private matches = 0

  constructor(context: Omit<PositionContext, 'biz'>) {
    const base = findInstrument(context.pairCode)?.coin
    if (!base) throw new Error(`no instrument ${context.pairCode}`)
    this.coins = new SpotSettlement({ base, house: context.house })
    this.lead = new PositionSettlement({ ...context, biz: 'spot' })
  }

  /** The spot wallet: the lead side writes its own (the futures wallet) when it finishes. */
  get walletType(): number {
    return this.coins.walletType
  }

  get fills(): FillRecord[] {
    return [...this.coins.fills, ...this.lead.fills]
  }

  get followers(): readonly number[] {
    return this.lead.followers
  }

  get transfers(): LedgerTransfer[] {
    return [...this.coins.transfers, ...this.lead.transfers]
  }

  walletDeltas(): WalletDelta[] {
    return this.coins.walletDeltas()
  }

  private of(order: OrderState): Settlement {
    return order.positional ? this.lead : this.coins
  }

  freeze(order: OrderState, amount: Money): void {
    this.of(order).freeze(order, amount)
  }

  release(order: OrderState, keep?: Money): void {
    this.of(order).release(order, keep)
  }

  fill(fill: Fill, taker: Party | undefined, maker: Party | undefined): void {
    const match = this.matches++
    // Each settlement takes its own sides; the other side of its match is the other settlement's (a position's), or
    // settled apart (undefined: a followers' block).
    const coins = (party: Party | undefined) =>
      party !== undefined && (party === HOUSE_SIDE || !party.positional) ? party : undefined
    const lead = (party: Party | undefined) =>
      party !== undefined && party !== HOUSE_SIDE && party.positional ? party : undefined
    for (const [settlement, own] of [
      [this.coins, coins],
      [this.lead, lead],
    ] as const) {
      const sides = [own(taker), own(maker)] as const
      if (sides[0] || sides[1]) settlement.fill(fill, sides[0], sides[1], match)
    }
  }

  close(order: OrderState, status: 'filled' | 'cancelled', reason: CancelReason | null): void {
    this.of(order).close(order, status, reason)
  }

  async finish(tx: Tx, at: Date): Promise<void> {
    await this.coins.finish()
    await this.lead.finish(tx, at)
  }
}
