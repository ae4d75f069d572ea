/**
 * A futures position's take profit and stop loss: each one a reduce-only stop-market order of the position's user,
 * released when the price (the mark by default) reaches it — a long's take profit as the price rises to it, its stop
 * loss as it falls to it, a short's the other way round. A new one replaces the open one of the same purpose.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, notInArray } from 'drizzle-orm'
import type { Tx } from '../copy/store.ts'
import { orders, OPEN_STATUSES } from '../db/trading-schema.ts'
import type { TradingMarket } from '#/contract/index.ts'
import type { Money } from '../money.ts'
import type { OrderRow } from './order-store.ts'

export interface TpslRequest {
  userId: number
  pairCode: string
  /** The position's side: 1 long, −1 short. */
  side: 1 | -1
  /** undefined: leave as it is; null: remove; a price: set. */
  takeProfit: Money | null | undefined
  stopLoss: Money | null | undefined
  /** Of this size; the whole position when null. */
  size: Money | null
  triggerBy: 'last' | 'mark'
  at: Date
}

/** What a change of take profit and stop loss wrote: the orders it placed, and those it ended (to be told too). */
export interface TpslChange {
  created: OrderRow[]
  ended: OrderRow[]
}

/** Replaces the position's take profit and/or stop loss orders. */
export async function replaceTpsl(tx: Tx, request: TpslRequest): Promise<TpslChange> {
  const purposes = [
    ['take-profit', request.takeProfit],
    ['stop-loss', request.stopLoss],
  ] as const
  const changing = purposes.filter(([, price]) => price !== undefined).map(([purpose]) => purpose)
  if (changing.length === 0) return { created: [], ended: [] }
  const ended = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelReason: 'replaced', updatedAt: request.at })
    .where(
      and(
        eq(orders.userId, request.userId),
        eq(orders.biz, 'futures'),
        eq(orders.pairCode, request.pairCode),
        inArray(orders.purpose, [...changing]),
        inArray(orders.status, [...OPEN_STATUSES]),
      ),
    )
    .returning()
  const created: OrderRow[] = []
  for (const [purpose, price] of purposes) {
    if (!price) continue
    const closingSide = request.side === 1 ? 'sell' : 'buy'
    // A long's take profit waits for the price to rise, its stop loss for it to fall; a short's the other way.
    const rises = (purpose === 'take-profit') === (request.side === 1)
    const [row] = await tx
      .insert(orders)
      .values({
        userId: request.userId,
        clientOrderId: `${purpose}:${randomUUID()}`,
        biz: 'futures',
        pairCode: request.pairCode,
        side: closingSide,
        type: 'stop-market',
        timeInForce: 'IOC',
        size: request.size?.toFixed() ?? null,
        triggerPrice: price.toFixed(),
        triggerBy: request.triggerBy,
        triggerDirection: rises ? 'rise' : 'fall',
        purpose,
        status: 'untriggered',
        reduceOnly: true,
        feeCoin: 'USDT',
        frozenCoin: 'USDT',
        createdAt: request.at,
        updatedAt: request.at,
      })
      .returning()
    if (row) created.push(row)
  }
  return { created, ended }
}

/**
 * Positions of `userIds` on a pair that closed: their waiting take profits and stop losses go with them (cancelled,
 * 'no-position'), but orders in `except` (the operation's own). Answers the orders it cancelled, to be told.
 */
export async function dropTpsl(
  tx: Tx,
  target: { userIds: readonly number[]; biz: TradingMarket; pairCode: string; except: readonly number[]; at: Date },
): Promise<OrderRow[]> {
  if (target.userIds.length === 0) return []
  return tx
    .update(orders)
    .set({ status: 'cancelled', cancelReason: 'no-position', updatedAt: target.at })
    .where(
      and(
        inArray(orders.userId, [...target.userIds]),
        eq(orders.pairCode, target.pairCode),
        eq(orders.biz, target.biz),
        inArray(orders.purpose, ['take-profit', 'stop-loss']),
        eq(orders.status, 'untriggered'),
        target.except.length > 0 ? notInArray(orders.id, [...target.except]) : undefined,
      ),
    )
    .returning()
}
