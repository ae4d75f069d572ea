/**
 * Spot trading (issue 18, items 2 and 3): orders placed, amended and cancelled against the in-memory books, each change
 * written in one transaction with the money it moves (spot-settlement.ts, order-store.ts).
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
 *
 * The maker's quotes, its sweep and the market flow are the house's trades (house.ts): each fill of theirs with a user
 * settles against the house's own wallets and positions, and none commits more than the house holds (house-room.ts).
 * The books know what the house holds without asking: read when they do not know (at start, each engine minute, after
 * a write that failed), then told after every settlement that moved it.
 */
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { MARKET, TRADING } from '#/app.config.ts'
import type {
  AmendOrderRequest,
  CancelReason,
  MarketTrade,
  Order,
  OrderFill,
  OrderRef,
  PlacedOrder,
  PlaceOrderRequest,
  PositionMarginRequest,
  PositionTpslRequest,
  SetLeverageRequest,
  TradingMarket,
  TradingPosition,
} from '#/contract/index.ts'
import { TRADING_MARKETS } from '#/contract/index.ts'
import type { Database } from '../db/client.ts'
import type { Incidents } from '../incidents.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { balances } from '../db/schema.ts'
import { fills, orders, OPEN_STATUSES } from '../db/trading-schema.ts'
import { tradingPositionToWire } from './orders-read.ts'
import { closeBankruptRest } from './auto-deleverage.ts'
import { adlQuantiles } from './adl-rank.ts'
import { ApiFailure, notFound } from '../http/errors.ts'
import { findInstrument, INSTRUMENTS, type Instrument } from '../market/instruments.ts'
import { MINUTE_MS } from '../market/price-path.ts'
import { Exact, toPlain, type Money } from '../money.ts'
import type { Tx } from '../copy/store.ts'
import { MAKER_ID, type TradingBooks } from './books.ts'
import type { Fill, OrderBook, OrderInput, Stop } from './order-book.ts'
import {
  checkOrder,
  notionalRefusal,
  orderRules,
  priceRefusal,
  sizeRefusal,
  stopDirection,
  trailingTrigger,
  tpslRefusal,
  triggerReached,
  type CheckedOrder,
  type Refusal,
} from './order-checks.ts'
import { QUOTE_COIN, SPOT_WALLET } from './spot-settlement.ts'
import { SpotBookSettlement } from './spot-book-settlement.ts'
import { FUTURES_WALLET, PositionSettlement, openingHold } from './position-settlement.ts'
import type { BlockVenue } from './copy-block.ts'
import { HOUSE_SIDE, isOpen, type OrderState, type Party, type Settlement } from './settlement.ts'
import { readHouse } from './house.ts'
import { movedHoldings, roomOf, sizeWithin, spend, type HouseHoldings, type Room } from './house-room.ts'
import { replaceTpsl } from './tpsl.ts'
import { trackTrailing, type WatchedPrices } from './trailing-track.ts'
import { linkedOwners } from './trade-group.ts'
import { screenPlacement } from './screening.ts'
import { chooseLeverage, leverageOf } from './leverage.service.ts'
import { printSideOf, printsOf, type Tape } from './tape.ts'
import { crossPositionsOf, dueCrossAccounts, readCrossAccount, type DueCrossAccount } from './cross-margin.ts'
import {
  bankruptcyOf,
  closingSide,
  limitOnTick,
  ownPosition,
  pastLimit,
  protectionPrice,
  scratchBook,
  tighter,
} from './closing.ts'
import { Book, INSURANCE, marginKey, type PositionState } from '../copy/book.ts'
import { leaderWallet } from '../copy/copy-account.ts'
import { leverageAllowed, notionalCapAt } from '#/contract/brackets.ts'
import { bankruptcyPrice, marginFor, unrealizedPnl } from '../copy/position-math.ts'
import { NO_TRIGGERS, refreshLevels } from '../copy/positions.ts'
import { loadPositions, loadWallets, persistChange } from '../copy/store.ts'
import type { Rules } from '../copy/rules.ts'
import type { DueFunding } from '../copy/funding-share.ts'
import type { Marks } from '../copy/unit-values.ts'
import type { LeaderOrder } from '../copy/mirror.ts'
import { conversionPrice, futuresUnitOf, sizeFromUnit } from '#/contract/futures-units.ts'
import { leaders, positions } from '../db/copy-schema.ts'
import {
  bumpBook,
  fillToWire,
  type WalletBalance,
  flowSentAt,
  lockBook,
  markFlowSent,
  lockOrders,
  orderToWire,
  ownPositions,
  restingOrders,
  stateOf,
  writeSettlement,
  type OrderRow,
} from './order-store.ts'

/** What changed for whom, told after the transaction commits (realtime pushes). */
export interface TradingEvents {
  orders(userId: number, list: readonly Order[]): void
  fills(userId: number, list: readonly OrderFill[]): void
  /**
   * Their money, positions or copies changed ('all': everyone's, as when the marks move): their private state channels
   * are read again.
   */
  accounts(userIds: readonly number[] | 'all'): void
  /** A book may have changed (its depth is sent, coalesced). */
  depth(biz: TradingMarket, pairCode: string): void
  /** New public trades of a book, newest first. */
  trades(biz: TradingMarket, pairCode: string, prints: readonly MarketTrade[]): void
}

export interface OrderEngineDeps {
  db: Database
  market: { mark(pairCode: string): string | undefined; marks?(): Marks }
  books: TradingBooks
  now: () => Date
  /** The copy engine's rules: futures positions take its margin, fee and liquidation rules. */
  rules: Rules
  events?: TradingEvents
  /** Where the books' prints go (the trades channel, the last price). */
  tape?: Tape
  /**
   * The simulated market flow (the simulator's public trades: TRADING.marketFlowOwnerId): each minute's trades are sent
   * to the books in `onPrices`. Without it only users and the maker trade.
   */
  flow?: { trades(pairCode: string, limit: number): readonly MarketTrade[] }
  /** Where a failing item of `onPrices` (a book, a liquidation, a stop) is recorded; without it the first is thrown. */
  incidents?: Incidents
  /** Funding: every operation on a futures book pays the pair's passed funding times first (trading/funding.ts). */
  funding: DueFunding
}

export interface OrderEngine {
  place(userId: number, input: PlaceOrderRequest): Promise<PlacedOrder>
  cancel(userId: number, ref: OrderRef): Promise<Order>
  cancelAll(userId: number, biz: TradingMarket, pairCode: string | undefined): Promise<Order[]>
  amend(userId: number, input: AmendOrderRequest): Promise<Order>
  /** Sets (replaces, or removes) a futures position's take profit and stop loss; answers the orders made. */
  setPositionTpsl(userId: number, input: PositionTpslRequest): Promise<Order[]>
  /** Adds to or removes from a futures position's isolated margin. */
  changeMargin(userId: number, input: PositionMarginRequest): Promise<TradingPosition>
  /**
   * Chooses a pair's leverage (one side or both) and re-margins what it applies to: the position of that side takes
   * the initial margin of the new leverage from the wallet when it needs more (it keeps what it has when it needs
   * less), and the open orders that open that side hold at it. Refused ('insufficient-margin') when the wallet cannot
   * pay: nothing changes then.
   */
  setLeverage(userId: number, request: SetLeverageRequest): Promise<void>
  /**
   * A simulated leader's decision as a market order on its market's book (its event id the order's clientOrderId, so a
   * replay places nothing): open and add buy or sell its size (spot: buy), reduce and close are reduce-only. False when
   * it could not trade (not enough in its wallet, or no position left to reduce).
   */
  placeForLeader(order: LeaderOrder): Promise<boolean>
  /** After the prices moved: sweeps crossed user orders and releases reached stop orders, book by book. */
  onPrices(): Promise<void>
}

const FLOW_ID = TRADING.marketFlowOwnerId

const failure = (refusal: Refusal) =>
  new ApiFailure(400, refusal.reason, { fields: [{ path: refusal.field, issue: refusal.issue }] })

const dueRows = z.object({
  rows: z.array(z.object({ id: z.coerce.number(), biz: z.string(), pair_code: z.string() })),
})
const positionRows = z.object({ rows: z.array(z.object({ id: z.coerce.number(), pair_code: z.string() })) })
const PROTECTION = new Exact(TRADING.marketProtectionRatio)
const ZERO = new Exact(0)
/** The house's room while the books do not know what it holds: nothing. */
const NO_ROOM: Room = { free: ZERO, budget: ZERO, cost: new Exact(1) }
const tradeIdRows = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) })
const frozenRows = z.object({ rows: z.array(z.object({ moved: z.coerce.number(), open: z.coerce.number() })) })

const CANCEL_OF_STOP: Record<Exclude<Stop, 'done'>, CancelReason> = {
  exhausted: 'no-liquidity',
  limit: 'ioc',
  'self-trade': 'self-trade',
  budget: 'budget',
}

/** One book operation's work in progress: what it settles, the orders it touched, those put at the back of a level. */
interface Operation {
  biz: TradingMarket
  pairCode: string
  /** The house's user id: the trader of the maker's quotes, its sweep and the flow. */
  house: number
  settlement: Settlement
  touched: OrderState[]
  requeued: Set<number>
  /** Matches between the maker and the market flow: prints with no user, so no row. */
  prints: { price: Money; size: Money; side: 'buy' | 'sell' }[]
  /** Work that needs the operation's positions written first (a liquidation's bankrupt rest), run before the orders. */
  after: ((tx: Tx, at: Date) => Promise<void>)[]
  /**
   * Fills of the followers' block orders (against the maker's quotes and users' resting orders), to settle as the
   * makers' fills: their taker side is the copies' (copy-block.ts allocates it).
   */
  blockFills: Fill[]
}

/** What happened in a book operation, told once it committed (and answered). */
export interface Touched {
  orders: Map<number, OrderRow>
  fills: OrderFill[]
  /** The book's public trades, oldest first. */
  prints: MarketTrade[]
  /** Followers whose copies a lead trader's orders were mirrored to. */
  followers: number[]
}

export function createOrderEngine(deps: OrderEngineDeps): OrderEngine {
  const { db, books, now, rules } = deps
  const marks = (): Marks => deps.market.marks?.() ?? new Map()
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

  /** A new operation's work in progress on `book`, a book of `biz`, with the house's user id. */
  function newOperation(biz: TradingMarket, instrument: Instrument, book: OrderBook, house: number): Operation {
    const pairCode = instrument.pairCode
    const op: Omit<Operation, 'settlement'> = {
      biz,
      pairCode,
      house,
      touched: [],
      requeued: new Set(),
      prints: [],
      after: [],
      blockFills: [],
    }
    const blocks = blockVenue(book, instrument, op)
    const settlement: Settlement =
      biz === 'spot'
        ? new SpotBookSettlement({ pairCode, rules, marks, blocks, house })
        : new PositionSettlement({ biz, pairCode, rules, marks, blocks, house })
    return { ...op, settlement }
  }

  /**
   * Where an operation's lead events place their followers' block orders (copy-block.ts): its book, as an IOC limit
   * order of the leader's trade group (the leader and the accounts linked to them: self-trade prevention never lets it
   * meet them). Its fills, with the maker's quotes (the house's side) and with users' resting orders alike, are settled
   * as their makers' fills once the settlement has finished (settle); their taker side is the copies' (copy-block.ts).
   */
  function blockVenue(book: OrderBook, instrument: Instrument, op: Pick<Operation, 'blockFills'>): BlockVenue {
    return {
      tickSize: new Exact(instrument.tickSize),
      best: (side) => (side === 'buy' ? book.best().ask : book.best().bid),
      async send(tx, block) {
        const linked = await linkedOwners(tx, block.leaderId)
        const placed = book.place({
          id: block.id,
          ownerId: `block:${block.leaderId}`,
          side: block.side,
          type: 'limit',
          timeInForce: 'IOC',
          price: block.limit,
          size: block.size,
          tradeGroup: new Set([block.leaderId, ...linked].map(String)),
        })
        if (!placed.ok) throw new Error(`the book refused block order ${block.id}: ${placed.reason}`)
        op.blockFills.push(...placed.fills)
        return { fills: placed.fills, stop: placed.stop }
      },
    }
  }

  /** What the house holds as the books know it: read first when they do not. */
  async function houseHoldings(tx: Tx): Promise<HouseHoldings> {
    const known = books.house()
    if (known) return known
    const read = await readHouse(tx)
    books.tellHouse(read)
    return read
  }

  /**
   * Tells the books what a settlement left the house holding (its futures position and margin, its spot coins); true
   * when it moved.
   */
  function tellHouse(settlement: Settlement, wallets: readonly WalletBalance[]): boolean {
    const holdings = books.house()
    if (!holdings) return false
    const futures = settlement instanceof PositionSettlement ? settlement.house : undefined
    const coins = wallets.filter((w) => w.userId === holdings.userId && w.walletType === SPOT_WALLET)
    if (!futures && coins.length === 0) return false
    books.tellHouse(movedHoldings(holdings, { ...futures, coins: new Map(coins.map((w) => [w.coin, w.available])) }))
    return true
  }

  /** What the books were told of the house by a transaction that rolled back: read again as the database has it. */
  async function forgetHouse() {
    books.tellHouse(undefined)
    books.tellHouse(await readHouse(db))
  }

  /** The book as the database has it: rebuilt from the resting orders when this process's copy is not current. */
  async function currentBook(tx: Tx, biz: TradingMarket, pairCode: string, stored: number): Promise<OrderBook> {
    const book = books.book(biz, pairCode)
    if (book && books.version(biz, pairCode) === stored) return book
    const rows = await restingOrders(tx, biz, pairCode)
    const rebuilt = books.rebuild(biz, pairCode, rows.map(restingOf))
    if (!rebuilt) throw new Error(`no book for ${pairCode}`)
    return rebuilt
  }

  /**
   * One operation on a book: its version row locked, the book rebuilt if it is not the database's, the maker's quotes
   * brought to the price (sweeping what they cross, settled on their own: a sweep that cannot settle is recorded as an
   * incident and left out, never a reason to refuse the operation), then `work`; the version raised when anything was
   * written.
   */
  async function inBook<T>(
    biz: TradingMarket,
    instrument: Instrument,
    work: (tx: Tx, book: OrderBook, op: Operation, at: Date) => Promise<T>,
  ): Promise<{ result: T; told: Touched }> {
    const pairCode = instrument.pairCode
    const key = `${biz}:${pairCode}`
    return serial(key, async () => {
      const told: Touched = { orders: new Map(), fills: [], prints: [], followers: [] }
      // Whether this operation changed users' orders in the memory book: only then does a failure leave it behind the
      // database (the maker's quotes are not stored, so re-quoting is harmless either way).
      let dirty = false
      // Whether it told the books what the house holds: a failure takes that back too.
      const moved = { house: false }
      let sweepFailure: unknown
      try {
        const { result, version } = await db.transaction(async (tx) => {
          const at = now()
          const stored = await lockBook(tx, biz, pairCode)
          const house = (await houseHoldings(tx)).userId
          // Funding times of the pair that have passed are paid first, on the positions as they were then.
          if (biz === 'futures') await deps.funding.settleDue(tx, [pairCode], at)
          let book = await currentBook(tx, biz, pairCode, stored)
          const swept = newOperation(biz, instrument, book, house)
          const sweptTold: Touched = { orders: new Map(), fills: [], prints: [], followers: [] }
          let sweptAny = false
          const beforeSweep = book.sequence
          try {
            sweptAny = await tx.transaction(async (savepoint) => {
              if (!(await sweep(savepoint, book, instrument, swept))) return false
              if (await settle(savepoint, book, swept, at, sweptTold)) moved.house = true
              return true
            })
          } catch (error) {
            if (book.sequence === beforeSweep) throw error
            // Rolled back to before the sweep: the book again as the rows have it (the maker's quotes rest where they
            // cross nobody), the house as the database has it, and the sweep waits for the next operation.
            sweepFailure = error
            books.setVersion(biz, pairCode, undefined)
            if (moved.house) {
              books.tellHouse(undefined)
              await houseHoldings(tx)
            }
            book = await currentBook(tx, biz, pairCode, stored)
          }
          if (sweptAny) {
            mergeTold(told, sweptTold)
            // The sweep moved what the house holds: its quotes are sized to what is left before anything meets them.
            const resized = books.ladder(biz, pairCode)
            if (resized?.stale) books.applyLadder(biz, pairCode, resized.ladder)
          }
          const op = newOperation(biz, instrument, book, house)
          const before = book.sequence
          try {
            const value = await work(tx, book, op, at)
            if (await settle(tx, book, op, at, told)) moved.house = true
            const changed = op.touched.length > 0 || swept.touched.length > 0
            const next = changed ? await bumpBook(tx, biz, pairCode) : stored
            return { result: value, version: next }
          } finally {
            dirty ||= book.sequence !== before || (sweptAny && book.sequence !== beforeSweep)
          }
        })
        books.setVersion(biz, pairCode, version)
        await deps.incidents?.note('sweep', key, sweepFailure)
        tell(told)
        deps.events?.depth(biz, pairCode)
        if (told.prints.length > 0) {
          told.prints.sort((a, b) => Number(a.id) - Number(b.id))
          deps.tape?.record(biz, pairCode, told.prints)
          deps.events?.trades(biz, pairCode, [...told.prints].reverse())
        }
        return { result, told }
      } catch (error) {
        if (dirty) books.setVersion(biz, pairCode, undefined)
        if (moved.house) await forgetHouse()
        throw error
      }
    })
  }

  function mergeTold(into: Touched, from: Touched) {
    for (const [id, row] of from.orders) into.orders.set(id, row)
    into.fills.push(...from.fills)
    into.prints.push(...from.prints)
    into.followers.push(...from.followers)
  }

  /**
   * Settles an operation and writes it: positions and money (the settlement's finish, which places the followers' block
   * orders of its lead events), then what the blocks met, settled as the makers' fills (the house's quotes, users'
   * resting orders: a lead trader's among them is mirrored in turn; every block takes from the book, so this ends),
   * then a futures user's resting closing orders
   * brought back within the position they close (trimClosingOrders), then what the operation asked to run once its
   * positions are written (a liquidation's bankrupt rest), then the orders, fills and ledger. True when it
   * moved what the house holds (the books were told).
   */
  async function settle(tx: Tx, book: OrderBook, op: Operation, at: Date, told: Touched): Promise<boolean> {
    const { settlement, biz, pairCode } = op
    await settlement.finish(tx, at)
    while (op.blockFills.length > 0) {
      await settleFills(tx, op.blockFills.splice(0), undefined, op)
      await settlement.finish(tx, at)
    }
    if (settlement instanceof PositionSettlement && settlement.changed.size > 0) {
      const users = [...settlement.changed]
      settlement.changed.clear()
      await trimClosingOrders(tx, book, op, users)
      // What the orders it cancelled held goes back to available.
      await settlement.finish(tx, at)
    }
    for (const then of op.after) await then(tx, at)
    const written = await writeSettlement(tx, settlement, op.touched, fresh(book, op), { biz, pairCode, at })
    if (settlement instanceof PositionSettlement)
      for (const row of settlement.written.splice(0)) told.orders.set(row.id, row)
    for (const row of written.orders) told.orders.set(row.id, row)
    // Users hear their own fills. Every match has a row of each side that has one: a user's, or the house's (a block's
    // copies have none: the house's row alone then makes its print).
    const fillsWritten = written.fills.filter((row) => row.orderId !== null).map(fillToWire)
    told.fills.push(...fillsWritten)
    told.prints.push(...(await marketPrints(tx, op, at)), ...printsOf(written.fills.map(printSideOf)))
    told.followers.push(...settlement.followers)
    return tellHouse(settlement, written.wallets)
  }

  /** The operation's prints between the maker and the market flow, with trade ids from the users' sequence. */
  async function marketPrints(tx: Tx, op: Operation, at: Date): Promise<MarketTrade[]> {
    if (op.prints.length === 0) return []
    const ids = tradeIdRows
      .parse(await tx.execute(sql`select nextval('trade_ids') as id from generate_series(1, ${op.prints.length})`))
      .rows.map((r) => r.id)
    return op.prints.map((print, index) => ({
      id: String(ids[index]),
      time: at.getTime(),
      price: toPlain(print.price),
      size: toPlain(print.size),
      side: print.side,
    }))
  }

  /**
   * How each touched order's time priority changes: 'none' for those off the book, 'draw' for those that rest anew
   * (placed, or put at the back by an amend; drawn in the same write), 'keep' for the others.
   */
  function fresh(book: OrderBook, op: Operation): Map<number, 'none' | 'draw' | 'keep'> {
    const priorities = new Map<number, 'none' | 'draw' | 'keep'>()
    for (const state of op.touched) {
      const resting = book.order(String(state.id)) !== null
      priorities.set(state.id, !resting ? 'none' : op.requeued.has(state.id) ? 'draw' : 'keep')
    }
    return priorities
  }

  /** Each owner's changed orders, to their live open orders; the owners told. */
  function tellOrders(rows: Iterable<OrderRow>): Set<number> {
    const byUser = new Map<number, Order[]>()
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), orderToWire(row)])
    for (const [userId, list] of byUser) deps.events?.orders(userId, list)
    return new Set(byUser.keys())
  }

  function tell(touched: Touched) {
    const events = deps.events
    if (!events) return
    const users = tellOrders(touched.orders.values())
    const fillsByUser = new Map<number, OrderFill[]>()
    for (const fill of touched.fills) {
      const row = touched.orders.get(Number(fill.orderId))
      if (!row) continue
      fillsByUser.set(row.userId, [...(fillsByUser.get(row.userId) ?? []), fill])
    }
    for (const [userId, list] of fillsByUser) events.fills(userId, list)
    events.accounts([...users, ...touched.followers])
  }

  /**
   * Brings the maker's quotes to the price. Before the new quotes rest, every user order they would cross is filled by
   * the maker at the order's own price (the maker takes: a sell down to its new best ask, a buy up to its best bid), as
   * much of it as the house's room on that side allows.
   */
  async function sweep(tx: Tx, book: OrderBook, instrument: Instrument, op: Operation): Promise<boolean> {
    const current = books.ladder(op.biz, instrument.pairCode)
    if (!current) return false
    const { ladder, stale } = current
    const asks = ladder.quotes.filter((q) => q.side === 'sell').map((q) => q.price)
    const bids = ladder.quotes.filter((q) => q.side === 'buy').map((q) => q.price)
    const bestAsk = asks.length > 0 ? Exact.min(...asks) : undefined
    const bestBid = bids.length > 0 ? Exact.max(...bids) : undefined
    const best = book.best()
    const crossed =
      (bestAsk !== undefined && best.bid !== null && best.bid.gte(bestAsk)) ||
      (bestBid !== undefined && best.ask !== null && best.ask.lte(bestBid))
    // The maker's quotes on the book are its quotes now, and cross nobody: nothing to do.
    if (!crossed && !stale) return false
    let filled = false
    if (crossed) {
      book.replaceOwnerQuotes(MAKER_ID, [], `${MAKER_ID}:`)
      const holdings = books.house()
      const room = (side: 'buy' | 'sell') => (holdings ? roomOf(holdings, op.biz, instrument, side) : NO_ROOM)
      const sweeps: (OrderInput | undefined)[] = []
      if (bestAsk !== undefined && best.bid?.gte(bestAsk)) sweeps.push(sweepOrder('sell', bestAsk, book, room('sell')))
      if (bestBid !== undefined && best.ask?.lte(bestBid)) sweeps.push(sweepOrder('buy', bestBid, book, room('buy')))
      for (const order of sweeps) {
        const placed = order && book.place(order)
        if (placed?.ok && placed.fills.length > 0) {
          filled = true
          await settleFills(tx, placed.fills, HOUSE_SIDE, op)
        }
      }
    }
    books.applyLadder(op.biz, instrument.pairCode, ladder)
    return filled
  }

  let sweeps = 0
  /**
   * The maker's sweep: an IOC order through every user order on the other side up to `price`, no larger than the
   * house's room allows at the dearest price it may pay (a sell's at the best bid, a buy's at its limit); none when the
   * room takes no lot.
   */
  function sweepOrder(side: 'buy' | 'sell', price: Money, book: OrderBook, room: Room): OrderInput | undefined {
    const depth = book.depth(TRADING.depthLevels * 100)
    const levels = side === 'sell' ? depth.bids : depth.asks
    const total = levels.reduce((sum, [, amount]) => sum.plus(amount), new Exact(0))
    const dearest = side === 'sell' ? Exact.max(price, new Exact(levels[0]?.[0] ?? price)) : price
    const size = sizeWithin(room, dearest, total, book.lotSize)
    if (size.lte(0)) return undefined
    sweeps += 1
    return {
      id: `${MAKER_ID}:sweep:${sweeps}`,
      ownerId: MAKER_ID,
      side,
      type: 'limit',
      timeInForce: 'IOC',
      price,
      size,
    }
  }

  /**
   * Settles fills of `taker` (a user's order; the house: the maker's sweep or the flow; undefined: the followers' block, whose side
   * copy-block.ts allocates to the copies) against the resting orders they met (the house's quotes among them).
   */
  async function settleFills(tx: Tx, list: readonly Fill[], taker: Party | undefined, op: Operation) {
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
      const maker = fill.makerOwnerId === MAKER_ID ? HOUSE_SIDE : known.get(Number(fill.makerOrderId))
      if (!maker) throw new Error(`resting order ${fill.makerOrderId} not found`)
      settlement.fill(fill, taker, maker)
      if (maker !== HOUSE_SIDE && maker.status === 'filled') settlement.close(maker, 'filled', null)
    }
  }

  /**
   * Where a market order stops: the price protection around the mark, or, for an order that closes the user's own
   * position, its bankruptcy price when that is nearer (no close fills past it).
   */
  async function marketLimit(
    tx: Tx,
    row: OrderRow,
    instrument: Instrument,
  ): Promise<{ price: Money; reason: 'price-protection' | 'bankruptcy-price' }> {
    const tick = new Exact(instrument.tickSize)
    const band = protectionPrice(row.side, markOf(instrument), PROTECTION, tick)
    const positional = row.biz === 'futures' || row.lead
    const own =
      positional && row.positionId === null ? await ownPosition(tx, row.userId, row.biz, row.pairCode) : undefined
    if (!own || closingSide(own.side) !== row.side) return { price: band, reason: 'price-protection' }
    const bankruptcy = await bankruptcyOf(tx, rules, own, marks())
    if (!bankruptcy) return { price: band, reason: 'price-protection' }
    const floor = limitOnTick(row.side, bankruptcy, tick)
    return tighter(row.side, band, floor) === band
      ? { price: band, reason: 'price-protection' }
      : { price: floor, reason: 'bankruptcy-price' }
  }

  /** The book's owner of an order: a position's own order (a liquidation) trades apart from its owner's orders. */
  const bookOwnerOf = (row: Pick<OrderRow, 'userId' | 'positionId'>) =>
    row.positionId === null ? String(row.userId) : `${row.userId}:position:${row.positionId}`

  /** Places a checked order's row into the book as the taker and settles what it did. */
  async function execute(tx: Tx, book: OrderBook, row: OrderRow, state: OrderState, op: Operation) {
    const { settlement } = op
    const market = row.type === 'market' || row.type === 'stop-market' || row.type === 'trailing-stop'
    const guard = market ? await marketLimit(tx, row, instrumentOf(row.pairCode)) : undefined
    const price = market || row.price === null ? undefined : new Exact(row.price)
    // Self-trade prevention covers the owner's linked accounts too (trade-group.ts, audit H4). Only another user's
    // resting order can be a linked account's: with none in reach, the lookup is skipped. A liquidation is the
    // exchange's order, not the owner's choice: it meets whoever rests.
    const others =
      row.positionId === null &&
      book.reachesOwnerOutside(
        row.side,
        price ?? guard?.price ?? null,
        new Set([MAKER_ID, FLOW_ID, String(row.userId)]),
      )
    const linked = others ? await linkedOwners(tx, row.userId) : new Set<number>()
    // The house's own order (a liquidation of its position) never meets its quotes: that would be a trade with itself.
    const group = [...[...linked].map(String), ...(row.userId === op.house ? [MAKER_ID] : [])]
    const placed = book.place({
      id: String(row.id),
      ownerId: bookOwnerOf(row),
      side: row.side,
      type: market ? 'market' : 'limit',
      timeInForce: market ? undefined : row.timeInForce,
      price,
      size: row.size === null ? undefined : new Exact(row.size).minus(state.filled),
      quoteSize: row.quoteSize === null ? undefined : new Exact(row.quoteSize),
      protection: guard?.price,
      tradeGroup: new Set(group),
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
    await screenPlacement(tx, row, placed, now())
    if (placed.resting) {
      state.status = state.filled.isZero() ? 'new' : 'partially-filled'
      op.requeued.add(state.id)
    } else if (placed.status === 'filled') settlement.close(state, 'filled', null)
    else {
      const reason = placed.stop === 'limit' && guard ? guard.reason : placed.stop ? CANCEL_OF_STOP[placed.stop] : 'ioc'
      settlement.close(state, 'cancelled', reason)
    }
  }

  /**
   * Moves `amount` of `coin` from available to frozen in the user's wallet of the market when it is there (frozen:
   * false, nothing moved, when not), and counts the user's open orders on the market: one statement.
   */
  async function freezeFunds(
    tx: Tx,
    biz: TradingMarket,
    walletType: number,
    userId: number,
    coin: string,
    amount: Money,
  ): Promise<{ frozen: boolean; open: number }> {
    const open = sql`(select count(*)::int from ${orders} where ${orders.userId} = ${userId} and ${orders.biz} = ${biz}
      and ${orders.status} in ('untriggered', 'new', 'partially-filled'))`
    const result = await tx.execute(sql`
      with moved as (
        update ${balances} set available = available - ${toPlain(amount)}::numeric, frozen = frozen + ${toPlain(amount)}::numeric
        where user_id = ${userId} and wallet_type = ${walletType} and coin = ${coin} and available >= ${toPlain(amount)}::numeric
        returning 1)
      select (select count(*) from moved)::int as moved, ${open} as open`)
    const [row] = frozenRows.parse(result).rows
    // Nothing to hold (a reduce-only order) needs no wallet row.
    return { frozen: (row?.moved ?? 0) > 0 || amount.isZero(), open: row?.open ?? 0 }
  }

  /** The available `coin` of the user's wallet of the market, its row locked for this transaction. */
  async function lockedAvailable(tx: Tx, walletType: number, userId: number, coin: string): Promise<Money> {
    const [row] = await tx
      .select({ available: balances.available })
      .from(balances)
      .where(and(eq(balances.userId, userId), eq(balances.walletType, walletType), eq(balances.coin, coin)))
      .for('update')
    return new Exact(row?.available ?? 0)
  }

  /**
   * What an order holds while it waits or rests. Spot: quote for a buy (at its limit, or what a market buy may spend),
   * base for a sell. Futures: margin and fee at the worst price it can trade at (its limit; for a sell that crosses,
   * the best bid; a market order the far end of what it reaches within its protection; a stop its trigger moved by the
   * price band) for the part of it that opens: nothing for reduce-only, nor for what `closable` of it closes.
   */
  function toFreeze(
    positional: boolean,
    order: CheckedOrder,
    book: OrderBook,
    userId: number,
    leverage: number,
    mark: Money,
    closable: Money,
  ): Money {
    if (!positional) {
      if (order.side === 'sell') return order.size ?? new Exact(0)
      if (order.quoteSize) return order.quoteSize
      if (order.price && order.size) return order.price.times(order.size)
      if (!order.size) return new Exact(0)
      // A market buy by size: what it costs on the book now (the book cannot change before it matches).
      return book.marketQuote('buy', order.size, String(userId)).quote
    }
    if (order.reduceOnly || !order.size) return new Exact(0)
    const opens = order.size.minus(closable)
    if (opens.lte(0)) return new Exact(0)
    const bestBid = book.best().bid
    const worst = (() => {
      // A trailing stop: from its trigger (before activation, its activation price or the mark) moved by its callback
      // rate, then by the price band, as a stop's.
      if (order.type === 'trailing-stop' && order.callbackRate) {
        const from = order.triggerPrice ?? order.activationPrice ?? mark
        return trailingTrigger('buy', from, order.callbackRate).times(new Exact(1).plus(TRADING.priceBandRatio))
      }
      if (order.triggerPrice) {
        const moved = order.triggerPrice.times(new Exact(1).plus(TRADING.priceBandRatio))
        return order.price ? Exact.max(order.price, moved) : moved
      }
      if (order.price) return order.side === 'sell' && bestBid ? Exact.max(order.price, bestBid) : order.price
      if (order.side === 'sell') return bestBid ?? mark
      return book.marketQuote('buy', order.size, String(userId)).worst ?? mark
    })()
    return openingHold(worst, opens, leverage, rules)
  }

  /**
   * What of a user's own position an order of `side` may close without holding margin: the position less what their
   * other resting orders of that side (all but `except`) close first.
   */
  function closableBy(
    book: OrderBook,
    userId: number,
    side: 'buy' | 'sell',
    own: PositionState | undefined,
    except?: string,
  ): Money {
    if (!own || closingSide(own.side) !== side) return new Exact(0)
    const resting = book
      .ordersOf(String(userId))
      .filter((order) => order.side === side && order.id !== except)
      .reduce((sum, order) => sum.plus(order.remaining), new Exact(0))
    return Exact.max(0, own.size.minus(resting))
  }

  /**
   * What a user's position of one side would be once `size` more of that side is done, counting their resting orders of
   * the side: the position of the side, plus what the orders open beyond the other side's position they close first.
   */
  function exposureAfter(
    book: OrderBook,
    userId: number,
    side: 'buy' | 'sell',
    size: Money,
    own: PositionState | undefined,
  ): Money {
    const sign = side === 'buy' ? 1 : -1
    const resting = book
      .ordersOf(String(userId))
      .filter((order) => order.side === side)
      .reduce((sum, order) => sum.plus(order.remaining), new Exact(0))
    const same = own?.side === sign ? own.size : new Exact(0)
    const closes = own && own.side !== sign ? own.size : new Exact(0)
    return same.plus(Exact.max(0, resting.plus(size).minus(closes)))
  }

  /** A refusal when a position worth `notional` may not use `leverage` (FUTURES.brackets), naming the tier's cap. */
  function bracketRefusal(instrument: Instrument, notional: Money, leverage: number, field: string): Refusal | null {
    const brackets = rules.instrument(instrument.pairCode).brackets
    if (leverageAllowed(brackets, notional, leverage)) return null
    const cap = notionalCapAt(brackets, leverage)
    return {
      reason: 'position-bracket',
      field,
      issue: `at ${leverage}x a position of at most ${cap?.toFixed() ?? 'any'} USDT`,
    }
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

  /** A futures size given in another unit (§3), as the coin on the lot at the order's price or the mark. */
  function coinSize(input: PlaceOrderRequest, instrument: Instrument, leverage: number): PlaceOrderRequest {
    const unit = input.sizeUnit === undefined ? 'coin' : futuresUnitOf(input.sizeUnit)
    if (unit === 'coin' || unit === undefined || input.size === undefined) return input
    const size = sizeFromUnit(new Exact(input.size), unit, {
      price: conversionPrice(
        {
          limit: input.price === undefined ? undefined : new Exact(input.price),
          trigger: input.triggerPrice === undefined ? undefined : new Exact(input.triggerPrice),
        },
        new Exact(markOf(instrument)),
      ),
      contractSize: new Exact(instrument.contractSize),
      lotSize: new Exact(instrument.lotSize),
      leverage,
    })
    if (size.isZero()) throw failure({ reason: 'lot-size', field: 'size', issue: 'less than one lot' })
    return { ...input, size: size.toFixed() }
  }

  /** Whether the user leads on spot (their spot orders trade their lead account: position-settlement.ts). */
  async function leadsSpot(userId: number): Promise<boolean> {
    const [row] = await db
      .select({ status: leaders.status })
      .from(leaders)
      .where(and(eq(leaders.userId, userId), eq(leaders.biz, 'spot')))
    return row !== undefined && row.status !== 'cancelled'
  }

  async function place(userId: number, input: PlaceOrderRequest): Promise<PlacedOrder> {
    const biz = input.biz
    const instrument = findInstrument(input.pairCode)
    // A clientOrderId placed before answers that order, whatever the market says now: it is looked for when this one
    // would be refused, or when its row cannot be written (the unique key); an order that passes pays no extra read.
    const refuse = async (refusal: Refusal): Promise<PlacedOrder> => {
      const known = await replay(userId, input.clientOrderId)
      if (known) return known
      throw failure(refusal)
    }
    if (!instrument) return refuse({ reason: 'invalid-input', field: 'pairCode', issue: 'unknown pair' })
    const mark = markOf(instrument)
    const leverage = biz === 'futures' ? await leverageOf(db, userId, instrument.pairCode, input.side) : null
    let sized: PlaceOrderRequest
    try {
      sized = coinSize(input, instrument, leverage ?? 1)
    } catch (error) {
      if (error instanceof ApiFailure) return refuse({ reason: error.reason, field: 'size', issue: error.message })
      throw error
    }
    const checked = checkOrder(sized, biz, orderRules(instrument), mark)
    if (!checked.ok) return refuse(checked.refusal)
    // A spot lead trader trades their lead account's position: a buy opens or adds, a sell closes (reduce-only).
    const lead = biz === 'spot' && (await leadsSpot(userId))
    const leadRefusal = lead ? spotLeadRefusal(checked.order) : undefined
    if (leadRefusal) return refuse(leadRefusal)
    const order = lead && checked.order.side === 'sell' ? { ...checked.order, reduceOnly: true } : checked.order
    const positional = biz === 'futures' || lead
    try {
      const { result: id, told } = await inBook(biz, instrument, async (tx, book, op, at) => {
        const stop = order.type === 'stop-limit' || order.type === 'stop-market'
        const watched = order.triggerBy === 'last' ? lastPrice(biz, instrument) : mark
        if (stop && order.triggerPrice && triggerReached(stopDirection(order.side), order.triggerPrice, watched))
          throw failure({
            reason: 'would-trigger-immediately',
            field: 'triggerPrice',
            issue: order.side === 'buy' ? 'above the price now' : 'below the price now',
          })
        const trailing = order.type === 'trailing-stop' && order.callbackRate !== null
        // A sell trailing stop activates when the price rises to its activation price, a buy when it falls to it: one
        // already there would be active at once (as Binance, refused: give none instead).
        if (
          trailing &&
          order.activationPrice &&
          !order.activationPrice
            .minus(watched)
            .times(order.side === 'sell' ? 1 : -1)
            .gt(0)
        )
          throw failure({
            reason: 'would-trigger-immediately',
            field: 'activationPrice',
            issue: order.side === 'sell' ? 'above the price now for a sell' : 'below the price now for a buy',
          })
        // Without an activation price it trails at once, from the price it watches now.
        const extreme = trailing && !order.activationPrice ? watched : null
        const trigger = extreme && order.callbackRate ? trailingTrigger(order.side, extreme, order.callbackRate) : null
        const own = positional ? await ownPosition(tx, userId, biz, instrument.pairCode) : undefined
        const closes = own !== undefined && closingSide(own.side) === order.side
        if (order.reduceOnly) await checkReduceOnly(tx, order, own, instrument.pairCode, userId)
        if (closes && order.price) {
          const bankruptcy = await bankruptcyOf(tx, rules, own, marks())
          if (bankruptcy && pastLimit(order.side, order.price, bankruptcy))
            throw failure({
              reason: 'bankruptcy-price',
              field: 'price',
              issue: `a close no worse than the position's bankruptcy price ${bankruptcy.toFixed()}`,
            })
        }
        const tpsl = tpslRefusal(
          order.side === 'buy' ? 1 : -1,
          order.price ?? mark,
          order.takeProfitPrice,
          order.stopLossPrice,
        )
        if (tpsl) throw failure(tpsl)
        if (biz === 'futures' && !order.reduceOnly && order.size) {
          const exposure = exposureAfter(book, userId, order.side, order.size, own)
          const refusal = bracketRefusal(instrument, exposure.times(order.price ?? mark), leverage ?? 1, 'size')
          if (refusal) throw failure(refusal)
        }
        const closable = closableBy(book, userId, order.side, own)
        const freeze = toFreeze(positional, order, book, userId, leverage ?? 1, mark, closable)
        const coin = positional || order.side === 'buy' ? QUOTE_COIN : instrument.coin
        // What it holds moves from available to frozen here, in the statement that checks it is there.
        const wallet = await freezeFunds(tx, biz, walletOf(positional), userId, coin, freeze)
        if (wallet.open >= TRADING.maxOpenOrders) throw new ApiFailure(400, 'too-many-orders')
        if (!wallet.frozen)
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
            biz,
            pairCode: instrument.pairCode,
            side: order.side,
            type: order.type,
            timeInForce: order.timeInForce,
            price: order.price?.toFixed() ?? null,
            size: order.size?.toFixed() ?? null,
            quoteSize: order.quoteSize?.toFixed() ?? null,
            triggerPrice: (order.triggerPrice ?? trigger)?.toFixed() ?? null,
            triggerBy: order.triggerBy,
            triggerDirection: stop || trailing ? stopDirection(order.side) : null,
            callbackRate: order.callbackRate?.toFixed() ?? null,
            activationPrice: order.activationPrice?.toFixed() ?? null,
            trailExtreme: extreme?.toFixed() ?? null,
            takeProfitPrice: order.takeProfitPrice?.toFixed() ?? null,
            stopLossPrice: order.stopLossPrice?.toFixed() ?? null,
            status: stop || trailing ? 'untriggered' : 'new',
            feeCoin: !positional && order.side === 'buy' ? instrument.coin : QUOTE_COIN,
            frozenCoin: coin,
            reduceOnly: order.reduceOnly,
            lead,
            leverage,
            createdAt: at,
            updatedAt: at,
          })
          .returning()
        if (!row) throw new Error('order not inserted')
        const state = stateOf(row)
        op.touched.push(state)
        state.frozen = freeze
        if (!stop && !trailing) await execute(tx, book, row, state, op)
        return row.id
      })
      // The answer is what the operation wrote: the order and its own fills.
      const row = told.orders.get(id)
      if (!row) throw new Error(`order ${id} not written`)
      return { order: orderToWire(row), fills: told.fills.filter((f) => f.orderId === String(id)), replayed: false }
    } catch (error) {
      // Refused now (its funds are held by the first one), or the same clientOrderId racing itself: the order placed
      // before is the answer.
      if (!isUniqueViolation(error) && !(error instanceof ApiFailure)) throw error
      const other = await replay(userId, input.clientOrderId)
      if (!other) throw error
      return other
    }
  }

  /**
   * A released reduce-only order sized to what the user's position of the other side has left to close now (all of it
   * when it has no size, at most its size; a stop-limit that will rest, less what their resting reduce-only orders
   * close first), its row updated; undefined when nothing is left.
   */
  async function reducible(tx: Tx, row: OrderRow): Promise<OrderRow | undefined> {
    const position = await ownPosition(tx, row.userId, row.biz, row.pairCode)
    if (!position || closingSide(position.side) !== row.side) return undefined
    const resting = row.type === 'stop-limit' ? await restingReduceOnly(tx, row.userId, row.biz, row.pairCode) : ZERO
    const room = position.size.minus(resting)
    const size = row.size === null ? room : Exact.min(room, new Exact(row.size))
    if (size.lte(0)) return undefined
    const [updated] = await tx.update(orders).set({ size: size.toFixed() }).where(eq(orders.id, row.id)).returning()
    return updated
  }

  /** What a user's resting reduce-only orders of a pair still close. */
  async function restingReduceOnly(tx: Tx, userId: number, biz: TradingMarket, pairCode: string): Promise<Money> {
    const [row] = await tx
      .select({ total: sql<string | null>`sum(${orders.size} - ${orders.filled})` })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.biz, biz),
          eq(orders.pairCode, pairCode),
          eq(orders.reduceOnly, true),
          inArray(orders.status, ['new', 'partially-filled']),
        ),
      )
    return new Exact(row?.total ?? 0)
  }

  /**
   * A futures user's resting orders of the pair brought back within their own position after it changed: reduce-only
   * orders no larger together than the position (the oldest kept, the newest cut to what is left, then cancelled as
   * 'no-position'), and every closing order priced past the position's bankruptcy price cancelled ('bankruptcy-price').
   */
  async function trimClosingOrders(tx: Tx, book: OrderBook, op: Operation, users: readonly number[]) {
    for (const userId of users) {
      const resting = book.ordersOf(String(userId)).sort((a, b) => a.seq - b.seq)
      if (resting.length === 0) continue
      const own = await ownPosition(tx, userId, op.biz, op.pairCode)
      const bankruptcy = own ? await bankruptcyOf(tx, rules, own, marks()) : null
      const closing = own ? closingSide(own.side) : undefined
      const rows = new Map(
        (
          await lockOrders(
            tx,
            resting.map((o) => Number(o.id)),
          )
        ).map((row) => [row.id, row]),
      )
      let room = own?.size ?? ZERO
      for (const order of resting) {
        const row = rows.get(Number(order.id))
        if (!row) continue
        const closes = order.side === closing
        if (closes && bankruptcy && pastLimit(order.side, order.price, bankruptcy)) {
          await cancelIn(tx, book, row.id, op, 'bankruptcy-price')
          continue
        }
        if (!row.reduceOnly) continue
        if (!closes || room.lte(0)) {
          await cancelIn(tx, book, row.id, op, 'no-position')
          continue
        }
        if (order.remaining.lte(room)) {
          room = room.minus(order.remaining)
          continue
        }
        const size = order.filled.plus(room)
        room = ZERO
        book.amend(order.id, { size })
        const state = op.touched.find((t) => t.id === row.id) ?? stateOf(row)
        if (!op.touched.includes(state)) op.touched.push(state)
        state.size = size
        await tx.update(orders).set({ size: size.toFixed() }).where(eq(orders.id, row.id))
      }
    }
  }

  async function setPositionTpsl(userId: number, input: PositionTpslRequest): Promise<Order[]> {
    const instrument = instrumentOf(input.pairCode)
    const mark = markOf(instrument)
    const price = (value: string | null | undefined) =>
      value === undefined || value === null ? value : new Exact(value)
    const takeProfit = price(input.takeProfitPrice)
    const stopLoss = price(input.stopLossPrice)
    for (const [value, field] of [
      [takeProfit, 'takeProfitPrice'],
      [stopLoss, 'stopLossPrice'],
    ] as const) {
      const refusal = value && priceRefusal(value, orderRules(instrument), mark, field)
      if (refusal) throw failure(refusal)
    }
    const size = input.size === undefined ? null : new Exact(input.size)
    const lot = size && sizeRefusal(size, instrument)
    if (lot) throw failure(lot)
    const { result: change } = await inBook('futures', instrument, async (tx, _book, _op, at) => {
      const position = await ownPosition(tx, userId, 'futures', instrument.pairCode)
      if (!position)
        throw new ApiFailure(400, 'reduce-only-would-increase', {
          fields: [{ path: 'pairCode', issue: 'no open position of this pair' }],
        })
      const side = position.side === 1 ? 1 : -1
      const refusal = tpslRefusal(side, mark, takeProfit, stopLoss)
      if (refusal) throw failure(refusal)
      return replaceTpsl(tx, {
        userId,
        pairCode: instrument.pairCode,
        side,
        takeProfit,
        stopLoss,
        size,
        triggerBy: input.triggerBy ?? 'mark',
        at,
      })
    })
    // The ones it replaced leave the open orders as the new ones join them.
    deps.events?.orders(userId, [...change.ended, ...change.created].map(orderToWire))
    return change.created.map(orderToWire)
  }

  /**
   * Adds to or removes from the isolated margin of the user's own futures position of a pair (its liquidation price
   * moves with it). What is removed leaves at least the initial margin at the mark: size × mark ÷ leverage, less an
   * unrealized loss.
   */
  async function changeMargin(userId: number, input: PositionMarginRequest): Promise<TradingPosition> {
    const instrument = instrumentOf(input.pairCode)
    const amount = new Exact(input.amount)
    if (amount.lte(0)) throw failure({ reason: 'invalid-input', field: 'amount', issue: 'a positive amount' })
    const mark = markOf(instrument)
    const { result: id } = await inBook('futures', instrument, async (tx, _book, op, at) => {
      const book = new Book(() => {
        throw new Error('a margin change opens no position')
      })
      // Its bankruptcy price moves: resting closes now past it are cancelled (trimClosingOrders).
      if (op.settlement instanceof PositionSettlement) op.settlement.changed.add(userId)
      const [position] = await loadPositions(tx, book, ownPositions([userId], 'futures', instrument.pairCode))
      if (!position)
        throw failure({ reason: 'invalid-input', field: 'pairCode', issue: 'no open position of this pair' })
      if (position.marginMode === 'cross')
        throw failure({ reason: 'margin-mode', field: 'pairCode', issue: 'a cross position is margined by the wallet' })
      const wallet = leaderWallet(userId)
      await loadWallets(tx, book, [wallet])
      if (input.change === 'add') {
        if (amount.gt(book.balance(wallet)))
          throw failure({ reason: 'insufficient-balance', field: 'amount', issue: 'more USDT than available' })
        book.transfer(wallet, marginKey(position.id), amount, 'add-margin', `margin:${position.id}:${at.getTime()}`)
      } else {
        const loss = Exact.min(0, unrealizedPnl(position, mark))
        const keep = marginFor(mark, position.size, position.leverage).minus(loss)
        const removable = Exact.max(0, position.margin.minus(keep))
        if (amount.gt(removable))
          throw failure({
            reason: 'insufficient-balance',
            field: 'amount',
            issue: `at most ${removable.toFixed()} can leave the margin`,
          })
        book.transfer(marginKey(position.id), wallet, amount, 'release-margin', `margin:${position.id}:${at.getTime()}`)
      }
      refreshLevels(position, rules, NO_TRIGGERS)
      book.touchPosition(position)
      await persistChange(tx, book.takeChange(), at, marks())
      return position.id
    })
    deps.events?.accounts([userId])
    const [row] = await db.select().from(positions).where(eq(positions.id, id))
    if (!row) throw new Error(`position ${id} not found`)
    const lights = await adlQuantiles(db, rules, marks(), [row])
    return tradingPositionToWire(row, mark, lights.get(row.id) ?? null)
  }

  /**
   * A reduce-only order must meet a position of the other side no smaller than itself; one that may rest (a GTC or
   * post-only limit) also fits beside the user's other resting reduce-only orders of the pair.
   */
  async function checkReduceOnly(
    tx: Tx,
    order: CheckedOrder,
    own: PositionState | undefined,
    pairCode: string,
    userId: number,
  ) {
    const opposite = own !== undefined && closingSide(own.side) === order.side
    if (!opposite || !order.size || order.size.gt(own.size))
      throw failure({
        reason: 'reduce-only-would-increase',
        field: 'size',
        issue: opposite ? `at most the position's ${own.size.toFixed()}` : 'no position to reduce',
      })
    const rests = order.type === 'limit' && (order.timeInForce === 'GTC' || order.timeInForce === 'POST_ONLY')
    if (!rests) return
    const room = own.size.minus(await restingReduceOnly(tx, userId, 'futures', pairCode))
    if (order.size.gt(room))
      throw failure({
        reason: 'reduce-only-would-increase',
        field: 'size',
        issue: `at most ${Exact.max(0, room).toFixed()} beside the resting reduce-only orders`,
      })
  }

  /** What an open order of a futures user holds at `leverage`, as toFreeze holds it at placement (its remaining size). */
  function holdOf(row: OrderRow, book: OrderBook, leverage: number, closable: Money, mark: Money): Money {
    const some = (value: string | null) => (value === null ? null : new Exact(value))
    const size = row.size === null ? null : new Exact(row.size).minus(row.filled)
    const order: CheckedOrder = {
      side: row.side,
      type: row.type,
      timeInForce: row.timeInForce,
      price: some(row.price),
      size,
      quoteSize: some(row.quoteSize),
      triggerPrice: row.status === 'untriggered' ? some(row.triggerPrice) : null,
      triggerBy: row.triggerBy,
      callbackRate: some(row.callbackRate),
      activationPrice: some(row.activationPrice),
      reduceOnly: row.reduceOnly,
      takeProfitPrice: null,
      stopLossPrice: null,
    }
    return toFreeze(true, order, book, row.userId, leverage, mark, closable)
  }

  async function setLeverage(userId: number, request: SetLeverageRequest): Promise<void> {
    const instrument = instrumentOf(request.pairCode)
    const max = rules.instrument(instrument.pairCode).maxLeverage
    if (request.leverage > max)
      throw new ApiFailure(400, 'leverage-too-high', { fields: [{ path: 'leverage', issue: `at most ${max}` }] })
    const sides: ('buy' | 'sell')[] =
      request.side === undefined ? ['buy', 'sell'] : [request.side === 'long' ? 'buy' : 'sell']
    const mark = markOf(instrument)
    await inBook('futures', instrument, async (tx, book, op, at) => {
      const leverage = request.leverage
      const wallet = leaderWallet(userId)
      const money = scratchBook()
      await loadWallets(tx, money, [wallet])
      const [own] = await loadPositions(tx, money, ownPositions([userId], 'futures', instrument.pairCode))
      const short = () =>
        failure({ reason: 'insufficient-margin', field: 'leverage', issue: 'more margin than the wallet has' })
      for (const side of sides) {
        const exposure = exposureAfter(book, userId, side, new Exact(0), own)
        const refusal = bracketRefusal(instrument, exposure.times(mark), leverage, 'leverage')
        if (refusal) throw failure(refusal)
        await chooseLeverage(tx, userId, instrument.pairCode, side, leverage, at)
        // The position of this side: the initial margin of the new leverage at its entry, topped up from the wallet.
        if (own && own.side === (side === 'buy' ? 1 : -1) && own.leverage !== leverage) {
          const need = marginFor(own.entryPrice, own.size, leverage).minus(own.margin)
          if (need.gt(0)) {
            if (need.gt(money.balance(wallet))) throw short()
            money.transfer(wallet, marginKey(own.id), need, 'add-margin', `leverage:${own.id}:${at.getTime()}`)
          }
          own.leverage = leverage
          refreshLevels(own, rules, NO_TRIGGERS)
          money.touchPosition(own)
        }
      }
      await persistChange(tx, money.takeChange(), at, marks())
      // The open orders that open a side it applies to hold at it now.
      const open = await openOrdersOf(
        tx,
        userId,
        instrument.pairCode,
        and(inArray(orders.side, sides), eq(orders.reduceOnly, false)),
      )
      let available = await lockedAvailable(tx, FUTURES_WALLET, userId, QUOTE_COIN)
      for (const row of open) {
        const state = op.touched.find((t) => t.id === row.id) ?? stateOf(row)
        if (!op.touched.includes(state)) op.touched.push(state)
        const need = holdOf(row, book, leverage, closableBy(book, userId, row.side, own, String(row.id)), mark)
        available = available.plus(state.frozen).minus(need)
        if (available.isNegative()) throw short()
        if (need.gt(state.frozen)) op.settlement.freeze(state, need.minus(state.frozen))
        else op.settlement.release(state, need)
        state.leverage = leverage
      }
      if (open.length > 0)
        await tx
          .update(orders)
          .set({ leverage })
          .where(
            inArray(
              orders.id,
              open.map((row) => row.id),
            ),
          )
    })
    deps.events?.accounts([userId])
  }

  /** The caller's order by either id, else 404. */
  async function ownOrder(
    userId: number,
    biz: TradingMarket,
    ref: { orderId?: string; clientOrderId?: string },
  ): Promise<OrderRow> {
    const where =
      ref.orderId !== undefined
        ? and(eq(orders.userId, userId), eq(orders.id, Number(ref.orderId)))
        : and(eq(orders.userId, userId), eq(orders.clientOrderId, ref.clientOrderId ?? ''))
    const [row] = await db
      .select()
      .from(orders)
      .where(and(where, eq(orders.biz, biz)))
    if (!row) throw notFound()
    return row
  }

  /** Cancels one open order inside a book operation; false when it was no longer open. */
  async function cancelIn(tx: Tx, book: OrderBook, id: number, op: Operation, reason: CancelReason = 'user') {
    const known = op.touched.find((t) => t.id === id)
    const [row] = known ? [] : await lockOrders(tx, [id])
    const state = known ?? (row ? stateOf(row) : undefined)
    if (!state || !isOpen(state.status)) return false
    book.cancel(String(id))
    if (!known) op.touched.push(state)
    op.settlement.close(state, 'cancelled', reason)
    return true
  }

  async function cancel(userId: number, ref: OrderRef): Promise<Order> {
    const row = await ownOrder(userId, ref.biz, ref)
    const instrument = instrumentOf(row.pairCode)
    await inBook(ref.biz, instrument, async (tx, book, op) => {
      if (!(await cancelIn(tx, book, row.id, op))) throw new ApiFailure(409, 'order-not-open')
    })
    return orderToWire(await ownOrder(userId, ref.biz, { orderId: String(row.id) }))
  }

  async function cancelAll(userId: number, biz: TradingMarket, pairCode: string | undefined): Promise<Order[]> {
    const pairs = pairCode === undefined ? INSTRUMENTS : [instrumentOf(pairCode)]
    const open = await db
      .select({ id: orders.id, pairCode: orders.pairCode })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.biz, biz),
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
      await inBook(biz, instrument, async (tx, book, op) => {
        for (const id of ids) if (await cancelIn(tx, book, id, op)) cancelled.push(id)
      })
    }
    if (cancelled.length === 0) return []
    const rows = await db.select().from(orders).where(inArray(orders.id, cancelled)).orderBy(desc(orders.id))
    return rows.map(orderToWire)
  }

  async function amend(userId: number, input: AmendOrderRequest): Promise<Order> {
    const biz = input.biz
    const row = await ownOrder(userId, biz, { orderId: input.orderId })
    const instrument = instrumentOf(row.pairCode)
    if (row.type !== 'limit' && row.type !== 'stop-limit')
      throw new ApiFailure(400, 'invalid-input', {
        fields: [{ path: 'orderId', issue: 'only a resting limit order is amended' }],
      })
    const price = input.price === undefined ? undefined : new Exact(input.price)
    const size = input.size === undefined ? undefined : new Exact(input.size)
    const mark = markOf(instrument)
    const refusal =
      (price && priceRefusal(price, orderRules(instrument), mark, 'price')) ||
      (size && sizeRefusal(size, instrument)) ||
      notionalRefusal(
        size ?? new Exact(row.size ?? 0),
        price ?? new Exact(row.price ?? 0),
        'size',
        orderRules(instrument),
        row.reduceOnly,
      )
    if (refusal) throw failure(refusal)
    await inBook(biz, instrument, async (tx, book, op) => {
      const { settlement, touched } = op
      const [locked] = await lockOrders(tx, [row.id])
      const state = locked && stateOf(locked)
      if (!state || !isOpen(state.status) || !book.order(String(row.id))) throw new ApiFailure(409, 'order-not-open')
      const own = state.positional ? await ownPosition(tx, userId, biz, instrument.pairCode) : undefined
      const closes = own !== undefined && closingSide(own.side) === state.side
      if (closes && price) {
        const bankruptcy = await bankruptcyOf(tx, rules, own, marks())
        if (bankruptcy && pastLimit(state.side, price, bankruptcy))
          throw failure({
            reason: 'bankruptcy-price',
            field: 'price',
            issue: `a close no worse than the position's bankruptcy price ${bankruptcy.toFixed()}`,
          })
      }
      const before = book.order(String(row.id))
      if (state.reduceOnly && size && before && size.gt(before.size)) {
        const room = closes ? own.size.minus(await restingReduceOnly(tx, userId, biz, instrument.pairCode)) : ZERO
        if (size.minus(before.size).gt(room))
          throw failure({
            reason: 'reduce-only-would-increase',
            field: 'size',
            issue: 'more than the position has left',
          })
      }
      const amended = book.amend(String(row.id), { price, size })
      if (!amended.ok) {
        if (amended.reason === 'amend-would-take') throw new ApiFailure(400, 'amend-would-take')
        throw new ApiFailure(400, 'invalid-input', { fields: [{ path: 'size', issue: 'more than already filled' }] })
      }
      const after = amended.order
      // It rests, so it trades at its own price: what it holds is at that price, for the part of it that opens.
      const opens = Exact.max(0, after.remaining.minus(closableBy(book, userId, state.side, own, String(row.id))))
      const need = state.positional
        ? state.reduceOnly || opens.isZero()
          ? ZERO
          : openingHold(after.price, opens, state.leverage ?? 1, rules)
        : state.side === 'buy'
          ? after.price.times(after.remaining)
          : after.remaining
      if (need.gt(state.frozen)) {
        const coin = state.positional || state.side === 'buy' ? QUOTE_COIN : instrument.coin
        if (need.minus(state.frozen).gt(await lockedAvailable(tx, walletOf(state.positional), userId, coin)))
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
    return orderToWire(await ownOrder(userId, biz, { orderId: String(row.id) }))
  }

  /** The price a stop watching `by` watches on a book now: its last trade (the mark until it has traded), or the mark. */
  function lastPrice(biz: TradingMarket, instrument: Instrument): Money {
    const last = deps.tape?.last(biz, instrument.pairCode)
    return last === undefined ? markOf(instrument) : new Exact(last)
  }

  /**
   * Each book's mark and last price as one pass over the books sees them: every stop they reach is released on them,
   * so two stops reached by one move are both released even when the first one's fills move the last price back.
   */
  function watchedPrices(): WatchedPrices[] {
    return TRADING_MARKETS.flatMap((biz) =>
      INSTRUMENTS.flatMap((instrument) => {
        const mark = deps.market.mark(instrument.pairCode)
        if (mark === undefined) return []
        const last = deps.tape?.last(biz, instrument.pairCode) ?? mark
        return [{ biz, pairCode: instrument.pairCode, mark, last }]
      }),
    )
  }

  /**
   * The stop orders each book's prices have reached (`biz:pair` → order ids, oldest first): those watching the last
   * trade against the book's last price, the others against the mark. One query for every book.
   */
  async function dueStops(watched: readonly WatchedPrices[]): Promise<Map<string, number[]>> {
    const due = new Map<string, number[]>()
    if (watched.length === 0) return due
    const result = await db.execute(sql`
      select o.id, o.biz, o.pair_code from ${orders} o
      join unnest(${sql.param(watched.map((w) => w.biz))}::text[], ${sql.param(watched.map((w) => w.pairCode))}::text[],
        ${sql.param(watched.map((w) => w.mark))}::numeric[], ${sql.param(watched.map((w) => w.last))}::numeric[])
        as m(biz, pair_code, mark, last) on m.biz = o.biz and m.pair_code = o.pair_code
      cross join lateral (select case when o.trigger_by = 'last' then m.last else m.mark end as price) p
      where o.status = 'untriggered' and ((o.trigger_direction = 'rise' and o.trigger_price <= p.price)
        or (o.trigger_direction = 'fall' and o.trigger_price >= p.price))
      order by o.id`)
    for (const row of dueRows.parse(result).rows) {
      const key = `${row.biz}:${row.pair_code}`
      due.set(key, [...(due.get(key) ?? []), row.id])
    }
    return due
  }

  /** Isolated positions (own, a leader's, copied or kept) whose liquidation price the mark has reached, by pair. */
  async function dueIsolated(): Promise<Map<string, number[]>> {
    const marked = INSTRUMENTS.flatMap((instrument) => {
      const mark = deps.market.mark(instrument.pairCode)
      return mark === undefined ? [] : [{ pairCode: instrument.pairCode, mark }]
    })
    const due = new Map<string, number[]>()
    if (marked.length === 0) return due
    const result = await db.execute(sql`
      select p.id, p.pair_code from ${positions} p
      join unnest(${sql.param(marked.map((m) => m.pairCode))}::text[], ${sql.param(marked.map((m) => m.mark))}::numeric[])
        as m(pair_code, mark) on m.pair_code = p.pair_code
      where p.status = 'open' and p.biz = 'futures' and p.margin_mode = 'isolated' and p.liquidation_price is not null
        and ((p.side = 1 and m.mark <= p.liquidation_price) or (p.side = -1 and m.mark >= p.liquidation_price))
      order by p.id`)
    for (const row of positionRows.parse(result).rows)
      due.set(row.pair_code, [...(due.get(row.pair_code) ?? []), row.id])
    return due
  }

  /**
   * The simulated market's trades a book has not been sent yet, oldest first: after the last one sent (kept on the
   * book's version row, written with what they filled), at first the newest minute's.
   */
  function pendingFlow(pairCode: string, sentAt: number | null): MarketTrade[] {
    const recent = [...(deps.flow?.trades(pairCode, MARKET.recentTradesKept) ?? [])].reverse()
    const newest = recent.at(-1)
    if (!newest) return []
    const sent = sentAt ?? Math.floor(newest.time / MINUTE_MS) * MINUTE_MS - 1
    return recent.filter((trade) => trade.time > sent)
  }

  /**
   * The market flow's trades into a book: each an IOC order at the best price of the other side for the trade's size,
   * so it meets the user orders at the top (settled, they rest: the maker's fee) and else the maker's quotes, which
   * the maker then tops up (its ladder rests again whole). The flow is the house's (house.ts): against a user it trades
   * the house's account, against the maker's quotes it is the house trading with itself (a print, no money), and each
   * trade is no larger than the house's room on its side leaves after the trades before it. What was sent is written on
   * the book's row.
   */
  async function sendFlow(tx: Tx, book: OrderBook, op: Operation, instrument: Instrument) {
    const pairCode = instrument.pairCode
    const trades = pendingFlow(pairCode, await flowSentAt(tx, op.biz, pairCode))
    if (trades.length === 0) return
    const ladder = books.ladder(op.biz, pairCode)?.ladder
    const holdings = books.house()
    const rooms = {
      buy: holdings ? roomOf(holdings, op.biz, instrument, 'buy') : NO_ROOM,
      sell: holdings ? roomOf(holdings, op.biz, instrument, 'sell') : NO_ROOM,
    }
    for (const trade of trades) {
      const best = book.best()
      const price = trade.side === 'buy' ? best.ask : best.bid
      if (!price) continue
      const size = sizeWithin(rooms[trade.side], price, new Exact(trade.size), book.lotSize)
      if (size.lte(0)) continue
      const placed = book.place({
        id: `${FLOW_ID}:${op.biz}:${trade.id}`,
        ownerId: FLOW_ID,
        side: trade.side,
        type: 'limit',
        timeInForce: 'IOC',
        price,
        size,
      })
      if (!placed.ok) continue
      const withUsers: Fill[] = []
      for (const fill of placed.fills)
        if (fill.makerOwnerId === MAKER_ID) op.prints.push({ price: fill.price, size: fill.size, side: trade.side })
        else withUsers.push(fill)
      for (const fill of withUsers) rooms[trade.side] = spend(rooms[trade.side], fill.price, fill.size)
      if (withUsers.length > 0) await settleFills(tx, withUsers, HOUSE_SIDE, op)
    }
    const newest = trades.at(-1)
    if (newest) await markFlowSent(tx, op.biz, pairCode, newest.time)
    if (ladder) books.applyLadder(op.biz, pairCode, ladder)
  }

  /** Runs one item of a loop apart from the others: an incident when it fails (without incidents, the first failure is thrown once the loop is done). */
  function isolation() {
    const failures: unknown[] = []
    const isolate = async <T>(kind: string, subject: string, work: () => Promise<T>): Promise<T | undefined> => {
      if (deps.incidents) return deps.incidents.isolate(kind, subject, work)
      try {
        return await work()
      } catch (error) {
        failures.push(error)
        return undefined
      }
    }
    const done = () => {
      if (failures.length > 0) throw failures[0]
    }
    return { isolate, done }
  }

  /**
   * After the prices moved, book by book, each apart from the others (one that fails is recorded and retried next
   * time; the rest go on): positions the mark has brought to liquidation are liquidated (each its own operation: the
   * one path, liquidation.ts), then reached stop orders released (each its own operation, so a second stop of a
   * position sees what the first left), then crossed user orders swept and the market flow sent. Cross accounts at
   * their maintenance are found first and liquidated position by position on their books; what such an account has
   * left then goes to the insurance fund.
   */
  async function onPrices(): Promise<void> {
    const { isolate, done } = isolation()
    const at = now()
    // What the house holds as the database has it now (funding, liquidations and other processes move it too).
    books.tellHouse(await readHouse(db))
    const liquidated = new Set<number>()
    // The books first: the resting orders the new price crossed fill at their own prices (the maker's sweep). A
    // position they open or grow is then as due as any other below, in this same pass, not one pass later (a long
    // filled at 3,000 by a sweep to 2,871.50 at 21× was left open past its liquidation price until the next price).
    for (const biz of TRADING_MARKETS)
      for (const instrument of INSTRUMENTS)
        if (deps.market.mark(instrument.pairCode) !== undefined)
          await isolate('book', `${biz}:${instrument.pairCode}`, () => sweepAndFlow(biz, instrument))
    const crossDue = await dueCrossAccounts(db, rules, marks(), at, (userId, work) =>
      isolate('cross-account', `user:${userId}`, work),
    )
    const crossByPair = new Map<string, { positionId: number; account: DueCrossAccount }[]>()
    if (crossDue.length > 0) {
      const rows = await db
        .select({ id: positions.id, userId: positions.userId, pairCode: positions.pairCode })
        .from(positions)
        .where(crossPositionsOf(crossDue.map((a) => a.userId)))
      for (const row of rows) {
        const account = crossDue.find((a) => a.userId === row.userId)
        if (account)
          crossByPair.set(row.pairCode, [...(crossByPair.get(row.pairCode) ?? []), { positionId: row.id, account }])
      }
    }
    const isolatedDue = await dueIsolated()
    const watched = watchedPrices()
    const trailed = await trackTrailing(db, watched, isolate)
    tellOrders(trailed)
    const stops = await dueStops(watched)
    for (const biz of TRADING_MARKETS)
      for (const instrument of INSTRUMENTS) {
        const pairCode = instrument.pairCode
        if (deps.market.mark(pairCode) === undefined) continue
        await isolate('book', `${biz}:${pairCode}`, async () => {
          if (biz === 'futures') {
            const targets = [
              ...(isolatedDue.get(pairCode) ?? []).map((positionId) => ({ positionId, account: undefined })),
              ...(crossByPair.get(pairCode) ?? []),
            ]
            for (const { positionId, account } of targets) {
              const owner = await isolate('liquidation', `position:${positionId}`, () =>
                liquidatePosition(instrument, positionId, account),
              )
              if (owner !== undefined) liquidated.add(owner)
            }
          }
          const seen = watched.find((w) => w.biz === biz && w.pairCode === pairCode)
          if (seen)
            for (const id of stops.get(`${biz}:${pairCode}`) ?? [])
              await isolate('stop', `order:${id}`, () => releaseStop(biz, instrument, id, seen))
          await sweepAndFlow(biz, instrument)
        })
      }
    for (const account of crossDue)
      await isolate('cross-account', `user:${account.userId}`, () => closeCrossAccount(account, at))
    deps.events?.accounts([...liquidated, ...crossDue.map((a) => a.userId)])
    done()
  }

  /** One book's sweep of crossed user orders and its market flow (nothing to do when neither is due). */
  async function sweepAndFlow(biz: TradingMarket, instrument: Instrument) {
    const pairCode = instrument.pairCode
    const book = books.book(biz, pairCode)
    const ladder = books.ladder(biz, pairCode)?.ladder
    const best = book?.best()
    const asks = ladder?.quotes.filter((q) => q.side === 'sell').map((q) => q.price) ?? []
    const bids = ladder?.quotes.filter((q) => q.side === 'buy').map((q) => q.price) ?? []
    const crossed =
      (best?.bid && asks.length > 0 && best.bid.gte(Exact.min(...asks))) ||
      (best?.ask && bids.length > 0 && best.ask.lte(Exact.max(...bids)))
    const recent = deps.flow?.trades(pairCode, 1)[0]
    const flowDue = recent !== undefined && recent.time > (flowSeen.get(`${biz}:${pairCode}`) ?? -1)
    if (!crossed && !flowDue && books.version(biz, pairCode) !== undefined) return
    await inBook(biz, instrument, (tx, inner, op) => sendFlow(tx, inner, op, instrument))
    if (recent) flowSeen.set(`${biz}:${pairCode}`, recent.time)
  }

  /** The newest flow trade each book has been given (in this process: only a hint of whether to look). */
  const flowSeen = new Map<string, number>()

  /** A reached stop order released on its book: a reduce-only one sized to what its position has left. */
  async function releaseStop(biz: TradingMarket, instrument: Instrument, id: number, seen: WatchedPrices) {
    await inBook(biz, instrument, async (tx, book, op) => {
      const [found] = await lockOrders(tx, [id])
      if (!found || found.status !== 'untriggered' || !found.triggerPrice || !found.triggerDirection) return
      const price = new Exact(found.triggerBy === 'last' ? seen.last : seen.mark)
      if (!triggerReached(found.triggerDirection, new Exact(found.triggerPrice), price)) return
      const row = found.reduceOnly ? await reducible(tx, found) : found
      const state = stateOf(row ?? found)
      op.touched.push(state)
      if (!row) {
        op.settlement.close(state, 'cancelled', 'no-position')
        return
      }
      state.status = 'new'
      // A stop-limit that closes rests no worse than the position's bankruptcy price, as one placed now would.
      if (row.type === 'stop-limit' && row.price !== null && (row.biz === 'futures' || row.lead)) {
        const own = await ownPosition(tx, row.userId, row.biz, row.pairCode)
        const bankruptcy =
          own && closingSide(own.side) === row.side ? await bankruptcyOf(tx, rules, own, marks()) : null
        if (bankruptcy && pastLimit(row.side, new Exact(row.price), bankruptcy)) {
          op.settlement.close(state, 'cancelled', 'bankruptcy-price')
          return
        }
      }
      try {
        await execute(tx, book, row, state, op)
      } catch (error) {
        // A released stop that cannot trade (a post-only or FOK refusal, nothing to meet) ends cancelled.
        if (!(error instanceof ApiFailure)) throw error
        op.settlement.close(state, 'cancelled', 'no-liquidity')
      }
    })
  }

  /**
   * The one liquidation path (issue 27, C1 and M1): a futures position at its liquidation price (isolated: the mark
   * crossed it; cross: its account at its maintenance, `account`) is closed on its book by a liquidation order, IOC no
   * worse than its bankruptcy price (a cross position's, its share of the account's equity by maintenance). The
   * owner's own orders of the pair are cancelled first. Its fills pay the liquidation fee to the insurance fund, and
   * what an isolated margin has left goes there too. What the book cannot fill by the bankruptcy price is closed once
   * the fills are settled (settleBankruptRest): at the mark as far as the insurance fund pays the loss beyond the
   * margin, the rest auto-deleveraged against the opposite positions. A leader's liquidation is mirrored like any of
   * their closes. Answers the owner when it liquidated.
   */
  async function liquidatePosition(
    instrument: Instrument,
    positionId: number,
    account: DueCrossAccount | undefined,
  ): Promise<number | undefined> {
    const { result } = await inBook('futures', instrument, async (tx, book, op, at) => {
      const [position] = await loadPositions(tx, scratchBook(), eq(positions.id, positionId))
      if (!position || position.status !== 'open') return undefined
      const mark = markOf(instrument)
      let bankruptcy: Money | null
      if (position.marginMode === 'cross') {
        if (!account) return undefined
        const { account: cross } = await readCrossAccount(tx, rules, position.userId, marks())
        // Its orders cancelled or money deposited since: no longer due.
        if (cross.equity.gt(cross.maintenance)) return undefined
        const own = cross.maintenances.get(position.id) ?? ZERO
        const share = cross.maintenance.isZero() ? cross.equity : cross.equity.times(own).div(cross.maintenance)
        bankruptcy = mark.minus(share.div(position.size).times(position.side))
      } else {
        if (
          !position.liquidationPrice ||
          !triggerReached(position.side === 1 ? 'fall' : 'rise', position.liquidationPrice, mark)
        )
          return undefined
        bankruptcy = bankruptcyPrice(position)
      }
      if (position.copyId === null) await cancelOwnOrders(tx, book, op, position.userId, instrument.pairCode)
      const side = closingSide(position.side)
      const tick = new Exact(instrument.tickSize)
      const price = bankruptcy && bankruptcy.gt(0) ? limitOnTick(side, bankruptcy, tick) : tick
      const [row] = await tx
        .insert(orders)
        .values({
          userId: position.userId,
          clientOrderId: `liq-${position.id}-${at.getTime()}`,
          biz: 'futures',
          pairCode: instrument.pairCode,
          side,
          type: 'limit',
          timeInForce: 'IOC',
          price: price.toFixed(),
          size: position.size.toFixed(),
          status: 'new',
          purpose: 'liquidation',
          positionId: position.id,
          feeCoin: QUOTE_COIN,
          frozenCoin: QUOTE_COIN,
          reduceOnly: true,
          leverage: position.leverage,
          createdAt: at,
          updatedAt: at,
        })
        .returning()
      if (!row) throw new Error('liquidation order not inserted')
      const state = stateOf(row)
      op.touched.push(state)
      await execute(tx, book, row, state, op)
      op.after.push((after, when) => settleBankruptRest(after, book, op, position.id, mark, state, when))
      return position.userId
    })
    return result
  }

  /** A futures user's own open orders of a pair (not one the exchange placed for a position), locked. */
  function openOrdersOf(tx: Tx, userId: number, pairCode: string, where?: SQL) {
    return tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.biz, 'futures'),
          eq(orders.pairCode, pairCode),
          inArray(orders.status, [...OPEN_STATUSES]),
          isNull(orders.positionId),
          where,
        ),
      )
      .for('update')
  }

  /** Cancels a user's open orders of a pair (resting and waiting) before their position there is liquidated. */
  async function cancelOwnOrders(tx: Tx, book: OrderBook, op: Operation, userId: number, pairCode: string) {
    const open = await openOrdersOf(tx, userId, pairCode)
    for (const row of open) await cancelIn(tx, book, row.id, op, 'liquidation')
  }

  /**
   * What a liquidation order could not fill by the bankruptcy price (auto-deleverage.ts): closed at the mark as far as
   * the insurance fund pays, the rest auto-deleveraged against the opposite positions of the pair. Each match is a fill
   * of the liquidation order and of the counterparty's `adl` order; the owners of the positions it reduced have their
   * resting closing orders brought back within them, as after any fill.
   */
  async function settleBankruptRest(
    tx: Tx,
    book: OrderBook,
    op: Operation,
    positionId: number,
    mark: Money,
    liquidation: OrderState,
    at: Date,
  ) {
    const { settlement } = op
    if (!(settlement instanceof PositionSettlement)) throw new Error('a liquidation settles positions')
    if (!liquidation.limit) throw new Error(`liquidation order ${liquidation.id} has no limit`)
    const done = await closeBankruptRest({
      tx,
      rules,
      marks: marks(),
      at,
      positionId,
      mark,
      liquidationOrderId: liquidation.id,
      liquidationLimit: liquidation.limit,
    })
    for (const match of done.matches) {
      const state = stateOf(match.order)
      op.touched.push(state)
      settlement.recordMatch(liquidation, state, match.price, match.size)
    }
    settlement.tellFollowers(done.followers)
    settlement.written.push(...done.dropped)
    if (done.owners.length === 0) return
    await trimClosingOrders(tx, book, op, done.owners)
    // What the orders it cancelled held goes back to available.
    await settlement.finish(tx, at)
  }

  /**
   * A cross account liquidated position by position: once none is left, what its wallet still holds, up to the
   * maintenance it was liquidated at, goes to the insurance fund (as an isolated margin's rest does).
   */
  async function closeCrossAccount(account: DueCrossAccount, at: Date) {
    await db.transaction(async (tx) => {
      const { book, list } = await readCrossAccount(tx, rules, account.userId, marks())
      if (list.length > 0) return
      const wallet = leaderWallet(account.userId)
      const rest = Exact.min(Exact.max(0, book.balance(wallet)), account.maintenance)
      book.transfer(wallet, INSURANCE, rest, 'liquidation-surplus', `liq:cross:${account.userId}:${at.getTime()}`)
      await persistChange(tx, book.takeChange(), at, marks())
    })
  }

  async function placeForLeader(order: LeaderOrder): Promise<boolean> {
    const { action, biz } = order
    if (action.kind === 'liquidate') return false
    let side: 'buy' | 'sell'
    let size: Money
    let reduceOnly = false
    if (action.kind === 'open') {
      // A spot position is long: opening buys.
      side = biz === 'spot' || action.side === 1 ? 'buy' : 'sell'
      size = action.size
      if (biz === 'futures') await chooseLeverage(db, order.leaderId, order.pairCode, side, action.leverage, order.at)
    } else {
      const [position] = await db.select().from(positions).where(eq(positions.id, action.positionId))
      if (!position || position.status !== 'open') return false
      const held: 'buy' | 'sell' = position.side === 1 ? 'buy' : 'sell'
      const opposite: 'buy' | 'sell' = held === 'buy' ? 'sell' : 'buy'
      side = action.kind === 'add' ? held : opposite
      reduceOnly = action.kind !== 'add'
      size = action.kind === 'close' ? new Exact(position.size) : action.size
    }
    try {
      const placed = await place(order.leaderId, {
        clientOrderId: order.eventId,
        biz,
        pairCode: order.pairCode,
        side,
        type: 'market',
        size: size.toFixed(),
        // A spot lead trader's sell is reduce-only by itself.
        ...(reduceOnly && biz === 'futures' ? { reduceOnly: true } : {}),
      })
      return !placed.replayed && placed.fills.length > 0
    } catch (error) {
      // A bot that cannot afford it (or has nothing left to reduce) holds, as it does at the mark.
      if (error instanceof ApiFailure && error.status === 400) return false
      throw error
    }
  }

  return { place, cancel, cancelAll, amend, setPositionTpsl, changeMargin, setLeverage, placeForLeader, onPrices }
}

/** The wallet a market's orders hold their funds in. */
const walletOf = (positional: boolean) => (positional ? FUTURES_WALLET : SPOT_WALLET)

/**
 * What a spot lead trader may not place: their order is sized in the coin (no USDT budget), and a sell closes their
 * position, so it trades at once or not at all (market, IOC, FOK) as a reduce-only order does.
 */
function spotLeadRefusal(order: CheckedOrder): Refusal | undefined {
  if (order.quoteSize)
    return { reason: 'invalid-input', field: 'quoteSize', issue: "a lead trader's spot order is sized in the coin" }
  const immediate = order.type === 'market' || order.timeInForce === 'IOC' || order.timeInForce === 'FOK'
  if (order.side === 'sell' && (!immediate || order.type === 'stop-limit' || order.type === 'stop-market'))
    return { reason: 'invalid-input', field: 'type', issue: "a lead trader's spot sell is market, IOC or FOK" }
  return undefined
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
