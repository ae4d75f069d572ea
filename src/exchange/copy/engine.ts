/**
 * The copy engine on the database: each operation loads its slice into a Book inside one
 * transaction, runs the engine's rules and writes back what changed. A leader event whose id
 * was seen before changes nothing (idempotent replays).
 */
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { copies, leaderEvents, leaders, positions, profitShares } from '../db/copy-schema.ts'
import type { Money } from '../money.ts'
import { Book, externalKey, walletKey, type CopyState } from './book.ts'
import type { DueFunding } from './funding-share.ts'
import {
  changeInvestment,
  endCopy,
  followerWallet,
  leaderWallet,
  settleProfitShare,
  type ProfitShareRecord,
} from './copy-account.ts'
import { EXCHANGE_WALLET, refreshLevels, triggersOf } from './positions.ts'
import { executeLeaderOrder, type LeaderOrder, type TradeResult } from './mirror.ts'
import { applyMarks, type MarkOutcome } from './risk.ts'
import type { Rules } from './rules.ts'
import type { Marks } from './unit-values.ts'
import {
  allocatePositionIds,
  linkedTo,
  liveCopiesOf,
  loadCopies,
  loadPositions,
  loadWallets,
  persistChange,
  type Tx,
} from './store.ts'

/** A cancelled leader opens and adds nothing (closing what it still holds stays possible). */
export class LeaderCancelled extends Error {
  constructor(leaderId: number) {
    super(`leader ${leaderId} cancelled the leader identity`)
  }
}

/** A Book for an operation that opens no position. */
function sliceBook(): Book {
  return new Book(() => {
    throw new Error('this operation opens no position')
  })
}

/** A Book whose position ids come from the database, reserved once the slice is loaded. */
function lazyBook(): { book: Book; reserve: (tx: Tx, count: number) => Promise<void> } {
  let next: () => number = () => {
    throw new Error('position ids not reserved')
  }
  return {
    book: new Book(() => next()),
    reserve: async (tx, count) => {
      next = await allocatePositionIds(tx, count)
    },
  }
}

async function writeProfitShares(tx: Tx, records: readonly ProfitShareRecord[], at: Date): Promise<void> {
  if (records.length === 0) return
  await tx
    .insert(profitShares)
    .values(
      records.map((r) => ({
        copyId: r.copyId,
        leaderId: r.leaderId,
        followerId: r.followerId,
        periodEnd: r.periodEnd,
        rate: r.rate.toFixed(),
        netProfit: r.netProfit.toFixed(),
        highWaterMarkBefore: r.highWaterMarkBefore.toFixed(),
        share: r.share.toFixed(),
        createdAt: at,
      })),
    )
    .onConflictDoNothing()
}

/**
 * Applies a leader's trade and mirrors it; null when the event was applied before. The pair's passed funding times are
 * paid first (funding-share.ts `DueFunding`).
 */
export async function leaderTrade(
  db: Database,
  rules: Rules,
  funding: DueFunding,
  order: LeaderOrder,
): Promise<TradeResult | null> {
  return db.transaction(async (tx) => {
    if (order.biz === 'futures') await funding.settleDue(tx, [order.pairCode], order.at)
    // One read: was this event applied already, and which instruments does the leader let followers copy.
    // The leader's row is locked: cancelling the identity and trading never interleave.
    const [leader] = await tx
      .select({
        instruments: leaders.instruments,
        status: leaders.status,
        seen: sql<boolean>`exists (select 1 from ${leaderEvents} where ${leaderEvents.id} = ${order.eventId})`,
      })
      .from(leaders)
      .where(eq(leaders.userId, order.leaderId))
      .for('update')
    if (!leader) throw new Error(`user ${order.leaderId} has no leaders row: only leaders trade through the engine`)
    if (leader.seen) return null
    if (leader.status === 'cancelled' && (order.action.kind === 'open' || order.action.kind === 'add'))
      throw new LeaderCancelled(order.leaderId)
    const { book, reserve } = lazyBook()
    await loadWallets(tx, book, [leaderWallet(order.leaderId)])
    const { action } = order
    let live: CopyState[] = []
    if (action.kind === 'open' || action.kind === 'add') live = await loadCopies(tx, book, liveCopiesOf(order.leaderId))
    if (action.kind !== 'open') {
      await loadPositions(tx, book, eq(positions.id, action.positionId))
      const linked = await loadPositions(tx, book, linkedTo([action.positionId]))
      const missing = [...new Set(linked.map((p) => p.copyId))].filter(
        (id): id is number => id !== null && !book.copies.has(id),
      )
      if (missing.length > 0) await loadCopies(tx, book, inArray(copies.id, missing))
    }
    await reserve(tx, live.length + 1)
    const result = executeLeaderOrder(book, rules, order, { copies: live, allowedInstruments: leader.instruments })
    if (!result) return null
    await persistChange(tx, book.takeChange(), order.at)
    await tx.insert(leaderEvents).values({
      id: order.eventId,
      leaderId: order.leaderId,
      positionId: result.position.id,
      kind: action.kind === 'liquidate' ? 'close' : action.kind,
      pairCode: order.pairCode,
      price: order.price.toFixed(),
      size: result.size.toFixed(),
      copied: result.copied,
      skipped: result.skipped,
      createdAt: order.at,
    })
    return result
  })
}

/**
 * Moves `amount` between the follower's wallet and a copy (positive: into the copy); the copy row exists. `marks`
 * price the copy's open positions for its unit value (unit-values.ts); a copy without open positions needs none.
 */
export async function fundCopy(tx: Tx, copyId: number, amount: Money, at: Date, marks?: Marks): Promise<void> {
  const book = sliceBook()
  const [copy] = await loadCopies(tx, book, eq(copies.id, copyId))
  if (!copy) throw new Error(`copy ${copyId} not found`)
  await loadWallets(tx, book, [followerWallet(copy)])
  changeInvestment(book, copy, amount, `invest:${copyId}:${at.toISOString()}`)
  await persistChange(tx, book.takeChange(), at, marks)
}

export interface EndCopyRequest {
  copyId: number
  closePositions: boolean
  reason: 'cancel' | 'removed' | 'leader-cancelled'
  marks: ReadonlyMap<string, Money>
  at: Date
}

/**
 * Ends a copy: its positions closed at the marks (or kept, unmanaged), profit share settled, funds back in the wallet.
 * Passed funding times of the pairs it holds are paid first.
 */
export async function endCopyInDb(
  db: Database,
  rules: Rules,
  funding: DueFunding,
  request: EndCopyRequest,
): Promise<ProfitShareRecord | null> {
  return db.transaction(async (tx) => {
    await funding.settleDue(tx, await copyPairs(tx, [request.copyId]), request.at)
    const book = sliceBook()
    const [copy] = await loadCopies(tx, book, and(eq(copies.id, request.copyId), ne(copies.status, 'cancelled')))
    if (!copy) return null
    await loadPositions(
      tx,
      book,
      and(eq(positions.copyId, copy.id), eq(positions.status, 'open'), eq(positions.unmanaged, false)),
    )
    await loadWallets(tx, book, [followerWallet(copy), leaderWallet(copy.leaderId)])
    const record = endCopy(book, {
      copy,
      closePositions: request.closePositions,
      marks: request.marks,
      at: request.at,
      reason: request.reason,
      rules,
    })
    await persistChange(tx, book.takeChange(), request.at, request.marks)
    if (record) await writeProfitShares(tx, [record], request.at)
    return record
  })
}

/**
 * Weekly settlement of every live copy (Monday 00:00 UTC on the engine clock); once per copy and period. Open positions
 * are valued at `marks`: a paper loss holds the share back (copy-account.ts, chargeableProfit). Each copy apart
 * (`isolate`): one that fails is recorded and the others settle; the call then throws, so the period runs again (the
 * copies settled already are skipped).
 */
export async function settleProfitShares(
  db: Database,
  periodEnd: Date,
  marks: ReadonlyMap<string, Money>,
  isolate: <T>(kind: string, subject: string, work: () => Promise<T>) => Promise<T | undefined> = async (
    _k,
    _s,
    work,
  ) => work(),
): Promise<ProfitShareRecord[]> {
  const ids = await db.select({ id: copies.id }).from(copies).where(ne(copies.status, 'cancelled'))
  const records: ProfitShareRecord[] = []
  let failed = 0
  for (const { id } of ids) {
    const settled = await isolate('profit-share', `copy:${id}`, () => settleOne(db, id, periodEnd, marks))
    if (settled === undefined) failed += 1
    else if (settled) records.push(settled)
  }
  if (failed > 0) throw new Error(`profit share of ${failed} copies not settled for ${periodEnd.toISOString()}`)
  return records
}

async function settleOne(
  db: Database,
  id: number,
  periodEnd: Date,
  marks: ReadonlyMap<string, Money>,
): Promise<ProfitShareRecord | null> {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .select({ id: profitShares.id })
      .from(profitShares)
      .where(and(eq(profitShares.copyId, id), eq(profitShares.periodEnd, periodEnd)))
    if (done) return null
    const book = sliceBook()
    const [copy] = await loadCopies(tx, book, and(eq(copies.id, id), ne(copies.status, 'cancelled')))
    if (!copy) return null
    await loadPositions(
      tx,
      book,
      and(eq(positions.copyId, id), eq(positions.status, 'open'), eq(positions.unmanaged, false)),
    )
    await loadWallets(tx, book, [leaderWallet(copy.leaderId)])
    const settled = settleProfitShare(book, copy, periodEnd, marks)
    await persistChange(tx, book.takeChange(), periodEnd, marks)
    if (settled) await writeProfitShares(tx, [settled], periodEnd)
    return settled
  })
}

/** Which of a mark tick's items to apply: all, or only these positions and copies (one failed item retried alone). */
export interface MarkItems {
  positionIds: readonly number[]
  copyIds: readonly number[]
}

/**
 * Marks move: take profit and stop loss of copied and kept positions, and copy stop losses (liquidation is the order
 * engine's, on the books). All at once, or only `only`'s items. Passed funding times of their pairs are paid first.
 */
export async function applyMarksInDb(
  db: Database,
  rules: Rules,
  funding: DueFunding,
  marks: ReadonlyMap<string, Money>,
  at: Date,
  only?: MarkItems,
): Promise<MarkOutcome> {
  return db.transaction(async (tx) => {
    // One item retried alone pays only its own pairs' funding: a pair whose funding keeps failing holds back no other.
    const pairs = only
      ? [...(await copyPairs(tx, only.copyIds)), ...(await pairsOfPositions(tx, only.positionIds))]
      : [...marks.keys()]
    await funding.settleDue(tx, pairs, at)
    const book = sliceBook()
    const { reached: hit, stopped: withStop } = markFilters(marks)
    const reached = await loadPositions(tx, book, only ? and(hit, inArray(positions.id, [...only.positionIds])) : hit)
    const stopped = await loadCopies(tx, book, only ? and(withStop, inArray(copies.id, [...only.copyIds])) : withStop)
    const copyIds = [...new Set([...reached.map((p) => p.copyId), ...stopped.map((c) => c.id)])].filter(
      (id): id is number => id !== null,
    )
    const missing = copyIds.filter((id) => !book.copies.has(id))
    if (missing.length > 0) await loadCopies(tx, book, inArray(copies.id, missing))
    if (stopped.length > 0)
      await loadPositions(
        tx,
        book,
        and(
          inArray(
            positions.copyId,
            stopped.map((c) => c.id),
          ),
          eq(positions.status, 'open'),
          eq(positions.unmanaged, false),
        ),
      )
    const wallets = [...book.copies.values()].flatMap((c) => [followerWallet(c), leaderWallet(c.leaderId)])
    const owners = [...book.positions.values()].filter((p) => p.unmanaged).map((p) => leaderWallet(p.userId))
    await loadWallets(tx, book, [...new Set([...wallets, ...owners])])
    const outcome = applyMarks(book, rules, marks, at, { liquidate: false })
    await persistChange(tx, book.takeChange(), at, marks)
    await writeProfitShares(tx, outcome.profitShares, at)
    return outcome
  })
}

/** The pairs of these positions. */
async function pairsOfPositions(tx: Tx, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await tx
    .select({ pairCode: positions.pairCode })
    .from(positions)
    .where(inArray(positions.id, [...ids]))
  return rows.map((r) => r.pairCode)
}

/** The pairs these copies hold open positions of (the ones they manage). */
async function copyPairs(tx: Tx, copyIds: readonly number[]): Promise<string[]> {
  if (copyIds.length === 0) return []
  const rows = await tx
    .select({ pairCode: positions.pairCode })
    .from(positions)
    .where(and(inArray(positions.copyId, [...copyIds]), eq(positions.status, 'open'), eq(positions.unmanaged, false)))
  return rows.map((r) => r.pairCode)
}

/** The positions a mark reaches (a take profit or stop loss of a copied or kept one) and the copies with a copy stop loss. */
function markFilters(marks: ReadonlyMap<string, Money>) {
  const pairs = [...marks.keys()]
  const prices = pairs.map((p) => marks.get(p)?.toFixed() ?? '0')
  const reached = sql`${positions.status} = 'open' and ${positions.copyId} is not null and exists (select 1 from unnest(${sql.param(pairs)}::text[], ${sql.param(prices)}::numeric[]) as m(pair, mark)
      where m.pair = ${positions.pairCode} and (
        (${positions.side} = 1 and (m.mark <= ${positions.stopLossPrice} or m.mark >= ${positions.takeProfitPrice}))
        or (${positions.side} = -1 and (m.mark >= ${positions.stopLossPrice} or m.mark <= ${positions.takeProfitPrice}))))`
  const stopped = and(ne(copies.status, 'cancelled'), isNotNull(copies.copyStopLossRatio))
  return { reached, stopped }
}

/** The items a mark tick would apply (for retrying them one by one). */
export async function markItems(db: Database, marks: ReadonlyMap<string, Money>): Promise<MarkItems> {
  const { reached, stopped } = markFilters(marks)
  const found = await db.select({ id: positions.id }).from(positions).where(reached)
  const withStop = await db.select({ id: copies.id }).from(copies).where(stopped)
  return { positionIds: found.map((r) => r.id), copyIds: withStop.map((r) => r.id) }
}

/**
 * Money arriving from outside (a deposit, demo funds) into a user's wallet (the EXCHANGE wallet unless another is
 * named), through the ledger. `marks` price a leader's open positions for its unit value (unit-values.ts); a wallet
 * whose owner has none needs none.
 */
export async function deposit(
  tx: Tx,
  userId: number,
  coin: string,
  amount: Money,
  at: Date,
  marks?: Marks,
  ref: string | null = null,
  walletType: number = EXCHANGE_WALLET,
): Promise<void> {
  const book = sliceBook()
  const wallet = walletKey(userId, walletType, coin)
  await loadWallets(tx, book, [wallet])
  book.transfer(externalKey(coin), wallet, amount, 'deposit', ref)
  await persistChange(tx, book.takeChange(), at, marks)
}

/** A copy's new take-profit / stop-loss ratios apply to its open positions at once (their trigger prices move). */
export async function repriceCopyTriggers(tx: Tx, rules: Rules, copyId: number, at: Date): Promise<number> {
  const book = sliceBook()
  const [copy] = await loadCopies(tx, book, eq(copies.id, copyId))
  if (!copy) return 0
  const open = await loadPositions(
    tx,
    book,
    and(eq(positions.copyId, copyId), eq(positions.status, 'open'), eq(positions.unmanaged, false)),
  )
  for (const position of open) {
    refreshLevels(position, rules, triggersOf(book, position))
    book.touchPosition(position)
  }
  await persistChange(tx, book.takeChange(), at)
  return open.length
}
