/** Storing the SDK's batches once per event id, and reading the latest events back (development page, tests). */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { AnalyticsBatch, AnalyticsBatchResult } from '#/contract/analytics.schemas.ts'
import type { Database } from '../db/client.ts'
import { analyticsBatchEvents, analyticsDropReports } from '../db/analytics-schema.ts'

export async function storeBatch(db: Database, batch: AnalyticsBatch, receivedAt: Date): Promise<AnalyticsBatchResult> {
  // The same id twice in one batch is one event, like the same id in two batches.
  const unique = [...new Map(batch.events.map((event) => [event.id, event])).values()]
  return db.transaction(async (tx) => {
    const stored = unique.length
      ? await tx
          .insert(analyticsBatchEvents)
          .values(
            unique.map((event) => ({
              id: event.id,
              event: event.event,
              distinctId: event.distinctId,
              userId: event.userId ?? null,
              siteid: event.properties.siteid,
              requestSource: event.properties.request_source,
              pageName: event.properties.page_name,
              properties: event.properties,
              clientTime: new Date(event.time),
              receivedAt,
            })),
          )
          .onConflictDoNothing({ target: analyticsBatchEvents.id })
          .returning({ id: analyticsBatchEvents.id })
      : []
    const counted = batch.dropped
      ? await tx
          .insert(analyticsDropReports)
          .values({ id: batch.dropped.id, count: batch.dropped.count, receivedAt })
          .onConflictDoNothing({ target: analyticsDropReports.id })
          .returning({ count: analyticsDropReports.count })
      : []
    return {
      received: batch.events.length,
      stored: stored.length,
      duplicates: batch.events.length - stored.length,
      droppedCounted: counted[0]?.count ?? 0,
    }
  })
}

export interface LatestFilter {
  distinctId?: string
  userId?: string
  event?: string
  limit: number
}

export async function latestEvents(db: Database, filter: LatestFilter) {
  const where: SQL[] = []
  if (filter.distinctId !== undefined) where.push(eq(analyticsBatchEvents.distinctId, filter.distinctId))
  if (filter.userId !== undefined) where.push(eq(analyticsBatchEvents.userId, filter.userId))
  if (filter.event !== undefined) where.push(eq(analyticsBatchEvents.event, filter.event))
  const rows = await db
    .select()
    .from(analyticsBatchEvents)
    .where(and(...where))
    .orderBy(desc(analyticsBatchEvents.receivedAt), desc(analyticsBatchEvents.clientTime))
    .limit(filter.limit)
  return rows.map((row) => ({
    id: row.id,
    event: row.event,
    distinctId: row.distinctId,
    userId: row.userId,
    time: row.clientTime.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
    properties: row.properties,
  }))
}

export async function droppedTotal(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${analyticsDropReports.count})` })
    .from(analyticsDropReports)
  return Number(row?.total ?? 0)
}
