/**
 * The engine's own bookkeeping: incidents (an item of a loop that failed, recorded with its cause and retried) and
 * the progress of jobs that must run once per time they are due, across restarts (funding, profit share).
 */
import { sql } from 'drizzle-orm'
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

const at = (name: string) => timestamp(name, { withTimezone: true })

/**
 * One failing item of an engine loop (a book, a position, a copy, a bot, a job): open while it keeps failing, resolved
 * once it succeeds again. `/healthz` answers `degraded` with the count of open ones.
 */
export const incidents = pgTable(
  'incidents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The loop: 'book', 'liquidation', 'cross-account', 'stop', 'bot', 'copy-marks', 'funding', 'profit-share', … */
    kind: text('kind').notNull(),
    /** The item: 'futures:ETH_USDT', 'position:123', 'user:10000001', 'copy:7', a time. */
    subject: text('subject').notNull(),
    /** The last failure's cause (its error's name and message, never a secret). */
    cause: text('cause').notNull(),
    failures: integer('failures').notNull().default(1),
    firstAt: at('first_at').notNull(),
    lastAt: at('last_at').notNull(),
    resolvedAt: at('resolved_at'),
  },
  (t) => [
    uniqueIndex('incidents_open_key')
      .on(t.kind, t.subject)
      .where(sql`${t.resolvedAt} is null`),
    index('incidents_at_idx').on(t.lastAt),
  ],
)

/**
 * How far a job that runs at fixed times has run (engine time): the times after `doneThrough` are still due, so a
 * restart catches up each one exactly once (it is written in the transaction that does the work).
 */
export const engineJobs = pgTable('engine_jobs', {
  name: text('name').primaryKey(),
  doneThrough: at('done_through').notNull(),
})
