/**
 * Spot trading on the database: a book's version row (its lock), orders read into settlement state, and a
 * settlement written whole — order figures, fills, ledger transfers, wallet balances (available and frozen) and the
 * market and fee accounts — inside the caller's transaction.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import { CANCEL_REASONS, type CancelReason, type Order, type OrderFill, type TradingMarket } from '#/contract/index.ts'
import { parseKey } from '../copy/book.ts'
import { addToLedgerAccounts, type Tx } from '../copy/store.ts'
import { fills, orders } from '../db/trading-schema.ts'
import { positions } from '../db/copy-schema.ts'
import { Exact, toPlain, type Money } from '../money.ts'
import type { FillRecord, OrderState, Settlement, WalletDelta } from './settlement.ts'
import { findInstrument } from '../market/instruments.ts'

export type OrderRow = typeof orders.$inferSelect
type FillRow = typeof fills.$inferSelect

const texts = (values: readonly (string | null)[]) => sql`${sql.param(values)}::text[]`
const numerics = (values: readonly (string | null)[]) => sql`${sql.param(values)}::numeric[]`
const bigints = (values: readonly (number | null)[]) => sql`${sql.param(values)}::bigint[]`

const idRows = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) })
const versionRow = z.object({ rows: z.array(z.object({ version: z.coerce.number() })) })

/** Locks a book (its version row, created on first use) for this transaction and returns its version. */
export async function lockBook(tx: Tx, biz: TradingMarket, pairCode: string): Promise<number> {
  const lock = () =>
    tx.execute(sql`select version from book_versions where biz = ${biz} and pair_code = ${pairCode} for update`)
  let [row] = versionRow.parse(await lock()).rows
  if (!row) {
    await tx.execute(
      sql`insert into book_versions (biz, pair_code) values (${biz}, ${pairCode}) on conflict do nothing`,
    )
    ;[row] = versionRow.parse(await lock()).rows
  }
  if (!row) throw new Error(`book ${biz}:${pairCode} has no version row`)
  return row.version
}

const flowRow = z.object({ rows: z.array(z.object({ flow_sent_at: z.coerce.number().nullable() })) })

/** The time of the last simulated market trade sent to a locked book (null: none yet). */
export async function flowSentAt(tx: Tx, biz: TradingMarket, pairCode: string): Promise<number | null> {
  const result = await tx.execute(
    sql`select flow_sent_at from book_versions where biz = ${biz} and pair_code = ${pairCode}`,
  )
  return flowRow.parse(result).rows[0]?.flow_sent_at ?? null
}

/** Records the last simulated market trade sent to a locked book, in the transaction of what it filled. */
export async function markFlowSent(tx: Tx, biz: TradingMarket, pairCode: string, time: number): Promise<void> {
  await tx.execute(sql`update book_versions set flow_sent_at = ${time} where biz = ${biz} and pair_code = ${pairCode}`)
}

/** Raises a locked book's version: every process holding another version rebuilds before trading on it. */
export async function bumpBook(tx: Tx, biz: TradingMarket, pairCode: string): Promise<number> {
  const result = await tx.execute(
    sql`update book_versions set version = version + 1 where biz = ${biz} and pair_code = ${pairCode} returning version`,
  )
  const [row] = versionRow.parse(result).rows
  if (!row) throw new Error(`book ${biz}:${pairCode} has no version row`)
  return row.version
}

/** The resting orders of a book (limit orders, and stop-limits once released, new or partly filled), in time priority. */
export async function restingOrders(tx: Tx, biz: TradingMarket, pairCode: string): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.biz, biz),
        eq(orders.pairCode, pairCode),
        inArray(orders.status, ['new', 'partially-filled']),
        inArray(orders.type, ['limit', 'stop-limit']),
      ),
    )
    .orderBy(orders.priority)
}

export function stateOf(row: OrderRow): OrderState {
  const instrument = findInstrument(row.pairCode)
  if (!instrument) throw new Error(`order ${row.id} on unknown pair ${row.pairCode}`)
  return {
    id: row.id,
    userId: row.userId,
    side: row.side,
    base: instrument.coin,
    limit: row.type === 'limit' || row.type === 'stop-limit' ? new Exact(row.price ?? 0) : null,
    size: row.size === null ? null : new Exact(row.size),
    filled: new Exact(row.filled),
    filledQuote: new Exact(row.filledQuote),
    fee: new Exact(row.fee),
    frozen: new Exact(row.frozen),
    status: row.status,
    cancelReason: cancelReasonOf(row.cancelReason),
    leverage: row.leverage,
    reduceOnly: row.reduceOnly,
    positional: row.biz === 'futures' || row.lead,
    takeProfit: row.takeProfitPrice === null ? null : new Exact(row.takeProfitPrice),
    stopLoss: row.stopLossPrice === null ? null : new Exact(row.stopLossPrice),
    positionId: row.positionId,
    purpose: row.purpose,
  }
}

const cancelReasonOf = (value: string | null): CancelReason | null => CANCEL_REASONS.find((r) => r === value) ?? null

/** Orders by id, locked for this transaction. */
export async function lockOrders(tx: Tx, ids: readonly number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return []
  return tx
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]))
    .for('update')
}

/** A wallet's available balance as a write left it. */
export interface WalletBalance {
  userId: number
  walletType: number
  coin: string
  available: Money
}

/**
 * Writes a settlement: the orders' new figures and time priority ('draw': a fresh one, it rests anew; 'none': off the
 * book; 'keep'), the fills (each match one trade id; the house's side of a match without an order), the ledger
 * transfers and the balances they move. Returns the orders and fills as written, and the wallets' available balances
 * as the settlement's own balance write left them.
 */
export async function writeSettlement(
  tx: Tx,
  settlement: Settlement,
  touched: readonly OrderState[],
  priorities: ReadonlyMap<number, 'none' | 'draw' | 'keep'>,
  context: { biz: TradingMarket; pairCode: string; at: Date },
): Promise<{ orders: OrderRow[]; fills: FillRow[]; wallets: WalletBalance[] }> {
  const at = context.at.toISOString()
  let updated: OrderRow[] = []
  const [only] = touched
  if (touched.length === 1 && only) {
    // One order (a placement that rested, a cancel): one statement that answers the row.
    const priority = priorities.get(only.id) ?? 'keep'
    updated = await tx
      .update(orders)
      .set({
        filled: toPlain(only.filled),
        filledQuote: toPlain(only.filledQuote),
        fee: toPlain(only.fee),
        frozen: toPlain(only.frozen),
        status: only.status,
        cancelReason: only.cancelReason,
        updatedAt: context.at,
        ...(priority === 'keep' ? {} : { priority: priority === 'draw' ? sql`nextval('order_priority')` : null }),
      })
      .where(eq(orders.id, only.id))
      .returning()
  } else if (touched.length > 1) {
    const priority = touched.map((o) => priorities.get(o.id) ?? 'keep')
    const result = await tx.execute(sql`
      update orders set filled = x.filled, filled_quote = x.fq, fee = x.fee, frozen = x.frozen, status = x.status,
        cancel_reason = x.reason, updated_at = ${at}::timestamptz,
        priority = case x.priority when 'keep' then orders.priority when 'draw' then nextval('order_priority') end
      from unnest(${bigints(touched.map((o) => o.id))}, ${numerics(touched.map((o) => toPlain(o.filled)))},
        ${numerics(touched.map((o) => toPlain(o.filledQuote)))}, ${numerics(touched.map((o) => toPlain(o.fee)))},
        ${numerics(touched.map((o) => toPlain(o.frozen)))}, ${texts(touched.map((o) => o.status))},
        ${texts(touched.map((o) => o.cancelReason))}, ${texts(priority)})
        as x(id, filled, fq, fee, frozen, status, reason, priority)
      where orders.id = x.id
      returning orders.id`)
    const ids = idRows.parse(result).rows.map((r) => r.id)
    updated = ids.length === 0 ? [] : await tx.select().from(orders).where(inArray(orders.id, ids))
  }
  let written: FillRow[] = []
  const list = settlement.fills
  if (list.length > 0) {
    const matches = Math.max(...list.map((f) => f.match)) + 1
    const ids = z
      .object({ rows: z.array(z.object({ id: z.coerce.number() })) })
      .parse(await tx.execute(sql`select nextval('trade_ids') as id from generate_series(1, ${matches})`))
      .rows.map((r) => r.id)
    // A match between two users' orders has a fill for each, and each names the other's user; a match with the house
    // names nobody (the house's fill is the one without an order).
    const sides = new Map<number, FillRecord[]>()
    for (const f of list) sides.set(f.match, [...(sides.get(f.match) ?? []), f])
    const counterparty = (f: FillRecord) => {
      const other = sides.get(f.match)?.find((o) => o !== f)
      return other && other.orderId !== null && f.orderId !== null ? other.userId : null
    }
    written = await tx
      .insert(fills)
      .values(
        list.map((f) => ({
          tradeId: ids[f.match] ?? 0,
          orderId: f.orderId,
          userId: f.userId,
          counterpartyUserId: counterparty(f),
          biz: context.biz,
          pairCode: context.pairCode,
          side: f.side,
          role: f.role,
          price: toPlain(f.price),
          size: toPlain(f.size),
          quote: toPlain(f.quote),
          fee: toPlain(f.fee),
          feeCoin: f.feeCoin,
          createdAt: context.at,
        })),
      )
      .returning()
  }
  const wallets = await writeLedger(tx, settlement, at)
  return { orders: updated, fills: written, wallets }
}

const balanceRows = z.object({
  rows: z.array(z.object({ user_id: z.coerce.number(), coin: z.string(), available: z.string() })),
})

/**
 * Moves wallets' available and frozen by their deltas (a coin received for the first time gets its row); returns each
 * wallet's available balance after.
 */
export async function writeWalletDeltas(
  tx: Tx,
  walletType: number,
  wallets: readonly WalletDelta[],
  at: Date | string,
): Promise<WalletBalance[]> {
  const when = typeof at === 'string' ? at : at.toISOString()
  const columns = (list: readonly WalletDelta[]) => ({
    u: sql`${sql.param(list.map((w) => w.userId))}::bigint[]`,
    c: texts(list.map((w) => w.coin)),
    a: numerics(list.map((w) => toPlain(w.available))),
    f: numerics(list.map((w) => toPlain(w.frozen))),
  })
  // A CHECK applies to the row an upsert proposes, before the conflict: only money coming in (a coin perhaps received
  // for the first time) is upserted; a wallet that gives anything up has its row, and is updated. The CHECKs hold the
  // sums non-negative.
  const incoming = wallets.filter((w) => w.available.gte(0) && w.frozen.gte(0))
  const moving = wallets.filter((w) => w.available.lt(0) || w.frozen.lt(0))
  const written: WalletBalance[] = []
  const collect = (result: unknown) => {
    for (const row of balanceRows.parse(result).rows)
      written.push({ userId: row.user_id, walletType, coin: row.coin, available: new Exact(row.available) })
  }
  if (incoming.length > 0) {
    const { u, c, a, f } = columns(incoming)
    collect(
      await tx.execute(sql`
      insert into balances (user_id, wallet_type, coin, available, frozen, updated_at)
      select u, ${walletType}, c, a, f, ${when}::timestamptz from unnest(${u}, ${c}, ${a}, ${f}) as x(u, c, a, f)
      on conflict (user_id, wallet_type, coin) do update set available = balances.available + excluded.available,
        frozen = balances.frozen + excluded.frozen, updated_at = excluded.updated_at
      returning user_id, coin, available::text`),
    )
  }
  if (moving.length > 0) {
    const { u, c, a, f } = columns(moving)
    collect(
      await tx.execute(sql`
      update balances set available = balances.available + x.a, frozen = balances.frozen + x.f, updated_at = ${when}::timestamptz
      from unnest(${u}, ${c}, ${a}, ${f}) as x(u, c, a, f)
      where balances.user_id = x.u and balances.wallet_type = ${walletType} and balances.coin = x.c
      returning balances.user_id, balances.coin, balances.available::text`),
    )
  }
  return written
}

async function writeLedger(tx: Tx, settlement: Settlement, at: string): Promise<WalletBalance[]> {
  const t = settlement.transfers
  if (t.length > 0) {
    await tx.execute(sql`
      insert into ledger_transfers (debit, credit, amount, kind, ref, created_at)
      select d, c, a, k, r, ${at}::timestamptz
      from unnest(${texts(t.map((x) => x.debit))}, ${texts(t.map((x) => x.credit))}, ${numerics(t.map((x) => toPlain(x.amount)))},
        ${texts(t.map((x) => x.kind))}, ${texts(t.map((x) => x.ref))}) as x(d, c, a, k, r)`)
  }
  const wallets = await writeWalletDeltas(tx, settlement.walletType, settlement.walletDeltas(), at)
  const accounts = new Map<string, Money>()
  for (const x of t) {
    for (const [key, delta] of [
      [x.debit, x.amount.neg()],
      [x.credit, x.amount],
    ] as const) {
      if (parseKey(key).kind !== 'ledger') continue
      accounts.set(key, (accounts.get(key) ?? new Exact(0)).plus(delta))
    }
  }
  await addToLedgerAccounts(
    tx,
    [...accounts].flatMap(([key, delta]) => {
      const ref = parseKey(key)
      return ref.kind === 'ledger' && !delta.isZero()
        ? [{ key, delta: toPlain(delta), mayGoNegative: ref.mayGoNegative }]
        : []
    }),
  )
  return wallets
}

const plainOrNull = (value: string | null) => (value === null ? null : toPlain(new Exact(value)))

export function orderToWire(row: OrderRow): Order {
  const filled = new Exact(row.filled)
  const filledQuote = new Exact(row.filledQuote)
  return {
    id: String(row.id),
    clientOrderId: row.clientOrderId,
    biz: row.biz,
    pairCode: row.pairCode,
    side: row.side,
    type: row.type,
    timeInForce: row.timeInForce,
    price: plainOrNull(row.price),
    size: plainOrNull(row.size),
    quoteSize: plainOrNull(row.quoteSize),
    triggerPrice: plainOrNull(row.triggerPrice),
    triggerBy: row.triggerBy,
    callbackRate: plainOrNull(row.callbackRate),
    activationPrice: plainOrNull(row.activationPrice),
    trailExtreme: plainOrNull(row.trailExtreme),
    status: row.status,
    cancelReason: cancelReasonOf(row.cancelReason),
    filled: toPlain(filled),
    filledQuote: toPlain(filledQuote),
    averagePrice: filled.isZero() ? null : toPlain(filledQuote.div(filled).toDecimalPlaces(18, Exact.ROUND_HALF_UP)),
    fee: toPlain(new Exact(row.fee)),
    feeCoin: row.feeCoin,
    reduceOnly: row.reduceOnly,
    purpose: row.purpose,
    takeProfitPrice: plainOrNull(row.takeProfitPrice),
    stopLossPrice: plainOrNull(row.stopLossPrice),
    leverage: row.leverage,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  }
}

/** A user's fill on the wire (the house's, without an order, are nobody's to send). */
export function fillToWire(row: FillRow): OrderFill {
  if (row.orderId === null) throw new Error(`fill ${row.id} is the house's, not a user's`)
  return {
    id: String(row.id),
    tradeId: String(row.tradeId),
    orderId: String(row.orderId),
    biz: row.biz,
    pairCode: row.pairCode,
    side: row.side,
    role: row.role,
    price: toPlain(new Exact(row.price)),
    size: toPlain(new Exact(row.size)),
    quote: toPlain(new Exact(row.quote)),
    fee: toPlain(new Exact(row.fee)),
    feeCoin: row.feeCoin,
    time: row.createdAt.getTime(),
  }
}

/**
 * The users' own open positions of a pair on a market: the one-way position their orders trade (futures, or a spot
 * lead trader's; a copied position is its copy's, not theirs to trade here).
 */
export const ownPositions = (userIds: readonly number[], biz: TradingMarket, pairCode: string) =>
  and(
    inArray(positions.userId, [...userIds]),
    eq(positions.pairCode, pairCode),
    eq(positions.biz, biz),
    eq(positions.status, 'open'),
    isNull(positions.copyId),
  )
