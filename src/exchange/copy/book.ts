/**
 * The copy engine's working state: copies, positions and ledger accounts in memory. The engine's
 * rules run on a Book (pure, fast, property-tested); the store loads the slice an operation needs
 * into a Book and writes back what changed, in one transaction.
 *
 * Ledger: every movement is a transfer from one account (debit) to another (credit). Balances are
 * projections kept beside their owners: a wallet in `balances`, a copy account in `copies.balance`,
 * a position's margin in `positions.margin`; fees, the market and the outside world in
 * `ledger_accounts`. The sum of all balances is zero because every transfer moves, never creates.
 */
import { Exact, exact, type Money } from '../money.ts'
import type { Biz } from '../db/copy-schema.ts'
import type { CloseReason, SkipReason } from '#/contract/copy-common.schemas.ts'
import type { MarginMode } from '#/contract/trading.schemas.ts'

export type { CloseReason, SkipReason }

export type Side = 1 | -1
export type CopyStatus = 'active' | 'paused' | 'cancelled'

export interface CopySettings {
  mode: 'fixed' | 'ratio'
  fixedAmount: Money | null
  ratio: Money | null
  maxPerOrder: Money | null
  leverageMode: 'follow' | 'fixed'
  fixedLeverage: number | null
  takeProfitRatio: Money | null
  stopLossRatio: Money | null
  copyStopLossRatio: Money | null
}

export interface CopyState extends CopySettings {
  id: number
  followerId: number
  leaderId: number
  status: CopyStatus
  investment: Money
  balance: Money
  /** The profit-share rate the copy's settlements charge: agreed when it began, lowered with the leader's. */
  profitShareRate: Money
  highWaterMark: Money
  profitSharePaid: Money
  createdAt: Date
  endedAt: Date | null
  endReason: string | null
}

export interface PositionState {
  id: number
  userId: number
  copyId: number | null
  sourcePositionId: number | null
  biz: Biz
  pairCode: string
  side: Side
  leverage: number
  size: Money
  entryPrice: Money
  margin: Money
  takeProfitPrice: Money | null
  stopLossPrice: Money | null
  liquidationPrice: Money | null
  status: 'open' | 'closed'
  unmanaged: boolean
  marginMode: MarginMode
  closedSize: Money
  exitPrice: Money | null
  realizedPnl: Money
  fees: Money
  funding: Money
  openedAt: Date
  closedAt: Date | null
  closeReason: CloseReason | null
}

export interface Transfer {
  debit: string
  credit: string
  amount: Money
  kind: string
  ref: string | null
}

export interface Skip {
  copyId: number
  eventId: string
  pairCode: string
  reason: SkipReason
}

/** The accounts that are neither wallets, copies nor positions, and may go negative. */
export const FEES = 'fees'
/**
 * The clearing account positions' PnL (and funding) goes through: a position's gain is paid from it, a loss into it, so
 * between two traders' positions (a user's and the house's, trading/house.ts) it nets out. Never a trader itself; the
 * copy engine's replays of history at the mark (the back-fill, the what-if) still close against it.
 */
export const MARKET = 'market'
/** Where money from outside (deposits, demo funds) comes from, one account per coin. */
export const externalKey = (coin: string) => `external:${coin}`
/**
 * The spot market's clearing account of one coin: a spot lead trader's position holds no coins, so what the other side
 * of its fills (a user, the house) sold it or bought from it is here. Before the house traded, what users bought from or
 * sold to the simulated market maker was here too.
 */
export const spotMarketKey = (coin: string) => `${MARKET}:${coin}`
/** Spot fees, in the coin they were charged in. */
export const spotFeesKey = (coin: string) => `${FEES}:${coin}`
/**
 * The insurance fund: pays the market what a cross account liquidated under water still owed (its balance, negative,
 * counts the shortfalls it covered).
 */
export const INSURANCE = 'insurance'
const mayGoNegative = (key: string) =>
  key === MARKET || key === INSURANCE || key.startsWith(`${MARKET}:`) || key.startsWith('external:')

export const walletKey = (userId: number, walletType: number, coin: string) => `wallet:${userId}:${walletType}:${coin}`
export const copyKey = (copyId: number) => `copy:${copyId}`
export const marginKey = (positionId: number) => `margin:${positionId}`

export type AccountRef =
  | { kind: 'wallet'; userId: number; walletType: number; coin: string }
  | { kind: 'copy'; id: number }
  | { kind: 'margin'; id: number }
  | { kind: 'ledger'; key: string; mayGoNegative: boolean }

const parsed = new Map<string, AccountRef>()
const PARSED_KEYS_KEPT = 100_000

/** The account a key names (memoized: the engine parses the same keys many times per operation). */
export function parseKey(key: string): AccountRef {
  const known = parsed.get(key)
  if (known) return known
  const ref = parseKeyUncached(key)
  if (parsed.size >= PARSED_KEYS_KEPT) parsed.clear()
  parsed.set(key, ref)
  return ref
}

function parseKeyUncached(key: string): AccountRef {
  const parts = key.split(':')
  const [kind, a, b, c] = parts
  if (kind === 'wallet' && parts.length === 4 && c) return { kind, userId: Number(a), walletType: Number(b), coin: c }
  if ((kind === 'copy' || kind === 'margin') && parts.length === 2) return { kind, id: Number(a) }
  return { kind: 'ledger', key, mayGoNegative: mayGoNegative(key) }
}

/** What an operation changed: the store writes exactly this. */
export interface Change {
  transfers: Transfer[]
  /** Positions created or modified (by id). */
  positions: Map<number, PositionState>
  newPositionIds: Set<number>
  /** Copies modified (by id). */
  copies: Map<number, CopyState>
  /** Of those, the ones whose only change is their balance (written with a narrower update). */
  balanceOnly: Set<number>
  skipped: Skip[]
  /**
   * Positions handed over from their copy to the follower in this change (a copy ended keeping them): money out of
   * the copy at their worth at the marks (unit-values.ts `recordFlows`), as if closed and paid out.
   */
  handedOver: Set<number>
}

export function emptyChange(): Change {
  return {
    transfers: [],
    positions: new Map(),
    newPositionIds: new Set(),
    copies: new Map(),
    balanceOnly: new Set(),
    skipped: [],
    handedOver: new Set(),
  }
}

export class InsufficientFunds extends Error {
  readonly account: string
  constructor(account: string) {
    super(`insufficient funds in ${account}`)
    this.account = account
  }
}

/** The in-memory state an operation works on, and the change it records. */
export class Book {
  readonly copies = new Map<number, CopyState>()
  readonly positions = new Map<number, PositionState>()
  /** Position ids by the leader position they mirror, and by copy: lookups stay O(1) in large books. */
  private readonly bySource = new Map<number, Set<number>>()
  private readonly byCopy = new Map<number, Set<number>>()
  /** Wallet and ledger-account balances (copies and positions carry their own). */
  readonly accounts = new Map<string, Money>()
  /** Leader events already applied: a replay is recognised and changes nothing. */
  readonly seenEvents = new Set<string>()
  change: Change = emptyChange()
  private readonly allocate: () => number

  constructor(allocate: () => number) {
    this.allocate = allocate
  }

  nextPositionId(): number {
    return this.allocate()
  }

  balance(key: string): Money {
    return this.balanceOf(key, parseKey(key))
  }

  private balanceOf(key: string, ref: AccountRef): Money {
    if (ref.kind === 'copy') return this.copy(ref.id).balance
    if (ref.kind === 'margin') return this.position(ref.id).margin
    return this.accounts.get(key) ?? new Exact(0)
  }

  copy(id: number): CopyState {
    const copy = this.copies.get(id)
    if (!copy) throw new Error(`copy ${id} is not loaded`)
    return copy
  }

  position(id: number): PositionState {
    const position = this.positions.get(id)
    if (!position) throw new Error(`position ${id} is not loaded`)
    return position
  }

  /** A position read from storage. */
  loadPosition(position: PositionState): void {
    this.positions.set(position.id, position)
    const index = (map: Map<number, Set<number>>, key: number | null) => {
      if (key === null) return
      let ids = map.get(key)
      if (!ids) map.set(key, (ids = new Set()))
      ids.add(position.id)
    }
    index(this.bySource, position.sourcePositionId)
    index(this.byCopy, position.copyId)
  }

  /** Loaded positions mirroring a leader position, or held by a copy (any status). */
  positionsBySource(sourcePositionId: number): PositionState[] {
    return this.lookup(this.bySource.get(sourcePositionId))
  }

  positionsByCopy(copyId: number): PositionState[] {
    return this.lookup(this.byCopy.get(copyId))
  }

  private lookup(ids: Set<number> | undefined): PositionState[] {
    if (!ids) return []
    const list: PositionState[] = []
    for (const id of ids) {
      const position = this.positions.get(id)
      if (position) list.push(position)
    }
    return list
  }

  addPosition(position: PositionState): void {
    this.loadPosition(position)
    this.change.newPositionIds.add(position.id)
    this.change.positions.set(position.id, position)
  }

  touchPosition(position: PositionState): void {
    this.change.positions.set(position.id, position)
  }

  /** Leaves a copied position open and hands it to the follower: the copy no longer manages it. */
  handOver(position: PositionState): void {
    position.unmanaged = true
    this.touchPosition(position)
    this.change.handedOver.add(position.id)
  }

  touchCopy(copy: CopyState): void {
    this.change.copies.set(copy.id, copy)
    this.change.balanceOnly.delete(copy.id)
  }

  /** Moves `amount` (> 0) from debit to credit; refuses to take an account that may not go negative below zero. */
  transfer(debit: string, credit: string, amount: Money, kind: string, ref: string | null = null): void {
    if (amount.isZero()) return
    if (amount.isNegative()) throw new Error(`negative transfer ${amount.toString()} (${kind})`)
    // Each key parsed once (a copied open makes two transfers per copy: this is the engine's hottest path).
    const debitRef = parseKey(debit)
    const creditRef = parseKey(credit)
    const from = exact(this.balanceOf(debit, debitRef)).minus(amount)
    if (from.isNegative() && !(debitRef.kind === 'ledger' && debitRef.mayGoNegative)) throw new InsufficientFunds(debit)
    this.setBalance(debit, debitRef, from)
    this.setBalance(credit, creditRef, exact(this.balanceOf(credit, creditRef)).plus(amount))
    this.change.transfers.push({ debit, credit, amount, kind, ref })
  }

  private setBalance(key: string, ref: AccountRef, value: Money): void {
    if (ref.kind === 'copy') {
      const copy = this.copy(ref.id)
      copy.balance = value
      if (!this.change.copies.has(copy.id)) this.change.balanceOnly.add(copy.id)
      this.change.copies.set(copy.id, copy)
    } else if (ref.kind === 'margin') {
      const position = this.position(ref.id)
      position.margin = value
      this.touchPosition(position)
    } else {
      this.accounts.set(key, value)
    }
  }

  /** Hands over the recorded change and starts a new one. */
  takeChange(): Change {
    const change = this.change
    this.change = emptyChange()
    return change
  }
}
