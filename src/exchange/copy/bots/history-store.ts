/** Bulk writes of trading history: leader events and daily equity rows (INSERT … SELECT FROM unnest). */
import { sql } from 'drizzle-orm'
import type { Tx } from '../store.ts'

export interface EventRow {
  id: string
  leaderId: number
  positionId: number
  kind: 'open' | 'add' | 'reduce' | 'close'
  pairCode: string
  price: string
  size: string
  createdAt: Date
}

export interface DailyRow {
  leaderId: number
  day: string
  equityStart: string
  equityEnd: string
  pnl: string
}

const CHUNK = 20_000

async function chunked<T>(rows: readonly T[], write: (chunk: readonly T[]) => Promise<unknown>): Promise<void> {
  for (let at = 0; at < rows.length; at += CHUNK) await write(rows.slice(at, at + CHUNK))
}

export async function insertLeaderEvents(tx: Tx, rows: readonly EventRow[]): Promise<void> {
  await chunked(rows, (c) =>
    tx.execute(sql`
      insert into leader_events (id, leader_id, position_id, kind, pair_code, price, size, created_at)
      select * from unnest(${sql.param(c.map((r) => r.id))}::text[], ${sql.param(c.map((r) => r.leaderId))}::bigint[], ${sql.param(c.map((r) => r.positionId))}::bigint[],
        ${sql.param(c.map((r) => r.kind))}::text[], ${sql.param(c.map((r) => r.pairCode))}::text[], ${sql.param(c.map((r) => r.price))}::numeric[],
        ${sql.param(c.map((r) => r.size))}::numeric[], ${sql.param(c.map((r) => r.createdAt.toISOString()))}::timestamptz[])
      on conflict (id) do nothing`),
  )
}

/** Daily rows; a day written again (the day in progress) is replaced. */
export async function insertDailyRows(tx: Tx, rows: readonly DailyRow[]): Promise<void> {
  await chunked(rows, (c) =>
    tx.execute(sql`
      insert into leader_daily (leader_id, day, equity_start, equity_end, pnl)
      select * from unnest(${sql.param(c.map((r) => r.leaderId))}::bigint[], ${sql.param(c.map((r) => r.day))}::date[], ${sql.param(c.map((r) => r.equityStart))}::numeric[],
        ${sql.param(c.map((r) => r.equityEnd))}::numeric[], ${sql.param(c.map((r) => r.pnl))}::numeric[])
      on conflict (leader_id, day) do update set equity_start = excluded.equity_start, equity_end = excluded.equity_end, pnl = excluded.pnl`),
  )
}
