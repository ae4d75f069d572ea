/** A leader's own records: followers (and removing one), profit share received and per-copy profit-share state. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import {
  leaderCopyIdParamsSchema,
  leaderProfitShareDetailPageResponseSchema,
  leaderProfitShareResponseSchema,
  myFollowerPageResponseSchema,
  myFollowerResponseSchema,
  pageQuerySchema,
} from '#/contract/index.ts'
import type { ExchangeContext } from '#/exchange/context.ts'
import { requireAuth } from '#/exchange/http/auth.ts'
import { AUTH_REFUSALS, BEARER, ok, okJson } from '#/exchange/http/openapi.ts'
import { NOT_LEADER, NOT_MY_FOLLOWER, tags } from './lead-docs.ts'
import { followersPage, profitShareDetails, profitShareView, removeFollower } from './lead-records.service.ts'
import { activeLeader, leaderRowOf } from './lead.service.ts'
import { ApiFailure } from '#/exchange/http/errors.ts'
import { marksOf } from '../marks.ts'

export function leadRecordRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  const base = { tags, security: BEARER, middleware: requireAuth(ctx) }
  /** Profit-share records stay readable after the identity is cancelled. */
  const everLeader = async (userId: number) => {
    if (!(await leaderRowOf(ctx.db, userId))) throw new ApiFailure(403, 'not-leader')
  }

  const followersRoute = createRoute({
    ...base,
    method: 'get',
    path: '/copy/v1/leader/followers',
    summary: 'My followers',
    description:
      "The caller's live copies (active and paused), newest first: masked follower, since, investment, mode, status, " +
      'realized PnL of the copy net of fees and funding, and the profit share it paid.',
    request: { query: pageQuerySchema },
    responses: {
      200: okJson(myFollowerPageResponseSchema, 'A page of followers and the total'),
      ...AUTH_REFUSALS,
      403: NOT_LEADER,
    },
  })
  app.openapi(followersRoute, async (c) => {
    const userId = c.get('auth').user.id
    await activeLeader(ctx.db, userId)
    const { page, pageSize } = c.req.valid('query')
    return c.json(ok(await followersPage(ctx.db, userId, page, pageSize)), 200)
  })

  const removeRoute = createRoute({
    ...base,
    method: 'delete',
    path: '/copy/v1/leader/followers/{copyId}',
    summary: 'Remove a follower',
    description:
      "Ends the copy ('removed'): its positions close at the marks, profit share is settled and the rest returns to the follower's wallet.",
    request: { params: leaderCopyIdParamsSchema },
    responses: {
      200: okJson(myFollowerResponseSchema, 'The ended copy'),
      ...AUTH_REFUSALS,
      403: NOT_LEADER,
      404: NOT_MY_FOLLOWER,
    },
  })
  app.openapi(removeRoute, async (c) => {
    const userId = c.get('auth').user.id
    await activeLeader(ctx.db, userId)
    return c.json(ok(await removeFollower(ctx, userId, Number(c.req.valid('param').copyId))), 200)
  })

  const shareRoute = createRoute({
    ...base,
    method: 'get',
    path: '/copy/v1/leader/profit-share',
    summary: 'My profit share',
    description:
      'Profit share received today, yesterday, in the last 7 days (UTC days of settlement) and in all; the estimate of what the live copies would pay ' +
      'if settled now (their net result above the high-water mark × the rate, the net result being the lower of the realized net profit and the ' +
      'net profit with open positions at the mark); and a page of settlements, newest first.',
    request: { query: pageQuerySchema },
    responses: {
      200: okJson(leaderProfitShareResponseSchema, 'Totals and a page of settlements'),
      ...AUTH_REFUSALS,
      403: NOT_LEADER,
    },
  })
  app.openapi(shareRoute, async (c) => {
    const userId = c.get('auth').user.id
    await everLeader(userId)
    const { page, pageSize } = c.req.valid('query')
    return c.json(ok(await profitShareView(ctx.db, userId, ctx.now(), marksOf(ctx.market), page, pageSize)), 200)
  })

  const detailsRoute = createRoute({
    ...base,
    method: 'get',
    path: '/copy/v1/leader/profit-share/details',
    summary: 'Profit share per follower',
    description:
      'Per copy (live, or ended after paying a share), newest first: masked follower, the net result the share is charged on (live copies: ' +
      "the realized net profit, less the open positions' loss at the mark when they lose), high-water mark, " +
      "the copy's rate (agreed when it began, or the leader's lower rate since), the share paid in all and the last settlement.",
    request: { query: pageQuerySchema },
    responses: {
      200: okJson(leaderProfitShareDetailPageResponseSchema, 'A page of copies and the total'),
      ...AUTH_REFUSALS,
      403: NOT_LEADER,
    },
  })
  app.openapi(detailsRoute, async (c) => {
    const userId = c.get('auth').user.id
    await everLeader(userId)
    const { page, pageSize } = c.req.valid('query')
    return c.json(ok(await profitShareDetails(ctx.db, userId, marksOf(ctx.market), page, pageSize)), 200)
  })
}
