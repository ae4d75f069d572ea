/** A user's orders and fills as the trading calls and the private channels read them, newest first. */
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm'
import type { Order, OrderFill, TradingHistoryQuery, TradingMarket, TradingPosition } from '#/contract/index.ts'
import type { ExchangeContext } from '../context.ts'
import { positionToWire } from '../copy/api/wire.ts'
import { markOf, marksOf } from '../copy/marks.ts'
import { adlQuantiles } from './adl-rank.ts'
import { positions } from '../db/copy-schema.ts'
import type { Database } from '../db/client.ts'
import { fills, OPEN_STATUSES, orders } from '../db/trading-schema.ts'
import { fillToWire, orderToWire } from './order-store.ts'

type Reader = Pick<Database, 'select'>

/** A user's rows of a market, of one pair or all. */
const mineIn = (
  table: typeof orders | typeof fills,
  userId: number,
  biz: TradingMarket,
  pairCode: string | undefined,
): SQL | undefined =>
  and(
    eq(table.userId, userId),
    eq(table.biz, biz),
    pairCode === undefined ? undefined : eq(table.pairCode, pairCode.toUpperCase()),
  )

export async function openOrders(db: Reader, userId: number, biz: TradingMarket, pairCode?: string): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(mineIn(orders, userId, biz, pairCode), inArray(orders.status, [...OPEN_STATUSES])))
    .orderBy(desc(orders.id))
  return rows.map(orderToWire)
}

export interface Page<T> {
  list: T[]
  total: number
  page: number
  pageSize: number
}

export async function orderHistory(db: Reader, userId: number, query: TradingHistoryQuery): Promise<Page<Order>> {
  const where = mineIn(orders, userId, query.biz, query.pairCode)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ])
  return { list: rows.map(orderToWire), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize }
}

export async function fillHistory(db: Reader, userId: number, query: TradingHistoryQuery): Promise<Page<OrderFill>> {
  const where = mineIn(fills, userId, query.biz, query.pairCode)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(fills)
      .where(where)
      .orderBy(desc(fills.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(fills).where(where),
  ])
  return { list: rows.map(fillToWire), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize }
}

/** The user's open positions of a market at the marks, with their ADL lights: their own and their copies'. */
export async function openPositions(
  ctx: Pick<ExchangeContext, 'db' | 'rules'> & { market: Pick<ExchangeContext['market'], 'mark' | 'marks'> },
  userId: number,
  biz: TradingMarket,
  pairCode?: string,
): Promise<TradingPosition[]> {
  const rows = await ctx.db
    .select()
    .from(positions)
    .where(
      and(
        eq(positions.userId, userId),
        eq(positions.biz, biz),
        eq(positions.status, 'open'),
        pairCode === undefined ? undefined : eq(positions.pairCode, pairCode.toUpperCase()),
      ),
    )
    .orderBy(desc(positions.id))
  const lights = await adlQuantiles(ctx.db, ctx.rules, marksOf(ctx.market), rows)
  const triggers = await tpslTriggers(ctx.db, userId, biz, pairCode)
  return rows.map((row) => {
    const wire = tradingPositionToWire(row, markOf(ctx.market, row.pairCode), lights.get(row.id) ?? null)
    if (row.copyId !== null) return wire
    // The user's own position's take profit and stop loss are its waiting orders of those purposes.
    const own = triggers.get(row.pairCode)
    return { ...wire, takeProfitPrice: own?.['take-profit'] ?? null, stopLossPrice: own?.['stop-loss'] ?? null }
  })
}

/** The trigger prices of a user's waiting take-profit and stop-loss orders, by pair. */
async function tpslTriggers(
  db: Reader,
  userId: number,
  biz: TradingMarket,
  pairCode: string | undefined,
): Promise<Map<string, Partial<Record<'take-profit' | 'stop-loss', string>>>> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        mineIn(orders, userId, biz, pairCode),
        inArray(orders.purpose, ['take-profit', 'stop-loss']),
        inArray(orders.status, [...OPEN_STATUSES]),
      ),
    )
    .orderBy(desc(orders.id))
  const byPair = new Map<string, Partial<Record<'take-profit' | 'stop-loss', string>>>()
  for (const order of rows.map(orderToWire)) {
    const { purpose, triggerPrice } = order
    if ((purpose !== 'take-profit' && purpose !== 'stop-loss') || triggerPrice === null) continue
    const set = byPair.get(order.pairCode) ?? {}
    // Newest first: a newer one (there is one per purpose) wins.
    set[purpose] ??= triggerPrice
    byPair.set(order.pairCode, set)
  }
  return byPair
}

/** A position row as trading answers it: the copy holding it (if one does), its margin mode and ADL light. */
export function tradingPositionToWire(
  row: typeof positions.$inferSelect,
  mark: Parameters<typeof positionToWire>[1],
  adlQuantile: number | null,
): TradingPosition {
  return {
    ...positionToWire(row, mark, adlQuantile),
    copyId: row.copyId === null ? null : String(row.copyId),
    marginMode: row.marginMode,
  }
}
