/** The follower's own records: live copies, one copy's account, follow history, follow profit and user profit. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import {
  followHistoryResponseSchema,
  followProfitResponseSchema,
  leaderPathSchema,
  myCopiesResponseSchema,
  myCopyDetailQuerySchema,
  myCopyDetailResponseSchema,
  pageQuerySchema,
  userProfitResponseSchema,
} from '#/contract/index.ts'
import type { ExchangeContext } from '#/exchange/context.ts'
import { requireAuth } from '#/exchange/http/auth.ts'
import { AUTH_REFUSALS, BEARER, ok, okJson } from '#/exchange/http/openapi.ts'
import { refusal, tags } from './follow-docs.ts'
import { followHistory, followProfit, myCopies, myCopyDetail, userProfit } from './my.service.ts'

const NUMBERS =
  'investment (net USDT moved in), balance (free), margin in open positions, unrealizedPnl at the marks, realizedPnl (over the copy’s positions: realized PnL − fees + funding), ' +
  'profitSharePaid, net = realizedPnl + unrealizedPnl − profitSharePaid and roi = net / investment'

export function copyMyRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  const middleware = requireAuth(ctx)

  const copiesRoute = createRoute({
    method: 'get',
    path: '/copy/v1/my/copies',
    tags,
    summary: 'My copies',
    description: `The caller’s active and paused copies, newest first, each with ${NUMBERS}; and the same summed over them.`,
    security: BEARER,
    middleware,
    responses: { 200: okJson(myCopiesResponseSchema, 'The copies and their totals'), ...AUTH_REFUSALS },
  })
  app.openapi(copiesRoute, async (c) => c.json(ok(await myCopies(ctx, c.get('auth').user.id)), 200))

  const detailRoute = createRoute({
    method: 'get',
    path: '/copy/v1/my/copies/{leaderId}',
    tags,
    summary: 'My copy of a leader',
    description:
      `The caller’s copy of a leader (the live one, else the latest ended one, with its status): ${NUMBERS}; its settings, open positions at the marks, ` +
      'closed positions (a page, latest closed first), the newest 50 skipped copies with their reasons and its profit-share settlements.',
    security: BEARER,
    middleware,
    request: { params: leaderPathSchema, query: myCopyDetailQuerySchema },
    responses: {
      200: okJson(myCopyDetailResponseSchema, 'The copy account'),
      ...AUTH_REFUSALS,
      404: refusal("'not-copying': the caller never copied this leader"),
    },
  })
  app.openapi(detailRoute, async (c) => {
    const { page, pageSize } = c.req.valid('query')
    return c.json(
      ok(await myCopyDetail(ctx, c.get('auth').user.id, Number(c.req.valid('param').leaderId), { page, pageSize })),
      200,
    )
  })

  const historyRoute = createRoute({
    method: 'get',
    path: '/copy/v1/my/follow-history',
    tags,
    summary: 'My ended copies',
    description:
      'Ended copies, the latest ended first: leader, since, until, why it ended, investment, realized result, profit share paid and net (realized − profit share).',
    security: BEARER,
    middleware,
    request: { query: pageQuerySchema },
    responses: { 200: okJson(followHistoryResponseSchema, 'A page of ended copies'), ...AUTH_REFUSALS },
  })
  app.openapi(historyRoute, async (c) =>
    c.json(ok(await followHistory(ctx, c.get('auth').user.id, c.req.valid('query'))), 200),
  )

  const followProfitRoute = createRoute({
    method: 'get',
    path: '/copy/v1/my/follow-profit',
    tags,
    summary: 'Follow profit',
    description:
      'Per copy (live and ended, newest first): realized net profit, profit share paid and net; with totals.',
    security: BEARER,
    middleware,
    responses: { 200: okJson(followProfitResponseSchema, 'Profit per copy'), ...AUTH_REFUSALS },
  })
  app.openapi(followProfitRoute, async (c) => c.json(ok(await followProfit(ctx, c.get('auth').user.id)), 200))

  const profitRoute = createRoute({
    method: 'get',
    path: '/copy/v1/my/profit',
    tags,
    summary: 'User profit',
    description:
      'Copy trading overall: realized (realized PnL − fees + funding of every copied position), unrealized at the marks, profit share paid, net; ' +
      'and the realized result of the copied positions closed on each of the last 30 UTC days (oldest first, today last).',
    security: BEARER,
    middleware,
    responses: { 200: okJson(userProfitResponseSchema, 'The profit'), ...AUTH_REFUSALS },
  })
  app.openapi(profitRoute, async (c) => c.json(ok(await userProfit(ctx, c.get('auth').user.id)), 200))
}
