/**
 * Changing a login's password (§6). What the security config decides: changeLogin false (the demo sub-account) means
 * the main account manages this login, so the change is refused with 403 'login-change-refused' before anything is
 * checked. A change ends the account's other sessions: whoever knew the old password is signed out. The current
 * password is checked under the sign-in limits (login-limits.ts), so a stolen session cannot guess it any faster than
 * the sign-in form could.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { changePasswordRequestSchema, emptyOkSchema } from '#/contract/index.ts'
import type { AuthState, ExchangeContext } from '../context.ts'
import { users } from '../db/schema.ts'
import { requireAuth } from '../http/auth.ts'
import { ApiFailure } from '../http/errors.ts'
import { AUTH_REFUSALS, BEARER, jsonBody, ok, okJson, REFUSALS, refusal } from '../http/openapi.ts'
import { newPasswordHook } from '../http/validation.ts'
import { admitLogin, loginFailed, loginSucceeded } from './login-limits.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { clientIp } from './rate-limits.ts'
import { revokeUserSessions } from './sessions.ts'
import { requireSecondFactorIfOn } from './two-factor.ts'

/** The current password of a settings change, under the sign-in limits (a stolen session guesses no faster). */
export async function checkCurrentPassword(
  ctx: ExchangeContext,
  auth: AuthState,
  password: string,
  ip: string,
): Promise<void> {
  const attempt = { account: `${auth.user.accountType}:${auth.user.account}`, ip }
  await admitLogin(ctx.limiters, attempt)
  const [user] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, auth.user.id))
    .limit(1)
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    await loginFailed(ctx.limiters, attempt)
    throw new ApiFailure(400, 'invalid-credentials')
  }
  await loginSucceeded(ctx.limiters, attempt)
}

export async function changePassword(
  ctx: ExchangeContext,
  auth: AuthState,
  input: { password: string; newPassword: string; code?: string | undefined },
  ip: string,
): Promise<void> {
  if (!auth.user.changeLogin) throw new ApiFailure(403, 'login-change-refused')
  await checkCurrentPassword(ctx, auth, input.password, ip)
  await requireSecondFactorIfOn(ctx, auth.user.id, input.code)
  const passwordHash = await hashPassword(input.newPassword)
  const now = ctx.wallNow()
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, auth.user.id))
    await revokeUserSessions(tx, auth.user.id, auth.tokenHash, now)
  })
}

export function loginChangeRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  const route = createRoute({
    method: 'post',
    path: '/v2/users/password/update',
    tags: ['Accounts'],
    summary: 'Change the password',
    description:
      "403 'login-change-refused' when the security config's changeLogin is false (a sub-account whose main account " +
      "manages its login); a wrong current password 400 'invalid-credentials'; a new one breaking the rules 400 " +
      "'weak-password'; wrong passwords count toward the sign-in limits (429 with Retry-After). With two-factor " +
      "authentication on, `code` (the app's code or a recovery code) is needed too: without it 400 'two-factor-required', " +
      "a wrong one 400 'two-factor-invalid'. The account's other " +
      'sessions end; this one stays.',
    security: BEARER,
    middleware: requireAuth(ctx),
    request: { body: jsonBody(changePasswordRequestSchema) },
    responses: {
      200: okJson(emptyOkSchema, 'Changed'),
      ...AUTH_REFUSALS,
      403: refusal("'login-change-refused': the security config's changeLogin is false"),
      429: REFUSALS[429],
    },
  })

  app.openapi(
    route,
    async (c) => {
      await changePassword(ctx, c.get('auth'), c.req.valid('json'), clientIp(c.req.raw.headers))
      return c.json(ok(null), 200)
    },
    newPasswordHook,
  )
}
