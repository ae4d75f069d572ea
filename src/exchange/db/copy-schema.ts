/**
 * Copy trading's tables: leaders and their profiles, follows (copies) with their settings,
 * positions (leaders' and copied), the leader events that drive the engine (idempotency keys),
 * skipped copies, the double-entry ledger, profit-share settlements, statistics and votes.
 * Money is numeric(36,18); amounts are decimal strings in code.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
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
} from 'drizzle-orm/pg-core'
import { MARGIN_MODES } from '#/contract/trading.schemas.ts'
import { users } from './users-schema.ts'

const money = (name: string) => numeric(name, { precision: 36, scale: 18 })
const ratio = (name: string) => numeric(name, { precision: 20, scale: 10 })
const at = (name: string) => timestamp(name, { withTimezone: true })
const userRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

export const BIZ = ['spot', 'futures'] as const
export type Biz = (typeof BIZ)[number]

export const leaders = pgTable(
  'leaders',
  {
    userId: userRef('user_id').primaryKey(),
    biz: text('biz', { enum: BIZ }).notNull(),
    /** A lead trader, or an on-chain wallet copied through chain copy. */
    kind: text('kind', { enum: ['trader', 'wallet'] })
      .notNull()
      .default('trader'),
    /** 'user' for a real user who became a leader, otherwise the simulated strategy. */
    strategy: text('strategy').notNull(),
    nickname: text('nickname').notNull(),
    /**
     * The nickname as compared for uniqueness (NFKC, case-folded, spaces collapsed: copy/api/nickname.ts),
     * so no leader can pose as another by letter case or a look-alike compatibility form. Computed in
     * code, the same on every database; rows written before it existed are filled in at start-up.
     */
    nicknameKey: text('nickname_key'),
    /**
     * A picture of the site's /avatars/: one at its top is one leader's own (the simulated leaders'
     * faces), a shared preset under /avatars/presets/ anyone's. Null: the default avatar.
     */
    avatar: text('avatar'),
    bio: text('bio').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    region: text('region').notNull().default(''),
    profitShareRate: ratio('profit_share_rate').notNull(),
    maxFollowers: integer('max_followers').notNull(),
    minCopyAmount: money('min_copy_amount').notNull(),
    status: text('status', { enum: ['open', 'paused', 'cancelled'] })
      .notNull()
      .default('open'),
    /** Pair codes this leader trades and lets followers copy; empty means every instrument. */
    instruments: jsonb('instruments').$type<string[]>().notNull().default([]),
    simulated: boolean('simulated').notNull().default(false),
    createdAt: at('created_at').notNull(),
    cancelledAt: at('cancelled_at'),
  },
  (t) => [
    check('leaders_rate_check', sql`${t.profitShareRate} >= 0 and ${t.profitShareRate} <= 0.3`),
    check('leaders_max_followers_check', sql`${t.maxFollowers} > 0`),
    index('leaders_biz_idx').on(t.kind, t.biz, t.status),
    uniqueIndex('leaders_nickname_key').on(t.nicknameKey),
    // Partial: the shared presets stay out of the uniqueness rule. The literal is the contract's PRESET_AVATAR_FOLDER.
    uniqueIndex('leaders_avatar_key')
      .on(t.avatar)
      .where(sql`${t.avatar} not like '/avatars/presets/%'`),
  ],
)

/** Stored with fillfactor 50 (migration 0016): its balance is rewritten on every mirrored trade. */
export const copies = pgTable(
  'copies',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    followerId: userRef('follower_id'),
    leaderId: userRef('leader_id'),
    status: text('status', { enum: ['active', 'paused', 'cancelled'] }).notNull(),
    mode: text('mode', { enum: ['fixed', 'ratio'] }).notNull(),
    /** Margin per order in fixed mode. */
    fixedAmount: money('fixed_amount'),
    /** Size multiplier in ratio mode. */
    ratio: ratio('ratio'),
    /** Net amount moved in from the wallet (deposits minus withdrawals). */
    investment: money('investment').notNull(),
    /** The copy account's free balance (its margin is on its positions). */
    balance: money('balance').notNull().default('0'),
    maxPerOrder: money('max_per_order'),
    leverageMode: text('leverage_mode', { enum: ['follow', 'fixed'] }).notNull(),
    fixedLeverage: smallint('fixed_leverage'),
    takeProfitRatio: ratio('take_profit_ratio'),
    stopLossRatio: ratio('stop_loss_ratio'),
    /** The copy stops (positions closed) when its equity falls this fraction below the investment. */
    copyStopLossRatio: ratio('copy_stop_loss_ratio'),
    /**
     * The profit-share rate agreed when the copy began, the one its settlements charge. A lower rate the leader sets
     * applies to it at once; a higher one only to copies begun after.
     */
    profitShareRate: ratio('profit_share_rate').notNull(),
    /** The net result the last settlement was charged on (the high-water mark). */
    highWaterMark: money('high_water_mark').notNull().default('0'),
    profitSharePaid: money('profit_share_paid').notNull().default('0'),
    createdAt: at('created_at').notNull(),
    endedAt: at('ended_at'),
    endReason: text('end_reason'),
  },
  (t) => [
    uniqueIndex('copies_one_active')
      .on(t.followerId, t.leaderId)
      .where(sql`status <> 'cancelled'`),
    check('copies_balance_check', sql`${t.balance} >= 0`),
    check('copies_rate_check', sql`${t.profitShareRate} >= 0 and ${t.profitShareRate} <= 0.3`),
    // A fixed leverage means something only in fixed leverage mode; stored elsewhere it misleads every reader.
    check('copies_fixed_leverage_check', sql`${t.leverageMode} = 'fixed' or ${t.fixedLeverage} is null`),
    index('copies_leader_idx').on(t.leaderId, t.status),
    index('copies_follower_idx').on(t.followerId, t.status),
  ],
)

export const positions = pgTable(
  'positions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef('user_id'),
    /** Set on a copied position: its copy and the leader position it mirrors. */
    copyId: bigint('copy_id', { mode: 'number' }).references(() => copies.id, { onDelete: 'cascade' }),
    sourcePositionId: bigint('source_position_id', { mode: 'number' }),
    biz: text('biz', { enum: BIZ }).notNull(),
    pairCode: text('pair_code').notNull(),
    side: smallint('side').notNull(),
    leverage: smallint('leverage').notNull(),
    size: money('size').notNull(),
    entryPrice: money('entry_price').notNull(),
    margin: money('margin').notNull(),
    takeProfitPrice: money('take_profit_price'),
    stopLossPrice: money('stop_loss_price'),
    liquidationPrice: money('liquidation_price'),
    status: text('status', { enum: ['open', 'closed'] }).notNull(),
    /** A copied position the follower keeps after cancelling the copy: no longer mirrored. */
    unmanaged: boolean('unmanaged').notNull().default(false),
    /**
     * Isolated: the position can lose its margin and no more. Cross (a user's own futures position only): the futures
     * wallet's available balance and the other cross positions back it, and it is liquidated with them.
     */
    marginMode: text('margin_mode', { enum: MARGIN_MODES }).notNull().default('isolated'),
    closedSize: money('closed_size').notNull().default('0'),
    exitPrice: money('exit_price'),
    realizedPnl: money('realized_pnl').notNull().default('0'),
    fees: money('fees').notNull().default('0'),
    /**
     * The fees it paid as it was written (its opening fee), booked at opened_at: a copied position's first booked
     * entry is kept on its row, not as a realized_entries row (one row fewer per copy a leader's open mirrors to).
     */
    openFee: money('open_fee').notNull().default('0'),
    funding: money('funding').notNull().default('0'),
    openedAt: at('opened_at').notNull(),
    closedAt: at('closed_at'),
    closeReason: text('close_reason'),
  },
  (t) => [
    check('positions_side_check', sql`${t.side} in (1, -1)`),
    check('positions_margin_check', sql`${t.margin} >= 0`),
    index('positions_user_idx').on(t.userId, t.status),
    index('positions_source_idx').on(t.sourcePositionId),
    index('positions_copy_idx').on(t.copyId, t.status),
    // The open futures positions of a pair and side: auto-deleveraging's counterparties and the ADL lights.
    index('positions_open_pair_side_idx')
      .on(t.pairCode, t.side)
      .where(sql`${t.status} = 'open' and ${t.biz} = 'futures'`),
  ],
)

/**
 * What each change of a copied position added to its booked result, and when: the realized PnL of a close or a partial
 * close, the fees (adding, closing) and the funding, as they happen; the opening fee stays on the position's row
 * (positions.open_fee, at opened_at). A position's totals (positions.realized_pnl, fees, funding) are the sums of its
 * rows and its open fee; a follower's realized result per day reads them by `at` (bookedEntries), so a partial close is
 * booked the day it happens, not the day the position closes fully. Written by the engine's store (persistChange).
 */
export const realizedEntries = pgTable(
  'realized_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    positionId: bigint('position_id', { mode: 'number' })
      .notNull()
      .references(() => positions.id, { onDelete: 'cascade' }),
    copyId: bigint('copy_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    at: at('at').notNull(),
    realizedPnl: money('realized_pnl').notNull(),
    fees: money('fees').notNull(),
    funding: money('funding').notNull(),
  },
  (t) => [index('realized_entries_user_idx').on(t.userId, t.at), index('realized_entries_copy_idx').on(t.copyId, t.at)],
)

/** Every leader trade, keyed by an idempotency key: a replayed event is recognised and ignored. */
export const leaderEvents = pgTable(
  'leader_events',
  {
    id: text('id').primaryKey(),
    leaderId: userRef('leader_id'),
    positionId: bigint('position_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['open', 'add', 'reduce', 'close'] }).notNull(),
    pairCode: text('pair_code').notNull(),
    /** The leader's average fill price of the event. */
    price: money('price').notNull(),
    size: money('size').notNull(),
    /**
     * The copies' price of an open or add on the books: the average of the followers' block order's fills (audit M4).
     * Null when the copies followed at the leader's price (closes, history and what-if replays) or nothing filled.
     */
    copyPrice: money('copy_price'),
    copied: integer('copied').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('leader_events_leader_idx').on(t.leaderId, t.createdAt)],
)

export const skippedCopies = pgTable(
  'skipped_copies',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    copyId: bigint('copy_id', { mode: 'number' })
      .notNull()
      .references(() => copies.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    pairCode: text('pair_code').notNull(),
    reason: text('reason').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('skipped_copies_once').on(t.copyId, t.eventId)],
)

/**
 * Balances of the ledger's accounts other than wallets (wallet balances live in `balances`):
 * copy accounts, position margin, fees, the market counter-account and the outside world.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    key: text('key').primaryKey(),
    balance: money('balance').notNull().default('0'),
    /** The market and the outside world may go negative; every other account may not. */
    mayGoNegative: boolean('may_go_negative').notNull().default(false),
  },
  (t) => [check('ledger_accounts_balance_check', sql`${t.mayGoNegative} or ${t.balance} >= 0`)],
)

/** One double-entry transfer: `amount` leaves `debit` and enters `credit`. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    debit: text('debit').notNull(),
    credit: text('credit').notNull(),
    amount: money('amount').notNull(),
    kind: text('kind').notNull(),
    ref: text('ref'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    check('ledger_transfers_amount_check', sql`${t.amount} > 0`),
    // A wallet's movements (wallet-history.service.ts, the daily rows): only transfers that touch a wallet are indexed.
    index('ledger_transfers_wallet_credit_idx')
      .on(t.credit, t.id)
      .where(sql`${t.credit} like 'wallet:%'`),
    index('ledger_transfers_wallet_debit_idx')
      .on(t.debit, t.id)
      .where(sql`${t.debit} like 'wallet:%'`),
    // Deposits by their ref (the sandbox faucet's one grant a day): deposits are few, so the index stays small.
    index('ledger_transfers_deposit_ref_idx')
      .on(t.ref)
      .where(sql`${t.kind} = 'deposit'`),
    // Transfers between a user's wallets by their ref (the caller's clientTransferId: one transfer per id).
    index('ledger_transfers_transfer_ref_idx')
      .on(t.ref)
      .where(sql`${t.kind} = 'transfer'`),
  ],
)

export const profitShares = pgTable(
  'profit_shares',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    copyId: bigint('copy_id', { mode: 'number' })
      .notNull()
      .references(() => copies.id, { onDelete: 'cascade' }),
    leaderId: userRef('leader_id'),
    followerId: userRef('follower_id'),
    periodEnd: at('period_end').notNull(),
    rate: ratio('rate').notNull(),
    netProfit: money('net_profit').notNull(),
    highWaterMarkBefore: money('high_water_mark_before').notNull(),
    share: money('share').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('profit_shares_once').on(t.copyId, t.periodEnd),
    index('profit_shares_leader_idx').on(t.leaderId, t.periodEnd),
  ],
)

/**
 * Daily equity of every leader (and chain wallet), the source of its PnL. The trades a record counts are the leader's
 * closed positions (stats-refresh.ts), counted in leader_stats.
 */
export const leaderDaily = pgTable(
  'leader_daily',
  {
    leaderId: userRef('leader_id'),
    day: date('day', { mode: 'string' }).notNull(),
    equityStart: money('equity_start').notNull(),
    equityEnd: money('equity_end').notNull(),
    pnl: money('pnl').notNull(),
  },
  (t) => [primaryKey({ columns: [t.leaderId, t.day] })],
)

/** Every statistic per leader and period, recomputed by the engine so a list answers from one read. */
export const leaderStats = pgTable(
  'leader_stats',
  {
    leaderId: userRef('leader_id'),
    period: text('period', { enum: ['7d', '30d', '90d', 'all'] }).notNull(),
    roi: ratio('roi').notNull(),
    pnl: money('pnl').notNull(),
    winRate: ratio('win_rate').notNull(),
    /** The counted trades' winning notional over their notional (statistics.ts weightedWinRate). */
    weightedWinRate: ratio('weighted_win_rate').notNull().default('0'),
    /** Trades the record counts, closed in the period (statistics.ts countedTrades): the ranking's activity bar. */
    trades: integer('trades').notNull().default(0),
    maxDrawdown: ratio('max_drawdown').notNull(),
    sharpe: ratio('sharpe').notNull(),
    tradesPerWeek: ratio('trades_per_week').notNull(),
    avgHoldingMinutes: ratio('avg_holding_minutes').notNull(),
    preferredCoins: jsonb('preferred_coins').$type<string[]>().notNull(),
    aum: money('aum').notNull(),
    followers: integer('followers').notNull(),
    copiers: integer('copiers').notNull(),
    copierPnl: money('copier_pnl').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.leaderId, t.period] })],
)

export const leaderWatches = pgTable(
  'leader_watches',
  { userId: userRef('user_id'), leaderId: userRef('leader_id'), createdAt: at('created_at').notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.leaderId] })],
)

export const leaderVotes = pgTable(
  'leader_votes',
  {
    userId: userRef('user_id'),
    leaderId: userRef('leader_id'),
    vote: smallint('vote').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.leaderId] }), check('leader_votes_vote_check', sql`${t.vote} in (1, -1)`)],
)

/** Simulated on-chain "smart money" wallets, copied at a fixed amount per trade. */
export const chainWallets = pgTable(
  'chain_wallets',
  {
    /** The wallet's trades are recorded as a simulated leader's positions. */
    leaderId: userRef('leader_id').primaryKey(),
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    label: text('label').notNull(),
  },
  (t) => [uniqueIndex('chain_wallets_address_key').on(t.chain, t.address)],
)

/**
 * The unit-value ledger of every leader and copy account (copy/unit-values.ts): at each money flow (deposit,
 * withdrawal, copy in or out, profit share) the account's unit value is fixed and its units change by flow ÷ unit
 * value; between flows the unit value moves with equity alone, so flows never move a return. Valuation rows (hourly
 * for leaders, at each day's end for copies) keep the units. Rows of an owner are in insertion order (id) and their
 * times never go back. Amounts are exact (numeric without scale); the unit value is a 40-digit quotient.
 */
export const unitValues = pgTable(
  'unit_values',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerKind: text('owner_kind', { enum: ['leader', 'copy'] }).notNull(),
    /** The leader's user id, or the copy's id. */
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    at: at('at').notNull(),
    /** Equity after the row's flow: wallet or copy balance, plus open positions' margin and result at the marks. */
    equity: numeric('equity').notNull(),
    units: numeric('units').notNull(),
    unitValue: numeric('unit_value').notNull(),
    /** Money in (+) or out (−) not by trading; 0 for a valuation. */
    flow: numeric('flow').notNull().default('0'),
    /** 'start': the account's first row or a new start after being wiped out (no return links across it). */
    reason: text('reason', { enum: ['start', 'flow', 'hour', 'day'] }).notNull(),
  },
  (t) => [
    index('unit_values_owner_idx').on(t.ownerKind, t.ownerId, t.at, t.id),
    check('unit_values_owner_kind_check', sql`${t.ownerKind} in ('leader', 'copy')`),
    check('unit_values_reason_check', sql`${t.reason} in ('start', 'flow', 'hour', 'day')`),
    check('unit_values_amounts_check', sql`${t.equity} >= 0 and ${t.units} >= 0 and ${t.unitValue} >= 0`),
  ],
)
