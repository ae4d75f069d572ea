/** The login gate of protected routes: a valid, unexpired, unrevoked session or 401. */
import type { MiddlewareHandler } from 'hono'
import { authenticate, tokenFrom } from '../accounts/sessions.ts'
import type { AuthState, ExchangeContext } from '../context.ts'
import { unauthorized } from './errors.ts'

export type AuthEnv = { Variables: { auth: AuthState } }

export function requireAuth(ctx: ExchangeContext): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const token = tokenFrom(c.req.raw.headers)
    const auth = token ? await authenticate(ctx.db, token, ctx.wallNow()) : undefined
    if (!auth) throw unauthorized()
    c.set('auth', auth)
    await next()
  }
}

export type OptionalAuthEnv = { Variables: { auth: AuthState | undefined } }

/** Public routes that say more to a signed-in caller (watched, my vote, my copy): the session when valid, else none. */
export function optionalAuth(ctx: ExchangeContext): MiddlewareHandler<OptionalAuthEnv> {
  return async (c, next) => {
    const token = tokenFrom(c.req.raw.headers)
    c.set('auth', token ? await authenticate(ctx.db, token, ctx.wallNow()) : undefined)
    await next()
  }
}
