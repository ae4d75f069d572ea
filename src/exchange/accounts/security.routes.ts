/**
 * HTTP face of account security: resetting a forgotten password, the sign-in's second step, two-factor set-up and
 * removal, and the account's sessions (list, end one, end all others).
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { ACCOUNTS } from '#/app.config.ts'
import {
  accountSessionsResponseSchema,
  emptyOkSchema,
  loginTwoFactorRequestSchema,
  resetCodeRequestSchema,
  resetPasswordRequestSchema,
  revokedSessionsResponseSchema,
  revokeSessionRequestSchema,
  sendCodeResponseSchema,
  sessionResponseSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from '#/contract/index.ts'
import type { ExchangeContext } from '../context.ts'
import { requireAuth } from '../http/auth.ts'
import { notFound } from '../http/errors.ts'
import { AUTH_REFUSALS, BEARER, COMMON_REFUSALS, jsonBody, ok, okJson, REFUSALS, refusal } from '../http/openapi.ts'
import { newPasswordHook } from '../http/validation.ts'
import { loginTwoFactor } from './accounts.service.ts'
import { meta } from './accounts.routes.ts'
import { checkCurrentPassword } from './login-change.routes.ts'
import { resetPassword, sendResetCode } from './password-reset.ts'
import { clientIp } from './rate-limits.ts'
import { listSessions, revokeSessionById, revokeUserSessions } from './sessions.ts'
import { beginSetup, confirmSetup, disable, twoFactorStatus } from './two-factor.ts'

const tags = ['Account security']
const TWO_FACTOR_REFUSALS =
  "A wrong, already used or spent code 400 'two-factor-invalid'; past " +
  `${ACCOUNTS.twoFactorAttemptsPerMinute} codes of the account a minute 429 with Retry-After.`

const resetCodeRoute = createRoute({
  method: 'post',
  path: '/v2/users/password/reset/send-code',
  tags,
  summary: 'Send a password-reset code',
  description:
    "Sends a code to the account's address, under the quotas of POST /v2/users/verify-code/send (429 with Retry-After). " +
    'An address without an account gets the same answer and no code: the call does not tell which accounts exist. ' +
    'Needs a solved verification challenge.',
  request: { body: jsonBody(resetCodeRequestSchema) },
  responses: {
    200: okJson(sendCodeResponseSchema, 'Sent, when the account exists'),
    ...COMMON_REFUSALS,
    429: REFUSALS[429],
  },
})

const resetRoute = createRoute({
  method: 'post',
  path: '/v2/users/password/reset',
  tags,
  summary: 'Reset the password with a code',
  description:
    "A new password under registration's rules ('weak-password'); the code as in registration ('code-invalid', " +
    "'code-expired', also after 5 wrong codes). Every session of the account ends; sign in again.",
  request: { body: jsonBody(resetPasswordRequestSchema) },
  responses: { 200: okJson(emptyOkSchema, 'Reset'), ...COMMON_REFUSALS },
})

const loginTwoFactorRoute = createRoute({
  method: 'post',
  path: '/v2/users/login/two-factor',
  tags,
  summary: 'Sign in, second step',
  description:
    "The ticket of POST /v2/users/login with the authenticator app's code or a recovery code (spent by it). The ticket " +
    `lasts ${ACCOUNTS.loginTicketTtlSeconds} s and takes ${ACCOUNTS.loginTicketMaxAttempts} codes; then, or once used, ` +
    `400 'login-ticket-expired'. ${TWO_FACTOR_REFUSALS} Counts toward the address's sign-in attempts.`,
  request: { body: jsonBody(loginTwoFactorRequestSchema) },
  responses: { 200: okJson(sessionResponseSchema, 'Signed in'), ...COMMON_REFUSALS, 429: REFUSALS[429] },
})

export function securityRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  const authed = { security: BEARER, middleware: requireAuth(ctx) }

  app.openapi(resetCodeRoute, async (c) => {
    const { expiresIn } = await sendResetCode(ctx, c.req.valid('json'), clientIp(c.req.raw.headers))
    return c.json(ok({ sent: true as const, expiresIn }), 200)
  })

  app.openapi(
    resetRoute,
    async (c) => {
      await resetPassword(ctx, c.req.valid('json'))
      return c.json(ok(null), 200)
    },
    newPasswordHook,
  )

  app.openapi(loginTwoFactorRoute, async (c) => {
    const session = await loginTwoFactor(ctx, c.req.valid('json'), meta(c.req.raw.headers))
    return c.json(ok(session), 200)
  })

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v2/users/security/two-factor',
      tags,
      summary: 'Two-factor authentication status',
      ...authed,
      responses: { 200: okJson(twoFactorStatusResponseSchema, 'Status'), ...AUTH_REFUSALS },
    }),
    async (c) => c.json(ok(await twoFactorStatus(ctx.db, c.get('auth').user.id)), 200),
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v2/users/security/two-factor/setup',
      tags,
      summary: 'Set up two-factor authentication, step one',
      description:
        'After the current password (under the sign-in limits): a new TOTP secret and its otpauth:// URI, shown this ' +
        "once. 409 'two-factor-state' while two-factor is on.",
      ...authed,
      request: { body: jsonBody(twoFactorSetupRequestSchema) },
      responses: {
        200: okJson(twoFactorSetupResponseSchema, 'The secret'),
        ...AUTH_REFUSALS,
        409: refusal("'two-factor-state'"),
        429: REFUSALS[429],
      },
    }),
    async (c) => {
      const auth = c.get('auth')
      await checkCurrentPassword(ctx, auth, c.req.valid('json').password, clientIp(c.req.raw.headers))
      return c.json(ok(await beginSetup(ctx, auth.user.id, auth.user.account)), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v2/users/security/two-factor/enable',
      tags,
      summary: 'Set up two-factor authentication, step two',
      description:
        `A code of the new secret turns two-factor on and answers the ${ACCOUNTS.recoveryCodeCount} recovery codes, ` +
        `shown this once. ${TWO_FACTOR_REFUSALS} 409 'two-factor-state' without step one or when already on.`,
      ...authed,
      request: { body: jsonBody(twoFactorEnableRequestSchema) },
      responses: {
        200: okJson(twoFactorEnableResponseSchema, 'On'),
        ...AUTH_REFUSALS,
        409: refusal("'two-factor-state'"),
        429: REFUSALS[429],
      },
    }),
    async (c) => {
      const recoveryCodes = await confirmSetup(ctx, c.get('auth').user.id, c.req.valid('json').code)
      return c.json(ok({ recoveryCodes }), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v2/users/security/two-factor/disable',
      tags,
      summary: 'Turn two-factor authentication off',
      description: `The current password and a code (or a recovery code). ${TWO_FACTOR_REFUSALS}`,
      ...authed,
      request: { body: jsonBody(twoFactorDisableRequestSchema) },
      responses: { 200: okJson(emptyOkSchema, 'Off'), ...AUTH_REFUSALS, 429: REFUSALS[429] },
    }),
    async (c) => {
      const auth = c.get('auth')
      const body = c.req.valid('json')
      await checkCurrentPassword(ctx, auth, body.password, clientIp(c.req.raw.headers))
      await disable(ctx, auth.user.id, body.code)
      return c.json(ok(null), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v2/users/sessions',
      tags,
      summary: "The account's active sessions",
      description: 'Each with its device (user agent), coarse network, start and last use; `current` marks this one.',
      ...authed,
      responses: { 200: okJson(accountSessionsResponseSchema, 'Sessions'), ...AUTH_REFUSALS },
    }),
    async (c) => c.json(ok(await listSessions(ctx.db, c.get('auth'), ctx.wallNow())), 200),
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v2/users/sessions/revoke',
      tags,
      summary: 'End one session',
      description: "One of the account's sessions by its id (this one too); 404 when it has no such session.",
      ...authed,
      request: { body: jsonBody(revokeSessionRequestSchema) },
      responses: { 200: okJson(emptyOkSchema, 'Ended'), ...AUTH_REFUSALS, 404: refusal("'not-found'") },
    }),
    async (c) => {
      const ended = await revokeSessionById(ctx.db, c.get('auth').user.id, c.req.valid('json').id, ctx.wallNow())
      if (!ended) throw notFound()
      return c.json(ok(null), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v2/users/sessions/revoke-others',
      tags,
      summary: 'Sign out everywhere else',
      description: 'Ends every session of the account except this one; answers how many ended.',
      ...authed,
      responses: { 200: okJson(revokedSessionsResponseSchema, 'Ended'), ...AUTH_REFUSALS },
    }),
    async (c) => {
      const auth = c.get('auth')
      const revoked = await revokeUserSessions(ctx.db, auth.user.id, auth.tokenHash, ctx.wallNow())
      return c.json(ok({ revoked }), 200)
    },
  )
}
