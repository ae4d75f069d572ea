/**
 * "What if I had copied this leader?": reads what a replay of the leader's last 7, 30 or 90 days
 * needs (the recorded trades and the hourly closes of the pairs traded) and replays it
 * (what-if-replay.ts). The reading stays on the thread that owns the database; the replay is pure.
 */
import { setImmediate } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { WHAT_IF } from '#/app.config.ts'
import { DAY_MS, utcDayStart } from '#/contract/stats-window.ts'
import type { Database } from '../db/client.ts'
import type { MarketSimulator } from '../market/simulator.ts'
import { markOf } from './marks.ts'
import {
  parseWhatIfHistory,
  replayWhatIf,
  valueNow,
  type WhatIfReplayInput,
  type WhatIfResult,
} from './what-if-replay.ts'
import type { Rules } from './rules.ts'

export type { WhatIfResult } from './what-if-replay.ts'

const HOURLY = 60

export interface WhatIfInput extends WhatIfReplayInput {
  days: number
  now: Date
}

/** A pair's hourly closes from `fromMs` to `toMs` as JSON text (the API shares them between leaders). */
export type HourlyClosesJson = (pairCode: string, fromMs: number, toMs: number) => Promise<string>

const sliceRows = z.object({ rows: z.array(z.object({ events: z.string(), pairs: z.string() })) })
const pairList = z.array(z.string())
const iso = (time: number) => new Date(time).toISOString()

/**
 * The leader's trades of the period's window ending at `now` (the last `days` UTC days, today so far included: the
 * window of every figure, contract/stats-window.ts) and the hourly closes of their pairs, as the JSON text a worker reads (what-if-replay.ts: the trades as arrays, in time order).
 *
 * PGlite runs each query on this thread and starts the next one without giving the event loop a
 * turn. Rows through the driver cost this thread 140 ms for a busy leader's 90 days (6,000
 * trades); PostgreSQL writing the JSON itself (json_agg) costs a fifth of that, and reading
 * WHAT_IF.historySliceDays at a time with a turn between reads keeps each hold short.
 */
export async function readWhatIfHistoryJson(
  db: Database,
  closesJsonOf: HourlyClosesJson,
  leaderId: number,
  days: number,
  now: Date,
): Promise<string> {
  const to = now.getTime()
  const from = utcDayStart(to) - (days - 1) * DAY_MS
  const events: string[] = []
  const pairs = new Set<string>()
  for (let start = from; start <= to; start += WHAT_IF.historySliceDays * DAY_MS) {
    const end = start + WHAT_IF.historySliceDays * DAY_MS
    const before =
      end > to ? sql`e.created_at <= ${iso(to)}::timestamptz` : sql`e.created_at < ${iso(end)}::timestamptz`
    const result = await db.execute(sql`
      select coalesce(json_agg(json_build_array(e.id, e.position_id, e.kind, e.pair_code, e.price::text, e.size::text,
          floor(extract(epoch from e.created_at) * 1000)::bigint, p.side, p.leverage) order by e.created_at, e.id), '[]')::text as events,
        coalesce(json_agg(distinct e.pair_code), '[]')::text as pairs
      from leader_events e join positions p on p.id = e.position_id
      where e.leader_id = ${leaderId} and e.created_at >= ${iso(start)}::timestamptz and ${before}`)
    for (const row of sliceRows.parse(result).rows) {
      // Each slice is a JSON array in time order: their items, joined, are the period's.
      if (row.events !== '[]') events.push(row.events.slice(1, -1))
      for (const pair of pairList.parse(JSON.parse(row.pairs))) pairs.add(pair)
    }
    await setImmediate()
  }
  const closes: string[] = []
  for (const pairCode of [...pairs].sort()) {
    closes.push(`{"pairCode":${JSON.stringify(pairCode)},"points":${await closesJsonOf(pairCode, from, to)}}`)
    await setImmediate()
  }
  return `{"from":${from},"now":${to},"events":[${events.join(',')}],"closes":[${closes.join(',')}]}`
}

/** The market's hourly closes as JSON text, read each time. */
export const marketClosesJson =
  (market: MarketSimulator): HourlyClosesJson =>
  async (pairCode, fromMs, toMs) =>
    JSON.stringify(await market.closes(pairCode, fromMs, toMs, HOURLY))

/**
 * Reads and replays in the calling thread, then values what is still open at the market's current marks (tests and
 * tools; the API goes through what-if-service.ts).
 */
export async function whatIf(
  db: Database,
  market: MarketSimulator,
  rules: Rules,
  input: WhatIfInput,
): Promise<WhatIfResult> {
  const history = await readWhatIfHistoryJson(db, marketClosesJson(market), input.leaderId, input.days, input.now)
  const replayed = replayWhatIf(rules, parseWhatIfHistory(history), input)
  return valueNow(replayed, (pairCode) => markOf(market, pairCode), input.now.getTime())
}
