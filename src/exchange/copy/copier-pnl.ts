/**
 * Copier PnL of every leader over a window (contract/stats-window.ts): the sum over the leader's copies of their PnL
 * in it, by the PnL rule — equity at the end − equity at the start − money moved in or out (copy-in, copy-out) — after
 * profit share (a profit share paid is a cost to the copy, not money taken out).
 *
 * From the copies' unit values (unit-values.ts), which record a copy's equity at every flow and at each day's end:
 * - equity at the start: the last row at or before it; a copy with no row by then (begun in the window, or before its
 *   unit values were kept) starts from its first row in the window, before that row's flow (0 for a copy funded then);
 * - money moved: the rows' flows in (start, end] (copy-in, copy-out: a profit share paid is a cost to the copy, not a
 *   flow, unit-values.ts COPY_COSTS);
 * - equity at the end: a live copy's equity now at the marks (each open position at least 0, as the rows count it); an
 *   ended copy holds nothing (what it returned is a flow out).
 * All history ("all") starts before any row.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../db/client.ts'
import { Exact, type Money } from '../money.ts'
import { copyEquity, marksRelation, type Marks } from './unit-values.ts'

const pnlRows = z.object({ rows: z.array(z.object({ leader_id: z.coerce.number(), pnl: z.string() })) })

/** Leader id → the PnL of its copies in [start, end] (start null: all history). */
export async function copierPnl(
  db: Pick<Database, 'execute'>,
  start: number | null,
  end: Date,
  marks: Marks,
): Promise<Map<number, Money>> {
  const to = sql`${end.toISOString()}::timestamptz`
  const from = start === null ? sql`'-infinity'::timestamptz` : sql`${new Date(start).toISOString()}::timestamptz`
  const rows = (kind: 'before' | 'within') =>
    kind === 'before'
      ? sql`v.owner_kind = 'copy' and v.owner_id = k.id and v.at <= ${from}`
      : sql`v.owner_kind = 'copy' and v.owner_id = k.id and v.at > ${from} and v.at <= ${to}`
  // The copies are `k`: copyEquity's subqueries use `c` and `p` of their own.
  const result = await db.execute(sql`
    with m as ${marksRelation(marks)}
    select k.leader_id, sum(
        (case when k.status <> 'cancelled' then ${copyEquity(sql`k.id`)} else 0 end)
        - coalesce(
            (select v.equity from unit_values v where ${rows('before')} order by v.at desc, v.id desc limit 1),
            (select v.equity - v.flow from unit_values v where ${rows('within')} order by v.at, v.id limit 1),
            0)
        - coalesce((select sum(v.flow) from unit_values v where ${rows('within')}), 0)
      )::text as pnl
    from copies k
    where k.created_at <= ${to} and (k.status <> 'cancelled' or k.ended_at > ${from})
    group by k.leader_id`)
  return new Map(pnlRows.parse(result).rows.map((r) => [r.leader_id, new Exact(r.pnl)]))
}
