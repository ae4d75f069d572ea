/**
 * Becoming and being a leader: the checklist, applying (or reactivating a cancelled identity),
 * settings and profile, and cancelling the identity (every copy ended first).
 */
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm'
import { COPY } from '#/app.config.ts'
import {
  LEADER_NICKNAME,
  type FieldIssue,
  type LeaderApplyRequest,
  type LeaderInfoRequest,
  type LeaderRequirementKey,
  type LeaderSettingsRequest,
  type MyLeaderProfile,
} from '#/contract/index.ts'
import type { AuthUser, ExchangeContext } from '#/exchange/context.ts'
import type { Database } from '#/exchange/db/client.ts'
import { copies, leaders, positions } from '#/exchange/db/copy-schema.ts'
import { balances } from '#/exchange/db/schema.ts'
import { ApiFailure, invalidInput } from '#/exchange/http/errors.ts'
import { INSTRUMENTS } from '#/exchange/market/instruments.ts'
import { Money, toPlain } from '#/exchange/money.ts'
import { endCopyInDb } from '../engine.ts'
import { EXCHANGE_WALLET, QUOTE } from '../positions.ts'
import { LEADER_TAGS } from '../roster.ts'
import { liveCopiesOf, type Tx } from '../store.ts'
import { plain } from './wire.ts'
import { marksOf } from '../marks.ts'
import { nicknameKey, nicknameTaken, nicknameWithId, profileConflict } from './nickname.ts'

export type LeaderRow = typeof leaders.$inferSelect

/** The default avatar's file: choosing it is choosing none. */
const DEFAULT_AVATAR = '/avatars/default.svg'

export interface Requirement {
  key: LeaderRequirementKey
  met: boolean
  current: string
  required: string
}

const REASONS: Record<LeaderRequirementKey, string> = {
  'not-copying': 'Stop copying other leaders first',
  'min-balance': `Hold at least ${COPY.leaderMinBalanceUsdt} USDT in the exchange wallet`,
  'no-open-positions': 'Close your open positions first',
}

export async function leaderRowOf(db: Tx, userId: number): Promise<LeaderRow | undefined> {
  const [row] = await db.select().from(leaders).where(eq(leaders.userId, userId))
  return row
}

/** The caller's leader row when they lead now (open or paused), else 403 'not-leader'. */
export async function activeLeader(db: Tx, userId: number): Promise<LeaderRow> {
  const row = await leaderRowOf(db, userId)
  if (!row || row.status === 'cancelled') throw new ApiFailure(403, 'not-leader')
  return row
}

/** Copies of this leader now (active and paused). */
export async function liveFollowerCount(db: Tx, leaderId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(copies).where(liveCopiesOf(leaderId))
  return row?.n ?? 0
}

/** The user's own open positions (not copied ones). */
export async function ownOpenPositionCount(db: Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(positions)
    .where(and(eq(positions.userId, userId), isNull(positions.copyId), eq(positions.status, 'open')))
  return row?.n ?? 0
}

export async function checkRequirements(db: Tx, userId: number): Promise<Requirement[]> {
  const [copying] = await db
    .select({ n: count() })
    .from(copies)
    .where(and(eq(copies.followerId, userId), ne(copies.status, 'cancelled')))
  const [wallet] = await db
    .select({ available: balances.available })
    .from(balances)
    .where(and(eq(balances.userId, userId), eq(balances.walletType, EXCHANGE_WALLET), eq(balances.coin, QUOTE)))
  const available = new Money(wallet?.available ?? '0')
  const open = await ownOpenPositionCount(db, userId)
  const copyCount = copying?.n ?? 0
  return [
    { key: 'not-copying', met: copyCount === 0, current: String(copyCount), required: '0' },
    {
      key: 'min-balance',
      met: available.gte(COPY.leaderMinBalanceUsdt),
      current: toPlain(available),
      required: COPY.leaderMinBalanceUsdt,
    },
    { key: 'no-open-positions', met: open === 0, current: String(open), required: '0' },
  ]
}

export function profileOf(row: LeaderRow, followers: number): MyLeaderProfile {
  return {
    leaderId: String(row.userId),
    biz: row.biz,
    nickname: row.nickname,
    avatar: row.avatar,
    bio: row.bio,
    tags: row.tags,
    status: row.status,
    profitShareRate: plain(row.profitShareRate),
    maxFollowers: row.maxFollowers,
    minCopyAmount: plain(row.minCopyAmount),
    instruments: row.instruments,
    followers,
    createdAt: row.createdAt.getTime(),
  }
}

/** Tag keys the app knows and instruments the exchange lists (upper-cased, in listing order); 400 otherwise. */
function checkTags(tags: readonly string[] | undefined): void {
  const known: readonly string[] = LEADER_TAGS
  const fields: FieldIssue[] = (tags ?? []).flatMap((tag, i) =>
    known.includes(tag) ? [] : [{ path: `tags.${i}`, issue: 'unknown tag' }],
  )
  if (fields.length > 0) throw invalidInput(fields)
}

function normaliseInstruments(pairs: readonly string[] | undefined): string[] | undefined {
  if (pairs === undefined) return undefined
  const wanted = new Set(pairs.map((p) => p.toUpperCase()))
  const fields: FieldIssue[] = pairs.flatMap((pair, i) =>
    INSTRUMENTS.some((x) => x.pairCode === pair.toUpperCase())
      ? []
      : [{ path: `instruments.${i}`, issue: 'unknown instrument' }],
  )
  if (fields.length > 0) throw invalidInput(fields)
  return INSTRUMENTS.map((x) => x.pairCode).filter((pair) => wanted.has(pair))
}

/** Runs a profile write, answering 409 'nickname-taken' / 'avatar-taken' when a unique index refuses it. */
async function withProfileConflicts<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    throw profileConflict(error) ?? error
  }
}

/**
 * The nickname a leader who chose none gets: the user's own (masked) one, or with their id when another leader holds
 * it.
 */
async function defaultNickname(tx: Tx, user: AuthUser): Promise<string> {
  const own = Array.from(user.nickname).slice(0, LEADER_NICKNAME.max).join('')
  return (await nicknameTaken(tx, nicknameKey(own), user.id)) ? nicknameWithId(own, user.id) : own
}

/**
 * Becomes a leader (or leads again after cancelling): 409 'already-leader', or 409 'leader-requirements' with the unmet
 * keys;
 * 409 'nickname-taken' when another leader's nickname reads the same.
 */
export async function applyLeader(
  ctx: ExchangeContext,
  user: AuthUser,
  input: LeaderApplyRequest,
): Promise<MyLeaderProfile> {
  checkTags(input.tags)
  const instruments = normaliseInstruments(input.instruments) ?? []
  const now = ctx.now()
  return withProfileConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(leaders).where(eq(leaders.userId, user.id)).for('update')
      if (existing && existing.status !== 'cancelled') throw new ApiFailure(409, 'already-leader')
      const unmet = (await checkRequirements(tx, user.id)).filter((r) => !r.met)
      if (unmet.length > 0)
        throw new ApiFailure(409, 'leader-requirements', {
          fields: unmet.map((r) => ({ path: r.key, issue: REASONS[r.key] })),
        })
      const nickname = input.nickname ?? (await defaultNickname(tx, user))
      const values = {
        biz: input.biz,
        kind: 'trader' as const,
        strategy: 'user',
        nickname,
        nicknameKey: nicknameKey(nickname),
        bio: input.bio,
        tags: input.tags,
        region: '',
        profitShareRate: input.profitShareRate,
        maxFollowers: input.maxFollowers,
        minCopyAmount: input.minCopyAmount,
        status: 'open' as const,
        instruments,
        simulated: false,
        createdAt: now,
        cancelledAt: null,
      }
      const [row] = existing
        ? await tx.update(leaders).set(values).where(eq(leaders.userId, user.id)).returning()
        : await tx
            .insert(leaders)
            .values({ userId: user.id, ...values })
            .onConflictDoNothing({ target: leaders.userId })
            .returning()
      if (!row) throw new ApiFailure(409, 'already-leader')
      return profileOf(row, 0)
    }),
  )
}

/** Copy terms: 400 when maxFollowers is below the copies the leader has now. */
export async function updateSettings(
  db: Database,
  userId: number,
  input: LeaderSettingsRequest,
): Promise<MyLeaderProfile> {
  const instruments = normaliseInstruments(input.instruments)
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(leaders).where(eq(leaders.userId, userId)).for('update')
    if (!locked || locked.status === 'cancelled') throw new ApiFailure(403, 'not-leader')
    const followers = await liveFollowerCount(tx, userId)
    if (input.maxFollowers !== undefined && input.maxFollowers < followers) {
      throw new ApiFailure(400, 'invalid-input', {
        msg: `maxFollowers is below the current followers (${followers})`,
        fields: [{ path: 'maxFollowers', issue: `below the current followers (${followers})` }],
      })
    }
    const [row] = await tx
      .update(leaders)
      .set({
        ...(input.profitShareRate !== undefined && { profitShareRate: input.profitShareRate }),
        ...(input.maxFollowers !== undefined && { maxFollowers: input.maxFollowers }),
        ...(input.minCopyAmount !== undefined && { minCopyAmount: input.minCopyAmount }),
        ...(input.status !== undefined && { status: input.status }),
        ...(instruments !== undefined && { instruments }),
      })
      .where(eq(leaders.userId, userId))
      .returning()
    // A lower rate applies to the live copies at once (it favours the follower); a higher one only to copies begun
    // after it (each copy keeps the rate it was agreed at; there is no flow for a follower to accept a higher one).
    if (input.profitShareRate !== undefined)
      await tx
        .update(copies)
        .set({ profitShareRate: sql`least(${copies.profitShareRate}, ${input.profitShareRate}::numeric)` })
        .where(liveCopiesOf(userId))
    return profileOf(row ?? locked, followers)
  })
}

/**
 * Profile shown on the leader's card: nickname, bio, tags, avatar. A nickname that reads as another
 * leader's is 409 'nickname-taken'; a picture at the top of /avatars/ another leader holds (they are
 * the simulated leaders' faces) is 409 'avatar-taken'. The default avatar (null, or its file) and the
 * shared presets are everyone's (the unique index leaves /avatars/presets/ out).
 */
export async function updateInfo(db: Tx, userId: number, input: LeaderInfoRequest): Promise<MyLeaderProfile> {
  checkTags(input.tags)
  const current = await activeLeader(db, userId)
  const avatar = input.avatar === DEFAULT_AVATAR ? null : input.avatar
  const [row] = await withProfileConflicts(() =>
    db
      .update(leaders)
      .set({
        ...(input.nickname !== undefined && { nickname: input.nickname, nicknameKey: nicknameKey(input.nickname) }),
        ...(input.bio !== undefined && { bio: input.bio }),
        ...(input.tags !== undefined && { tags: input.tags }),
        ...(avatar !== undefined && { avatar }),
      })
      .where(and(eq(leaders.userId, userId), ne(leaders.status, 'cancelled')))
      .returning(),
  )
  return profileOf(row ?? current, await liveFollowerCount(db, userId))
}

/**
 * Cancels the leader identity: refused (409 'forbidden') while the leader holds open positions.
 * New follows stop first (paused), then every copy ends at the marks, then the row is cancelled.
 */
export async function cancelLeader(ctx: ExchangeContext, userId: number): Promise<{ endedCopies: number }> {
  await activeLeader(ctx.db, userId)
  // Under the leader's row lock (the engine takes it for every trade): no order can slip in between the check and the
  // cancel.
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: leaders.userId }).from(leaders).where(eq(leaders.userId, userId)).for('update')
    if ((await ownOpenPositionCount(tx, userId)) > 0)
      throw new ApiFailure(409, 'forbidden', { msg: 'Close your open positions before cancelling the leader identity' })
    await tx.update(leaders).set({ status: 'cancelled', cancelledAt: ctx.now() }).where(eq(leaders.userId, userId))
  })
  const live = await ctx.db.select({ id: copies.id }).from(copies).where(liveCopiesOf(userId))
  const marks = marksOf(ctx.market)
  for (const { id } of live) {
    await endCopyInDb(ctx.db, ctx.rules, ctx.funding, {
      copyId: id,
      closePositions: true,
      reason: 'leader-cancelled',
      marks,
      at: ctx.now(),
    })
  }
  return { endedCopies: live.length }
}
