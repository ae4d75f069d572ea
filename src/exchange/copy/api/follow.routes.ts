/**
 * The follower's actions: follow a leader or a chain wallet, read and edit the copy's settings,
 * cancel the copy, close a kept position. Registers the follower's records (my.routes.ts) and
 * watches and votes (watch-vote.routes.ts) too.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import {
  cancelCopyQuerySchema,
  chainFollowRequestSchema,
  chainWalletPathSchema,
  copyCancelResponseSchema,
  copyFollowResponseSchema,
  copyPositionResponseSchema,
  copySettingsUpdateSchema,
  followRequestSchema,
  leaderPathSchema,
  positionPathSchema,
} from '#/contract/index.ts'
import type { ExchangeContext } from '#/exchange/context.ts'
import { requireAuth } from '#/exchange/http/auth.ts'
import { AUTH_REFUSALS, BEARER, jsonBody, ok, okJson } from '#/exchange/http/openapi.ts'
import {
  FOLLOW_AMOUNTS,
  FOLLOW_CONFLICTS,
  FOLLOW_RULES,
  NOT_COPYING,
  refusal,
  tags,
  UNKNOWN_LEADER,
} from './follow-docs.ts'
import {
  cancelCopy,
  closeCopiedPosition,
  copySettings,
  editCopy,
  followChainWallet,
  followLeader,
} from './follow.service.ts'
import { copyMyRoutes } from './my.routes.ts'
import { watchVoteRoutes } from './watch-vote.routes.ts'

export function copyFollowRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  const middleware = requireAuth(ctx)
  const userOf = (auth: { user: { id: number } }) => auth.user.id

  const followRoute = createRoute({
    method: 'post',
    path: '/copy/v1/copies',
    tags,
    summary: 'Follow a leader',
    description:
      `Creates the copy and moves the investment from the USDT wallet into it, in one transaction. ${FOLLOW_RULES} ` +
      "Refusals, checked in this order: 404 'not-found', then 409 'follow-self', 'follow-while-leading', 'already-copying', 'leader-paused', 'leader-full', 'leader-below-minimum', " +
      "then 400 'below-minimum', 'insufficient-balance'. A double submit creates one copy; the other answers 'already-copying'.",
    security: BEARER,
    middleware,
    request: { body: jsonBody(followRequestSchema) },
    responses: {
      200: okJson(copyFollowResponseSchema, 'The new copy'),
      ...AUTH_REFUSALS,
      400: FOLLOW_AMOUNTS,
      404: UNKNOWN_LEADER,
      409: FOLLOW_CONFLICTS,
    },
  })
  app.openapi(followRoute, async (c) => {
    const { leaderId, investment, ...settings } = c.req.valid('json')
    return c.json(ok(await followLeader(ctx, userOf(c.get('auth')), Number(leaderId), settings, investment)), 200)
  })

  const chainFollowRoute = createRoute({
    method: 'post',
    path: '/copy/v1/chain-wallets/{chain}/{address}/follow',
    tags,
    summary: 'Copy a chain wallet',
    description: `Follows the leader behind an on-chain wallet, in fixed mode, with the rules and refusals of following a leader. Chain wallets share no profit. ${FOLLOW_RULES}`,
    security: BEARER,
    middleware,
    request: { params: chainWalletPathSchema, body: jsonBody(chainFollowRequestSchema) },
    responses: {
      200: okJson(copyFollowResponseSchema, 'The new copy'),
      ...AUTH_REFUSALS,
      400: FOLLOW_AMOUNTS,
      404: refusal("'not-found': no such chain wallet"),
      409: FOLLOW_CONFLICTS,
    },
  })
  app.openapi(chainFollowRoute, async (c) => {
    const { chain, address } = c.req.valid('param')
    return c.json(ok(await followChainWallet(ctx, userOf(c.get('auth')), chain, address, c.req.valid('json'))), 200)
  })

  const settingsRoute = createRoute({
    method: 'get',
    path: '/copy/v1/copies/{leaderId}/settings',
    tags,
    summary: 'My copy settings',
    description:
      'The settings of the caller’s live (active or paused) copy of a leader, exactly as set, with investment, free balance and status.',
    security: BEARER,
    middleware,
    request: { params: leaderPathSchema },
    responses: { 200: okJson(copyFollowResponseSchema, 'The copy'), ...AUTH_REFUSALS, 404: NOT_COPYING },
  })
  app.openapi(settingsRoute, async (c) => {
    return c.json(ok(await copySettings(ctx, userOf(c.get('auth')), Number(c.req.valid('param').leaderId))), 200)
  })

  const editRoute = createRoute({
    method: 'put',
    path: '/copy/v1/copies/{leaderId}/settings',
    tags,
    summary: 'Edit my copy',
    description:
      `Changes any setting; \`investment\` is the new total (the difference moves between the wallet and the copy); \`status\` pauses (no new copied positions; closes still mirror) or resumes. ${FOLLOW_RULES} ` +
      "'insufficient-balance': a decrease beyond the copy’s free balance, or an increase beyond the wallet.",
    security: BEARER,
    middleware,
    request: { params: leaderPathSchema, body: jsonBody(copySettingsUpdateSchema) },
    responses: {
      200: okJson(copyFollowResponseSchema, 'The copy as now set'),
      ...AUTH_REFUSALS,
      400: FOLLOW_AMOUNTS,
      404: NOT_COPYING,
    },
  })
  app.openapi(editRoute, async (c) => {
    return c.json(
      ok(await editCopy(ctx, userOf(c.get('auth')), Number(c.req.valid('param').leaderId), c.req.valid('json'))),
      200,
    )
  })

  const cancelRoute = createRoute({
    method: 'delete',
    path: '/copy/v1/copies/{leaderId}',
    tags,
    summary: 'Stop copying a leader',
    description:
      'Ends the copy: its positions are closed at the marks (closePositions=true, the default) or kept open, unmanaged, for the caller to close; ' +
      'profit share is settled and the balance returns to the wallet. Answers the final account and the profit-share record when one was settled.',
    security: BEARER,
    middleware,
    request: { params: leaderPathSchema, query: cancelCopyQuerySchema },
    responses: { 200: okJson(copyCancelResponseSchema, 'The ended copy'), ...AUTH_REFUSALS, 404: NOT_COPYING },
  })
  app.openapi(cancelRoute, async (c) => {
    const closePositions = c.req.valid('query').closePositions === 'true'
    return c.json(
      ok(await cancelCopy(ctx, userOf(c.get('auth')), Number(c.req.valid('param').leaderId), closePositions)),
      200,
    )
  })

  const closeRoute = createRoute({
    method: 'post',
    path: '/copy/v1/positions/{positionId}/close',
    tags,
    summary: 'Close one copied position',
    description:
      'Closes, at the mark, one copied position of the caller: one their copy manages (margin and PnL, less the fee, ' +
      "go back to the copy's balance; the leader's later close of its position leaves it be) or one they kept when " +
      'cancelling a copy (they go to the wallet).',
    security: BEARER,
    middleware,
    request: { params: positionPathSchema },
    responses: {
      200: okJson(copyPositionResponseSchema, 'The closed position'),
      ...AUTH_REFUSALS,
      404: refusal("'not-found': not an open copied position of the caller"),
    },
  })
  app.openapi(closeRoute, async (c) => {
    return c.json(
      ok(await closeCopiedPosition(ctx, userOf(c.get('auth')), Number(c.req.valid('param').positionId))),
      200,
    )
  })

  copyMyRoutes(app, ctx)
  watchVoteRoutes(app, ctx)
}
