/**
 * Test helpers for the copy engine's Book: accounts funded from the outside world, copies with
 * settings, and the ledger's invariants (balances are sums of transfers; the sum of all is zero;
 * no account that may not go negative does).
 */
import { Exact, Money } from '../../money.ts'
import { Book, externalKey, parseKey, type CopySettings, type CopyState } from '../book.ts'
import { leaderWallet } from '../copy-account.ts'

export function newBook(): Book {
  let id = 0
  return new Book(() => (id += 1))
}

export function fund(book: Book, userId: number, amount: string | number): void {
  book.transfer(externalKey('USDT'), leaderWallet(userId), new Money(amount), 'deposit')
}

export const DEFAULT_SETTINGS: CopySettings = {
  mode: 'fixed',
  fixedAmount: new Money(100),
  ratio: null,
  maxPerOrder: null,
  leverageMode: 'follow',
  fixedLeverage: null,
  takeProfitRatio: null,
  stopLossRatio: null,
  copyStopLossRatio: null,
}

export function addCopy(book: Book, id: number, followerId: number, leaderId: number, settings: Partial<CopySettings> = {}): CopyState {
  const copy: CopyState = {
    ...DEFAULT_SETTINGS,
    ...settings,
    id,
    followerId,
    leaderId,
    status: 'active',
    investment: new Exact(0),
    balance: new Exact(0),
    highWaterMark: new Exact(0),
    profitSharePaid: new Exact(0),
    createdAt: new Date(0),
    endedAt: null,
    endReason: null,
  }
  book.copies.set(id, copy)
  return copy
}


/** Every balance the book holds, by account key. */
export function allBalances(book: Book): Map<string, Money> {
  const balances = new Map(book.accounts)
  for (const copy of book.copies.values()) balances.set(`copy:${copy.id}`, copy.balance)
  for (const position of book.positions.values()) balances.set(`margin:${position.id}`, position.margin)
  return balances
}

/** Throws with the first broken invariant of the ledger. */
export function assertLedger(book: Book, journal: readonly { debit: string; credit: string; amount: Money }[]): void {
  const balances = allBalances(book)
  let total = new Exact(0)
  for (const [key, balance] of balances) {
    total = total.plus(balance)
    const ref = parseKey(key)
    if (balance.isNegative() && !(ref.kind === 'ledger' && ref.mayGoNegative)) throw new Error(`${key} is negative: ${balance.toString()}`)
  }
  if (!total.isZero()) throw new Error(`the ledger sums to ${total.toString()}, not zero`)
  const sums = new Map<string, Money>()
  for (const t of journal) {
    sums.set(t.debit, (sums.get(t.debit) ?? new Exact(0)).minus(t.amount))
    sums.set(t.credit, (sums.get(t.credit) ?? new Exact(0)).plus(t.amount))
  }
  for (const [key, sum] of sums) {
    const balance = balances.get(key) ?? new Exact(0)
    if (!balance.eq(sum)) throw new Error(`${key} holds ${balance.toString()} but its transfers sum to ${sum.toString()}`)
  }
}
