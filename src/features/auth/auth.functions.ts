/** Account actions as server functions: validated at the edge, one call to the exchange each. */
import { createServerFn } from '@tanstack/react-start'
import { sendCodeResponseSchema, sessionResponseSchema } from '#/contract/index.ts'
import { exchangeMiddleware, type ExchangeClient, type Sent } from '#/exchange-client/index.ts'
import { validated } from '#/lib/input-rejected.ts'
import { loginInputSchema, registerInputSchema, sendCodeInputSchema } from './auth.schemas.ts'

/** A session the exchange opened becomes the HttpOnly cookie; the page learns only that it worked. */
function started(
  outcome: Sent<{ token: string; userId: string; expiresAt: string }>,
  exchange: ExchangeClient,
): Sent<null> {
  if (outcome.status !== 'ok') return outcome
  exchange.session.start(outcome.data)
  return { status: 'ok', data: null }
}

export const login = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(loginInputSchema))
  .handler(async ({ data, context: { exchange } }) =>
    started(await exchange.send('POST', '/v2/users/login', sessionResponseSchema, data), exchange),
  )

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
