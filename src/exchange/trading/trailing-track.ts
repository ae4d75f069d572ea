/**
 * Trailing stops follow the prices each book's watcher sees (each its last price or mark, by its triggerBy): one not
 * yet active activates when the price reaches its activation price (a sell's rises to it, a buy's falls to it), from
 * that price; an active one keeps the best price since (a sell's highest, a buy's lowest) and its trigger that price
 * moved back by its callback rate (rounded to 18 decimals, as trailingTrigger). Written on the order's row, so a
 * restart trails on from where it was.
 *
 * One statement for every book. Should it fail, each order is tracked apart: the others trail on, and the tracking's
 * incident names the orders that could not be (tried again on the next price, resolved once all are tracked). The orders whose trigger moved are returned, so
 * their owners' open orders show the new trigger at once.
 */
import { inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { TradingMarket } from '#/contract/index.ts'
import type { Database } from '../db/client.ts'
import { orders } from '../db/trading-schema.ts'
import { causeOf } from '../incidents.ts'
import type { OrderRow } from './order-store.ts'

/** A book's prices as one pass over the books sees them (the mark and the last trade, as the simulator's strings). */
export interface WatchedPrices {
  biz: TradingMarket
  pairCode: string
  mark: string
  last: string
}

/** Runs one item's work apart from the others: a failure is recorded, and `undefined` returned. */
export type IsolateWork = <T>(kind: string, subject: string, work: () => Promise<T>) => Promise<T | undefined>

const idRows = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) })

export async function trackTrailing(
  db: Database,
  watched: readonly WatchedPrices[],
  isolate: IsolateWork,
): Promise<OrderRow[]> {
  if (watched.length === 0) return []
  const moved: number[] = []
  // One incident for the tracking, resolved when every order is tracked again; its cause names the orders that failed.
  await isolate('trailing', 'books', async () => {
    try {
      moved.push(...(await trail(db, watched)))
      return
    } catch {
      // Order by order below.
    }
    const failed: string[] = []
    const candidates = await db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.status} = 'untriggered' and ${orders.type} = 'trailing-stop'`)
    for (const { id } of candidates)
      try {
        moved.push(...(await trail(db, watched, id)))
      } catch (error) {
        failed.push(`order ${id}: ${causeOf(error)}`)
      }
    if (failed.length > 0) throw new Error(`trailing stops not tracked: ${failed.join('; ')}`)
  })
  if (moved.length === 0) return []
  return db.select().from(orders).where(inArray(orders.id, moved))
}

/** The ids of the orders whose extreme (and so trigger) moved; `onlyId`: that order alone. */
async function trail(db: Database, watched: readonly WatchedPrices[], onlyId?: number): Promise<number[]> {
  const result = await db.execute(sql`
    update ${orders} o set trail_extreme = t.extreme,
      trigger_price = round(t.extreme * (1 + (case when o.side = 'sell' then -1 else 1 end) * o.callback_rate / 100), 18)
    from (
      select o2.id, case
        when o2.trail_extreme is null then case
          when (o2.side = 'sell' and p.price >= o2.activation_price) or (o2.side = 'buy' and p.price <= o2.activation_price)
          then p.price end
        when o2.side = 'sell' then greatest(o2.trail_extreme, p.price)
        else least(o2.trail_extreme, p.price) end as extreme
      from ${orders} o2
      join unnest(${sql.param(watched.map((w) => w.biz))}::text[], ${sql.param(watched.map((w) => w.pairCode))}::text[],
        ${sql.param(watched.map((w) => w.mark))}::numeric[], ${sql.param(watched.map((w) => w.last))}::numeric[])
        as m(biz, pair_code, mark, last) on m.biz = o2.biz and m.pair_code = o2.pair_code
      cross join lateral (select case when o2.trigger_by = 'last' then m.last else m.mark end as price) p
      where o2.status = 'untriggered' and o2.type = 'trailing-stop' ${onlyId === undefined ? sql`` : sql`and o2.id = ${onlyId}`}
    ) t
    where o.id = t.id and t.extreme is not null and t.extreme is distinct from o.trail_extreme
    returning o.id`)
  return idRows.parse(result).rows.map((row) => row.id)
}
