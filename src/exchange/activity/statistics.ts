/**
 * §7 statistics (GET /open/activity/statistics): each hit adds one to the counter of its UTC hour
 * and fields instead of writing a row, and hours older than the retention window are deleted on a
 * sweep that the next hit runs once per sweep interval. Public and unauthenticated, so what one
 * request can make the database hold is bounded: by the per-address rate, the fields' sizes and
 * the retention window.
 */
import { lt, sql } from 'drizzle-orm'
import { ANALYTICS } from '#/app.config.ts'
import type { StatisticsQuery } from '#/contract/index.ts'
import { sha256Hex } from '../accounts/secrets.ts'
import type { Database } from '../db/client.ts'
import { analyticsEventCounts } from '../db/schema.ts'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS
/** Text fields never hold control characters (the contract's single-line rule), so these cannot occur in them. */
const FIELD_SEPARATOR = '\u001f'
const MISSING = '\u0002'

/** The counter's key: the same in SQL (migration 0004 filled the table from the old rows with it). */
export function statisticsKey(query: StatisticsQuery): string {
  const fields = [
    query.event,
    query.request_source,
    query.type,
    ...[query.utm_source, query.utm_medium, query.utm_campaign, query.utm_term, query.utm_content].map(
      (value) => value ?? MISSING,
    ),
  ]
  return sha256Hex(fields.join(FIELD_SEPARATOR))
}

export function hourOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS)
}

/** Adds one hit to its hour's counter (one upsert: concurrent hits add up, none is lost). */
export async function countHit(db: Database, query: StatisticsQuery, at: Date): Promise<void> {
  await db
    .insert(analyticsEventCounts)
    .values({
      hour: hourOf(at),
      keyHash: statisticsKey(query),
      event: query.event,
      requestSource: query.request_source,
      type: query.type,
      utmSource: query.utm_source ?? null,
      utmMedium: query.utm_medium ?? null,
      utmCampaign: query.utm_campaign ?? null,
      utmTerm: query.utm_term ?? null,
      utmContent: query.utm_content ?? null,
      count: 1,
      lastAt: at,
    })
    .onConflictDoUpdate({
      target: [analyticsEventCounts.hour, analyticsEventCounts.keyHash],
      set: {
        count: sql`${analyticsEventCounts.count} + 1`,
        lastAt: sql`greatest(${analyticsEventCounts.lastAt}, excluded.last_at)`,
      },
    })
}

/** Deletes the hours that ended before the retention window; answers how many counters went. */
export async function deleteExpiredStatistics(db: Database, now: Date): Promise<number> {
  const oldest = new Date(hourOf(now).getTime() - ANALYTICS.statisticsRetentionDays * DAY_MS)
  const deleted = await db
    .delete(analyticsEventCounts)
    .where(lt(analyticsEventCounts.hour, oldest))
    .returning({ hour: analyticsEventCounts.hour })
  return deleted.length
}

export interface StatisticsRecorder {
  record(query: StatisticsQuery): Promise<void>
}

/**
 * Counts hits; the first hit after each sweep interval also deletes expired hours (every process sweeps; deleting twice
 * is harmless).
 */
export function createStatisticsRecorder(db: Database, now: () => Date): StatisticsRecorder {
  let lastSweep = Number.NEGATIVE_INFINITY
  return {
    async record(query) {
      const at = now()
      await countHit(db, query, at)
      if (at.getTime() - lastSweep < ANALYTICS.statisticsSweepIntervalMs) return
      lastSweep = at.getTime()
      await deleteExpiredStatistics(db, at)
    },
  }
}
