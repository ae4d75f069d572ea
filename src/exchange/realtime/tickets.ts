/**
 * Websocket login tickets: the web tier asks for one on behalf of a signed-in user (the browser
 * never holds the session token) and the socket's `login` event redeems it, once, within
 * WEBSOCKET.ticketTtlMs. Stored hashed in the database, so any exchange process can redeem what
 * another issued.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { and, gt, isNull, lt, sql } from 'drizzle-orm'
import { WEBSOCKET } from '#/app.config.ts'
import { wsTicketResponseSchema } from '#/contract/index.ts'
import { newSessionToken, sha256Hex } from '../accounts/secrets.ts'
import type { ExchangeContext } from '../context.ts'
import type { Database } from '../db/client.ts'
import { wsTickets } from '../db/schema.ts'
import { requireAuth } from '../http/auth.ts'
import { AUTH_REFUSALS, BEARER, ok, okJson } from '../http/openapi.ts'

export async function issueTicket(
  db: Database,
  userId: number,
  now: Date,
): Promise<{ ticket: string; expiresAt: number }> {
  const ticket = newSessionToken()
  const expiresAt = new Date(now.getTime() + WEBSOCKET.ticketTtlMs)
  // Expired tickets go as new ones come: the table stays small.
  await db.delete(wsTickets).where(lt(wsTickets.expiresAt, now))
  await db.insert(wsTickets).values({ ticketHash: sha256Hex(ticket), userId, expiresAt })
  return { ticket, expiresAt: expiresAt.getTime() }
}

/** The ticket's user, once: a second redemption, an unknown or an expired ticket gives undefined. */
export async function redeemTicket(db: Database, ticket: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(wsTickets)
    .set({ usedAt: now })
    .where(
      and(sql`${wsTickets.ticketHash} = ${sha256Hex(ticket)}`, isNull(wsTickets.usedAt), gt(wsTickets.expiresAt, now)),
    )
    .returning({ userId: wsTickets.userId })
  return row?.userId
}

export function ticketRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  const route = createRoute({
    method: 'post',
    path: '/v2/users/ws-ticket',
    tags: ['Realtime'],
    summary: 'A websocket login ticket',
    description:
      "Single use, valid for 60 s: send it in the websocket `login` event's params.ticket to receive the private channels (positions, copy, balance).",
    security: BEARER,
    middleware: requireAuth(ctx),
    responses: { 200: okJson(wsTicketResponseSchema, 'The ticket'), ...AUTH_REFUSALS },
  })
  app.openapi(route, async (c) => c.json(ok(await issueTicket(ctx.db, c.get('auth').user.id, ctx.wallNow())), 200))
}
