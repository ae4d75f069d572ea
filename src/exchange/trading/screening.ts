/**
 * Wash-trade screening's records (audit H4), kept for review: every order self-trade prevention stopped at a resting
 * order of its own owner or of a linked account (trade-group.ts), and every pair of accounts that traded with each
 * other while sharing a device id (user_devices). A device id is set by the client, so a shared one only flags the pair;
 * it never stops a trade. `screeningOf` counts both per user, so per leader.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { TradingMarket } from '#/contract/index.ts'
import type { Database } from '../db/client.ts'
import { selfTradeBlocks } from '../db/trading-schema.ts'
import type { Placed } from './order-book.ts'

type Writer = Pick<Database, 'insert' | 'execute'>

/** A user's id from a book owner id; undefined for the market maker and the market flow, which are no users. */
function userOf(ownerId: string): number | undefined {
  return /^[1-9]\d*$/.test(ownerId) ? Number(ownerId) : undefined
}

export interface ScreenedOrder {
  id: number
  userId: number
  biz: TradingMarket
  pairCode: string
}

/**
 * Records what one incoming order met: the resting order self-trade prevention stopped it at (its own or a linked
 * account's), and a shared-device flag for each user it traded with from a device it signed in from too.
 */
export async function screenPlacement(tx: Writer, order: ScreenedOrder, placed: Placed, at: Date): Promise<void> {
  const met = placed.stop === 'self-trade' ? userOf(placed.selfTradeOwnerId ?? '') : undefined
  if (met !== undefined)
    await tx.insert(selfTradeBlocks).values({
      takerUserId: order.userId,
      makerUserId: met,
      orderId: order.id,
      biz: order.biz,
      pairCode: order.pairCode,
      createdAt: at,
    })
  const fillsWith = new Map<number, number>()
  for (const fill of placed.fills) {
    const other = userOf(fill.makerOwnerId)
    if (other !== undefined && other !== order.userId) fillsWith.set(other, (fillsWith.get(other) ?? 0) + 1)
  }
  if (fillsWith.size > 0) await flagSharedDevices(tx, order.userId, fillsWith, at)
}

/** Flags (or counts more fills of) each pair of `userId` and a user it traded with that share a device id. */
async function flagSharedDevices(tx: Writer, userId: number, fillsWith: ReadonlyMap<number, number>, at: Date) {
  const others = [...fillsWith.keys()]
  const fills = others.map((other) => fillsWith.get(other) ?? 0)
  const when = sql`${at.toISOString()}::timestamptz`
  await tx.execute(sql`
    insert into shared_device_flags (user_low, user_high, device_id, fills, flagged_at, last_fill_at)
    select least(${userId}::bigint, x.other), greatest(${userId}::bigint, x.other), d.device_id, x.fills, ${when}, ${when}
    from unnest(${sql.param(others)}::bigint[], ${sql.param(fills)}::int[]) as x(other, fills)
    cross join lateral (select a.device_id from user_devices a join user_devices b on b.device_id = a.device_id
      where a.user_id = ${userId} and b.user_id = x.other order by a.device_id limit 1) d
    on conflict (user_low, user_high) do update
      set fills = shared_device_flags.fills + excluded.fills, last_fill_at = excluded.last_fill_at`)
}

/** A user's screening record. */
export interface Screening {
  /** Its orders stopped at its own resting order. */
  selfTradesPrevented: number
  /** Matches with a linked account that self-trade prevention stopped, its order incoming or resting. */
  linkedTradesPrevented: number
  /** Accounts it traded with that signed in from one of its devices (flagged pairs). */
  sharedDevicePairs: number
}

const screeningRows = z.object({
  rows: z.array(
    z.object({
      id: z.coerce.number(),
      own: z.coerce.number(),
      linked: z.coerce.number(),
      shared: z.coerce.number(),
    }),
  ),
})

/** The screening record of each user (each leader) of `userIds`: what a review reads. */
export async function screeningOf(
  db: Pick<Database, 'execute'>,
  userIds: readonly number[],
): Promise<Map<number, Screening>> {
  if (userIds.length === 0) return new Map()
  const result = await db.execute(sql`
    select u.id,
      (select count(*) from self_trade_blocks b where b.taker_user_id = u.id and b.maker_user_id = u.id) as own,
      (select count(*) from self_trade_blocks b where (b.taker_user_id = u.id or b.maker_user_id = u.id)
        and b.taker_user_id <> b.maker_user_id) as linked,
      (select count(*) from shared_device_flags f where f.user_low = u.id or f.user_high = u.id) as shared
    from unnest(${sql.param([...userIds])}::bigint[]) as u(id)`)
  return new Map(
    screeningRows
      .parse(result)
      .rows.map((row) => [
        row.id,
        { selfTradesPrevented: row.own, linkedTradesPrevented: row.linked, sharedDevicePairs: row.shared },
      ]),
  )
}
