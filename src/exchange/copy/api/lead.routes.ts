/**
 * The signed-in user as a leader: requirements, applying, settings and profile, the leader-centre
 * header and cancelling the identity (this file); trades in lead-orders.routes.ts; followers and
 * profit-share records in lead-records.routes.ts.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import {
  leaderApplyRequestSchema,
  leaderCancelResponseSchema,
  leaderInfoRequestSchema,
  leaderRequirementsQuerySchema,
  leaderRequirementsResponseSchema,
  leaderSettingsRequestSchema,
  myLeaderCentreResponseSchema,
  myLeaderProfileResponseSchema,
} from '#/contract/index.ts'
import type { ExchangeContext } from '#/exchange/context.ts'
import { requireAuth } from '#/exchange/http/auth.ts'
import { AUTH_REFUSALS, BEARER, jsonBody, ok, okJson } from '#/exchange/http/openapi.ts'
import { nicknameHook } from '#/exchange/http/validation.ts'
import { APPLY_CONFLICTS, CANCEL_CONFLICT, NOT_LEADER, PROFILE_CONFLICTS, SETTINGS_INPUT, tags } from './lead-docs.ts'
import { leadOrderRoutes } from './lead-orders.routes.ts'
import { leadRecordRoutes } from './lead-records.routes.ts'
import { leaderCentre } from './lead-records.service.ts'
import {
  activeLeader,
  applyLeader,
  cancelLeader,
  checkRequirements,
  leaderRowOf,
  liveFollowerCount,
  profileOf,
  updateInfo,
  updateSettings,
} from './lead.service.ts'

export function copyLeadRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  const middleware = requireAuth(ctx)
  const base = { tags, security: BEARER, middleware }

  const requirementsRoute = createRoute({
    ...base,
    method: 'get',
    path: '/copy/v1/leader/requirements',
    summary: 'What it takes to lead',
    description:
      "The checklist to become a leader: 'not-copying' (no active or paused copy of another leader), 'min-balance' " +
      "(USDT in the exchange wallet at least the platform minimum) and 'no-open-positions' (none of the caller's own), each with current and required values; " +
      'eligible when all are met (the same for both markets; `biz` is echoed). Also whether the caller leads now and the status of their leader identity, if any.',
    request: { query: leaderRequirementsQuerySchema },
    responses: { 200: okJson(leaderRequirementsResponseSchema, 'The checklist'), ...AUTH_REFUSALS },
  })
  app.openapi(requirementsRoute, async (c) => {
    const userId = c.get('auth').user.id
    const requirements = await checkRequirements(ctx.db, userId)
    const row = await leaderRowOf(ctx.db, userId)
    return c.json(
      ok({
        biz: c.req.valid('query').biz,
        eligible: requirements.every((r) => r.met),
        isLeader: row !== undefined && row.status !== 'cancelled',
        leaderStatus: row?.status ?? null,
        requirements,
      }),
      200,
    )
  })

  const applyRoute = createRoute({
    ...base,
    method: 'post',
    path: '/copy/v1/leader/apply',
    summary: 'Become a leader',
    description:
      'Opens the leader identity with its terms: profit share (default 10 %, at most 30 %), maximum followers, minimum copy amount, up to 3 tags, ' +
      "the instruments followers copy (empty: all). The nickname defaults to the user's (with their id when another leader holds it). A cancelled leader may apply again (the identity is reactivated). " +
      "A nickname another leader holds (ignoring letter case and compatibility forms) is 409 'nickname-taken'; one with hidden characters 400 'nickname-invalid'.",
    request: { body: jsonBody(leaderApplyRequestSchema) },
    responses: {
      200: okJson(myLeaderProfileResponseSchema, 'The new leader profile'),
      ...AUTH_REFUSALS,
      400: SETTINGS_INPUT,
      409: APPLY_CONFLICTS,
    },
  })
  app.openapi(
    applyRoute,
    async (c) => c.json(ok(await applyLeader(ctx, c.get('auth').user, c.req.valid('json'))), 200),
    nicknameHook,
  )

  const settingsRoute = createRoute({
    ...base,
    method: 'get',
    path: '/copy/v1/leader/settings',
    summary: 'My leader settings',
    description: "The caller's leader profile and copy terms, with the number of followers copying now.",
    responses: { 200: okJson(myLeaderProfileResponseSchema, 'The leader profile'), ...AUTH_REFUSALS, 403: NOT_LEADER },
  })
  app.openapi(settingsRoute, async (c) => {
    const userId = c.get('auth').user.id
    const row = await activeLeader(ctx.db, userId)
    return c.json(ok(profileOf(row, await liveFollowerCount(ctx.db, userId))), 200)
  })

  const updateSettingsRoute = createRoute({
    ...base,
    method: 'put',
    path: '/copy/v1/leader/settings',
    summary: 'Set my copy terms',
    description:
      'Changes the given terms only: profit share, maximum followers (not below the followers copying now), minimum copy amount, ' +
      "status ('paused' takes no new followers; copies go on) and instruments. Each copy pays the rate it was agreed at: a lower " +
      'profit share applies to the live copies at once, a higher one only to copies begun after it.',
    request: { body: jsonBody(leaderSettingsRequestSchema) },
    responses: {
      200: okJson(myLeaderProfileResponseSchema, 'The updated profile'),
      ...AUTH_REFUSALS,
      400: SETTINGS_INPUT,
      403: NOT_LEADER,
    },
  })
  app.openapi(updateSettingsRoute, async (c) =>
    c.json(ok(await updateSettings(ctx.db, c.get('auth').user.id, c.req.valid('json'))), 200),
  )

  const infoRoute = createRoute({
    ...base,
    method: 'put',
    path: '/copy/v1/leader/info',
    summary: 'Set my leader profile',
    description:
      "Changes the given fields only: nickname (2-20 characters after trimming), bio (up to 200), tags (up to 3), avatar ('/avatars/<name>.svg', a shared preset '/avatars/presets/<name>.svg', or null for the default). " +
      "Nicknames are unique among leaders ignoring letter case and compatibility forms (409 'nickname-taken'); one with zero-width, bidi, control or other hidden characters, " +
      "or nothing visible, is 400 'nickname-invalid'. The pictures at the top of /avatars/ belong to the leaders who show them (the simulated leaders' faces): another leader's is 409 'avatar-taken'; " +
      'any number of leaders may show the same preset.',
    request: { body: jsonBody(leaderInfoRequestSchema) },
    responses: {
      200: okJson(myLeaderProfileResponseSchema, 'The updated profile'),
      ...AUTH_REFUSALS,
      400: SETTINGS_INPUT,
      403: NOT_LEADER,
      409: PROFILE_CONFLICTS,
    },
  })
  app.openapi(
    infoRoute,
    async (c) => c.json(ok(await updateInfo(ctx.db, c.get('auth').user.id, c.req.valid('json'))), 200),
    nicknameHook,
  )

  const cancelRoute = createRoute({
    ...base,
    method: 'delete',
    path: '/copy/v1/leader',
    summary: 'Stop leading',
    description:
      "Cancels the leader identity. Refused while the leader holds open positions. Every copy ends first ('leader-cancelled'): " +
      "its positions close at the marks, profit share is settled and the rest returns to the follower's wallet.",
    responses: {
      200: okJson(leaderCancelResponseSchema, 'How many copies ended'),
      ...AUTH_REFUSALS,
      403: NOT_LEADER,
      409: CANCEL_CONFLICT,
    },
  })
  app.openapi(cancelRoute, async (c) => c.json(ok(await cancelLeader(ctx, c.get('auth').user.id)), 200))

  const centreRoute = createRoute({
    ...base,
    method: 'get',
    path: '/copy/v1/leader/summary',
    summary: 'My leader centre',
    description:
      'The header of the leader centre: whether the caller leads, status, market, nickname, avatar, followers copying now, ' +
      'AUM (free balances plus open margins of the live copies) and profit share received (all time and today, UTC). Zeros for a user who does not lead.',
    responses: { 200: okJson(myLeaderCentreResponseSchema, 'The leader centre header'), ...AUTH_REFUSALS },
  })
  app.openapi(centreRoute, async (c) => c.json(ok(await leaderCentre(ctx.db, c.get('auth').user.id, ctx.now())), 200))

  leadOrderRoutes(app, ctx)
  leadRecordRoutes(app, ctx)
}
