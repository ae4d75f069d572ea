/** The ledger's invariants read from the database: every balance equals its transfers, and all balances sum to zero. */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../db/client.ts'

const state = z.object({ rows: z.array(z.object({ zero: z.boolean(), mismatched: z.coerce.number() })) })

export async function ledgerState(db: Database): Promise<{ zero: boolean; mismatched: number }> {
  const result = await db.execute(sql`
    with balances_now as (
      select 'wallet:' || user_id || ':' || wallet_type || ':' || coin as key, available as balance from balances
      union all select 'copy:' || id, balance from copies
      union all select 'margin:' || id, margin from positions
      union all select key, balance from ledger_accounts),
    journal as (
      select key, sum(amount) as amount from (select credit as key, amount from ledger_transfers union all select debit, -amount from ledger_transfers) j group by key)
    select (select coalesce(sum(balance), 0) = 0 from balances_now) as zero,
      (select count(*) from balances_now b full join journal j using (key) where coalesce(b.balance, 0) <> coalesce(j.amount, 0)) as mismatched`)
  const [row] = state.parse(result).rows
  if (!row) throw new Error('no ledger state')
  return row
}
