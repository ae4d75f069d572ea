/**
 * A user's wallet movements, newest first: every ledger transfer into or out of their wallet of one type (each coin,
 * or one), signed as the wallet sees it. Read through the partial indexes on wallet credits and debits
 * (ledger_transfers_wallet_*_idx): a probe per coin, however large the ledger.
 */
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import {
  WALLET_MOVEMENT_KINDS,
  type WalletHistoryQuery,
  type WalletMovement,
  type WalletMovementKind,
} from '#/contract/index.ts'
import type { Database } from '../db/client.ts'
import { Exact, toPlain } from '../money.ts'

const movementRows = z.object({
  rows: z.array(
    z.object({
      id: z.coerce.string(),
      at: z.coerce.number(),
      kind: z.string(),
      coin: z.string(),
      amount: z.string(),
      total: z.coerce.number(),
    }),
  ),
})

const kindOf = (kind: string): WalletMovementKind => WALLET_MOVEMENT_KINDS.find((k) => k === kind) ?? 'other'

export async function walletHistory(
  db: Pick<Database, 'execute'>,
  userId: number,
  query: WalletHistoryQuery,
): Promise<{ list: WalletMovement[]; total: number; page: number; pageSize: number }> {
  // The wallet's keys, one per coin it holds or held (every wallet key has its balances row), each then an index
  // probe; the partial indexes' own predicate is repeated so the planner can use them.
  const coin = query.coin === undefined ? sql`true` : sql`b.coin = ${query.coin}`
  const kind = query.kind === undefined ? sql`true` : sql`t.kind = ${query.kind}`
  const keys = sql`(select 'wallet:' || b.user_id || ':' || b.wallet_type || ':' || b.coin as key from balances b
    where b.user_id = ${userId} and b.wallet_type = ${query.walletType} and ${coin})`
  const result = await db.execute(sql`
    with k as ${keys},
    m as (
      select t.id, t.created_at, t.kind, t.amount, t.credit as key from k
        join ledger_transfers t on t.credit = k.key and t.credit like 'wallet:%' where ${kind}
      union all
      select t.id, t.created_at, t.kind, -t.amount, t.debit from k
        join ledger_transfers t on t.debit = k.key and t.debit like 'wallet:%' where ${kind})
    select m.id, (extract(epoch from m.created_at) * 1000)::bigint as at, m.kind, split_part(m.key, ':', 4) as coin,
      m.amount::text as amount, count(*) over () as total
    from m order by m.id desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`)
  const rows = movementRows.parse(result).rows
  return {
    list: rows.map((r) => ({
      id: r.id,
      time: r.at,
      kind: kindOf(r.kind),
      walletType: query.walletType,
      coin: r.coin,
      amount: toPlain(new Exact(r.amount)),
    })),
    total: rows[0]?.total ?? (await countOf(db, keys, kind)),
    page: query.page,
    pageSize: query.pageSize,
  }
}

/** The total of a page past the end (it has no rows to carry the window count). */
async function countOf(db: Pick<Database, 'execute'>, keys: SQL, kind: SQL): Promise<number> {
  const result = await db.execute(sql`
    with k as ${keys}
    select (select count(*) from k join ledger_transfers t on t.credit = k.key and t.credit like 'wallet:%' where ${kind})
      + (select count(*) from k join ledger_transfers t on t.debit = k.key and t.debit like 'wallet:%' where ${kind}) as total`)
  return z.object({ rows: z.array(z.object({ total: z.coerce.number() })) }).parse(result).rows[0]?.total ?? 0
}
