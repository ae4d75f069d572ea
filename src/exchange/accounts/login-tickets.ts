/**
 * The sign-in's second step. A right password for an account with two-factor authentication gives a ticket instead of
 * a session: random, stored as SHA-256 only, valid ACCOUNTS.loginTicketTtlSeconds, taking
 * ACCOUNTS.loginTicketMaxAttempts wrong codes before it is burned, and used once. The session it opens carries the
 * device the password was typed on.
 */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { ACCOUNTS } from '#/app.config.ts'
import type { SecondFactor } from '#/contract/index.ts'
import type { ExchangeContext } from '../context.ts'
import { loginTickets } from '../db/schema.ts'
import { ApiFailure } from '../http/errors.ts'
import { newSessionToken, sha256Hex } from './secrets.ts'

export interface TicketOrigin {
  userAgent: string | null
  network: string | null
  deviceId: string | null
}

export async function issueLoginTicket(
  ctx: ExchangeContext,
  userId: number,
  origin: TicketOrigin,
): Promise<SecondFactor> {
  const ticket = newSessionToken()
  const now = ctx.wallNow()
  const ttl = ACCOUNTS.loginTicketTtlSeconds
  await ctx.db.insert(loginTickets).values({
    ticketHash: sha256Hex(ticket),
    userId,
    ...origin,
    expiresAt: new Date(now.getTime() + ttl * 1000),
    createdAt: now,
  })
  return { secondFactor: 'totp', ticket, expiresIn: ttl }
}

export interface HeldTicket extends TicketOrigin {
  ticketHash: string
  userId: number
}

/**
 * Counts an attempt on a live ticket and returns it; 400 'login-ticket-expired' for an unknown, expired, used or
 * spent one. The attempt is its own committed statement, so a wrong code cannot roll the count back.
 */
export async function attemptLoginTicket(ctx: ExchangeContext, ticket: string): Promise<HeldTicket> {
  const ticketHash = sha256Hex(ticket)
  const [held] = await ctx.db
    .update(loginTickets)
    .set({ attempts: sql`${loginTickets.attempts} + 1` })
    .where(
      and(
        eq(loginTickets.ticketHash, ticketHash),
        isNull(loginTickets.consumedAt),
        gt(loginTickets.expiresAt, ctx.wallNow()),
        lt(loginTickets.attempts, ACCOUNTS.loginTicketMaxAttempts),
      ),
    )
    .returning({
      ticketHash: loginTickets.ticketHash,
      userId: loginTickets.userId,
      userAgent: loginTickets.userAgent,
      network: loginTickets.network,
      deviceId: loginTickets.deviceId,
    })
  if (!held) throw new ApiFailure(400, 'login-ticket-expired')
  return held
}

/** Marks the ticket used; a concurrent second use of it is refused. */
export async function consumeLoginTicket(ctx: ExchangeContext, ticketHash: string): Promise<void> {
  const used = await ctx.db
    .update(loginTickets)
    .set({ consumedAt: ctx.wallNow() })
    .where(and(eq(loginTickets.ticketHash, ticketHash), isNull(loginTickets.consumedAt)))
    .returning({ ticketHash: loginTickets.ticketHash })
  if (used.length === 0) throw new ApiFailure(400, 'login-ticket-expired')
}
