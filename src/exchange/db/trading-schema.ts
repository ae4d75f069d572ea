/**
 * Trading's tables (src/exchange/trading): users' orders, their fills, and each book's version. The order books live
 * in memory; these rows are the truth they are rebuilt from (trading/order-engine.ts). Money is numeric(36,18).
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import {
  MARGIN_MODES,
  ORDER_PURPOSES,
  ORDER_SIDES,
  ORDER_STATUSES,
  ORDER_TYPES,
  TIME_IN_FORCE,
  TRIGGER_SOURCES,
} from '#/contract/trading.schemas.ts'
import { BIZ } from './copy-schema.ts'
import { users } from './users-schema.ts'

const money = (name: string) => numeric(name, { precision: 36, scale: 18 })
const at = (name: string) => timestamp(name, { withTimezone: true })
const userRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

/** Open: it may still trade (resting on the book, or waiting for its trigger). */
export const OPEN_STATUSES = [
  'untriggered',
  'new',
  'partially-filled',
] as const satisfies readonly (typeof ORDER_STATUSES)[number][]

/** Time priority of resting orders, across restarts: drawn when an order rests, and again when an amend re-queues it. */
export const orderPriority = pgSequence('order_priority')
/** One id per match, shared by the fills of its two sides. */
export const tradeIds = pgSequence('trade_ids')

export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef('user_id'),
    /** The caller's key: the same one placed twice is one order. */
    clientOrderId: text('client_order_id').notNull(),
    biz: text('biz', { enum: BIZ }).notNull(),
    pairCode: text('pair_code').notNull(),
    side: text('side', { enum: ORDER_SIDES }).notNull(),
    type: text('type', { enum: ORDER_TYPES }).notNull(),
    timeInForce: text('time_in_force', { enum: TIME_IN_FORCE }).notNull(),
    /** Limit and stop-limit orders. */
    price: money('price'),
    /** Base amount; null for a market buy by quote. */
    size: money('size'),
    /** Market buys by quote: spend at most this much. */
    quoteSize: money('quote_size'),
    triggerPrice: money('trigger_price'),
    triggerBy: text('trigger_by', { enum: TRIGGER_SOURCES }),
    /** Stop orders: released when the price rises to the trigger, or falls to it. */
    triggerDirection: text('trigger_direction', { enum: ['rise', 'fall'] }),
    /**
     * Trailing stops: the callback rate in percent, the price that activates it (null: active from placement), and the
     * best price seen since activation (null until then). Its trigger_price is that price moved back by the rate.
     */
    callbackRate: money('callback_rate'),
    activationPrice: money('activation_price'),
    trailExtreme: money('trail_extreme'),
    /** A futures position's take profit or stop loss (reduce-only stop-market; size null: the whole position). */
    purpose: text('purpose', { enum: ORDER_PURPOSES }),
    /** Futures: the take profit and stop loss this order sets on its position once it fills. */
    takeProfitPrice: money('take_profit_price'),
    stopLossPrice: money('stop_loss_price'),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /** Why it ended without filling whole: 'user', 'ioc', 'fok', 'self-trade', 'no-liquidity', 'post-only'. */
    cancelReason: text('cancel_reason'),
    filled: money('filled').notNull().default('0'),
    filledQuote: money('filled_quote').notNull().default('0'),
    fee: money('fee').notNull().default('0'),
    /** The coin its fees are charged in: the coin it receives. */
    feeCoin: text('fee_coin').notNull(),
    /** What the order still holds frozen in its wallet, in `frozenCoin`. */
    frozen: money('frozen').notNull().default('0'),
    frozenCoin: text('frozen_coin').notNull(),
    /** Futures: it may only shrink the position (never rests: market, IOC or FOK). */
    reduceOnly: boolean('reduce_only').notNull().default(false),
    /**
     * A spot lead trader's order: it trades their lead account (the futures wallet's USDT) as a position that copies
     * follow, like a futures order, not their spot coins.
     */
    lead: boolean('lead').notNull().default(false),
    /** Futures: the leverage a position it opens takes (the pair and side's setting when it was placed). */
    leverage: integer('leverage'),
    /**
     * An order the exchange places for one position (its liquidation, which may be a copied position's): it trades that
     * position, not the owner's own position of the pair.
     */
    positionId: bigint('position_id', { mode: 'number' }),
    /** Its place in its price level (orderPriority) while it rests. */
    priority: bigint('priority', { mode: 'number' }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('orders_client_id').on(t.userId, t.clientOrderId),
    index('orders_user_idx').on(t.userId, t.id),
    // The open orders of a book, read when it is rebuilt; and a user's, read by the open-orders call.
    index('orders_open_book_idx')
      .on(t.biz, t.pairCode, t.priority)
      .where(sql`${t.status} in ('untriggered', 'new', 'partially-filled')`),
    index('orders_open_user_idx')
      .on(t.userId, t.biz)
      .where(sql`${t.status} in ('untriggered', 'new', 'partially-filled')`),
    check('orders_frozen_check', sql`${t.frozen} >= 0`),
    check('orders_filled_check', sql`${t.filled} >= 0 and (${t.size} is null or ${t.filled} <= ${t.size})`),
  ],
)

export const fills = pgTable(
  'fills',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tradeId: bigint('trade_id', { mode: 'number' }).notNull(),
    /**
     * The order it filled; null for the house's side of a match (the market maker's quote, its sweep, the market flow:
     * trading/house.ts), which trades without order rows.
     */
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    biz: text('biz', { enum: BIZ }).notNull(),
    pairCode: text('pair_code').notNull(),
    side: text('side', { enum: ORDER_SIDES }).notNull(),
    role: text('role', { enum: ['maker', 'taker'] }).notNull(),
    price: money('price').notNull(),
    size: money('size').notNull(),
    quote: money('quote').notNull(),
    fee: money('fee').notNull(),
    feeCoin: text('fee_coin').notNull(),
    /**
     * The user on the other side of the match (its fill has the same trade id) when both sides are users' orders; null
     * on both fills of a match with the house (the market maker, its sweep, the market flow: the fill of the same trade
     * id without an order), so the index below keeps only users' trades with each other. Whom a leader's trade was
     * filled against (copy/stats-refresh.ts).
     */
    counterpartyUserId: bigint('counterparty_user_id', { mode: 'number' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('fills_user_idx').on(t.userId, t.id),
    index('fills_order_idx').on(t.orderId),
    // A user's fills against other users: few beside those against the maker, read for every leader's statistics.
    index('fills_user_counterparty_idx')
      .on(t.userId, t.counterpartyUserId)
      .where(sql`${t.counterpartyUserId} is not null`),
  ],
)

/**
 * The system accounts the exchange trades from (trading/house.ts): the market maker's house account, created once at
 * start and found here by its role.
 */
export const houseAccounts = pgTable('house_accounts', {
  role: text('role', { enum: ['market-maker'] }).primaryKey(),
  userId: userRef('user_id').unique(),
  createdAt: at('created_at').notNull(),
})

/**
 * Each book's version, raised by every change to its users' orders. A process's book is current while the version it
 * last wrote is the row's; otherwise (another process traded on it, or its own transaction failed) it is rebuilt.
 * The row is also the book's lock: a change takes it FOR UPDATE first.
 */
export const bookVersions = pgTable(
  'book_versions',
  {
    biz: text('biz', { enum: BIZ }).notNull(),
    pairCode: text('pair_code').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /**
     * The time (epoch ms) of the last simulated market trade sent to the book (TRADING.marketFlowOwnerId): written
     * with the fills it made, so a restart never sends a minute's flow twice.
     */
    flowSentAt: bigint('flow_sent_at', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.biz, t.pairCode] })],
)

/**
 * A user's futures leverage per pair and side (one-way positions: a buy opens long, a sell short): the last one chosen
 * is the one an order takes. A pair and side without a row use DEFAULTS.leverage (§3 PREV_LEVERAGE's default, 10).
 */
export const futuresLeverage = pgTable(
  'futures_leverage',
  {
    userId: userRef('user_id'),
    pairCode: text('pair_code').notNull(),
    side: text('side', { enum: ['long', 'short'] }).notNull(),
    leverage: integer('leverage').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.pairCode, t.side] }),
    check('futures_leverage_check', sql`${t.leverage} >= 1`),
  ],
)

/**
 * The margin mode a user chose for a pair's futures (isolated when no row): the mode the next position of the pair
 * opens in. Changed only while the user has neither a position nor an open order on the pair.
 */
export const futuresMarginModes = pgTable(
  'futures_margin_modes',
  {
    userId: userRef('user_id'),
    pairCode: text('pair_code').notNull(),
    mode: text('mode', { enum: MARGIN_MODES }).notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.pairCode] })],
)

/** Pairs a user keeps as favourites on the markets page, in their order (`position`). */
export const favourites = pgTable(
  'favourites',
  {
    userId: userRef('user_id'),
    biz: text('biz', { enum: BIZ }).notNull(),
    pairCode: text('pair_code').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.biz, t.pairCode] })],
)

/**
 * Matches self-trade prevention stopped (trading/trade-group.ts): an incoming order of `takerUserId` met a resting order
 * of `makerUserId`, its own (the same user) or a linked account's, and its remainder was cancelled. One row per order
 * stopped, kept for review: the counts per user are what a reviewer (and a leader's record) reads.
 */
export const selfTradeBlocks = pgTable(
  'self_trade_blocks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    takerUserId: userRef('taker_user_id'),
    makerUserId: userRef('maker_user_id'),
    /** The incoming order that was stopped. */
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    biz: text('biz', { enum: BIZ }).notNull(),
    pairCode: text('pair_code').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('self_trade_blocks_taker_idx').on(t.takerUserId),
    index('self_trade_blocks_maker_idx').on(t.makerUserId),
  ],
)

/**
 * Two accounts that traded with each other (a fill between them) and signed in from one device id (user_devices):
 * flagged for review, never refused, since the client sets the id. One row per pair, lower user id first, with the
 * fills between them counted since it was flagged.
 */
export const sharedDeviceFlags = pgTable(
  'shared_device_flags',
  {
    userLow: userRef('user_low'),
    userHigh: userRef('user_high'),
    deviceId: text('device_id').notNull(),
    fills: integer('fills').notNull().default(1),
    flaggedAt: at('flagged_at').notNull(),
    lastFillAt: at('last_fill_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userLow, t.userHigh] }),
    index('shared_device_flags_high_idx').on(t.userHigh),
    check('shared_device_flags_order_check', sql`${t.userLow} < ${t.userHigh}`),
  ],
)
