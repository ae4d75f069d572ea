/**
 * The market simulator's tables: candles of every pair (1m for recent days, 1h for the whole
 * history; longer intervals are aggregated from these on read), the seed, and the perpetuals' funding intervals.
 */
import { sql } from 'drizzle-orm'
import { check, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

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

/**
 * The simulator's secret seed, one row: MARKET_SEED, else drawn at random on the first start; every later start reads
 * it. Never sent or logged: the fingerprint (a truncated SHA-256 of it) is what names the history it generated.
 */
export const marketSeed = pgTable('market_seed', {
  id: text('id').primaryKey(),
  /** Hex, at least 128 bits. */
  secret: text('secret').notNull(),
  fingerprint: text('fingerprint').notNull(),
  /** When this secret was taken (engine time): the minutes after it follow it. */
  chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull(),
})

/** One row: how far the simulator has run (engine time), so a restart continues where it stopped. */
export const marketState = pgTable('market_state', {
  id: text('id').primaryKey(),
  /**
   * The fingerprint of the seed the last minutes followed; null: the public seed of a version before secret seeds
   * (such a database keeps its history, and its next minutes follow the secret seed).
   */
  seedFingerprint: text('seed_fingerprint'),
  /** The last simulated minute (engine time). */
  lastMinute: timestamp('last_minute', { withTimezone: true }).notNull(),
  /** pairCode → last price, the starting point of the next minute. */
  lastPrices: jsonb('last_prices').$type<Record<string, string>>().notNull(),
})

/**
 * Each perpetual's funding intervals (src/exchange/market/funding-rate.ts), named by the funding time that ends one:
 * the premium index samples of its minutes so far (a running sum and count, so a restart keeps them; `sampledAt` the
 * last minute sampled, never counted twice), and once the time is paid its published rate and the mark it was paid at
 * (the funding history). A row without samples is written when the time is paid (the engine was down all interval).
 */
export const fundingIntervals = pgTable(
  'funding_intervals',
  {
    pairCode: text('pair_code').notNull(),
    fundingTime: timestamp('funding_time', { withTimezone: true }).notNull(),
    premiumSum: price('premium_sum').notNull().default('0'),
    samples: integer('samples').notNull().default(0),
    sampledAt: timestamp('sampled_at', { withTimezone: true }),
    /** Set when the time is paid: the rate (positive: longs paid shorts) and the pair's mark then. */
    rate: price('rate'),
    mark: price('mark'),
    /** Engine time it was paid at (the funding time, or later when the engine caught up). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.pairCode, t.fundingTime] }),
    check(
      'funding_intervals_paid_check',
      sql`(${t.rate} is null) = (${t.mark} is null) and (${t.rate} is null) = (${t.paidAt} is null)`,
    ),
    check('funding_intervals_samples_check', sql`${t.samples} >= 0`),
  ],
)
