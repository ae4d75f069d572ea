/**
 * Spot trading (issue 18, items 2 and 3): orders placed, amended and cancelled against the in-memory books, each change
 * written in one transaction with the money it moves (spot-settlement.ts, spot-store.ts).
 *
 * Every change to a book runs under two locks: a queue per book in this process (the in-memory book is changed by one
 * operation at a time) and the book's version row (book_versions) in the database. The book is the database's
 * resting orders plus the market maker's quotes: when the version differs from the one this process last wrote
 * (another process traded on it, or a transaction of this one failed after the book had changed), it is rebuilt from
 * the rows first. So a crash or a failed write never leaves a book that disagrees with the money.
 *
 * As the price moves the engine sweeps each book (`onPrices`): user orders the maker's new quotes would cross are
 * filled by the maker at their own price (they are the resting side), and stop orders whose trigger is reached are
 * released into the book.
 */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { TRADING } from '#/app.config.ts'
import type {
  AmendOrderRequest,
  CancelReason,
  Order,
  OrderFill,
  OrderRef,
  PlacedOrder,
  PlaceOrderRequest,
} from '#/contract/index.ts'
import type { Database } from '../db/client.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { balances } from '../db/schema.ts'
import { fills, orders, OPEN_STATUSES } from '../db/trading-schema.ts'
import { ApiFailure, notFound } from '../http/errors.ts'
import { findInstrument, INSTRUMENTS, type Instrument } from '../market/instruments.ts'
import { Exact, type Money } from '../money.ts'
import type { Tx } from '../copy/store.ts'
import { MAKER_ID, type TradingBooks } from './books.ts'
import type { Fill, OrderBook, OrderInput, Stop } from './order-book.ts'
import {
  checkSpotOrder,
  notionalRefusal,
  priceRefusal,
  sizeRefusal,
  triggerReached,
  type Refusal,
} from './spot-checks.ts'
import { isOpen, QUOTE_COIN, SPOT_WALLET, SpotSettlement, type SpotOrderState } from './spot-settlement.ts'
import {
  bumpBook,
  fillToWire,
  lockBook,
  lockOrders,
  orderToWire,
  restingOrders,
  stateOf,
  writeSettlement,
  type OrderRow,
} from './spot-store.ts'

/** What changed for whom, told after the transaction commits (realtime pushes). */
export interface TradingEvents {
  orders(userId: number, list: readonly Order[]): void
  fills(userId: number, list: readonly OrderFill[]): void
  balance(userId: number): void
}

export interface SpotEngineDeps {
  db: Database
  market: { mark(pairCode: string): string | undefined }
  books: TradingBooks
  now: () => Date
  events?: TradingEvents
}

export interface SpotEngine {
  place(userId: number, input: PlaceOrderRequest): Promise<PlacedOrder>
  cancel(userId: number, ref: OrderRef): Promise<Order>
  cancelAll(userId: number, pairCode: string | undefined): Promise<Order[]>
  amend(userId: number, input: AmendOrderRequest): Promise<Order>
  /** After the prices moved: sweeps crossed user orders and releases reached stop orders, book by book. */
  onPrices(): Promise<void>
}

const BIZ = 'spot'
const priorityRows = z.object({ rows: z.array(z.object({ p: z.coerce.number() })) })

const failure = (refusal: Refusal) =>
  new ApiFailure(400, refusal.reason, { fields: [{ path: refusal.field, issue: refusal.issue }] })

const CANCEL_OF_STOP: Record<Exclude<Stop, 'done'>, CancelReason> = {
  exhausted: 'no-liquidity',
  limit: 'ioc',
  'self-trade': 'self-trade',
  budget: 'budget',
}

/** One book operation's work in progress: what it settles, the orders it touched, those put at the back of a level. */
interface Operation {
  settlement: SpotSettlement
  touched: SpotOrderState[]
  requeued: Set<number>
}

/** What happened in a book operation, told once it committed. */
interface Touched {
  orders: Map<number, OrderRow>
  fills: OrderFill[]
}

export function createSpotEngine(deps: SpotEngineDeps): SpotEngine {
  const { db, books, now } = deps
  const queues = new Map<string, Promise<unknown>>()

  /** Runs `work` after every earlier operation on the same book in this process. */
  function serial<T>(pairCode: string, work: () => Promise<T>): Promise<T> {
    const before = queues.get(pairCode) ?? Promise.resolve()
    const run = before.then(work, work)
    const tail = run.catch(() => undefined)
    queues.set(pairCode, tail)
    void tail.then(() => {
      if (queues.get(pairCode) === tail) queues.delete(pairCode)
    })
    return run
  }

  function markOf(instrument: Instrument): Money {
    const mark = deps.market.mark(instrument.pairCode)
    if (mark === undefined) throw new Error(`no mark for ${instrument.pairCode}`)
    return new Exact(mark)
  }

  /**
   * One operation on a book: its version row locked, the book rebuilt if it is not the database's, the maker's quotes
   * brought to the price (sweeping what they cross), then `work`; the version raised when anything was written.
   */
  async function inBook<T>(
    instrument: Instrument,
    work: (tx: Tx, book: OrderBook, op: Operation, at: Date) => Promise<T>,
  ): Promise<T> {
    const pairCode = instrument.pairCode
    return serial(pairCode, async () => {
      const told: Touched = { orders: new Map(), fills: [] }
      try {
        const { result, version } = await db.transaction(async (tx) => {
          const at = now()
          const stored = await lockBook(tx, BIZ, pairCode)
          let book = books.book(BIZ, pairCode)
          if (!book || books.version(BIZ, pairCode) !== stored) {
            const rows = await restingOrders(tx, BIZ, pairCode)
            book = books.rebuild(BIZ, pairCode, rows.map(restingOf))
            if (!book) throw new Error(`no book for ${pairCode}`)
          }
          const op: Operation = { settlement: new SpotSettlement(), touched: [], requeued: new Set() }
          const { settlement, touched } = op
          await sweep(tx, book, instrument, op)
          const value = await work(tx, book, op, at)
          const priorities = await prioritiesOf(tx, book, op)
          const written = await writeSettlement(tx, settlement, touched, priorities, { biz: BIZ, pairCode, at })
          const changed = touched.length > 0
          const next = changed ? await bumpBook(tx, BIZ, pairCode) : stored
          if (changed) {
            for (const row of await tx
              .select()
              .from(orders)
              .where(
                inArray(
                  orders.id,
                  touched.map((t) => t.id),
                ),
              ))
              told.orders.set(row.id, row)
            told.fills.push(...written.map(fillToWire))
          }
          return { result: value, version: next }
        })
        books.setVersion(BIZ, pairCode, version)
        tell(told)
        return result
      } catch (error) {
        books.setVersion(BIZ, pairCode, undefined)
        throw error
      }
    })
  }

  /**
   * The new time priority of the operation's orders: null for those off the book, a fresh one for those that rest anew
   * (placed, or put at the back by an amend); the others keep theirs.
   */
  async function prioritiesOf(tx: Tx, book: OrderBook, op: Operation): Promise<Map<number, number | null>> {
    const priorities = new Map<number, number | null>()
    for (const state of op.touched) if (!book.order(String(state.id))) priorities.set(state.id, null)
    const fresh = op.touched.filter((t) => op.requeued.has(t.id) && book.order(String(t.id)))
    if (fresh.length === 0) return priorities
    const drawn = priorityRows.parse(
      await tx.execute(sql`select nextval('order_priority') as p from generate_series(1, ${fresh.length})`),
    ).rows
    fresh.forEach((state, i) => priorities.set(state.id, drawn[i]?.p ?? null))
    return priorities
  }

  function tell(touched: Touched) {
    const events = deps.events
    if (!events) return
    const users = new Set<number>()
    const byUser = new Map<number, Order[]>()
    for (const row of touched.orders.values()) {
      users.add(row.userId)
      byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), orderToWire(row)])
    }
    for (const [userId, list] of byUser) events.orders(userId, list)
    const fillsByUser = new Map<number, OrderFill[]>()
    for (const fill of touched.fills) {
      const row = touched.orders.get(Number(fill.orderId))
      if (!row) continue
      fillsByUser.set(row.userId, [...(fillsByUser.get(row.userId) ?? []), fill])
    }
    for (const [userId, list] of fillsByUser) events.fills(userId, list)
    for (const userId of users) events.balance(userId)
  }

  /**
   * Brings the maker's quotes to the price. Before the new quotes rest, every user order they would cross is filled by
   * the maker at the order's own price (the maker takes: a sell down to its new best ask, a buy up to its best bid).
   */
  async function sweep(tx: Tx, book: OrderBook, instrument: Instrument, op: Operation) {
    const ladder = books.ladder(BIZ, instrument.pairCode)
    if (!ladder) return
    const asks = ladder.quotes.filter((q) => q.side === 'sell').map((q) => q.price)
    const bids = ladder.quotes.filter((q) => q.side === 'buy').map((q) => q.price)
    const bestAsk = asks.length > 0 ? Exact.min(...asks) : undefined
    const bestBid = bids.length > 0 ? Exact.max(...bids) : undefined
    const best = book.best()
    const crossed =
      (bestAsk !== undefined && best.bid !== null && best.bid.gte(bestAsk)) ||
      (bestBid !== undefined && best.ask !== null && best.ask.lte(bestBid))
    if (crossed) {
      book.replaceOwnerQuotes(MAKER_ID, [], `${MAKER_ID}:`)
      const sweeps: OrderInput[] = []
      if (bestAsk !== undefined && best.bid?.gte(bestAsk)) sweeps.push(sweepOrder('sell', bestAsk, book))
      if (bestBid !== undefined && best.ask?.lte(bestBid)) sweeps.push(sweepOrder('buy', bestBid, book))
      for (const order of sweeps) {
        const placed = book.place(order)
        if (placed.ok && placed.fills.length > 0) await settleFills(tx, placed.fills, undefined, op)
      }
    }
    books.applyLadder(BIZ, instrument.pairCode, ladder)
  }

  let sweeps = 0
  /** The maker's sweep: an IOC order through every user order on the other side up to `price`. */
  function sweepOrder(side: 'buy' | 'sell', price: Money, book: OrderBook): OrderInput {
    const depth = book.depth(TRADING.depthLevels * 100)
    const levels = side === 'sell' ? depth.bids : depth.asks
    const size = levels.reduce((sum, [, amount]) => sum.plus(amount), new Exact(0))
    sweeps += 1
    return {
      id: `${MAKER_ID}:sweep:${sweeps}`,
      ownerId: MAKER_ID,
      side,
      type: 'limit',
      timeInForce: 'IOC',
      price,
      size: size.gt(0) ? size : book.lotSize,
    }
  }

  /** Settles fills of `taker` (undefined: the maker took) against the resting orders they met. */
  async function settleFills(tx: Tx, list: readonly Fill[], taker: SpotOrderState | undefined, op: Operation) {
    const { settlement, touched } = op
    const known = new Map(touched.map((t) => [t.id, t]))
    const makerIds = [
      ...new Set(list.filter((f) => f.makerOwnerId !== MAKER_ID).map((f) => Number(f.makerOrderId))),
    ].filter((id) => !known.has(id))
    for (const row of await lockOrders(tx, makerIds)) {
      const state = stateOf(row)
      known.set(state.id, state)
      touched.push(state)
    }
    for (const fill of list) {
      const maker = fill.makerOwnerId === MAKER_ID ? undefined : known.get(Number(fill.makerOrderId))
      if (fill.makerOwnerId !== MAKER_ID && !maker) throw new Error(`resting order ${fill.makerOrderId} not found`)
      settlement.fill(fill, taker, maker)
      if (maker?.status === 'filled') settlement.close(maker, 'filled', null)
    }
  }

  /** Places a checked order's row into the book as the taker and settles what it did. */
  async function execute(tx: Tx, book: OrderBook, row: OrderRow, state: SpotOrderState, op: Operation) {
    const { settlement } = op
    const market = row.type === 'market' || row.type === 'stop-market'
    const placed = book.place({
      id: String(row.id),
      ownerId: String(row.userId),
      side: row.side,
      type: market ? 'market' : 'limit',
      timeInForce: market ? undefined : row.timeInForce,
      price: market || row.price === null ? undefined : new Exact(row.price),
      size: row.size === null ? undefined : new Exact(row.size).minus(state.filled),
      quoteSize: row.quoteSize === null ? undefined : new Exact(row.quoteSize),
    })
    if (!placed.ok) {
      if (
        placed.reason === 'post-only-would-take' ||
        placed.reason === 'fok-not-filled' ||
        placed.reason === 'no-liquidity'
      )
        throw new ApiFailure(400, placed.reason)
      throw new Error(`the book refused order ${row.id}: ${placed.reason}`)
    }
    await settleFills(tx, placed.fills, state, op)
    if (placed.resting) {
      state.status = state.filled.isZero() ? 'new' : 'partially-filled'
      op.requeued.add(state.id)
    } else if (placed.status === 'filled') settlement.close(state, 'filled', null)
    else settlement.close(state, 'cancelled', placed.stop ? CANCEL_OF_STOP[placed.stop] : 'ioc')
  }

  async function lockedAvailable(tx: Tx, userId: number, coin: string): Promise<Money> {
    const [row] = await tx
      .select({ available: balances.available })
      .from(balances)
      .where(and(eq(balances.userId, userId), eq(balances.walletType, SPOT_WALLET), eq(balances.coin, coin)))
      .for('update')
    return new Exact(row?.available ?? 0)
  }

  /** What an order holds frozen while it waits or rests: quote for a buy (at its limit), base for a sell. */
  function toFreeze(order: ReturnType<typeof checkedOrThrow>, book: OrderBook, userId: number): Money {
    if (order.side === 'sell') return order.size ?? new Exact(0)
    if (order.quoteSize) return order.quoteSize
    if (order.price && order.size) return order.price.times(order.size)
    if (!order.size) return new Exact(0)
    // A market buy by size: what it costs on the book now (the book cannot change before it matches).
    return book.marketQuote('buy', order.size, String(userId)).quote
  }

  function checkedOrThrow(input: PlaceOrderRequest, instrument: Instrument) {
    const checked = checkSpotOrder(input, instrument, markOf(instrument))
    if (!checked.ok) throw failure(checked.refusal)
    return checked.order
  }

  async function replay(userId: number, clientOrderId: string): Promise<PlacedOrder | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.clientOrderId, clientOrderId)))
    if (!row) return undefined
    const list = await db.select().from(fills).where(eq(fills.orderId, row.id)).orderBy(fills.id)
    return { order: orderToWire(row), fills: list.map(fillToWire), replayed: true }
  }

  function instrumentOf(pairCode: string): Instrument {
    const instrument = findInstrument(pairCode)
    if (!instrument)
      throw new ApiFailure(400, 'invalid-input', { fields: [{ path: 'pairCode', issue: 'unknown pair' }] })
    return instrument
  }

  async function place(userId: number, input: PlaceOrderRequest): Promise<PlacedOrder> {
    if (input.biz !== BIZ)
      throw new ApiFailure(400, 'invalid-input', { fields: [{ path: 'biz', issue: 'futures orders: not open yet' }] })
    const known = await replay(userId, input.clientOrderId)
    if (known) return known
    const instrument = instrumentOf(input.pairCode)
    const order = checkedOrThrow(input, instrument)
    try {
      const id = await inBook(instrument, async (tx, book, op, at) => {
        const [open] = await tx
          .select({ n: count() })
          .from(orders)
          .where(and(eq(orders.userId, userId), eq(orders.biz, BIZ), inArray(orders.status, [...OPEN_STATUSES])))
        if ((open?.n ?? 0) >= TRADING.maxOpenOrders) throw new ApiFailure(400, 'too-many-orders')
        const stop = order.type === 'stop-limit' || order.type === 'stop-market'
        if (stop && order.triggerPrice && triggerReached(order.side, order.triggerPrice, markOf(instrument)))
          throw failure({
            reason: 'would-trigger-immediately',
            field: 'triggerPrice',
            issue: order.side === 'buy' ? 'above the price now' : 'below the price now',
          })
        const freeze = toFreeze(order, book, userId)
        const coin = order.side === 'buy' ? QUOTE_COIN : instrument.coin
        if (freeze.gt(await lockedAvailable(tx, userId, coin)))
          throw new ApiFailure(400, 'insufficient-balance', {
            fields: [
              {
                path: order.side === 'buy' && order.quoteSize ? 'quoteSize' : 'size',
                issue: `more ${coin} than available`,
              },
            ],
          })
        const [row] = await tx
          .insert(orders)
          .values({
            userId,
            clientOrderId: input.clientOrderId,
            biz: BIZ,
            pairCode: instrument.pairCode,
            side: order.side,
            type: order.type,
            timeInForce: order.timeInForce,
            price: order.price?.toFixed() ?? null,
            size: order.size?.toFixed() ?? null,
            quoteSize: order.quoteSize?.toFixed() ?? null,
            triggerPrice: order.triggerPrice?.toFixed() ?? null,
            triggerBy: order.triggerBy,
            status: stop ? 'untriggered' : 'new',
            feeCoin: order.side === 'buy' ? instrument.coin : QUOTE_COIN,
            frozenCoin: coin,
            createdAt: at,
            updatedAt: at,
          })
          .returning()
        if (!row) throw new Error('order not inserted')
        const state = stateOf(row)
        op.touched.push(state)
        op.settlement.freeze(state, freeze)
        if (!stop) await execute(tx, book, row, state, op)
        return row.id
      })
      const placed = await replay(userId, input.clientOrderId)
      if (!placed || placed.order.id !== String(id)) throw new Error(`order ${id} not found after placing`)
      return { ...placed, replayed: false }
    } catch (error) {
      // The same clientOrderId racing itself: the other request placed it.
      if (!isUniqueViolation(error)) throw error
      const other = await replay(userId, input.clientOrderId)
      if (!other) throw error
      return other
    }
  }

  /** The caller's order by either id, else 404. */
  async function ownOrder(userId: number, ref: { orderId?: string; clientOrderId?: string }): Promise<OrderRow> {
    const where =
      ref.orderId !== undefined
        ? and(eq(orders.userId, userId), eq(orders.id, Number(ref.orderId)))
        : and(eq(orders.userId, userId), eq(orders.clientOrderId, ref.clientOrderId ?? ''))
    const [row] = await db
      .select()
      .from(orders)
      .where(and(where, eq(orders.biz, BIZ)))
    if (!row) throw notFound()
    return row
  }

  /** Cancels one open order inside a book operation; false when it was no longer open. */
  async function cancelIn(tx: Tx, book: OrderBook, id: number, op: Operation) {
    const known = op.touched.find((t) => t.id === id)
    const [row] = known ? [] : await lockOrders(tx, [id])
    const state = known ?? (row ? stateOf(row) : undefined)
    if (!state || !isOpen(state.status)) return false
    book.cancel(String(id))
    if (!known) op.touched.push(state)
    op.settlement.close(state, 'cancelled', 'user')
    return true
  }

  async function cancel(userId: number, ref: OrderRef): Promise<Order> {
    const row = await ownOrder(userId, ref)
    const instrument = instrumentOf(row.pairCode)
    await inBook(instrument, async (tx, book, op) => {
      if (!(await cancelIn(tx, book, row.id, op))) throw new ApiFailure(409, 'order-not-open')
    })
    return orderToWire(await ownOrder(userId, { orderId: String(row.id) }))
  }

  async function cancelAll(userId: number, pairCode: string | undefined): Promise<Order[]> {
    const pairs = pairCode === undefined ? INSTRUMENTS : [instrumentOf(pairCode)]
    const open = await db
      .select({ id: orders.id, pairCode: orders.pairCode })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.biz, BIZ),
          inArray(orders.status, [...OPEN_STATUSES]),
          inArray(
            orders.pairCode,
            pairs.map((p) => p.pairCode),
          ),
        ),
      )
    const cancelled: number[] = []
    for (const instrument of pairs) {
      const ids = open.filter((o) => o.pairCode === instrument.pairCode).map((o) => o.id)
      if (ids.length === 0) continue
      await inBook(instrument, async (tx, book, op) => {
        for (const id of ids) if (await cancelIn(tx, book, id, op)) cancelled.push(id)
      })
    }
    if (cancelled.length === 0) return []
    const rows = await db.select().from(orders).where(inArray(orders.id, cancelled)).orderBy(desc(orders.id))
    return rows.map(orderToWire)
  }

  async function amend(userId: number, input: AmendOrderRequest): Promise<Order> {
    if (input.biz !== BIZ)
      throw new ApiFailure(400, 'invalid-input', { fields: [{ path: 'biz', issue: 'futures orders: not open yet' }] })
    const row = await ownOrder(userId, { orderId: input.orderId })
    const instrument = instrumentOf(row.pairCode)
    if (row.type !== 'limit')
      throw new ApiFailure(400, 'invalid-input', {
        fields: [{ path: 'orderId', issue: 'only a resting limit order is amended' }],
      })
    const price = input.price === undefined ? undefined : new Exact(input.price)
    const size = input.size === undefined ? undefined : new Exact(input.size)
    const mark = markOf(instrument)
    const refusal =
      (price && priceRefusal(price, instrument, mark, 'price')) ||
      (size && sizeRefusal(size, instrument)) ||
      notionalRefusal(size ?? new Exact(row.size ?? 0), price ?? new Exact(row.price ?? 0), 'size')
    if (refusal) throw failure(refusal)
    await inBook(instrument, async (tx, book, op) => {
      const { settlement, touched } = op
      const [locked] = await lockOrders(tx, [row.id])
      const state = locked && stateOf(locked)
      if (!state || !isOpen(state.status) || !book.order(String(row.id))) throw new ApiFailure(409, 'order-not-open')
      const before = book.order(String(row.id))
      const amended = book.amend(String(row.id), { price, size })
      if (!amended.ok) {
        if (amended.reason === 'amend-would-take') throw new ApiFailure(400, 'amend-would-take')
        throw new ApiFailure(400, 'invalid-input', { fields: [{ path: 'size', issue: 'more than already filled' }] })
      }
      const after = amended.order
      const need = state.side === 'buy' ? after.price.times(after.remaining) : after.remaining
      if (need.gt(state.frozen)) {
        const coin = state.side === 'buy' ? QUOTE_COIN : instrument.coin
        if (need.minus(state.frozen).gt(await lockedAvailable(tx, userId, coin)))
          throw new ApiFailure(400, 'insufficient-balance', {
            fields: [{ path: 'size', issue: `more ${coin} than available` }],
          })
        settlement.freeze(state, need.minus(state.frozen))
      } else settlement.release(state, need)
      state.limit = after.price
      touched.push(state)
      if (before && after.seq !== before.seq) op.requeued.add(state.id)
      await tx
        .update(orders)
        .set({ price: after.price.toFixed(), size: after.size.toFixed() })
        .where(eq(orders.id, row.id))
    })
    return orderToWire(await ownOrder(userId, { orderId: String(row.id) }))
  }

  async function onPrices(): Promise<void> {
    for (const instrument of INSTRUMENTS) {
      const pairCode = instrument.pairCode
      const price = deps.market.mark(pairCode)
      if (price === undefined) continue
      const mark = new Exact(price)
      const book = books.book(BIZ, pairCode)
      const ladder = books.ladder(BIZ, pairCode)
      const best = book?.best()
      const asks = ladder?.quotes.filter((q) => q.side === 'sell').map((q) => q.price) ?? []
      const bids = ladder?.quotes.filter((q) => q.side === 'buy').map((q) => q.price) ?? []
      const crossed =
        (best?.bid && asks.length > 0 && best.bid.gte(Exact.min(...asks))) ||
        (best?.ask && bids.length > 0 && best.ask.lte(Exact.max(...bids)))
      const [due] = await db
        .select({ n: count() })
        .from(orders)
        .where(
          and(
            eq(orders.biz, BIZ),
            eq(orders.pairCode, pairCode),
            eq(orders.status, 'untriggered'),
            sql`((${orders.side} = 'buy' and ${orders.triggerPrice} <= ${mark.toFixed()}) or (${orders.side} = 'sell' and ${orders.triggerPrice} >= ${mark.toFixed()}))`,
          ),
        )
      if (!crossed && (due?.n ?? 0) === 0 && books.version(BIZ, pairCode) !== undefined) continue
      await inBook(instrument, async (tx, inner, op) => {
        const reached = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.biz, BIZ), eq(orders.pairCode, pairCode), eq(orders.status, 'untriggered')))
          .orderBy(orders.id)
          .for('update')
        for (const row of reached) {
          if (!row.triggerPrice || !triggerReached(row.side, new Exact(row.triggerPrice), mark)) continue
          const state = stateOf(row)
          state.status = 'new'
          op.touched.push(state)
          try {
            await execute(tx, inner, row, state, op)
          } catch (error) {
            // A released stop that cannot trade (a post-only or FOK refusal, nothing to meet) ends cancelled.
            if (!(error instanceof ApiFailure)) throw error
            op.settlement.close(state, 'cancelled', 'no-liquidity')
          }
        }
      })
    }
  }

  return { place, cancel, cancelAll, amend, onPrices }
}

/** A resting order's row as the book holds it. */
function restingOf(row: OrderRow) {
  return {
    id: String(row.id),
    ownerId: String(row.userId),
    side: row.side,
    price: new Exact(row.price ?? 0),
    size: new Exact(row.size ?? 0),
    filled: new Exact(row.filled),
  }
}
