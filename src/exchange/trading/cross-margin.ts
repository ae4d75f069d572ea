/**
 * Cross margin (issue 18, item 4): a user's own cross positions are backed by the futures wallet's available balance
 * and by each other. The account's equity is that balance plus every cross position's margin and unrealized PnL at the
 * mark; its maintenance is the sum of their maintenance margins (rate × mark × size). When the equity falls to the
 * maintenance, every cross position is liquidated at the mark: each position's margin pays its loss first, the wallet
 * what is beyond, and the insurance fund what the wallet cannot (counted on its account).
 *
 * A cross position's liquidation price is the mark, the others standing still, at which the account reaches its
 * maintenance: the isolated formula with the position's margin raised by the wallet and the others' margin left over
 * their maintenance. It moves with every price, so it is set here each engine minute and after each trade, never by
 * the isolated rule (positions.ts `refreshLevels` leaves it alone).
 */
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { Book, INSURANCE, MARKET, type PositionState } from '../copy/book.ts'
import { leaderWallet } from '../copy/copy-account.ts'
import { pnlPaid, priceAtMaintenance, unrealizedPnl } from '../copy/position-math.ts'
import { closePart, NO_TRIGGERS } from '../copy/positions.ts'
import type { Rules } from '../copy/rules.ts'
import { loadPositions, loadWallets, persistChange, type Tx } from '../copy/store.ts'
import type { Marks } from '../copy/unit-values.ts'
import { positions } from '../db/copy-schema.ts'
import { orders } from '../db/trading-schema.ts'
import { Exact, type Money } from '../money.ts'

export interface CrossAccount {
  equity: Money
  maintenance: Money
  /** Each position's liquidation price (by id), the other prices standing still. */
  levels: Map<number, Money | null>
}

/** The cross account of a wallet's available balance and its cross positions at the marks (a missing mark: entry). */
export function crossAccount(
  available: Money,
  list: readonly PositionState[],
  marks: Marks,
  maintenanceRate: Money,
): CrossAccount {
  const parts = list.map((position) => {
    const mark = markAt(marks, position)
    return {
      position,
      backing: position.margin.plus(unrealizedPnl(position, mark)),
      maintenance: maintenanceRate.times(mark).times(position.size),
    }
  })
  const sum = (values: readonly Money[]) => values.reduce((total, value) => total.plus(value), new Exact(0))
  const equity = available.plus(sum(parts.map((p) => p.backing)))
  const maintenance = sum(parts.map((p) => p.maintenance))
  // What the whole account holds over its maintenance, less one position's own part: what backs that position.
  const spare = equity.minus(maintenance)
  const levels = new Map<number, Money | null>()
  for (const { position, backing, maintenance: own } of parts) {
    const others = spare.minus(backing.minus(own))
    levels.set(
      position.id,
      // Whatever its leverage (a long at 1 is backed by an account that can lose more than it holds), and with what backs
      // it even when the others take more than its own margin (negative): the price is then nearer than alone.
      priceAtMaintenance({ ...position, margin: position.margin.plus(others) }, maintenanceRate),
    )
  }
  return { equity, maintenance, levels }
}

const markAt = (marks: Marks, position: PositionState): Money =>
  new Exact(marks.get(position.pairCode) ?? position.entryPrice)

const crossPositionsOf = (userIds: readonly number[]) =>
  and(
    inArray(positions.userId, [...userIds]),
    eq(positions.biz, 'futures'),
    eq(positions.status, 'open'),
    eq(positions.marginMode, 'cross'),
    isNull(positions.copyId),
  )

/**
 * Brings one user's cross account to the marks: liquidated when its equity is at or under its maintenance, else each
 * position's liquidation price set. True when it was liquidated.
 */
export async function settleCross(tx: Tx, rules: Rules, userId: number, marks: Marks, at: Date): Promise<boolean> {
  const book = new Book(() => {
    throw new Error('cross margin opens no position')
  })
  const wallet = leaderWallet(userId)
  await loadWallets(tx, book, [wallet])
  const list = await loadPositions(tx, book, crossPositionsOf([userId]))
  if (list.length === 0) return false
  const account = crossAccount(book.balance(wallet), list, marks, rules.maintenanceMarginRate)
  if (account.equity.gt(account.maintenance)) {
    for (const position of list) {
      const level = account.levels.get(position.id) ?? null
      const before = position.liquidationPrice
      if (level === null ? before === null : before !== null && level.eq(before)) continue
      position.liquidationPrice = level
      book.touchPosition(position)
    }
    await persistChange(tx, book.takeChange(), at, marks)
    return false
  }
  const ref = `cross-liquidation:${userId}:${at.getTime()}`
  const losses: { position: PositionState; beyond: Money }[] = []
  for (const position of list) {
    const mark = markAt(marks, position)
    // The part of the loss its own margin cannot pay: the account owes it.
    const beyond = Exact.max(0, pnlPaid(position, position.size, mark).neg().minus(position.margin))
    closePart(book, rules, position, position.size, mark, at, 'liquidation', ref, NO_TRIGGERS)
    losses.push({ position, beyond })
  }
  let left = book.balance(wallet)
  for (const { position, beyond } of losses) {
    if (beyond.isZero()) continue
    const paid = Exact.min(beyond, left)
    if (paid.gt(0)) book.transfer(wallet, MARKET, paid, 'liquidation', ref)
    if (beyond.gt(paid)) book.transfer(INSURANCE, MARKET, beyond.minus(paid), 'insurance', ref)
    left = left.minus(paid)
    position.realizedPnl = position.realizedPnl.minus(paid)
    book.touchPosition(position)
  }
  // Their take profits and stop losses end with them.
  await tx
    .update(orders)
    .set({ status: 'cancelled', cancelReason: 'no-position', updatedAt: at })
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.biz, 'futures'),
        inArray(orders.pairCode, [...new Set(list.map((p) => p.pairCode))]),
        isNotNull(orders.purpose),
        eq(orders.status, 'untriggered'),
      ),
    )
  await persistChange(tx, book.takeChange(), at, marks)
  return true
}

/** Every cross account at the marks (each engine minute): the users it liquidated. */
export async function applyCrossMargin(db: Database, rules: Rules, marks: Marks, at: Date): Promise<number[]> {
  const users = await db
    .selectDistinct({ userId: positions.userId })
    .from(positions)
    .where(and(eq(positions.status, 'open'), eq(positions.marginMode, 'cross'), isNull(positions.copyId)))
  const liquidated: number[] = []
  for (const { userId } of users)
    if (await db.transaction((tx) => settleCross(tx, rules, userId, marks, at))) liquidated.push(userId)
  return liquidated
}

/** Users among `userIds` holding an open cross position. */
export async function crossUsers(tx: Tx, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return []
  const rows = await tx
    .select({ userId: positions.userId })
    .from(positions)
    .where(crossPositionsOf(userIds))
    .groupBy(positions.userId)
    .orderBy(sql`1`)
  return rows.map((row) => row.userId)
}
