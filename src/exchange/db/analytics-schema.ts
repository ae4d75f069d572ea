/**
 * The analytics receiver's tables: events from the SDK's batches, kept once per event id (a batch
 * sent again after a lost answer adds nothing), and the SDK's reports of events it had to drop.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { AnalyticsProperties } from '#/contract/analytics.schemas.ts'

export const analyticsBatchEvents = pgTable(
  'analytics_batch_events',
  {
    /** The SDK's event id: the primary key is the de-duplication. */
    id: uuid('id').primaryKey(),
    event: text('event').notNull(),
    distinctId: text('distinct_id').notNull(),
    userId: text('user_id'),
    siteid: text('siteid').notNull(),
    requestSource: text('request_source').notNull(),
    pageName: text('page_name').notNull(),
    properties: jsonb('properties').$type<AnalyticsProperties>().notNull(),
    /** The client's clock when the event happened. */
    clientTime: timestamp('client_time', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_batch_events_received_idx').on(t.receivedAt),
    index('analytics_batch_events_distinct_idx').on(t.distinctId),
  ],
)

export const analyticsDropReports = pgTable('analytics_drop_reports', {
  /** The report's id from the SDK: a resent report counts once. */
  id: uuid('id').primaryKey(),
  count: integer('count').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})
