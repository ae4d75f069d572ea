/**
 * The users table, in a module of its own: the copy-trading tables (copy-schema.ts) reference it, and
 * schema.ts, which defines the other account tables, re-exports them all, so both import it from here.
 */
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

export const users = pgTable(
  'users',
  {
    // Readable, exchange-style user ids (10000001 …), always a string on the wire.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 10000001 }),
    accountType: text('account_type', { enum: ['email', 'mobile'] }).notNull(),
    account: text('account').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull(),
    inviteCode: text('invite_code').notNull().unique(),
    invitedBy: bigint('invited_by', { mode: 'number' }).references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    userSubType: smallint('user_sub_type').notNull().default(1),
    parentUserId: bigint('parent_user_id', { mode: 'number' }).references((): AnyPgColumn => users.id, {
      onDelete: 'cascade',
    }),
    changeLogin: boolean('change_login').notNull().default(true),
    standAloneLogin: boolean('stand_alone_login').notNull().default(true),
    /** Locale codes this user may pick; null means the global whitelist. */
    availableLanguages: jsonb('available_languages').$type<string[]>(),
    /**
     * Two-factor authentication (TOTP): the base32 secret, kept from set-up (totp_enabled_at null until a code confirms
     * it) and never sent again; the last time step a code was accepted for, so a code counts once.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_account_key').on(t.accountType, t.account),
    check('users_account_type_check', sql`${t.accountType} in ('email', 'mobile')`),
    check('users_sub_type_check', sql`${t.userSubType} in (1, 2)`),
    // A user's trade group (trading/trade-group.ts): its sub-accounts and its invitees, read on every order placed.
    index('users_parent_idx').on(t.parentUserId),
    index('users_invited_by_idx').on(t.invitedBy),
  ],
)
