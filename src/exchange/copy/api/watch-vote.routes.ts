/** Watching (bookmarking) a leader and voting on one, and reading back all of the caller's watches and votes. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import {
  leaderPathSchema,
  myReactionsResponseSchema,
  voteRequestSchema,
  voteResponseSchema,
  watchResponseSchema,
} from '#/contract/index.ts'
import type { ExchangeContext } from '#/exchange/context.ts'
import { requireAuth } from '#/exchange/http/auth.ts'
import { AUTH_REFUSALS, BEARER, jsonBody, ok, okJson } from '#/exchange/http/openapi.ts'
import { refusal, tags, UNKNOWN_LEADER } from './follow-docs.ts'
import { myReactions, setVote, setWatch } from './watch-vote.service.ts'

export function watchVoteRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  const middleware = requireAuth(ctx)

  const watchRoute = createRoute({
    method: 'put',
    path: '/copy/v1/watches/{leaderId}',
    tags,
    summary: 'Watch a leader',
    description: 'Idempotent: watching twice keeps one watch.',
    security: BEARER,
    middleware,
    request: { params: leaderPathSchema },
    responses: { 200: okJson(watchResponseSchema, 'Watching'), ...AUTH_REFUSALS, 404: UNKNOWN_LEADER },
  })
  app.openapi(watchRoute, async (c) =>
    c.json(ok(await setWatch(ctx, c.get('auth').user.id, Number(c.req.valid('param').leaderId), true)), 200),
  )

  const unwatchRoute = createRoute({
    method: 'delete',
    path: '/copy/v1/watches/{leaderId}',
    tags,
    summary: 'Stop watching a leader',
    description: 'Idempotent: succeeds when not watching too.',
    security: BEARER,
    middleware,
    request: { params: leaderPathSchema },
    responses: {
      200: okJson(watchResponseSchema, 'Not watching'),
      ...AUTH_REFUSALS,
      404: refusal("'not-found': no such leader"),
    },
  })
  app.openapi(unwatchRoute, async (c) =>
    c.json(ok(await setWatch(ctx, c.get('auth').user.id, Number(c.req.valid('param').leaderId), false)), 200),
  )

  const voteRoute = createRoute({
    method: 'put',
    path: '/copy/v1/votes/{leaderId}',
    tags,
    summary: 'Like or dislike a leader',
    description:
      'One vote per user and leader: 1 likes, -1 dislikes (either replaces the previous vote), 0 removes it. Answers the leader’s counts and the caller’s vote.',
    security: BEARER,
    middleware,
    request: { params: leaderPathSchema, body: jsonBody(voteRequestSchema) },
    responses: { 200: okJson(voteResponseSchema, 'The counts'), ...AUTH_REFUSALS, 404: UNKNOWN_LEADER },
  })
  app.openapi(voteRoute, async (c) => {
    const { vote } = c.req.valid('json')
    return c.json(ok(await setVote(ctx, c.get('auth').user.id, Number(c.req.valid('param').leaderId), vote)), 200)
  })

  const reactionsRoute = createRoute({
    method: 'get',
    path: '/copy/v1/my/reactions',
    tags,
    summary: 'My watches and votes',
    description:
      'Every leader the caller watches (ids, latest first) and every vote they cast (1 like, -1 dislike; latest first), whatever the leader’s status: ' +
      'what a list of leaders needs to show its watch and vote buttons, in one call.',
    security: BEARER,
    middleware,
    responses: { 200: okJson(myReactionsResponseSchema, 'The watches and votes'), ...AUTH_REFUSALS },
  })
  app.openapi(reactionsRoute, async (c) => c.json(ok(await myReactions(ctx.db, c.get('auth').user.id)), 200))
}
