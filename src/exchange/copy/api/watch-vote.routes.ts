/** Watching (bookmarking) a leader and voting on one. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { leaderPathSchema, voteRequestSchema, voteResponseSchema, watchResponseSchema } from '../../../contract/index.ts'
import type { ExchangeContext } from '../../context.ts'
import { requireAuth } from '../../http/auth.ts'
import { AUTH_REFUSALS, BEARER, jsonBody, ok, okJson } from '../../http/openapi.ts'
import { refusal, tags, UNKNOWN_LEADER } from './follow-docs.ts'
import { setVote, setWatch } from './watch-vote.service.ts'

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
  app.openapi(watchRoute, async (c) => c.json(ok(await setWatch(ctx, c.get('auth').user.id, Number(c.req.valid('param').leaderId), true)), 200))

  const unwatchRoute = createRoute({
    method: 'delete',
    path: '/copy/v1/watches/{leaderId}',
    tags,
    summary: 'Stop watching a leader',
    description: 'Idempotent: succeeds when not watching too.',
    security: BEARER,
    middleware,
    request: { params: leaderPathSchema },
    responses: { 200: okJson(watchResponseSchema, 'Not watching'), ...AUTH_REFUSALS, 404: refusal("'not-found': no such leader") },
  })
  app.openapi(unwatchRoute, async (c) => c.json(ok(await setWatch(ctx, c.get('auth').user.id, Number(c.req.valid('param').leaderId), false)), 200))

  const voteRoute = createRoute({
    method: 'put',
    path: '/copy/v1/votes/{leaderId}',
    tags,
    summary: 'Like or dislike a leader',
    description: 'One vote per user and leader: 1 likes, -1 dislikes (either replaces the previous vote), 0 removes it. Answers the leader’s counts and the caller’s vote.',
    security: BEARER,
    middleware,
    request: { params: leaderPathSchema, body: jsonBody(voteRequestSchema) },
    responses: { 200: okJson(voteResponseSchema, 'The counts'), ...AUTH_REFUSALS, 404: UNKNOWN_LEADER },
  })
  app.openapi(voteRoute, async (c) => {
    const { vote } = c.req.valid('json')
    return c.json(ok(await setVote(ctx, c.get('auth').user.id, Number(c.req.valid('param').leaderId), vote)), 200)
  })
}
