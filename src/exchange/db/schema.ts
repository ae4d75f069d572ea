/**
 * The exchange's tables: one schema for PGlite and PostgreSQL (SQL kept within PostgreSQL 15).
 * Money is numeric(36,18), read back as exact strings and handled with decimal.js, never as a number.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { APPLICATION_STATUSES, CONTACT_TYPES, type AffiliateChannel } from '#/contract/index.ts'
import { users } from './users-schema.ts'

const money = (name: string) => numeric(name, { precision: 36, scale: 18 })
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the token (hex): a leaked table does not leak usable tokens. */
    tokenHash: text('token_hash').primaryKey(),
    /** What the owner's security page names the session by (the token hash never leaves the exchange). */
    id: uuid('id').notNull().defaultRandom().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    /** The network signed in from, coarse (ACCOUNTS.sessionNetworkPrefixV4/V6): enough to recognise, not to locate. */
    network: text('network'),
    /** Last authenticated use (written at most every ACCOUNTS.sessionTouchSeconds): the idle timeout runs from it. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/**
 * The device ids (§7 `deviceId` header) a user signed in or registered from, first and last time seen. The client sets
 * the id, so it proves nothing: two accounts that trade with each other from one device are flagged for review
 * (shared_device_flags), never refused.
 */
export const userDevices = pgTable(
  'user_devices',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] }), index('user_devices_device_idx').on(t.deviceId)],
)

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountType: text('account_type', { enum: ['email', 'mobile'] }).notNull(),
    address: text('address').notNull(),
    purpose: text('purpose', { enum: ['register', 'reset-password'] }).notNull(),
    /** SHA-256 of salt and code; the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_address_idx').on(t.address, t.purpose, t.createdAt)],
)

/** One-time recovery codes of two-factor authentication: argon2 hashes only, each spent once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
)

/**
 * The sign-in's second step: a password that was right for an account with two-factor authentication gives this ticket,
 * not a session. SHA-256 of the ticket only; short-lived, a few attempts, used once.
 */
export const loginTickets = pgTable('login_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  userAgent: text('user_agent'),
  network: text('network'),
  deviceId: text('device_id'),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: createdAt(),
})

export const preferences = pgTable('preferences', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  userLanguage: text('user_language').notNull(),
  msgLanguage: text('msg_language').notNull(),
  pricingCurrency: text('pricing_currency').notNull(),
  deviceType: text('device_type', { enum: ['h5', 'web'] }),
  scientificNotation: boolean('scientific_notation').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const balances = pgTable(
  'balances',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletType: smallint('wallet_type').notNull(),
    coin: text('coin').notNull(),
    available: money('available').notNull().default('0'),
    frozen: money('frozen').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.walletType, t.coin] }),
    // A balance that went negative would be money created from nothing: the database refuses it.
    check('balances_available_check', sql`${t.available} >= 0`),
    check('balances_frozen_check', sql`${t.frozen} >= 0`),
  ],
)

/** Demo USDT prices for valuing balances until the market simulator publishes marks. */
export const prices = pgTable(
  'prices',
  {
    coin: text('coin').primaryKey(),
    usdtPrice: money('usdt_price').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('prices_positive_check', sql`${t.usdtPrice} > 0`)],
)

export const globalConfig = pgTable('global_config', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const campaigns = pgTable('campaigns', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['anniversary'] }).notNull(),
  showSwitch: boolean('show_switch').notNull(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull(),
  startTime: timestamp('start_time', { withTimezone: true }).notNull(),
  endTime: timestamp('end_time', { withTimezone: true }).notNull(),
  rewardPoolUsdt: money('reward_pool_usdt').notNull(),
  createdAt: createdAt(),
})

/**
 * §7 statistics, counted: one row per hour and distinct (event, request_source, type, utm_*) with
 * the number of hits, so traffic adds to a counter instead of a row per request. Rows older than
 * ANALYTICS.statisticsRetentionDays are deleted.
 */
export const analyticsEventCounts = pgTable(
  'analytics_event_counts',
  {
    /** The UTC hour the hits fell in. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /**
     * SHA-256 (hex) of the counted fields: the unique key stays small however long the texts are
     * (five 200-character utm values could pass the size an index entry may have).
     */
    keyHash: text('key_hash').notNull(),
    event: text('event').notNull(),
    requestSource: text('request_source').notNull(),
    type: text('type').notNull(),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    count: integer('count').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.keyHash] })],
)

export const affiliateApplications = pgTable(
  'affiliate_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull(),
    name: text('name').notNull(),
    contactType: text('contact_type', { enum: CONTACT_TYPES }).notNull(),
    contactValue: text('contact_value').notNull(),
    channels: jsonb('channels').$type<AffiliateChannel[]>().notNull(),
    region: text('region').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('affiliate_applications_user_idx').on(t.userId, t.createdAt),
    // One open application per user, enforced by the database so two racing submits cannot both win.
    check(
      'affiliate_applications_status_check',
      sql`${t.status} in ('submitted', 'under_review', 'approved', 'rejected')`,
    ),
    uniqueIndex('affiliate_applications_one_open')
      .on(t.userId)
      .where(sql`status in ('submitted', 'under_review')`),
  ],
)

export * from './users-schema.ts'
export * from './market-schema.ts'
export * from './copy-schema.ts'

/** Websocket login tickets: single use and short-lived; only their SHA-256 is stored. */
export const wsTickets = pgTable(
  'ws_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('ws_tickets_expiry_idx').on(t.expiresAt)],
)

/**
 * Verification challenges already used, by the SHA-256 of their signature, kept until the challenge expires: a
 * solution counts once, whichever exchange process receives it.
 */
export const usedVerifications = pgTable(
  'used_verifications',
  {
    signatureHash: text('signature_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_verifications_expiry_idx').on(t.expiresAt)],
)
