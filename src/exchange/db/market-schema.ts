/**
 * The market simulator's tables: candles of every pair (1m for recent days, 1h for the whole
 * history; longer intervals are aggregated from these on read).
 */
import { sql } from 'drizzle-orm'
import { check, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

const price = (name: string) => numeric(name, { precision: 36, scale: 18 })

export const candles = pgTable(
  'candles',
  {
    pairCode: text('pair_code').notNull(),
    /** Stored intervals: '1m' and '1h'. */
    interval: text('interval', { enum: ['1m', '1h'] }).notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    open: price('open').notNull(),
    high: price('high').notNull(),
    low: price('low').notNull(),
    close: price('close').notNull(),
    volume: price('volume').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.pairCode, t.interval, t.time] }),
    check('candles_interval_check', sql`${t.interval} in ('1m', '1h')`),
  ],
)

/** One row: how far the simulator has run (engine time), so a restart continues where it stopped. */
export const marketState = pgTable('market_state', {
  id: text('id').primaryKey(),
  seed: numeric('seed', { precision: 20, scale: 0 }).notNull(),
  /** The last simulated minute (engine time). */
  lastMinute: timestamp('last_minute', { withTimezone: true }).notNull(),
  /** pairCode → last price, the starting point of the next minute. */
  lastPrices: jsonb('last_prices').$type<Record<string, string>>().notNull(),
})
