/**
 * Cross margin (issue 18, item 4): a user's own cross positions are backed by the futures wallet's available balance
 * and by each other. The account's equity is that balance plus every cross position's margin and unrealized PnL at the
 * mark; its maintenance is the sum of their maintenance margins (each its bracket's, of mark × size). A cross position's loss beyond its
 * own margin is paid by the wallet (positions.ts `closePart`), whether it is closed by an order or liquidated.
 *
 * When the equity falls to the maintenance, the account is due for liquidation (`dueCrossAccounts`): the order engine
 * cancels its open orders and closes every cross position on the book through the one liquidation path
 * (liquidation.ts), each no worse than its bankruptcy price, its share of the account's equity by maintenance; what the
 * account has left then, up to its maintenance, goes to the insurance fund, as an isolated position's margin does.
 *
 * A cross position's liquidation price is the mark, the others standing still, at which the account reaches its
 * maintenance: the isolated formula with the position's margin raised by the wallet and the others' margin left over
 * their maintenance; its bankruptcy price, where the account's equity would be gone. Both move with every price, so they
 * are set here each engine minute and after each trade, never by the isolated rule (positions.ts `refreshLevels`).
 */
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { Book, type PositionState } from '../copy/book.ts'
import { leaderWallet } from '../copy/copy-account.ts'
import { maintenanceMargin, type Bracket } from '#/contract/brackets.ts'
import { bankruptcyPrice, priceAtMaintenance, unrealizedPnl } from '../copy/position-math.ts'
import type { Rules } from '../copy/rules.ts'
import { loadPositions, loadWallets, persistChange, type Tx } from '../copy/store.ts'
import type { Marks } from '../copy/unit-values.ts'
import { positions } from '../db/copy-schema.ts'
import { balances } from '../db/schema.ts'
import { Exact, type Money } from '../money.ts'
import { EXCHANGE_WALLET as FUTURES_WALLET_TYPE, QUOTE } from '../copy/positions.ts'

const ZERO = new Exact(0)

export interface CrossAccount {
  equity: Money
  maintenance: Money
  /** Each position's liquidation price (by id), the other prices standing still. */
  levels: Map<number, Money | null>
  /**
   * Each position's bankruptcy price (by id): where closing it alone, the others standing still, would leave the
   * account nothing. No close of it fills past this.
   */
  bankruptcy: Map<number, Money | null>
  /** Each position's maintenance margin at the mark (by id): its share of the account in a liquidation. */
  maintenances: Map<number, Money>
}

/** What of a position its cross account reads. */
export type CrossPart = Pick<PositionState, 'id' | 'pairCode' | 'side' | 'size' | 'entryPrice' | 'margin'>

/** The cross account of a wallet's available balance and its cross positions at the marks (a missing mark: entry). */
export function crossAccount(
  available: Money,
  list: readonly CrossPart[],
  marks: Marks,
  bracketsOf: (pairCode: string) => readonly Bracket[],
): CrossAccount {
  const parts = list.map((position) => {
    const mark = markAt(marks, position)
    const brackets = bracketsOf(position.pairCode)
    return {
      position,
      brackets,
      backing: position.margin.plus(unrealizedPnl(position, mark)),
      maintenance: maintenanceMargin(brackets, mark.times(position.size)),
    }
  })
  const sum = (values: readonly Money[]) => values.reduce((total, value) => total.plus(value), ZERO)
  const equity = available.plus(sum(parts.map((p) => p.backing)))
  const maintenance = sum(parts.map((p) => p.maintenance))
  // What the whole account holds over its maintenance, less one position's own part: what backs that position.
  const spare = equity.minus(maintenance)
  const levels = new Map<number, Money | null>()
  const bankruptcy = new Map<number, Money | null>()
  const maintenances = new Map<number, Money>()
  for (const { position, brackets, backing, maintenance: own } of parts) {
    const others = spare.minus(backing.minus(own))
    levels.set(
      position.id,
      // Whatever its leverage (a long at 1 is backed by an account that can lose more than it holds), and with what backs
      // it even when the others take more than its own margin (negative): the price is then nearer than alone.
      priceAtMaintenance({ ...position, margin: position.margin.plus(others) }, brackets),
    )
    // Everything the account holds besides this position's own backing stands behind it down to nothing.
    bankruptcy.set(position.id, bankruptcyPrice({ ...position, margin: position.margin.plus(equity.minus(backing)) }))
    maintenances.set(position.id, own)
  }
  return { equity, maintenance, levels, bankruptcy, maintenances }
}

/** Each pair's brackets under `rules`. */
export const bracketsIn =
  (rules: Rules) =>
  (pairCode: string): readonly Bracket[] =>
    rules.instrument(pairCode).brackets

const markAt = (marks: Marks, position: Pick<PositionState, 'pairCode' | 'entryPrice'>): Money =>
  new Exact(marks.get(position.pairCode) ?? position.entryPrice)

export const crossPositionsOf = (userIds: readonly number[]) =>
  and(
    inArray(positions.userId, [...userIds]),
    eq(positions.biz, 'futures'),
    eq(positions.status, 'open'),
    eq(positions.marginMode, 'cross'),
    isNull(positions.copyId),
  )

/** One user's cross account now: its wallet's available balance and its cross positions, locked. */
export async function readCrossAccount(
  tx: Tx,
  rules: Rules,
  userId: number,
  marks: Marks,
): Promise<{ book: Book; list: PositionState[]; account: CrossAccount }> {
  const book = new Book(() => {
    throw new Error('cross margin opens no position')
  })
  const wallet = leaderWallet(userId)
  await loadWallets(tx, book, [wallet])
  const list = await loadPositions(tx, book, crossPositionsOf([userId]))
  return { book, list, account: crossAccount(book.balance(wallet), list, marks, bracketsIn(rules)) }
}

/**
 * The cross accounts of `userIds` now, read without locking (a served figure, not a change): two queries whatever the
 * number of users, their wallets' available balances and all their cross positions.
 */
export async function readCrossAccounts(
  db: Pick<Database, 'select'>,
  rules: Rules,
  userIds: readonly number[],
  marks: Marks,
): Promise<Map<number, CrossAccount>> {
  const accounts = new Map<number, CrossAccount>()
  if (userIds.length === 0) return accounts
  const [wallets, rows] = await Promise.all([
    db
      .select({ userId: balances.userId, available: balances.available })
      .from(balances)
      .where(
        and(
          inArray(balances.userId, [...userIds]),
          eq(balances.walletType, FUTURES_WALLET_TYPE),
          eq(balances.coin, QUOTE),
        ),
      ),
    db.select().from(positions).where(crossPositionsOf(userIds)),
  ])
  for (const userId of userIds) {
    const available = new Exact(wallets.find((w) => w.userId === userId)?.available ?? 0)
    const list = rows.filter((row) => row.userId === userId).map(crossPartOf)
    accounts.set(userId, crossAccount(available, list, marks, bracketsIn(rules)))
  }
  return accounts
}

/** A stored position as its cross account reads it. */
export const crossPartOf = (row: typeof positions.$inferSelect): CrossPart => ({
  id: row.id,
  pairCode: row.pairCode,
  side: row.side < 0 ? -1 : 1,
  size: new Exact(row.size),
  entryPrice: new Exact(row.entryPrice),
  margin: new Exact(row.margin),
})

/**
 * What may leave the futures wallet now (Binance's max withdraw amount): its available balance, less what the cross
 * positions' initial margin at the marks needs beyond the margin they hold, and less their unrealized loss, never less
 * than zero. Isolated positions and open orders hold their own and take nothing from it.
 */
export function maxWithdrawable(available: Money, list: readonly PositionState[], marks: Marks): Money {
  let free = available
  let unrealized: Money = ZERO
  for (const position of list) {
    const mark = markAt(marks, position)
    const initial = mark.times(position.size).div(position.leverage)
    free = free.plus(position.margin).minus(initial)
    unrealized = unrealized.plus(unrealizedPnl(position, mark))
  }
  free = free.plus(Exact.min(0, unrealized))
  return Exact.max(0, Exact.min(available, free))
}

/** Sets an account's cross positions' liquidation prices (those that moved are touched, to be written). */
export function applyCrossLevels(book: Book, list: readonly PositionState[], account: CrossAccount): void {
  for (const position of list) {
    const level = account.levels.get(position.id) ?? null
    const before = position.liquidationPrice
    if (level === null ? before === null : before !== null && level.eq(before)) continue
    position.liquidationPrice = level
    book.touchPosition(position)
  }
}

/**
 * Brings the cross positions' liquidation prices of `userIds` to the marks in a book an operation changed: what it
 * holds of them (their wallets, their positions of its pair) as they stand in it, their other cross positions read in.
 */
export async function refreshCrossIn(
  tx: Tx,
  book: Book,
  rules: Rules,
  userIds: readonly number[],
  marks: Marks,
): Promise<void> {
  if (userIds.length === 0) return
  await loadPositions(tx, book, and(crossPositionsOf(userIds), notInArray(positions.id, [...book.positions.keys()])))
  for (const userId of userIds) {
    const list = [...book.positions.values()].filter(
      (p) =>
        p.userId === userId &&
        p.copyId === null &&
        p.status === 'open' &&
        p.marginMode === 'cross' &&
        p.biz === 'futures',
    )
    if (list.length === 0) continue
    const account = crossAccount(book.balance(leaderWallet(userId)), list, marks, bracketsIn(rules))
    applyCrossLevels(book, list, account)
  }
}

/** Brings one user's cross positions' liquidation prices to the marks. True when the account is due for liquidation. */
export async function refreshCross(tx: Tx, rules: Rules, userId: number, marks: Marks, at: Date): Promise<boolean> {
  const { book, list, account } = await readCrossAccount(tx, rules, userId, marks)
  if (list.length === 0) return false
  applyCrossLevels(book, list, account)
  await persistChange(tx, book.takeChange(), at, marks)
  return account.equity.lte(account.maintenance)
}

/** A cross account at or under its maintenance: its owner and the maintenance it reached it at. */
export interface DueCrossAccount {
  userId: number
  maintenance: Money
}

/**
 * Every cross account at the marks (each engine minute): liquidation prices brought to them, and the accounts due for
 * liquidation. Each account in its own transaction, isolated (`each`): one that fails is the caller's to record.
 */
export async function dueCrossAccounts(
  db: Database,
  rules: Rules,
  marks: Marks,
  at: Date,
  each: (userId: number, work: () => Promise<DueCrossAccount | undefined>) => Promise<DueCrossAccount | undefined>,
): Promise<DueCrossAccount[]> {
  const users = await db
    .selectDistinct({ userId: positions.userId })
    .from(positions)
    .where(and(eq(positions.status, 'open'), eq(positions.marginMode, 'cross'), isNull(positions.copyId)))
  const due: DueCrossAccount[] = []
  for (const { userId } of users) {
    const found = await each(userId, () =>
      db.transaction(async (tx) => {
        if (!(await refreshCross(tx, rules, userId, marks, at))) return undefined
        const { account } = await readCrossAccount(tx, rules, userId, marks)
        return { userId, maintenance: account.maintenance }
      }),
    )
    if (found) due.push(found)
  }
  return due
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
