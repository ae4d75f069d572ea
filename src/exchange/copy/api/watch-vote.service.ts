/** Watching a leader (a bookmark) and voting on one (like or dislike, one vote per user, changeable). */
import { and, eq, sql } from 'drizzle-orm'
import type { LeaderVote } from '../../../contract/index.ts'
import type { ExchangeContext } from '../../context.ts'
import { leaders, leaderVotes, leaderWatches } from '../../db/copy-schema.ts'
import { notFound } from '../../http/errors.ts'

/** 404 unless the leader exists; `live`: and has not cancelled. */
async function assertLeader(ctx: ExchangeContext, leaderId: number, live: boolean): Promise<void> {
  const [leader] = await ctx.db.select({ status: leaders.status }).from(leaders).where(eq(leaders.userId, leaderId))
  if (!leader || (live && leader.status === 'cancelled')) throw notFound()
}

/** Watches or unwatches; either is idempotent. */
export async function setWatch(ctx: ExchangeContext, userId: number, leaderId: number, watching: boolean): Promise<{ leaderId: string; watching: boolean }> {
  await assertLeader(ctx, leaderId, watching)
  if (watching) await ctx.db.insert(leaderWatches).values({ userId, leaderId, createdAt: ctx.now() }).onConflictDoNothing()
  else await ctx.db.delete(leaderWatches).where(and(eq(leaderWatches.userId, userId), eq(leaderWatches.leaderId, leaderId)))
  return { leaderId: String(leaderId), watching }
}

/** Sets (1, -1) or removes (0) the caller's vote and answers the leader's counts. */
export async function setVote(ctx: ExchangeContext, userId: number, leaderId: number, vote: 1 | -1 | 0): Promise<LeaderVote> {
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
  const [counts] = await ctx.db
    .select({
      likes: sql<number>`count(*) filter (where ${leaderVotes.vote} > 0)::int`.mapWith(Number),
      dislikes: sql<number>`count(*) filter (where ${leaderVotes.vote} < 0)::int`.mapWith(Number),
    })
    .from(leaderVotes)
    .where(eq(leaderVotes.leaderId, leaderId))
  return { likes: counts?.likes ?? 0, dislikes: counts?.dislikes ?? 0, myVote: vote }
}
