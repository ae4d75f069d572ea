/** The signed-in user's records of §7: security config, menu info, preferences; and the public language list. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import {
  langMenuResponseSchema,
  preferencesResponseSchema,
  securityConfigResponseSchema,
  topsInfoRequestSchema,
  topsInfoResponseSchema,
  updatePreferencesRequestSchema,
  updatePreferencesResponseSchema,
} from '#/contract/index.ts'
import { maskAccount } from '../accounts/masking.ts'
import { localeList, readConfig } from '../activity/global-config.ts'
import type { ExchangeContext } from '../context.ts'
import { requireAuth } from '../http/auth.ts'
import { AUTH_REFUSALS, BEARER, COMMON_REFUSALS, jsonBody, ok, okJson } from '../http/openapi.ts'
import { getPreferences, updatePreferences } from './preferences.service.ts'
import { isRebateUser } from './rebate.service.ts'

const tags = ['Profile']

const langMenuRoute = createRoute({
  method: 'get',
  path: '/open/lang/menu/show',
  tags: ['Public'],
  summary: 'Languages offered to visitors',
  description: "Locale codes from the global config's `lang_whitelist` (all 13 by default).",
  responses: { 200: okJson(langMenuResponseSchema, 'The whitelist'), 500: COMMON_REFUSALS[500] },
})

export function profileRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  const middleware = requireAuth(ctx)

  const securityConfigRoute = createRoute({
    method: 'get',
    path: '/v2/users/security/config',
    tags,
    summary: 'Security config',
    description: 'userSubType 2 is a sub-account.',
    security: BEARER,
    middleware,
    responses: { 200: okJson(securityConfigResponseSchema, 'The security config'), ...AUTH_REFUSALS },
  })

  const topsInfoRoute = createRoute({
    method: 'post',
    path: '/open/seckill/user/tops-info',
    tags,
    summary: 'Menu / top info',
    description: 'The user card of the menu and the languages this user may pick. Any JSON object body, or none.',
    security: BEARER,
    middleware,
    request: { body: jsonBody(topsInfoRequestSchema, false) },
    responses: { 200: okJson(topsInfoResponseSchema, 'The menu info'), ...AUTH_REFUSALS },
  })

  const getPreferencesRoute = createRoute({
    method: 'get',
    path: '/v2/users/membership/user-perfenerce/get',
    tags,
    summary: 'Preferences',
    description: 'Defaults until first saved: en_US, en_US, USD, scientific notation on.',
    security: BEARER,
    middleware,
    responses: { 200: okJson(preferencesResponseSchema, 'The preferences'), ...AUTH_REFUSALS },
  })

  const updatePreferencesRoute = createRoute({
    method: 'post',
    path: '/v2/users/membership/user-perfenerce/update',
    tags,
    summary: 'Save preferences',
    description: 'Any non-empty subset of the fields; answers the whole stored record.',
    security: BEARER,
    middleware,
    request: { body: jsonBody(updatePreferencesRequestSchema) },
    responses: { 200: okJson(updatePreferencesResponseSchema, 'The stored record'), ...AUTH_REFUSALS },
  })

  app.openapi(securityConfigRoute, (c) => {
    const { user } = c.get('auth')
    const data = { changeLogin: user.changeLogin, standAloneLogin: user.standAloneLogin, userSubType: user.userSubType }
    return c.json(ok(data), 200)
  })

  app.openapi(topsInfoRoute, async (c) => {
    const { user } = c.get('auth')
    const available = user.availableLanguages ?? (await readConfig(ctx.db)).lang_whitelist
    const userId = String(user.id)
    const data = {
      id: userId,
      userInfo: {
        userId,
        nickname: user.nickname,
        account: maskAccount(user.accountType, user.account),
        accountType: user.accountType,
        userSubType: user.userSubType,
        inviteCode: user.inviteCode,
        rebateUser: await isRebateUser(ctx.db, user.id),
      },
      availableLanguage: localeList(available),
    }
    return c.json(ok(data), 200)
  })

  app.openapi(langMenuRoute, async (c) => {
    const { lang_whitelist } = await readConfig(ctx.db)
    return c.json(ok({ whiteList: localeList(lang_whitelist) }), 200)
  })

  app.openapi(getPreferencesRoute, async (c) => {
    const { deviceType: _deviceType, ...data } = await getPreferences(ctx.db, c.get('auth').user.id)
    return c.json(ok(data), 200)
  })

  app.openapi(updatePreferencesRoute, async (c) => {
    const record = await updatePreferences(ctx.db, c.get('auth').user.id, c.req.valid('json'), ctx.now())
    return c.json(ok(record), 200)
  })
}
