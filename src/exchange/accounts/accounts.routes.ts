/** HTTP face of accounts: verification codes, registration, login, logout. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { ACCOUNTS, VERIFICATION } from '#/app.config.ts'
import {
  emptyOkSchema,
  loginRequestSchema,
  loginResponseSchema,
  registerRequestSchema,
  sendCodeRequestSchema,
  sendCodeResponseSchema,
  sessionResponseSchema,
  type SendCodeResponse,
  verificationChallengeResponseSchema,
} from '#/contract/index.ts'
import type { ExchangeContext } from '../context.ts'
import { requireAuth } from '../http/auth.ts'
import { AUTH_REFUSALS, BEARER, COMMON_REFUSALS, jsonBody, ok, okJson, refusal, REFUSALS } from '../http/openapi.ts'
import { registrationHook } from '../http/validation.ts'
import { login, register, type RequestMeta } from './accounts.service.ts'
import { deviceIdFrom } from './devices.ts'
import { sendCode } from './codes.ts'
import { normaliseAccount } from './masking.ts'
import { clientIp } from './rate-limits.ts'
import { cleanUserAgent, revokeSession } from './sessions.ts'
import { issueChallenge } from './verification.ts'

const tags = ['Accounts']

const VERIFICATION_REFUSALS =
  "'verification-required' (no `verification`), 'verification-invalid', 'verification-expired', 'verification-reused': " +
  'solve a new challenge of GET /v2/users/verification/challenge.'

const challengeRoute = createRoute({
  method: 'get',
  path: '/v2/users/verification/challenge',
  tags,
  summary: 'A human-verification challenge',
  description:
    `An ALTCHA proof-of-work challenge (${VERIFICATION.algorithm}), signed, valid for ${VERIFICATION.challengeTtlSeconds} s. ` +
    'Its solution goes in the `verification` field of sending a code, registering, and signing in after ' +
    `${VERIFICATION.loginFailuresBeforeVerification} wrong passwords of the account from one address; each solution counts once.`,
  responses: { 200: okJson(verificationChallengeResponseSchema, 'The challenge'), 500: REFUSALS[500] },
})

const sendCodeRoute = createRoute({
  method: 'post',
  path: '/v2/users/verify-code/send',
  tags,
  summary: 'Send a verification code',
  description:
    'Sends a 6-digit code to the address through the mail/SMS port. The code is never in the response. ' +
    `At most ${ACCOUNTS.codeSendsPerMinute} send per address a minute; from one client address ${ACCOUNTS.codeSendsPerMinutePerIp} a minute and ${ACCOUNTS.codeSendsPerHourPerIp} an hour; ` +
    `${ACCOUNTS.codeSendsPerMinuteGlobal} a minute over the whole exchange. Past any of them 429 with Retry-After. ` +
    VERIFICATION_REFUSALS,
  request: { body: jsonBody(sendCodeRequestSchema) },
  responses: { 200: okJson(sendCodeResponseSchema, 'Sent'), ...COMMON_REFUSALS, 429: REFUSALS[429] },
})

const registerRoute = createRoute({
  method: 'post',
  path: '/v2/users/register',
  tags,
  summary: 'Register an account',
  description:
    "Refusals: 'weak-password', 'code-invalid', 'code-expired' (also after 5 wrong codes), 'account-exists' (409); " +
    VERIFICATION_REFUSALS,
  request: { body: jsonBody(registerRequestSchema) },
  responses: { 200: okJson(sessionResponseSchema, 'Registered and signed in'), ...COMMON_REFUSALS, 409: REFUSALS[409] },
})

const loginRoute = createRoute({
  method: 'post',
  path: '/v2/users/login',
  tags,
  summary: 'Sign in',
  description:
    "Wrong account or password: 400 'invalid-credentials'. Then 429 with Retry-After: past " +
    `${ACCOUNTS.loginAttemptsPerMinute} attempts a minute from one address; after ${ACCOUNTS.loginFailuresBeforeWait} wrong passwords for one account from one address ` +
    `(a wait of ${ACCOUNTS.loginWaitBaseSeconds} s, doubling with each further failure up to ${ACCOUNTS.loginWaitMaxSeconds} s; another address is not held back); ` +
    `after ${ACCOUNTS.loginFailuresPerAccountPerHour} wrong passwords for one account in an hour from all addresses together. ` +
    `After ${VERIFICATION.loginFailuresBeforeVerification} wrong passwords of the account from one address, ` +
    VERIFICATION_REFUSALS,
  request: { body: jsonBody(loginRequestSchema) },
  responses: {
    200: okJson(
      loginResponseSchema,
      'Signed in; or, for an account with two-factor authentication, a ticket for POST /v2/users/login/two-factor',
    ),
    ...COMMON_REFUSALS,
    403: refusal(
      "'sub-account-login': a sub-account whose security config has standAloneLogin false signs in through its main account",
    ),
    429: REFUSALS[429],
  },
})

export function meta(headers: Headers): RequestMeta {
  return {
    ip: clientIp(headers),
    userAgent: cleanUserAgent(headers.get('user-agent') ?? undefined),
    language: headers.get('language'),
    deviceId: deviceIdFrom(headers),
  }
}

export function accountRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  const logoutRoute = createRoute({
    method: 'post',
    path: '/v2/users/logout',
    tags,
    summary: 'Sign out',
    description: 'Revokes the session; its token answers 401 from then on.',
    security: BEARER,
    middleware: requireAuth(ctx),
    responses: { 200: okJson(emptyOkSchema, 'Signed out'), ...AUTH_REFUSALS },
  })

  app.openapi(challengeRoute, async (c) => c.json(ok(await issueChallenge(ctx.verification, ctx.wallNow())), 200))

  app.openapi(sendCodeRoute, async (c) => {
    const body = c.req.valid('json')
    const address = normaliseAccount(body.accountType, body.account)
    const { expiresIn } = await sendCode(
      ctx,
      { accountType: body.accountType, address, purpose: body.purpose },
      clientIp(c.req.raw.headers),
      body.verification,
    )
    const sent: SendCodeResponse['data'] = { sent: true, expiresIn }
    return c.json(ok(sent), 200)
  })

  app.openapi(
    registerRoute,
    async (c) => {
      const session = await register(ctx, c.req.valid('json'), meta(c.req.raw.headers))
      return c.json(ok(session), 200)
    },
    registrationHook,
  )

  app.openapi(loginRoute, async (c) => {
    const session = await login(ctx, c.req.valid('json'), meta(c.req.raw.headers))
    return c.json(ok(session), 200)
  })

  app.openapi(logoutRoute, async (c) => {
    await revokeSession(ctx.db, c.get('auth').tokenHash, ctx.wallNow())
    return c.json(ok(null), 200)
  })
}
