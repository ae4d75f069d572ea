/**
 * What a match of a position-settled order moves (issue 18, items 4 and 6): a futures order, or a spot lead trader's
 * order (their spot trading is their lead account's long position, which copies follow). Each fill changes the user's
 * one-way position of the pair on its market at the fill's price, through the copy engine's position rules
 * (positions.ts: isolated margin from the futures wallet, the engine's trading fee, PnL and margin released through the
 * ledger). A fill against a position of the other side reduces it first and opens the rest on its own side. The other
 * side of a fill is another user's order or the house (house.ts: the maker's quote, its sweep, the market flow), whose
 * own position of the pair takes the fill the same way: margin from its futures wallet at the house leverage (it holds
 * nothing for its quotes: a shortfall is margin the position does without, as any fill's), the maker fee on its quote's
 * fill, the taker fee on its sweep and the flow. The market account is the clearing account every position's PnL goes
 * through, never a trader.
 *
 * An order that may open holds margin and fee at its worst price frozen in the futures wallet; each fill releases what
 * it uses into available, where the position takes it from (the rest returns when the order ends).
 *
 * A lead trader's orders are copied: once per order and operation, what the leader's position opened is followed by the
 * copies' block order on the same book (copy-block.ts), and what it closed closes the same fraction of every copy at the
 * leader's average close price (mirror.ts); each is recorded as a leader event, an open with the copies' price.
 */
import { and, eq, inArray, like, ne } from 'drizzle-orm'
import { HOUSE } from '#/app.config.ts'
import type { CancelReason, MarginMode, TradingMarket } from '#/contract/index.ts'
import { Exact, exact, type Money } from '../money.ts'
import { Book, walletKey, type PositionState } from '../copy/book.ts'
import { leaderWallet } from '../copy/copy-account.ts'
import { feeFor, marginFor, q } from '../copy/position-math.ts'
import {
  addToPosition,
  closePart,
  EXCHANGE_WALLET,
  NO_TRIGGERS,
  openPosition,
  QUOTE,
  refreshLevels,
} from '../copy/positions.ts'
import { followingLiquidation, linkedPositions, mirrorClose } from '../copy/mirror.ts'
import type { Rules } from '../copy/rules.ts'
import type { Marks } from '../copy/unit-values.ts'
import {
  allocatePositionIds,
  linkedTo,
  liveCopiesOf,
  loadCopies,
  loadPositions,
  loadWallets,
  persistChange,
  type Tx,
} from '../copy/store.ts'
import { copies as copiesTable, leaderEvents, leaders, positions as positionsTable } from '../db/copy-schema.ts'
import type { Fill } from './order-book.ts'
import type { HouseMoves } from './house-room.ts'
import { ownPositions, writeWalletDeltas, type OrderRow } from './order-store.ts'
import { dropTpsl, replaceTpsl } from './tpsl.ts'
import { marginModesOf } from './leverage.service.ts'
import { refreshCrossIn } from './cross-margin.ts'
import {
  HOUSE_SIDE,
  Holds,
  type FillRecord,
  type LedgerTransfer,
  type OrderState,
  type Party,
  type Settlement,
} from './settlement.ts'
import { mirrorBlock, type BlockVenue } from './copy-block.ts'

export const FUTURES_WALLET = EXCHANGE_WALLET

/**
 * The part of its order a leader's opening fills of this operation are (audit M3): what it opened here over what the
 * whole order opens, its size less everything it closed (an order closes the position first, then opens the rest).
 * Undefined (all of it) for an order without a size (a market order by value fills in one operation) or one that
 * opened all it opens here.
 */
async function orderShare(tx: Tx, group: Group, eventBase: string): Promise<Money | undefined> {
  const { order } = group
  if (order.size === null || group.openedSize.plus(group.closed).eq(order.size)) return undefined
  // The order's earlier operations' events: `<leader>:order:<id>:<filled then>:open|close`.
  const prefix = eventBase.slice(0, eventBase.lastIndexOf(':') + 1)
  const earlier = await tx
    .select({ kind: leaderEvents.kind, size: leaderEvents.size })
    .from(leaderEvents)
    .where(and(like(leaderEvents.id, `${prefix}%`), inArray(leaderEvents.kind, ['reduce', 'close'])))
  const closed = earlier.reduce((sum, e) => sum.plus(e.size), group.closed)
  const opening = order.size.minus(closed)
  return opening.gt(group.openedSize) ? group.openedSize.div(opening) : undefined
}

/**
 * Added to what an order that may open holds: each fill's margin and fee are rounded up to 18 decimals on their own, so
 * many partial fills can need a few units of the last decimal more than the whole order's figure held.
 */
export const ROUNDING_RESERVE = new Exact('0.000000000001')

/** What an order that may open holds: margin and fee of `size` at `price` (its worst), and the rounding reserve. */
export function openingHold(price: Money, size: Money, leverage: number, rules: Rules): Money {
  return marginFor(price, size, leverage)
    .plus(feeFor(price, size, rules.takerFeeRate))
    .plus(ROUNDING_RESERVE)
}

/** One side of a pending fill: a user's order, or the house's side of the match (no order row). */
interface PendingSide {
  order: OrderState
  record: FillRecord
  house: boolean
}

interface Pending {
  fill: Fill
  sides: PendingSide[]
}

/** What one order did to its owner's position in this operation, for the mirror. */
interface Group {
  order: OrderState
  /** The position before the order's first fill here, and its size then. */
  closedFrom: PositionState | undefined
  sizeBefore: Money
  closed: Money
  closedQuote: Money
  opened: PositionState | undefined
  openedSize: Money
  openedQuote: Money
}

export interface PositionContext {
  /** Futures, or spot for a spot lead trader's orders (long only, leverage 1). */
  biz: TradingMarket
  pairCode: string
  rules: Rules
  marks: () => Marks
  /** The book the operation trades on, where a lead event's copies place their block order. */
  blocks: BlockVenue
  /** The house's user id (house.ts): the trader of every fill without an order. */
  house: number
}

export class PositionSettlement extends Holds implements Settlement {
  readonly walletType = FUTURES_WALLET
  readonly fills: FillRecord[] = []
  readonly transfers: LedgerTransfer[] = []
  readonly followers: number[] = []
  /** Orders it wrote itself (take profits and stop losses placed, replaced or gone with their position), told too. */
  readonly written: OrderRow[] = []
  private readonly pending: Pending[] = []
  private matches = 0
  private readonly context: PositionContext

  constructor(context: PositionContext) {
    super()
    this.context = context
  }

  protected frozenCoin(): string {
    return QUOTE
  }

  /**
   * `undefined` for a side settled by another settlement: a spot book's coins side of a spot lead trader's fill
   * (spot-book-settlement.ts).
   */
  fill(fill: Fill, taker: Party | undefined, maker: Party | undefined, match = this.matches++): void {
    if (taker === HOUSE_SIDE && maker === HOUSE_SIDE) throw new Error('a fill between two of the house’s sides')
    const sides: PendingSide[] = []
    for (const [party, role] of [
      [taker, 'taker'],
      [maker, 'maker'],
    ] as const) {
      if (party === undefined) continue
      const house = party === HOUSE_SIDE
      const order = house ? this.houseOrder(fill, role) : party
      // The fee is known once the position has taken the fill (finish).
      const record: FillRecord = {
        orderId: house ? null : order.id,
        userId: order.userId,
        side: order.side,
        role,
        price: fill.price,
        size: fill.size,
        quote: fill.quote,
        fee: new Exact(0),
        feeCoin: QUOTE,
        match,
      }
      this.fills.push(record)
      sides.push({ order, record, house })
      order.filled = order.filled.plus(fill.size)
      order.filledQuote = order.filledQuote.plus(fill.quote)
      order.status = order.size && order.filled.eq(order.size) ? 'filled' : 'partially-filled'
    }
    this.pending.push({ fill, sides })
  }

  /**
   * A match settled apart from the book (auto-deleveraging, whose money auto-deleverage.ts moves): each order's fill at
   * `price`, no fee, one trade id. An order already ended (a liquidation's IOC order) ends filled when this fills it.
   */
  recordMatch(taker: OrderState, maker: OrderState, price: Money, size: Money): void {
    const match = this.matches++
    for (const [order, role] of [
      [taker, 'taker'],
      [maker, 'maker'],
    ] as const) {
      const quote = price.times(size)
      this.fills.push({
        orderId: order.id,
        userId: order.userId,
        side: order.side,
        role,
        price,
        size,
        quote,
        fee: new Exact(0),
        feeCoin: QUOTE,
        match,
      })
      order.filled = order.filled.plus(size)
      order.filledQuote = order.filledQuote.plus(quote)
      if (order.size !== null && order.filled.eq(order.size)) {
        order.status = 'filled'
        order.cancelReason = null
      } else if (order.status !== 'cancelled') order.status = 'partially-filled'
    }
  }

  /** Users told of this operation's change besides its orders' owners (the followers an auto-deleveraging mirrored to). */
  tellFollowers(userIds: readonly number[]): void {
    this.followers.push(...userIds)
  }

  /**
   * The house's side of one fill, as an order that holds nothing and opens at the house leverage. It has no row (id 0
   * is never written: its fill has no order, its ledger refs name the order it met).
   */
  private houseOrder(fill: Fill, role: 'maker' | 'taker'): OrderState {
    const opposite = fill.makerSide === 'buy' ? 'sell' : 'buy'
    return {
      id: 0,
      userId: this.context.house,
      side: role === 'maker' ? fill.makerSide : opposite,
      base: '',
      limit: null,
      size: null,
      filled: new Exact(0),
      filledQuote: new Exact(0),
      fee: new Exact(0),
      frozen: new Exact(0),
      status: 'new',
      cancelReason: null,
      leverage: HOUSE.leverage,
      reduceOnly: false,
      positional: true,
      takeProfit: null,
      stopLoss: null,
      positionId: null,
      purpose: null,
    }
  }

  /** What the house holds after `finish` when its fills moved it: its futures wallet's available USDT and position. */
  house: HouseMoves | undefined

  close(order: OrderState, status: 'filled' | 'cancelled', reason: CancelReason | null): void {
    order.status = status
    order.cancelReason = status === 'cancelled' ? reason : null
    // A filled order's hold is given back once its fills have taken their share (finish).
    if (status === 'cancelled' || this.pending.every((p) => p.sides.every((side) => side.order !== order)))
      this.release(order)
    else this.closing.add(order)
  }

  private readonly closing = new Set<OrderState>()

  async finish(tx: Tx, at: Date): Promise<void> {
    const { biz, pairCode, rules } = this.context
    if (this.pending.length === 0) {
      await this.writeWallets(tx, at)
      return
    }
    const sides = this.pending.flatMap((p) => p.sides)
    const orders = [...new Set(sides.filter((side) => !side.house).map((side) => side.order))]
    const houseOrders = new Set(sides.filter((side) => side.house).map((side) => side.order))
    const houseTrades = houseOrders.size > 0
    const users = [...new Set([...orders.map((o) => o.userId), ...(houseTrades ? [this.context.house] : [])])]
    const leading = new Set(
      (
        await tx
          .select({ userId: leaders.userId })
          .from(leaders)
          .where(and(inArray(leaders.userId, users), eq(leaders.biz, biz), ne(leaders.status, 'cancelled')))
          .for('update')
      ).map((r) => r.userId),
    )
    let next: () => number = () => {
      throw new Error('position ids not reserved')
    }
    const book = new Book(() => next())
    await loadWallets(
      tx,
      book,
      users.map((u) => walletKey(u, FUTURES_WALLET, QUOTE)),
    )
    // What this operation froze or released is in available already, as far as the positions can tell.
    for (const delta of this.wallets.values()) {
      const key = walletKey(delta.userId, FUTURES_WALLET, QUOTE)
      book.accounts.set(key, (book.accounts.get(key) ?? new Exact(0)).plus(delta.available))
    }
    await loadPositions(tx, book, ownPositions(users, biz, pairCode))
    // Orders placed for one position (a liquidation) trade that position, which may be a copied one.
    const targetIds = [...new Set(orders.flatMap((o) => (o.positionId === null ? [] : [o.positionId])))]
    const targets = new Map<number, PositionState | undefined>()
    if (targetIds.length > 0) {
      for (const position of await loadPositions(tx, book, inArray(positionsTable.id, targetIds)))
        if (position.status === 'open') targets.set(position.id, position)
      const copyIds = [...new Set([...targets.values()].flatMap((p) => (p?.copyId ? [p.copyId] : [])))]
      if (copyIds.length > 0) await loadCopies(tx, book, inArray(copiesTable.id, copyIds))
    }
    // Spot positions are long and isolated (leverage 1: they hold their whole notional).
    const modes = biz === 'futures' ? await marginModesOf(tx, users, pairCode) : new Map<number, MarginMode>()
    const current = new Map<number, PositionState | undefined>()
    for (const position of book.positions.values())
      if (position.copyId === null && position.status === 'open') current.set(position.userId, position)
    const positionOf = (order: OrderState) =>
      order.positionId === null ? current.get(order.userId) : targets.get(order.positionId)
    const setPosition = (order: OrderState, position: PositionState | undefined) => {
      if (order.positionId === null) current.set(order.userId, position)
      else targets.set(order.positionId, position)
    }
    const copies = await Promise.all(
      [...leading].map(async (leaderId) => ({ leaderId, list: await loadCopies(tx, book, liveCopiesOf(leaderId)) })),
    )
    const leaderPositionIds = [...current.values()].flatMap((p) => (p && leading.has(p.userId) ? [p.id] : []))
    if (leaderPositionIds.length > 0) {
      const linked = await loadPositions(tx, book, linkedTo(leaderPositionIds))
      const missing = [...new Set(linked.map((p) => p.copyId))].filter(
        (id): id is number => id !== null && !book.copies.has(id),
      )
      if (missing.length > 0) await loadCopies(tx, book, inArray(copiesTable.id, missing))
    }
    next = await allocatePositionIds(
      tx,
      2 * this.pending.length + copies.reduce((n, c) => n + c.list.length, 0) * (sides.length + 1),
    )

    /** Positions that only grew in this operation: their size and notional at entry, before and through it. */
    const growth = new Map<PositionState, { size: Money; notional: Money }>()
    const groups = new Map<OrderState, Group>()
    const groupOf = (order: OrderState): Group => {
      let group = groups.get(order)
      if (!group) {
        const position = positionOf(order)
        group = {
          order,
          closedFrom: position,
          sizeBefore: position?.size ?? new Exact(0),
          closed: new Exact(0),
          closedQuote: new Exact(0),
          opened: undefined,
          openedSize: new Exact(0),
          openedQuote: new Exact(0),
        }
        groups.set(order, group)
      }
      return group
    }

    for (const { fill, sides: matched } of this.pending) {
      for (const { order, record, house } of matched) {
        // A liquidation's money is the engine's own work of a tick ('liq:' refs), not a user's trade. The house's side
        // names the order it traded with.
        const other = matched.find((side) => side.order !== order)?.order
        const ref = house
          ? `house:${other?.id ?? 0}:${record.match}`
          : `${order.purpose === 'liquidation' ? 'liq:' : ''}order:${order.id}:${record.match}`
        const direction = order.side === 'buy' ? 1 : -1
        // A futures order that rested pays the maker rate; a taker (and a spot lead trader's order) the taker rate.
        const feeRate = biz === 'futures' && record.role === 'maker' ? rules.makerFeeRate : rules.takerFeeRate
        const liquidation = order.purpose === 'liquidation'
        const group = groupOf(order)
        let position = positionOf(order)
        let fee = new Exact(0)
        let left = fill.size
        if (position && position.side !== direction) {
          growth.delete(position)
          const reduce = Exact.min(left, position.size)
          const feesBefore = position.fees
          const reason = liquidation ? 'liquidation' : 'manual'
          // A liquidation's fill pays the liquidation fee, whichever side of the book it took.
          const terms = liquidation ? { liquidation } : { feeRate }
          closePart(book, rules, position, reduce, fill.price, at, reason, ref, NO_TRIGGERS, terms)
          fee = fee.plus(position.fees.minus(feesBefore))
          group.closed = group.closed.plus(reduce)
          group.closedQuote = group.closedQuote.plus(fill.price.times(reduce))
          left = left.minus(reduce)
          if (position.status !== 'open') {
            setPosition(order, undefined)
            position = undefined
          }
        }
        if (left.gt(0)) {
          // The engine sizes these to their position in the operation that fills them: more is a defect, not a trade.
          if (order.reduceOnly || order.positionId !== null)
            throw new Error(`reduce-only order ${order.id} would open ${left.toFixed()}`)
          const leverage = biz === 'spot' ? 1 : (position?.leverage ?? order.leverage ?? 1)
          const wallet = leaderWallet(order.userId)
          // The hold pays first; a shortfall (rounding, a closing order that held nothing for the part it opens) comes
          // from available, and never more than is there: what cannot be paid is margin the position does without.
          const hold = Exact.min(
            order.frozen,
            marginFor(fill.price, left, leverage).plus(feeFor(fill.price, left, feeRate)),
          )
          this.move(order.userId, QUOTE, hold, hold.neg())
          order.frozen = order.frozen.minus(hold)
          book.accounts.set(wallet, (book.accounts.get(wallet) ?? new Exact(0)).plus(hold))
          const afford = Exact.max(0, book.balance(wallet))
          const openFee = Exact.min(feeFor(fill.price, left, feeRate), afford)
          const margin = Exact.min(marginFor(fill.price, left, leverage), afford.minus(openFee))
          const grown = (position && growth.get(position)) ?? {
            size: position?.size ?? new Exact(0),
            notional: position ? position.size.times(position.entryPrice) : new Exact(0),
          }
          if (position) {
            addToPosition(
              book,
              rules,
              position,
              { size: left, price: fill.price, margin, fee: openFee, ref },
              NO_TRIGGERS,
            )
          } else {
            position = openPosition(book, rules, {
              userId: order.userId,
              copyId: null,
              sourcePositionId: null,
              biz,
              pairCode,
              side: direction,
              leverage,
              size: left,
              margin,
              // A lead trader's positions are isolated, whatever was chosen before leading.
              marginMode: leading.has(order.userId) ? 'isolated' : (modes.get(order.userId) ?? 'isolated'),
              price: fill.price,
              fee: openFee,
              at,
              triggers: NO_TRIGGERS,
              ref,
            })
            setPosition(order, position)
          }
          // The entry over this operation is the average of what it held and every fill added, rounded once.
          grown.size = grown.size.plus(left)
          grown.notional = grown.notional.plus(fill.price.times(left))
          growth.set(position, grown)
          fee = fee.plus(openFee)
          group.opened = position
          group.openedSize = group.openedSize.plus(left)
          group.openedQuote = group.openedQuote.plus(fill.price.times(left))
        }
        record.fee = fee
        order.fee = order.fee.plus(fee)
      }
    }
    for (const [position, grown] of growth) {
      if (!position.size.eq(grown.size)) continue
      position.entryPrice = q(grown.notional.div(grown.size))
      refreshLevels(position, rules, NO_TRIGGERS)
      book.touchPosition(position)
    }
    // What the filled orders held beyond their fills is available again: the book's wallets say so too (cross margin).
    for (const order of this.closing) {
      const held = order.frozen
      this.release(order)
      const wallet = leaderWallet(order.userId)
      book.accounts.set(wallet, book.balance(wallet).plus(held.minus(order.frozen)))
    }
    // An order that opened or added sets the take profit and stop loss it carries on the whole position.
    for (const group of groups.values()) {
      const { order, opened } = group
      if (!opened || (order.takeProfit === null && order.stopLoss === null)) continue
      const change = await replaceTpsl(tx, {
        userId: order.userId,
        pairCode,
        side: opened.side,
        takeProfit: order.takeProfit ?? undefined,
        stopLoss: order.stopLoss ?? undefined,
        size: null,
        triggerBy: 'mark',
        at,
      })
      this.written.push(...change.ended, ...change.created)
    }
    // A user's own position closed here takes its take profit and stop loss with it.
    const userGroups = [...groups.values()].filter((g) => !houseOrders.has(g.order))
    const flat = userGroups.filter(
      (g) =>
        g.order.positionId === null && g.closedFrom && g.closedFrom.status !== 'open' && !current.get(g.order.userId),
    )
    const dropped = await dropTpsl(tx, {
      userIds: flat.map((g) => g.order.userId),
      biz,
      pairCode,
      except: orders.map((o) => o.id),
      at,
    })
    this.written.push(...dropped)
    for (const group of userGroups) if (group.order.positionId === null) this.changed.add(group.order.userId)
    await this.mirror(tx, book, userGroups, leading, copies, at)
    if (houseTrades) {
      const position = current.get(this.context.house)
      this.house = {
        margin: book.balance(leaderWallet(this.context.house)),
        position: { pairCode, size: position ? position.size.times(position.side) : new Exact(0) },
      }
    }
    // A cross account's liquidation prices move with every trade of it: written with the trade.
    if (biz === 'futures') await refreshCrossIn(tx, book, rules, users, this.context.marks())
    await this.writeWallets(tx, at)
    await persistChange(tx, book.takeChange(), at, this.context.marks())
    // Settled: a later call (after the engine cancelled orders) only writes what their holds give back.
    this.pending.length = 0
    this.closing.clear()
  }

  /**
   * Users whose own position of the pair changed here: their resting closing orders are brought back within it (size,
   * bankruptcy price) by the engine.
   */
  readonly changed = new Set<number>()

  /** A leader's orders, once each: what its position closed and opened here, to every copy, and the leader event. */
  private async mirror(
    tx: Tx,
    book: Book,
    groups: readonly Group[],
    leading: ReadonlySet<number>,
    copies: readonly { leaderId: number; list: Awaited<ReturnType<typeof loadCopies>> }[],
    at: Date,
  ) {
    const { biz, pairCode, rules, blocks } = this.context
    for (const group of groups) {
      const leaderId = group.order.userId
      if (!leading.has(leaderId)) continue
      const live = copies.find((c) => c.leaderId === leaderId)?.list ?? []
      const allowed = await tx
        .select({ instruments: leaders.instruments })
        .from(leaders)
        .where(eq(leaders.userId, leaderId))
      const target = { copies: live, allowedInstruments: allowed[0]?.instruments ?? [] }
      this.followers.push(...live.map((copy) => copy.followerId))
      const liquidation = group.order.purpose === 'liquidation' ? 'liq:' : ''
      const eventBase = `${liquidation}${leaderId}:order:${group.order.id}:${group.order.filled.toFixed()}`
      if (group.closedFrom && group.closed.gt(0)) {
        const price = q(group.closedQuote.div(group.closed))
        const eventId = `${eventBase}:close`
        const mark = this.context.marks().get(pairCode)
        const linked =
          group.order.purpose === 'liquidation'
            ? followingLiquidation(book, group.closedFrom.id, mark === undefined ? undefined : new Exact(mark))
            : linkedPositions(book, group.closedFrom.id)
        const copied = mirrorClose(
          book,
          rules,
          { pairCode, price, at, eventId },
          linked,
          group.sizeBefore,
          group.closedFrom.size,
        )
        await tx.insert(leaderEvents).values({
          id: eventId,
          leaderId,
          positionId: group.closedFrom.id,
          kind: group.closedFrom.status === 'open' ? 'reduce' : 'close',
          pairCode,
          price: price.toFixed(),
          size: group.closed.toFixed(),
          copied,
          skipped: 0,
          createdAt: at,
        })
      }
      if (group.opened && group.openedSize.gt(0)) {
        const price = q(group.openedQuote.div(group.openedSize))
        const eventId = `${eventBase}:open`
        const adding = group.opened === group.closedFrom && group.sizeBefore.gt(0) && group.closed.isZero()
        const order = {
          eventId,
          leaderId,
          biz,
          pairCode,
          price: exact(price),
          at,
          action: {
            kind: 'open' as const,
            side: group.opened.side,
            size: group.openedSize,
            leverage: group.opened.leverage,
          },
        }
        const share = await orderShare(tx, group, eventBase)
        const block = await mirrorBlock(tx, book, rules, blocks, order, group.opened, group.openedSize, target, share)
        await tx.insert(leaderEvents).values({
          id: eventId,
          leaderId,
          positionId: group.opened.id,
          kind: adding ? 'add' : 'open',
          pairCode,
          price: price.toFixed(),
          size: group.openedSize.toFixed(),
          copyPrice: block.price?.toFixed() ?? null,
          copied: block.copied,
          skipped: block.skipped,
          createdAt: at,
        })
      }
    }
  }

  private async writeWallets(tx: Tx, at: Date) {
    await writeWalletDeltas(tx, FUTURES_WALLET, this.walletDeltas(), at)
    this.wallets.clear()
  }
}
