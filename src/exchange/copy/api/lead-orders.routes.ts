/** A leader's trades at the mark, mirrored to every copy: open, add to, close or reduce a position. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import {
  leaderAddRequestSchema,
  leaderCloseRequestSchema,
  leaderOrderRequestSchema,
  leaderPositionIdParamsSchema,
  leaderTradeResponseSchema,
} from '#/contract/index.ts'
import type { ExchangeContext } from '#/exchange/context.ts'
import { requireAuth } from '#/exchange/http/auth.ts'
import { AUTH_REFUSALS, BEARER, jsonBody, ok, okJson } from '#/exchange/http/openapi.ts'
import { NOT_LEADER, NOT_MY_POSITION, ORDER_INPUT, tags } from './lead-docs.ts'
import { addOrder, closeOrder, openOrder } from './lead-orders.service.ts'

const REPLAY = 'A clientOrderId sent before answers what that order did, with replayed true, and changes nothing.'

export function leadOrderRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  const base = { tags, security: BEARER, middleware: requireAuth(ctx) }
  const answer = okJson(
    leaderTradeResponseSchema,
    'The position after the trade, and how many copies followed or were skipped',
  )

  const openRoute = createRoute({
    ...base,
    method: 'post',
    path: '/copy/v1/leader/orders',
    summary: 'Open a position as a leader',
    description:
      "Opens a position at the pair's mark with margin and fee from the exchange wallet, on the leader's market (spot: long only, leverage 1). " +
      `Every live copy follows within its settings; those that cannot are counted as skipped. ${REPLAY}`,
    request: { body: jsonBody(leaderOrderRequestSchema) },
    responses: { 200: answer, ...AUTH_REFUSALS, 400: ORDER_INPUT, 403: NOT_LEADER },
  })
  app.openapi(openRoute, async (c) => c.json(ok(await openOrder(ctx, c.get('auth').user.id, c.req.valid('json'))), 200))

  const addRoute = createRoute({
    ...base,
    method: 'post',
    path: '/copy/v1/leader/positions/{positionId}/add',
    summary: 'Add to a position as a leader',
    description: `Adds \`size\` at the mark (the entry becomes the weighted average); the copies add in proportion to their settings. ${REPLAY}`,
    request: { params: leaderPositionIdParamsSchema, body: jsonBody(leaderAddRequestSchema) },
    responses: { 200: answer, ...AUTH_REFUSALS, 400: ORDER_INPUT, 403: NOT_LEADER, 404: NOT_MY_POSITION },
  })
  app.openapi(addRoute, async (c) => {
    const { positionId } = c.req.valid('param')
    return c.json(ok(await addOrder(ctx, c.get('auth').user.id, Number(positionId), c.req.valid('json'))), 200)
  })

  const closeRoute = createRoute({
    ...base,
    method: 'post',
    path: '/copy/v1/leader/positions/{positionId}/close',
    summary: 'Close a position as a leader',
    description: `Closes the position at the mark, or reduces it by \`size\`; each copy closes the same fraction of its position. ${REPLAY}`,
    request: { params: leaderPositionIdParamsSchema, body: jsonBody(leaderCloseRequestSchema) },
    responses: { 200: answer, ...AUTH_REFUSALS, 400: ORDER_INPUT, 403: NOT_LEADER, 404: NOT_MY_POSITION },
  })
  app.openapi(closeRoute, async (c) => {
    const { positionId } = c.req.valid('param')
    return c.json(ok(await closeOrder(ctx, c.get('auth').user.id, Number(positionId), c.req.valid('json'))), 200)
  })
}
