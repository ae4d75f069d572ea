/**
 * Following a leader, editing and cancelling the copy, and closing a kept position. Every check
 * and every movement of money of one call runs in one transaction, the leader's row locked, so
 * racing calls see each other; a double follow that still slips through meets the unique index.
 */
import { and, eq, isNotNull, ne } from 'drizzle-orm'
import { COPY } from '#/app.config.ts'
import type { ChainFollowRequest, CopyCancel, CopyFollow, CopyPosition, CopySettingsUpdate } from '#/contract/index.ts'
import type { ExchangeContext } from '#/exchange/context.ts'
import { isUniqueViolation } from '#/exchange/db/errors.ts'
import { chainWallets, copies, leaders, positions } from '#/exchange/db/copy-schema.ts'
import { balances } from '#/exchange/db/schema.ts'
import { ApiFailure, notFound } from '#/exchange/http/errors.ts'
import { Exact, Money } from '#/exchange/money.ts'
import { Book, InsufficientFunds, walletKey } from '../book.ts'
import { endCopyInDb, fundCopy, repriceCopyTriggers } from '../engine.ts'
import { acceptsCopiers, leaderEquities } from '../leader-equity.ts'
import { closePart, EXCHANGE_WALLET, NO_TRIGGERS, QUOTE } from '../positions.ts'
import { loadCopies, loadPositions, loadWallets, persistChange, type Tx } from '../store.ts'
import {
  assertSettings,
  copyToWire,
  settingsColumns,
  settingsOfRow,
  type CopyRow,
  type SettingsValues,
} from './follow-settings.ts'
import { copyAccountOf, profitShareToWire } from './my-accounts.ts'
import { positionToWire } from './wire.ts'
import { markOf, marksOf } from '../marks.ts'

export const notCopying = () => new ApiFailure(404, 'not-copying')
const conflict = (
  reason:
    | 'follow-self'
    | 'follow-while-leading'
    | 'already-copying'
    | 'leader-paused'
    | 'leader-full'
    | 'leader-below-minimum',
) => new ApiFailure(409, reason)
const insufficientBalance = () => new ApiFailure(400, 'insufficient-balance')

/** The follower's free USDT in the EXCHANGE wallet, locked for this transaction. */
async function walletBalance(tx: Tx, userId: number): Promise<Money> {
  const [row] = await tx
    .select({ available: balances.available })
    .from(balances)
    .where(and(eq(balances.userId, userId), eq(balances.walletType, EXCHANGE_WALLET), eq(balances.coin, QUOTE)))
    .for('update')
  return new Exact(row?.available ?? '0')
}

/** The smallest investment this leader accepts. */
const minimumOf = (leader: { minCopyAmount: string }) =>
  Money.max(new Money(leader.minCopyAmount), new Money(COPY.minInvestmentUsdt))

/** The caller's live (active or paused) copy of a leader, locked when inside a transaction. */
async function liveCopy(tx: Tx, followerId: number, leaderId: number): Promise<CopyRow | undefined> {
  const [row] = await tx
    .select()
    .from(copies)
    .where(and(eq(copies.followerId, followerId), eq(copies.leaderId, leaderId), ne(copies.status, 'cancelled')))
    .for('update')
  return row
}

/** Engine refusals as the API's: a ledger account short of funds, the one-live-copy index. */
async function mapped<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof InsufficientFunds) throw insufficientBalance()
    if (isUniqueViolation(error, 'copies_one_active')) throw conflict('already-copying')
    throw error
  }
}

/** Follows a leader: the checks in their documented order, then the copy created and funded. */
export async function followLeader(
  ctx: ExchangeContext,
  followerId: number,
  leaderId: number,
  values: SettingsValues,
  investment: string,
): Promise<CopyFollow> {
  assertSettings(values, investment)
  const amount = new Exact(investment)
  const now = ctx.now()
  return mapped(() =>
    ctx.db.transaction(async (tx) => {
      const [leader] = await tx.select().from(leaders).where(eq(leaders.userId, leaderId)).for('update')
      if (!leader || leader.status === 'cancelled') throw notFound()
      if (leaderId === followerId) throw conflict('follow-self')
      const [own] = await tx.select({ status: leaders.status }).from(leaders).where(eq(leaders.userId, followerId))
      if (own && own.status !== 'cancelled') throw conflict('follow-while-leading')
      if (await liveCopy(tx, followerId, leaderId)) throw conflict('already-copying')
      if (leader.status === 'paused') throw conflict('leader-paused')
      const live = await tx.$count(copies, and(eq(copies.leaderId, leaderId), ne(copies.status, 'cancelled')))
      if (live >= leader.maxFollowers) throw conflict('leader-full')
      const equity = await leaderEquities(tx, [leaderId], marksOf(ctx.market))
      if (!acceptsCopiers(equity.get(leaderId))) throw conflict('leader-below-minimum')
      const minimum = minimumOf(leader)
      if (amount.lt(minimum))
        throw new ApiFailure(400, 'below-minimum', {
          msg: `The investment is below the minimum of ${minimum.toFixed()} USDT`,
        })
      if ((await walletBalance(tx, followerId)).lt(amount)) throw insufficientBalance()
      const [row] = await tx
        .insert(copies)
        .values({
          followerId,
          leaderId,
          status: 'active',
          ...settingsColumns(values),
          // The rate agreed now: a later higher rate never applies to this copy, a lower one does (lead.service.ts).
          profitShareRate: leader.profitShareRate,
          investment: '0',
          balance: '0',
          createdAt: now,
        })
        .returning({ id: copies.id })
      if (!row) throw new Error('insert returned no copy')
      await fundCopy(tx, row.id, amount, now)
      const [created] = await tx.select().from(copies).where(eq(copies.id, row.id))
      if (!created) throw new Error(`copy ${row.id} vanished`)
      return copyToWire(created)
    }),
  )
}

/** Chain copy: follows the leader behind a chain wallet, in fixed mode. */
export async function followChainWallet(
  ctx: ExchangeContext,
  followerId: number,
  chain: string,
  address: string,
  body: ChainFollowRequest,
): Promise<CopyFollow> {
  const [wallet] = await ctx.db
    .select({ leaderId: chainWallets.leaderId })
    .from(chainWallets)
    .where(
      and(
        eq(chainWallets.chain, chain),
        eq(chainWallets.address, address.startsWith('0x') ? address.toLowerCase() : address),
      ),
    )
  if (!wallet) throw notFound()
  const values: SettingsValues = {
    mode: 'fixed',
    fixedAmount: body.fixedAmount,
    ratio: null,
    maxPerOrder: body.maxPerOrder,
    leverageMode: 'follow',
    fixedLeverage: null,
    takeProfitRatio: body.takeProfitRatio,
    stopLossRatio: body.stopLossRatio,
    copyStopLossRatio: body.copyStopLossRatio,
  }
  return followLeader(ctx, followerId, wallet.leaderId, values, body.investment)
}

/** The settings echo of the caller's live copy of a leader. */
export async function copySettings(ctx: ExchangeContext, followerId: number, leaderId: number): Promise<CopyFollow> {
  const [row] = await ctx.db
    .select()
    .from(copies)
    .where(and(eq(copies.followerId, followerId), eq(copies.leaderId, leaderId), ne(copies.status, 'cancelled')))
  if (!row) throw notCopying()
  return copyToWire(row)
}

/** Edits settings, status and investment (the difference moves between wallet and copy). */
export async function editCopy(
  ctx: ExchangeContext,
  followerId: number,
  leaderId: number,
  patch: CopySettingsUpdate,
): Promise<CopyFollow> {
  const now = ctx.now()
  return mapped(() =>
    ctx.db.transaction(async (tx) => {
      const row = await liveCopy(tx, followerId, leaderId)
      if (!row) throw notCopying()
      const stored = settingsOfRow(row)
      const values: SettingsValues = {
        mode: patch.mode ?? stored.mode,
        fixedAmount: patch.fixedAmount === undefined ? stored.fixedAmount : patch.fixedAmount,
        ratio: patch.ratio === undefined ? stored.ratio : patch.ratio,
        maxPerOrder: patch.maxPerOrder === undefined ? stored.maxPerOrder : patch.maxPerOrder,
        leverageMode: patch.leverageMode ?? stored.leverageMode,
        fixedLeverage: patch.fixedLeverage === undefined ? stored.fixedLeverage : patch.fixedLeverage,
        takeProfitRatio: patch.takeProfitRatio === undefined ? stored.takeProfitRatio : patch.takeProfitRatio,
        stopLossRatio: patch.stopLossRatio === undefined ? stored.stopLossRatio : patch.stopLossRatio,
        copyStopLossRatio: patch.copyStopLossRatio === undefined ? stored.copyStopLossRatio : patch.copyStopLossRatio,
      }
      assertSettings(values, patch.investment ?? null)
      if (patch.investment !== undefined) {
        // Exact: a difference of 18-decimal amounts may need more than Money's 20 digits.
        const target = new Exact(patch.investment)
        const [leader] = await tx
          .select({ minCopyAmount: leaders.minCopyAmount })
          .from(leaders)
          .where(eq(leaders.userId, leaderId))
        const minimum = minimumOf(leader ?? { minCopyAmount: '0' })
        if (target.lt(minimum))
          throw new ApiFailure(400, 'below-minimum', {
            msg: `The investment is below the minimum of ${minimum.toFixed()} USDT`,
          })
        const delta = target.minus(row.investment)
        if (delta.lt(0) && delta.neg().gt(row.balance)) throw insufficientBalance()
        if (delta.gt(0) && (await walletBalance(tx, followerId)).lt(delta)) throw insufficientBalance()
        if (!delta.isZero()) await fundCopy(tx, row.id, delta, now, marksOf(ctx.market))
      }
      await tx
        .update(copies)
        .set({ ...settingsColumns(values), ...(patch.status && { status: patch.status }) })
        .where(eq(copies.id, row.id))
      // New take-profit / stop-loss ratios move the trigger prices of the positions open now.
      if (values.takeProfitRatio !== stored.takeProfitRatio || values.stopLossRatio !== stored.stopLossRatio)
        await repriceCopyTriggers(tx, ctx.rules, row.id, now)
      const [updated] = await tx.select().from(copies).where(eq(copies.id, row.id))
      if (!updated) throw new Error(`copy ${row.id} vanished`)
      return copyToWire(updated)
    }),
  )
}

/** Cancels the caller's copy of a leader: positions closed at the marks or kept, profit share settled, funds back. */
export async function cancelCopy(
  ctx: ExchangeContext,
  followerId: number,
  leaderId: number,
  closePositions: boolean,
): Promise<CopyCancel> {
  const row = await liveCopy(ctx.db, followerId, leaderId)
  if (!row) throw notCopying()
  const marks = marksOf(ctx.market)
  const record = await endCopyInDb(ctx.db, ctx.rules, ctx.funding, {
    copyId: row.id,
    closePositions,
    reason: 'cancel',
    marks,
    at: ctx.now(),
  })
  const copy = await copyAccountOf(ctx, row.id, marks)
  return { copy, profitShare: record && profitShareToWire(record) }
}

/** Closes one copied position of the caller at the mark: into its copy while the copy manages it, else the wallet. */
export async function closeCopiedPosition(
  ctx: ExchangeContext,
  userId: number,
  positionId: number,
): Promise<CopyPosition> {
  const now = ctx.now()
  await ctx.db.transaction(async (tx) => {
    const book = new Book(() => {
      throw new Error('closing opens no position')
    })
    const copied = and(
      eq(positions.id, positionId),
      eq(positions.userId, userId),
      eq(positions.status, 'open'),
      isNotNull(positions.copyId),
    )
    const [found] = await tx.select({ pairCode: positions.pairCode }).from(positions).where(copied)
    if (!found) throw notFound()
    // Its pair's passed funding times are paid first, on the position as it was then.
    await ctx.funding.settleDue(tx, [found.pairCode], now)
    const [position] = await loadPositions(tx, book, copied)
    if (!position) throw notFound()
    const mark = markOf(ctx.market, position.pairCode)
    if (!mark) throw new Error(`no mark for ${position.pairCode}`)
    // A kept position pays into the wallet; one its copy manages, into the copy (locked with its row).
    if (position.unmanaged || position.copyId === null)
      await loadWallets(tx, book, [walletKey(userId, EXCHANGE_WALLET, QUOTE)])
    else await loadCopies(tx, book, eq(copies.id, position.copyId))
    closePart(
      book,
      ctx.rules,
      position,
      position.size,
      mark,
      now,
      'manual',
      `close:${position.id}:${now.toISOString()}`,
      NO_TRIGGERS,
    )
    await persistChange(tx, book.takeChange(), now)
  })
  const [row] = await ctx.db.select().from(positions).where(eq(positions.id, positionId))
  if (!row) throw notFound()
  return positionToWire(row, undefined, null)
}
