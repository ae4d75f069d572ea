/** Account actions as server functions: validated at the edge, one call to the exchange each. */
import { createServerFn } from '@tanstack/react-start'
import { emptyOkSchema, loginResponseSchema, sendCodeResponseSchema, sessionResponseSchema } from '#/contract/index.ts'
import { exchangeMiddleware, type ExchangeClient, type Sent } from '#/exchange-client/index.ts'
import { validated } from '#/lib/input-rejected.ts'
import {
  loginInputSchema,
  loginTwoFactorInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  sendCodeInputSchema,
} from './auth.schemas.ts'

/** A session the exchange opened becomes the HttpOnly cookie; the page learns only that it worked. */
function started(
  outcome: Sent<{ token: string; userId: string; expiresAt: string }>,
  exchange: ExchangeClient,
): Sent<null> {
  if (outcome.status !== 'ok') return outcome
  exchange.session.start(outcome.data)
  return { status: 'ok', data: null }
}

/**
 * The password step. An account with two-factor authentication gets no session yet: its ticket goes into an HttpOnly
 * cookie and the page asks for the code (`secondFactor`).
 */
export const login = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(loginInputSchema))
  .handler(async ({ data, context: { exchange } }): Promise<Sent<{ secondFactor: boolean }>> => {
    const outcome = await exchange.send('POST', '/v2/users/login', loginResponseSchema, data)
    if (outcome.status !== 'ok') return outcome
    if ('ticket' in outcome.data) {
      exchange.session.ticket.hold(outcome.data.ticket, outcome.data.expiresIn)
      return { status: 'ok', data: { secondFactor: true } }
    }
    exchange.session.start(outcome.data)
    return { status: 'ok', data: { secondFactor: false } }
  })

/** The second step: the held ticket and the app's code (or a recovery code). */
export const loginTwoFactor = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(loginTwoFactorInputSchema))
  .handler(async ({ data, context: { exchange } }): Promise<Sent<null>> => {
    const ticket = exchange.session.ticket.held
    if (!ticket) return { status: 'refused', reason: 'login-ticket-expired', fields: [] }
    const outcome = await exchange.send('POST', '/v2/users/login/two-factor', sessionResponseSchema, {
      ticket,
      code: data.code,
    })
    if (outcome.status === 'ok' || outcome.reason === 'login-ticket-expired') exchange.session.ticket.drop()
    return started(outcome, exchange)
  })

/** A password-reset code to the account's address (the same answer whether or not the account exists). */
export const sendResetCode = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(sendCodeInputSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('POST', '/v2/users/password/reset/send-code', sendCodeResponseSchema, data),
  )

/** The new password with the code; every session of the account ends, this browser's too. */
export const resetPassword = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(resetPasswordInputSchema))
  .handler(async ({ data, context: { exchange } }) => {
    const outcome = await exchange.send('POST', '/v2/users/password/reset', emptyOkSchema, data)
    if (outcome.status === 'ok' && exchange.session.active) exchange.session.end()
    return outcome
  })

export const register = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(registerInputSchema))
  .handler(async ({ data, context: { exchange } }) =>
    started(await exchange.send('POST', '/v2/users/register', sessionResponseSchema, data), exchange),
  )

export const sendVerificationCode = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(sendCodeInputSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('POST', '/v2/users/verify-code/send', sendCodeResponseSchema, { ...data, purpose: 'register' }),
  )

export const logout = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .handler(async ({ context: { exchange } }): Promise<Sent<null>> => {
    // The session ends here whatever the exchange answers (one already over answers 401): the cookies go either way.
    await exchange.request('/v2/users/logout', { method: 'POST', unauthorizedEndsNothing: true })
    exchange.session.end()
    return { status: 'ok', data: null }
  })
