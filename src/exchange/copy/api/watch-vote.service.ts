/**
 * Watching a leader (a bookmark) and voting on one (like or dislike, one vote per user, changeable);
 * the vote counts of many leaders at once, and everything one user watches and voted.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { LeaderVote, MyReactions } from '#/contract/index.ts'
import type { ExchangeContext } from '#/exchange/context.ts'
import { leaders, leaderVotes, leaderWatches } from '#/exchange/db/copy-schema.ts'
import { notFound } from '#/exchange/http/errors.ts'
import type { Tx } from '../store.ts'

export interface VoteCounts {
  likes: number
  dislikes: number
}

/** Likes and dislikes of each of the leaders, in one grouped query; a leader without votes is absent (0 and 0). */
export async function voteCounts(db: Tx, leaderIds: readonly number[]): Promise<Map<number, VoteCounts>> {
  const counts = new Map<number, VoteCounts>()
  if (leaderIds.length === 0) return counts
  const rows = await db
    .select({
      leaderId: leaderVotes.leaderId,
      likes: sql<number>`count(*) filter (where ${leaderVotes.vote} > 0)::int`.mapWith(Number),
      dislikes: sql<number>`count(*) filter (where ${leaderVotes.vote} < 0)::int`.mapWith(Number),
    })
    .from(leaderVotes)
    .where(inArray(leaderVotes.leaderId, [...leaderIds]))
    .groupBy(leaderVotes.leaderId)
  for (const { leaderId, likes, dislikes } of rows) counts.set(leaderId, { likes, dislikes })
  return counts
}

export const NO_VOTES: VoteCounts = { likes: 0, dislikes: 0 }

/** The leaders the user watches (latest first) and their votes, whatever the leaders' status. */
export async function myReactions(db: Tx, userId: number): Promise<MyReactions> {
  const [watches, votes] = await Promise.all([
    db
      .select({ leaderId: leaderWatches.leaderId })
      .from(leaderWatches)
      .where(eq(leaderWatches.userId, userId))
      .orderBy(desc(leaderWatches.createdAt), desc(leaderWatches.leaderId)),
    db
      .select({ leaderId: leaderVotes.leaderId, vote: leaderVotes.vote })
      .from(leaderVotes)
      .where(eq(leaderVotes.userId, userId))
      .orderBy(desc(leaderVotes.updatedAt), desc(leaderVotes.leaderId)),
  ])
  return {
    watches: watches.map((row) => String(row.leaderId)),
    votes: votes.map((row) => ({ leaderId: String(row.leaderId), vote: row.vote > 0 ? 1 : -1 })),
  }
}

/** 404 unless the leader exists; `live`: and has not cancelled. */
async function assertLeader(ctx: ExchangeContext, leaderId: number, live: boolean): Promise<void> {
  const [leader] = await ctx.db.select({ status: leaders.status }).from(leaders).where(eq(leaders.userId, leaderId))
  if (!leader || (live && leader.status === 'cancelled')) throw notFound()
}

/** Watches or unwatches; either is idempotent. */
export async function setWatch(
  ctx: ExchangeContext,
  userId: number,
  leaderId: number,
  watching: boolean,
): Promise<{ leaderId: string; watching: boolean }> {
  await assertLeader(ctx, leaderId, watching)
  if (watching)
    await ctx.db.insert(leaderWatches).values({ userId, leaderId, createdAt: ctx.now() }).onConflictDoNothing()
  else
    await ctx.db
      .delete(leaderWatches)
      .where(and(eq(leaderWatches.userId, userId), eq(leaderWatches.leaderId, leaderId)))
  return { leaderId: String(leaderId), watching }
}

/** Sets (1, -1) or removes (0) the caller's vote and answers the leader's counts. */
export async function setVote(
  ctx: ExchangeContext,
  userId: number,
  leaderId: number,
  vote: 1 | -1 | 0,
): Promise<LeaderVote> {
  await assertLeader(ctx, leaderId, true)
  const mine = and(eq(leaderVotes.userId, userId), eq(leaderVotes.leaderId, leaderId))
  if (vote === 0) await ctx.db.delete(leaderVotes).where(mine)
  else {
    const now = ctx.now()
    await ctx.db
      .insert(leaderVotes)
      .values({ userId, leaderId, vote, updatedAt: now })
      .onConflictDoUpdate({ target: [leaderVotes.userId, leaderVotes.leaderId], set: { vote, updatedAt: now } })
  }
  const counts = (await voteCounts(ctx.db, [leaderId])).get(leaderId) ?? NO_VOTES
  return { ...counts, myVote: vote }
}
