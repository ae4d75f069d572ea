/**
 * The double-entry ledger as the reconciliation reads it: every account's history of movements (credits positive,
 * debits negative) with running balances, the balance of an account at any engine time, and the checks that hold
 * whatever the engine did: every transfer moves a positive amount between two different accounts, every account's
 * stored balance is the sum of its transfers, and all balances together sum to zero.
 */
import { D, ZERO, plain } from './exact.ts'
import type { Raw, TransferRecord } from './raw.ts'
import type { Difference } from './report.ts'

export const walletKey = (userId: number, walletType: number, coin: string) => `wallet:${userId}:${walletType}:${coin}`
export const copyKey = (copyId: number) => `copy:${copyId}`
export const marginKey = (positionId: number) => `margin:${positionId}`
/** The EXCHANGE wallet (wallet type 3) in USDT: a leader's trading funds. */
export const leaderWalletKey = (userId: number) => walletKey(userId, 3, 'USDT')

/** Transfer kinds that are trading (a position's margin, fees, PnL, funding); every other kind is money in or out. */
export const TRADING_KINDS: ReadonlySet<string> = new Set([
  'open-margin',
  'add-margin',
  'fee',
  'pnl',
  'release-margin',
  'liquidation',
  'liquidation-fee',
  'liquidation-surplus',
  'insurance',
  'funding',
])

/** One movement of an account: + in, − out. */
export interface Movement {
  transfer: TransferRecord
  /** When it counts (the transfer's engine time, see Ledger.timeOf). */
  at: number
  delta: D
}

interface History {
  movements: Movement[]
  /** Running balance after each movement. */
  running: D[]
}

export class Ledger {
  readonly transfers: readonly TransferRecord[]
  private readonly byAccount = new Map<string, History>()
  private readonly byRef = new Map<string, TransferRecord[]>()
  /** Transfers of each order (refs `order:<id>:<match>`), by order id. */
  private readonly byOrder = new Map<number, TransferRecord[]>()
  /** When every back-filled (history:…) transfer was written: the ledger is exact in time only from here on. */
  readonly historyEnd: number | null

  /** Orders an engine tick placed (raw.ts tickOrders): their records belong to the tick, like `bot:` ones. */
  private readonly tickOrders: ReadonlySet<number>

  constructor(
    transfers: readonly TransferRecord[],
    timeOf: (t: TransferRecord) => number = (t) => t.createdAt,
    tickOrders: Iterable<number> = [],
  ) {
    this.transfers = transfers
    this.tickOrders = new Set(tickOrders)
    let historyEnd: number | null = null
    const add = (key: string, movement: Movement) => {
      let history = this.byAccount.get(key)
      if (!history) this.byAccount.set(key, (history = { movements: [], running: [] }))
      history.movements.push(movement)
    }
    for (const t of transfers) {
      const amount = new D(t.amount)
      const at = timeOf(t)
      add(t.debit, { transfer: t, at, delta: amount.neg() })
      add(t.credit, { transfer: t, at, delta: amount })
      if (t.ref !== null) {
        const list = this.byRef.get(t.ref)
        if (list) list.push(t)
        else this.byRef.set(t.ref, [t])
        if (t.ref.startsWith('history:')) historyEnd = Math.max(historyEnd ?? t.createdAt, t.createdAt)
        const order = /^(?:liq:)?order:(\d+):/.exec(t.ref)?.[1]
        if (order !== undefined) {
          const byOrder = this.byOrder.get(Number(order))
          if (byOrder) byOrder.push(t)
          else this.byOrder.set(Number(order), [t])
        }
      }
    }
    for (const history of this.byAccount.values()) {
      history.movements.sort((a, b) => a.at - b.at || a.transfer.id - b.transfer.id)
      let balance = ZERO
      history.running = history.movements.map((m) => (balance = balance.plus(m.delta)))
    }
    this.historyEnd = historyEnd
  }

  accounts(): IterableIterator<string> {
    return this.byAccount.keys()
  }

  movements(key: string): readonly Movement[] {
    return this.byAccount.get(key)?.movements ?? []
  }

  withRef(ref: string): readonly TransferRecord[] {
    return this.byRef.get(ref) ?? []
  }

  /** The transfers an order's fills made (refs `order:<id>:<match>`), in ledger order. */
  ofOrder(orderId: number): readonly TransferRecord[] {
    return this.byOrder.get(orderId) ?? []
  }

  /** Balance of an account after every movement before `at`, and those at `at` that `cut` counts. */
  balanceAt(key: string, at: number, cut: Cut = ALL): D {
    const history = this.byAccount.get(key)
    if (!history) return ZERO
    let count = countUpTo(history.movements, at, -Infinity, (m) => m.transfer.id)
    while (count < history.movements.length) {
      const m = history.movements[count]
      if (!m || m.at !== at || !this.counts(cut, m.transfer.id, m.transfer.ref)) break
      count += 1
    }
    return count === 0 ? ZERO : (history.running[count - 1] ?? ZERO)
  }

  /** Whether a record of the instant itself (its sequence and ref) counts under `cut`. */
  counts(cut: Cut, seq: number, ref: string | null): boolean {
    if (cut.kind === 'all') return true
    if (cut.kind === 'upTo') return seq <= cut.seq
    if (ref === null) return false
    if (TICK_REFS.some((prefix) => ref.startsWith(prefix))) return true
    // A tick's own order on the books: its fills (`order:<id>:…`) and its leader's events (`<leader>:order:<id>:…`).
    const order = /(?:^|:)order:(\d+):/.exec(ref)?.[1]
    return order !== undefined && this.tickOrders.has(Number(order))
  }
}

/**
 * Which records of an instant itself count, records before it always counting:
 * - all of them;
 * - a change written at that instant: those up to its last transfer (sequence);
 * - a valuation at that instant: what a tick does before it values (the funding time it pays first, marks reaching
 *   stops and liquidations, a liquidated leader's order, the simulated leaders' orders of the minute that just ended,
 *   on the books or at the mark), not what comes after it (profit share) nor a user's change of that instant.
 */
export type Cut = { kind: 'all' } | { kind: 'upTo'; seq: number } | { kind: 'valuation' }
export const ALL: Cut = { kind: 'all' }
export const VALUATION: Cut = { kind: 'valuation' }
export const upTo = (seq: number): Cut => ({ kind: 'upTo', seq })

const TICK_REFS = ['funding:', 'marks:', 'liq:', 'bot:']

/** How many of `items` (sorted by time, then sequence) come at or before (at, cut). */
export function countUpTo<T extends { at: number }>(
  items: readonly T[],
  at: number,
  cut: number,
  seqOf: (item: T) => number,
): number {
  let low = 0
  let high = items.length
  while (low < high) {
    const mid = (low + high) >> 1
    const item = items[mid]
    if (item && (item.at < at || (item.at === at && seqOf(item) <= cut))) low = mid + 1
    else high = mid
  }
  return low
}

/** Stored balances of every account: wallets (balances), copies, margins and the ledger's own accounts. */
export function storedBalances(raw: Raw): Map<string, D> {
  const stored = new Map<string, D>()
  for (const b of raw.balances) stored.set(walletKey(b.userId, b.walletType, b.coin), new D(b.available))
  for (const c of raw.copies) stored.set(copyKey(c.id), new D(c.balance))
  for (const p of raw.positions) stored.set(marginKey(p.id), new D(p.margin))
  for (const [key, balance] of raw.accounts) stored.set(key, new D(balance))
  return stored
}

/** The ledger's own checks; each failure is a difference with the stored value as served and the ledger's sum. */
export function checkLedger(raw: Raw, ledger: Ledger): Difference[] {
  const differences: Difference[] = []
  for (const t of raw.transfers) {
    const amount = new D(t.amount)
    if (amount.lte(0) || t.debit === t.credit)
      differences.push({
        subject: `transfer ${t.id}`,
        period: '-',
        figure: 'transfer balances',
        served: `${t.debit} → ${t.credit} ${t.amount}`,
        recomputed: 'a positive amount between two accounts',
      })
  }
  const stored = storedBalances(raw)
  const keys = new Set([...stored.keys(), ...ledger.accounts()])
  let total = ZERO
  for (const key of keys) {
    const summed = ledger.balanceAt(key, Infinity)
    const held = stored.get(key) ?? ZERO
    total = total.plus(held)
    if (!summed.eq(held))
      differences.push({
        subject: key,
        period: '-',
        figure: 'balance = sum of transfers',
        served: plain(held),
        recomputed: plain(summed),
      })
  }
  if (!total.isZero())
    differences.push({
      subject: 'ledger',
      period: '-',
      figure: 'sum of all balances',
      served: plain(total),
      recomputed: '0',
    })
  return differences
}
