/**
 * A leader's equity at the marks, as the daily rows and unit values measure it (unit-values.ts `leaderEquity`, the one
 * definition): the USDT EXCHANGE wallet plus each own open position's margin and unrealized PnL, at least 0. Below
 * the minimum copy amount a leader takes no new copiers: a trader who cannot place the smallest copied order is not
 * one to start copying.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { COPY } from '#/app.config.ts'
import { Exact, type Money } from '../money.ts'
import type { Tx } from './store.ts'
import { leaderEquity, marksRelation } from './unit-values.ts'

const equityRows = z.object({ rows: z.array(z.object({ leader_id: z.coerce.number(), equity: z.string() })) })

/** Equity of each leader (0 for one with neither wallet nor positions). */
export async function leaderEquities(
  db: Tx,
  leaderIds: readonly number[],
  marks: ReadonlyMap<string, Money>,
): Promise<Map<number, Money>> {
  const equities = new Map<number, Money>(leaderIds.map((id) => [id, new Exact(0)]))
  if (leaderIds.length === 0) return equities
  const result = await db.execute(sql`
    with m as ${marksRelation(marks)}
    select o.id as leader_id, ${leaderEquity(sql`o.id`)}::text as equity
    from unnest(${sql.param([...new Set(leaderIds)])}::bigint[]) as o(id)`)
  for (const row of equityRows.parse(result).rows) equities.set(row.leader_id, new Exact(row.equity))
  return equities
}

/** Whether a leader with this equity takes new copiers: at least the smallest investment a copy may have. */
export function acceptsCopiers(equity: Money | undefined): boolean {
  return equity !== undefined && equity.gte(COPY.minInvestmentUsdt)
}

/** Which of the leaders take new copiers now. */
export async function acceptingCopiersOf(
  db: Tx,
  leaderIds: readonly number[],
  marks: ReadonlyMap<string, Money>,
): Promise<Map<number, boolean>> {
  const equities = await leaderEquities(db, leaderIds, marks)
  return new Map([...equities].map(([id, equity]) => [id, acceptsCopiers(equity)]))
}
