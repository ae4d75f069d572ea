/**
 * The raw records the reconciliation recomputes from, read with plain SQL (no engine code): leaders, copies,
 * positions, leader events, the ledger, balances, profit-share settlements, candles, the unit-value rows when the
 * table exists, the leaders' fills against other users and those users' links, ordinary users' futures fills and the
 * published funding history; plus what is served (leader_stats). Amounts come back as exact decimal strings, times as epoch
 * milliseconds (one format on PGlite and PostgreSQL whatever the session's time zone).
 */
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../db/client.ts'

type Reader = Pick<Database, 'execute'>

const ms = z.coerce.number()
const msOrNull = z.coerce.number().nullable()
const amount = z.string()
const amountOrNull = z.string().nullable()
const id = z.coerce.number()

/** Epoch milliseconds of a timestamptz column, as text. */
const epoch = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::bigint::text`)

async function read<T extends z.ZodType>(db: Reader, query: SQL, row: T): Promise<z.infer<T>[]> {
  return z.object({ rows: z.array(row) }).parse(await db.execute(query)).rows
}

const leaderRow = z.object({
  id,
  biz: z.string(),
  kind: z.string(),
  status: z.string(),
  rate: amount,
  createdAt: ms,
  cancelledAt: msOrNull,
})
export type LeaderRecord = z.infer<typeof leaderRow>

const copyRow = z.object({
  id,
  followerId: id,
  leaderId: id,
  status: z.string(),
  investment: amount,
  balance: amount,
  highWaterMark: amount,
  profitSharePaid: amount,
  /** The rate agreed when the copy began. */
  rate: amount,
  createdAt: ms,
  endedAt: msOrNull,
  endReason: z.string().nullable(),
})
export type CopyRecord = z.infer<typeof copyRow>

const positionRow = z.object({
  id,
  userId: id,
  copyId: id.nullable(),
  sourcePositionId: id.nullable(),
  biz: z.string(),
  pairCode: z.string(),
  side: z.coerce.number(),
  leverage: z.coerce.number(),
  size: amount,
  entryPrice: amount,
  margin: amount,
  status: z.string(),
  unmanaged: z.boolean(),
  closedSize: amount,
  exitPrice: amountOrNull,
  realizedPnl: amount,
  fees: amount,
  funding: amount,
  openedAt: ms,
  closedAt: msOrNull,
  closeReason: z.string().nullable(),
  marginMode: z.enum(['isolated', 'cross']),
})
export type PositionRecord = z.infer<typeof positionRow>

const eventRow = z.object({
  id: z.string(),
  leaderId: id,
  positionId: id,
  kind: z.string(),
  pairCode: z.string(),
  price: amount,
  size: amount,
  /** The copies' price of an open or add on the books (their block order's average fill); null: the leader's. */
  copyPrice: amountOrNull,
  createdAt: ms,
})
export type EventRecord = z.infer<typeof eventRow>

const transferRow = z.object({
  id,
  debit: z.string(),
  credit: z.string(),
  amount,
  kind: z.string(),
  ref: z.string().nullable(),
  createdAt: ms,
})
export type TransferRecord = z.infer<typeof transferRow>

const balanceRow = z.object({ userId: id, walletType: z.coerce.number(), coin: z.string(), available: amount })
export type BalanceRecord = z.infer<typeof balanceRow>

const accountRow = z.object({ key: z.string(), balance: amount })

const shareRow = z.object({
  id,
  copyId: id,
  leaderId: id,
  followerId: id,
  periodEnd: ms,
  rate: amount,
  netProfit: amount,
  highWaterMarkBefore: amount,
  share: amount,
  createdAt: ms,
})
export type ShareRecord = z.infer<typeof shareRow>

const statsRow = z.object({
  leaderId: id,
  period: z.string(),
  roi: amount,
  pnl: amount,
  winRate: amount,
  weightedWinRate: amount,
  trades: z.coerce.number(),
  maxDrawdown: amount,
  sharpe: amount,
  tradesPerWeek: amount,
  avgHoldingMinutes: amount,
  preferredCoins: z.array(z.string()),
  aum: amount,
  followers: z.coerce.number(),
  copiers: z.coerce.number(),
  copierPnl: amount,
  updatedAt: ms,
})
export type StatsRecord = z.infer<typeof statsRow>

const unitRow = z.object({
  id,
  ownerKind: z.string(),
  ownerId: id,
  at: ms,
  equity: amount,
  units: amount,
  unitValue: amount,
  flow: amount,
  reason: z.string(),
})
export type UnitRecord = z.infer<typeof unitRow>

const exchangeFillRow = z.object({ positionId: id, orderId: id, id, price: amount, size: amount, at: ms })
/** A fill of an auto-deleveraging order: its position closed at a liquidation's bankruptcy price, no fee. */
export type DeleverageFillRecord = z.infer<typeof exchangeFillRow>

const liquidationFillRow = exchangeFillRow.extend({ adl: z.boolean() })
/**
 * A fill of a liquidation order (the exchange's IOC order for one position, no worse than its bankruptcy price); `adl`:
 * matched with an auto-deleveraging order (at the bankruptcy price, no fee).
 */
export type LiquidationFillRecord = z.infer<typeof liquidationFillRow>

const orderFillRow = z.object({ orderId: id, id, price: amount, size: amount })
/** A fill of a leader's own order on the books (its position settles fill by fill, each at its own price). */
export type OrderFillRecord = z.infer<typeof orderFillRow>

const ownFillRow = z.object({
  id,
  userId: id,
  pairCode: z.string(),
  side: z.enum(['buy', 'sell']),
  size: amount,
  at: ms,
  /** The position the order was placed for (a liquidation's), null for the user's own order. */
  target: id.nullable(),
})
/** A fill of an ordinary user's (not a leader's) futures order on their own position. */
export type OwnFillRecord = z.infer<typeof ownFillRow>

const paidFundingRow = z.object({ pairCode: z.string(), time: ms, rate: amount, mark: amount })
/** A funding time paid, as published (the funding history): its rate and the mark it was paid at. */
export type PaidFundingRecord = z.infer<typeof paidFundingRow>

const userRow = z.object({ id, parentUserId: id.nullable(), invitedBy: id.nullable() })
export type UserRecord = z.infer<typeof userRow>

/** A leader's fill against another user: the other side's fill of the same trade id. */
const matchRow = z.object({ userId: id, otherId: id, biz: z.string(), pairCode: z.string(), at: ms })
export type MatchRecord = z.infer<typeof matchRow>

export interface Raw {
  leaders: LeaderRecord[]
  /** The fills of every liquidation order, oldest first. */
  liquidationFills: LiquidationFillRecord[]
  /** The fills of every auto-deleveraging order, oldest first. */
  deleverageFills: DeleverageFillRecord[]
  /** The fills of the leaders' own orders on the books, oldest first. */
  leaderFills: OrderFillRecord[]
  copies: CopyRecord[]
  positions: PositionRecord[]
  events: EventRecord[]
  transfers: TransferRecord[]
  balances: BalanceRecord[]
  /** Ledger accounts other than wallets, copies and margins (fees, market, outside world). */
  accounts: Map<string, string>
  shares: ShareRecord[]
  stats: StatsRecord[]
  /** Every fill of a leader that matched another user's order (not the market maker's or the flow's). */
  matches: MatchRecord[]
  /** The leaders and the users they traded with: their master and inviter (the links of a trade group). */
  users: UserRecord[]
  /** Unit-value rows, oldest first per owner; null when the database has no unit_values table. */
  units: UnitRecord[] | null
  /** The market's last simulated minute (epoch ms), null before the market ran. */
  lastMinute: number | null
  /** Orders an engine tick placed (a simulated leader's live order, client order id `bot:…`): part of the tick. */
  tickOrders: number[]
  /** Every fill of an ordinary user's futures orders on their own positions, oldest first. */
  ownFills: OwnFillRecord[]
  /** The funding times paid live, as published (empty when the database has no funding history). */
  fundingPaid: PaidFundingRecord[]
}

async function hasTable(db: Reader, name: string): Promise<boolean> {
  const [row] = await read(
    db,
    sql`select to_regclass(${name})::text as name`,
    z.object({ name: z.string().nullable() }),
  )
  return row?.name !== null && row?.name !== undefined
}

async function lastMinuteOf(db: Reader): Promise<number | null> {
  if (!(await hasTable(db, 'market_state'))) return null
  const [row] = await read(
    db,
    sql`select ${epoch('last_minute')} as at from market_state order by last_minute desc limit 1`,
    z.object({ at: ms }),
  )
  return row?.at ?? null
}

/** Everything the reconciliation reads, in one pass. */
export async function readRaw(db: Reader): Promise<Raw> {
  const leaders = await read(
    db,
    sql`select user_id as id, biz, kind, status, profit_share_rate::text as rate, ${epoch('created_at')} as "createdAt",
      ${epoch('cancelled_at')} as "cancelledAt" from leaders order by user_id`,
    leaderRow,
  )
  const copies = await read(
    db,
    sql`select id, follower_id as "followerId", leader_id as "leaderId", status, investment::text, balance::text,
      high_water_mark::text as "highWaterMark", profit_share_paid::text as "profitSharePaid", profit_share_rate::text as rate,
      ${epoch('created_at')} as "createdAt",
      ${epoch('ended_at')} as "endedAt", end_reason as "endReason" from copies order by id`,
    copyRow,
  )
  const positions = await read(
    db,
    sql`select id, user_id as "userId", copy_id as "copyId", source_position_id as "sourcePositionId", biz, pair_code as "pairCode",
      side, leverage, size::text, entry_price::text as "entryPrice", margin::text, status, unmanaged, closed_size::text as "closedSize",
      exit_price::text as "exitPrice", realized_pnl::text as "realizedPnl", fees::text, funding::text, ${epoch('opened_at')} as "openedAt",
      ${epoch('closed_at')} as "closedAt", close_reason as "closeReason", margin_mode as "marginMode" from positions order by id`,
    positionRow,
  )
  const events = await read(
    db,
    sql`select id, leader_id as "leaderId", position_id as "positionId", kind, pair_code as "pairCode", price::text, size::text,
      copy_price::text as "copyPrice", ${epoch('created_at')} as "createdAt" from leader_events order by created_at, position_id, id`,
    eventRow,
  )
  const transfers = await read(
    db,
    sql`select id, debit, credit, amount::text, kind, ref, ${epoch('created_at')} as "createdAt" from ledger_transfers order by id`,
    transferRow,
  )
  const balances = await read(
    db,
    sql`select user_id as "userId", wallet_type as "walletType", coin, (available + frozen)::text as available from balances`,
    balanceRow,
  )
  const accounts = new Map(
    (await read(db, sql`select key, balance::text from ledger_accounts`, accountRow)).map((a) => [a.key, a.balance]),
  )
  const shares = await read(
    db,
    sql`select id, copy_id as "copyId", leader_id as "leaderId", follower_id as "followerId", ${epoch('period_end')} as "periodEnd",
      rate::text, net_profit::text as "netProfit", high_water_mark_before::text as "highWaterMarkBefore", share::text,
      ${epoch('created_at')} as "createdAt" from profit_shares order by id`,
    shareRow,
  )
  // The other side of a match is the fill of the same trade id (not fills.counterparty_user_id: read afresh here).
  const matches = await read(
    db,
    sql`select f.user_id as "userId", g.user_id as "otherId", f.biz, f.pair_code as "pairCode", ${epoch('f.created_at')} as at
      from fills f join fills g on g.trade_id = f.trade_id and g.id <> f.id
      where f.user_id in (select user_id from leaders) order by f.id`,
    matchRow,
  )
  const users = await read(
    db,
    sql`select id, parent_user_id as "parentUserId", invited_by as "invitedBy" from users
      where id in (select user_id from leaders) or id in (select g.user_id from fills f join fills g on g.trade_id = f.trade_id
        and g.id <> f.id where f.user_id in (select user_id from leaders)) order by id`,
    userRow,
  )
  const stats = await read(
    db,
    sql`select leader_id as "leaderId", period, roi::text, pnl::text, win_rate::text as "winRate",
      weighted_win_rate::text as "weightedWinRate", trades, max_drawdown::text as "maxDrawdown",
      sharpe::text, trades_per_week::text as "tradesPerWeek", avg_holding_minutes::text as "avgHoldingMinutes",
      preferred_coins as "preferredCoins", aum::text, followers, copiers, copier_pnl::text as "copierPnl", ${epoch('updated_at')} as "updatedAt"
      from leader_stats order by leader_id, period`,
    statsRow,
  )
  const leaderFills = await read(
    db,
    sql`select f.order_id as "orderId", f.id, f.price::text, f.size::text from fills f
      where f.user_id in (select user_id from leaders) order by f.id`,
    orderFillRow,
  )
  const tickOrders = (
    await read(db, sql`select id from orders where client_order_id like 'bot:%' order by id`, z.object({ id }))
  ).map((row) => row.id)
  const liquidationFills = await read(
    db,
    sql`select o.position_id as "positionId", o.id as "orderId", f.id, f.price::text, f.size::text,
      ${epoch('f.created_at')} as at,
      exists (select 1 from fills g join orders p on p.id = g.order_id
        where g.trade_id = f.trade_id and g.id <> f.id and p.purpose = 'adl') as adl
      from fills f join orders o on o.id = f.order_id
      where o.purpose = 'liquidation' and o.position_id is not null order by f.id`,
    liquidationFillRow,
  )
  const deleverageFills = await read(
    db,
    sql`select o.position_id as "positionId", o.id as "orderId", f.id, f.price::text, f.size::text,
      ${epoch('f.created_at')} as at
      from fills f join orders o on o.id = f.order_id
      where o.purpose = 'adl' and o.position_id is not null order by f.id`,
    exchangeFillRow,
  )
  const ownFills = await read(
    db,
    sql`select f.id, f.user_id as "userId", f.pair_code as "pairCode", f.side, f.size::text, ${epoch('f.created_at')} as at,
      o.position_id as target
      from fills f left join orders o on o.id = f.order_id left join positions p on p.id = o.position_id
      where f.biz = 'futures' and p.copy_id is null and f.user_id not in (select user_id from leaders) order by f.id`,
    ownFillRow,
  )
  const fundingPaid = (await hasTable(db, 'funding_intervals'))
    ? await read(
        db,
        sql`select pair_code as "pairCode", ${epoch('funding_time')} as time, rate::text, mark::text from funding_intervals
          where rate is not null order by funding_time, pair_code`,
        paidFundingRow,
      )
    : []
  const units = (await hasTable(db, 'unit_values'))
    ? await read(
        db,
        sql`select id, owner_kind as "ownerKind", owner_id as "ownerId", ${epoch('at')} as at, equity::text, units::text,
          unit_value::text as "unitValue", flow::text, reason from unit_values order by owner_kind, owner_id, at, id`,
        unitRow,
      )
    : null
  return {
    tickOrders,
    ownFills,
    fundingPaid,
    leaderFills,
    leaders,
    liquidationFills,
    deleverageFills,
    copies,
    positions,
    events,
    transfers,
    balances,
    accounts,
    shares,
    stats,
    matches,
    users,
    units,
    lastMinute: await lastMinuteOf(db),
  }
}

const closeRow = z.object({ time: ms, close: amount })

/** Closes of a pair's stored candles of one interval in [from, to] (epoch ms of the candle start), oldest first. */
export async function readCloses(
  db: Reader,
  pairCode: string,
  interval: '1m' | '1h',
  from: number,
  to: number,
): Promise<{ time: number; close: string }[]> {
  return read(
    db,
    sql`select ${epoch('time')} as time, close::text from candles where pair_code = ${pairCode} and interval = ${interval}
      and time >= ${new Date(from).toISOString()}::timestamptz and time <= ${new Date(to).toISOString()}::timestamptz order by time`,
    closeRow,
  )
}
