/** The human-verification challenge, fetched from the exchange for the widget. */
import { createServerFn } from '@tanstack/react-start'
import { verificationChallengeResponseSchema } from '#/contract/index.ts'
import { exchangeMiddleware } from '#/exchange-client/index.ts'

export const getVerificationChallenge = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(({ context: { exchange } }) =>
    exchange.send('GET', '/v2/users/verification/challenge', verificationChallengeResponseSchema),
  )
