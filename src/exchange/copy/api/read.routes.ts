/**
 * The public reads of copy trading: the leader list, a leader's detail, statistics, positions,
 * history and followers (this file), and the overview and on-chain wallets (overview.routes.ts).
 * The detail and the list look at the session: a signed-in caller also gets watched, myVote and
 * myCopy on the detail, and may list only the leaders they watch.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import {
  apiErrorSchema,
  leaderDetailResponseSchema,
  leaderFollowersResponseSchema,
  leaderListQuerySchema,
  leaderPageResponseSchema,
  leaderPathSchema,
  leaderPositionsResponseSchema,
  leaderStatsResponseSchema,
  pageQuerySchema,
  periodQuerySchema,
  positionPageResponseSchema,
} from '#/contract/index.ts'
import type { ExchangeContext } from '#/exchange/context.ts'
import { optionalAuth } from '#/exchange/http/auth.ts'
import { COMMON_REFUSALS, ok, okJson, REFUSALS } from '#/exchange/http/openapi.ts'
import { marksOf } from '../marks.ts'
import { overviewRoutes } from './overview.routes.ts'
import {
  leaderDetail,
  leaderFollowers,
  leaderHistory,
  leaderPositions,
  leaderStatsDetail,
  listLeaders,
} from './read.service.ts'

const tags = ['Copy trading']
const READ_REFUSALS = { 400: COMMON_REFUSALS[400], 500: COMMON_REFUSALS[500] } as const
const UNKNOWN_LEADER = {
  description: "'not-found': no such leader, or the leader cancelled",
  content: { 'application/json': { schema: apiErrorSchema } },
}
/** Anonymous or signed in: the session is optional. */
const OPTIONAL_BEARER: Record<string, string[]>[] = [{}, { bearerAuth: [] }]

const listRoute = (ctx: ExchangeContext) =>
  createRoute({
    method: 'get',
    path: '/copy/v1/leaders',
    tags,
    summary: 'Lead traders',
    description:
      'Open and paused leaders of a market and kind with their statistics of a period, a sparkline of cumulative ROI (at most 90 points) and their like and dislike counts. ' +
      'Filters: minimum ROI, maximum drawdown, minimum AUM (fractions and USDT as decimal strings), tags (any of), free slots, nickname, and `watched=true`: ' +
      'only the leaders the caller watches (signed in only: anonymous, it answers 401). ' +
      'Sorts: roi, pnl, copierPnl, aum, followers (copying now), winRate, drawdown (ascending by default: steadiest first), newest; `order` overrides the direction.',
    security: OPTIONAL_BEARER,
    middleware: optionalAuth(ctx),
    request: { query: leaderListQuerySchema },
    responses: {
      200: okJson(leaderPageResponseSchema, 'A page of leader cards and the total'),
      401: REFUSALS[401],
      ...READ_REFUSALS,
    },
  })

const detailRoute = (ctx: ExchangeContext) =>
  createRoute({
    method: 'get',
    path: '/copy/v1/leaders/{leaderId}',
    tags,
    summary: 'A leader',
    description:
      "The leader's card for the period with likes and dislikes. Signed in: the caller's vote (0: none), watch, live copy and whether they may follow " +
      "(or why not: 'follow-self', 'follow-while-leading', 'already-copying', 'leader-paused', 'leader-full', 'leader-below-minimum'). Anonymous: myVote, watched null and canFollow reason 'login'.",
    security: OPTIONAL_BEARER,
    middleware: optionalAuth(ctx),
    request: { params: leaderPathSchema, query: periodQuerySchema },
    responses: { 200: okJson(leaderDetailResponseSchema, 'The leader'), 404: UNKNOWN_LEADER, ...READ_REFUSALS },
  })

const statsRoute = createRoute({
  method: 'get',
  path: '/copy/v1/leaders/{leaderId}/stats',
  tags,
  summary: "A leader's statistics",
  description:
    "Every statistic of the period and, for charts, each day of the period with cumulative time-weighted ROI, cumulative PnL and the day's PnL (period all: every day).",
  request: { params: leaderPathSchema, query: periodQuerySchema },
  responses: {
    200: okJson(leaderStatsResponseSchema, 'The statistics and series'),
    404: UNKNOWN_LEADER,
    ...READ_REFUSALS,
  },
})

const positionsRoute = createRoute({
  method: 'get',
  path: '/copy/v1/leaders/{leaderId}/positions',
  tags,
  summary: "A leader's open positions",
  description: 'Newest first, each at the current mark: unrealized PnL and return on margin (roe).',
  request: { params: leaderPathSchema },
  responses: {
    200: okJson(leaderPositionsResponseSchema, 'The open positions'),
    404: UNKNOWN_LEADER,
    ...READ_REFUSALS,
  },
})

const historyRoute = createRoute({
  method: 'get',
  path: '/copy/v1/leaders/{leaderId}/history',
  tags,
  summary: "A leader's closed positions",
  description: 'Newest first. roe = realized PnL / the margin at open (entry price × closed size / leverage).',
  request: { params: leaderPathSchema, query: pageQuerySchema },
  responses: {
    200: okJson(positionPageResponseSchema, 'A page of closed positions'),
    404: UNKNOWN_LEADER,
    ...READ_REFUSALS,
  },
})

const followersRoute = createRoute({
  method: 'get',
  path: '/copy/v1/leaders/{leaderId}/followers',
  tags,
  summary: "A leader's current copiers",
  description:
    "Active copies, earliest first: the follower's masked nickname, since when, the investment and the copy's realized PnL net of fees and funding. Never an account or email.",
  request: { params: leaderPathSchema, query: pageQuerySchema },
  responses: { 200: okJson(leaderFollowersResponseSchema, 'A page of copiers'), 404: UNKNOWN_LEADER, ...READ_REFUSALS },
})

export function copyReadRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  app.openapi(listRoute(ctx), async (c) =>
    c.json(
      ok(await listLeaders(ctx.db, ctx.now(), marksOf(ctx.market), c.req.valid('query'), c.get('auth')?.user.id)),
      200,
    ),
  )

  app.openapi(detailRoute(ctx), async (c) => {
    const { leaderId } = c.req.valid('param')
    const caller = c.get('auth')?.user.id
    return c.json(
      ok(
        await leaderDetail(
          ctx.db,
          ctx.now(),
          marksOf(ctx.market),
          Number(leaderId),
          c.req.valid('query').period,
          caller,
        ),
      ),
      200,
    )
  })

  app.openapi(statsRoute, async (c) => {
    const { leaderId } = c.req.valid('param')
    return c.json(ok(await leaderStatsDetail(ctx.db, ctx.now(), Number(leaderId), c.req.valid('query').period)), 200)
  })

  app.openapi(positionsRoute, async (c) =>
    c.json(ok(await leaderPositions(ctx.db, ctx.market, ctx.rules, Number(c.req.valid('param').leaderId))), 200),
  )

  app.openapi(historyRoute, async (c) =>
    c.json(ok(await leaderHistory(ctx.db, Number(c.req.valid('param').leaderId), c.req.valid('query'))), 200),
  )

  app.openapi(followersRoute, async (c) =>
    c.json(ok(await leaderFollowers(ctx.db, Number(c.req.valid('param').leaderId), c.req.valid('query'))), 200),
  )

  overviewRoutes(app, ctx)
}
