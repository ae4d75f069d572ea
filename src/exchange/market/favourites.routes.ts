/**
 * The signed-in user's favourite pairs (issue 19: the markets page keeps a visitor's in the browser and a user's here,
 * so they follow the user to every device). The whole list is read and replaced at once, in the user's order.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { asc, eq } from 'drizzle-orm'
import { favouritesRequestSchema, favouritesResponseSchema, type Favourite } from '#/contract/index.ts'
import type { ExchangeContext } from '../context.ts'
import { favourites } from '../db/trading-schema.ts'
import { invalidInput } from '../http/errors.ts'
import { requireAuth } from '../http/auth.ts'
import { AUTH_REFUSALS, BEARER, jsonBody, ok, okJson } from '../http/openapi.ts'
import { findInstrument } from './instruments.ts'

const tags = ['Market']

export function favouritesRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  const middleware = requireAuth(ctx)
  const read = (userId: number): Promise<Favourite[]> =>
    ctx.db
      .select({ biz: favourites.biz, pairCode: favourites.pairCode })
      .from(favourites)
      .where(eq(favourites.userId, userId))
      .orderBy(asc(favourites.position))

  app.openapi(
    createRoute({
      method: 'get',
      path: '/market/v1/favourites',
      tags,
      summary: 'Favourite pairs',
      description: 'The caller’s favourite pairs, each with its market, in their order.',
      security: BEARER,
      middleware,
      responses: { 200: okJson(favouritesResponseSchema, 'The favourites'), ...AUTH_REFUSALS },
    }),
    async (c) => c.json(ok(await read(c.get('auth').user.id)), 200),
  )

  app.openapi(
    createRoute({
      method: 'put',
      path: '/market/v1/favourites',
      tags,
      summary: 'Replace the favourite pairs',
      description:
        'The whole list, in order (at most 100; a pair named twice on one market counts once). An unknown pair is ' +
        "refused ('invalid-input', the field named).",
      security: BEARER,
      middleware,
      request: { body: jsonBody(favouritesRequestSchema) },
      responses: { 200: okJson(favouritesResponseSchema, 'The favourites as stored'), ...AUTH_REFUSALS },
    }),
    async (c) => {
      const userId = c.get('auth').user.id
      const seen = new Set<string>()
      const list: Favourite[] = []
      for (const [index, item] of c.req.valid('json').list.entries()) {
        const instrument = findInstrument(item.pairCode)
        if (!instrument) throw invalidInput([{ path: `list.${index}.pairCode`, issue: 'no such pair' }])
        const key = `${item.biz}:${instrument.pairCode}`
        if (seen.has(key)) continue
        seen.add(key)
        list.push({ biz: item.biz, pairCode: instrument.pairCode })
      }
      await ctx.db.transaction(async (tx) => {
        await tx.delete(favourites).where(eq(favourites.userId, userId))
        if (list.length > 0)
          await tx.insert(favourites).values(list.map((item, position) => ({ userId, ...item, position })))
      })
      return c.json(ok(list), 200)
    },
  )
}
