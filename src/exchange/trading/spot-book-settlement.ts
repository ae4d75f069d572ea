/**
 * What a match on a spot book moves: each side by what it trades. A user's order trades their spot coins
 * (spot-settlement.ts); a spot lead trader's order trades their lead account's position, which copies follow
 * (position-settlement.ts). Each settles its side against the market's counter-account, so a lead trader's order
 * meeting a user's order moves the user's coins and the leader's position, each ledger side whole; both sides of a
 * match keep one trade id.
 */
import type { CancelReason } from '#/contract/index.ts'
import type { Money } from '../money.ts'
import type { Tx } from '../copy/store.ts'
import type { Fill } from './order-book.ts'
import { PositionSettlement, type PositionContext } from './position-settlement.ts'
import type { FillRecord, LedgerTransfer, OrderState, Settlement, WalletDelta } from './settlement.ts'
import { SpotSettlement } from './spot-settlement.ts'

export class SpotBookSettlement implements Settlement {
  private readonly coins = new SpotSettlement()
  private readonly lead: PositionSettlement
  private matches = 0

  constructor(context: Omit<PositionContext, 'biz'>) {
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

  fill(fill: Fill, taker: OrderState | undefined, maker: OrderState | undefined): void {
    const match = this.matches++
    const side = (order: OrderState | undefined, positional: boolean) =>
      order && order.positional === positional ? order : undefined
    for (const [settlement, positional] of [
      [this.coins, false],
      [this.lead, true],
    ] as const) {
      const own = [side(taker, positional), side(maker, positional)] as const
      if (own[0] || own[1]) settlement.fill(fill, own[0], own[1], match)
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
