/** The security page's calls: two-factor authentication and the account's sessions, one exchange call each. */
import { createServerFn } from '@tanstack/react-start'
import { toDataURL } from 'qrcode'
import { z } from 'zod/mini'
import {
  accountSessionsResponseSchema,
  emptyOkSchema,
  revokedSessionsResponseSchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from '#/contract/index.ts'
import { exchangeMiddleware, type Sent } from '#/exchange-client/index.ts'
import { validated } from '#/lib/input-rejected.ts'
import { disableTwoFactorInputSchema, enableTwoFactorInputSchema, passwordOnlyInputSchema } from './auth.schemas.ts'

export const getTwoFactorStatus = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(({ context: { exchange } }) => exchange.load('/v2/users/security/two-factor', twoFactorStatusResponseSchema))

export interface TwoFactorSetupView {
  secret: string
  /** The otpauth:// URI drawn as a QR code (a PNG data URL made here, so no QR code library reaches the browser). */
  qr: string
}

export const beginTwoFactorSetup = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(passwordOnlyInputSchema))
  .handler(async ({ data, context: { exchange } }): Promise<Sent<TwoFactorSetupView>> => {
    const outcome = await exchange.send(
      'POST',
      '/v2/users/security/two-factor/setup',
      twoFactorSetupResponseSchema,
      data,
    )
    if (outcome.status !== 'ok') return outcome
    const qr = await toDataURL(outcome.data.uri, { errorCorrectionLevel: 'M', margin: 2, width: 200 })
    return { status: 'ok', data: { secret: outcome.data.secret, qr } }
  })

export const enableTwoFactor = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(enableTwoFactorInputSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('POST', '/v2/users/security/two-factor/enable', twoFactorEnableResponseSchema, data),
  )

export const disableTwoFactor = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(disableTwoFactorInputSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('POST', '/v2/users/security/two-factor/disable', emptyOkSchema, data),
  )

export const listSessions = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(({ context: { exchange } }) => exchange.load('/v2/users/sessions', accountSessionsResponseSchema))

export const revokeSession = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ id: z.string().check(z.uuid()) })))
  .handler(({ data, context: { exchange } }) => exchange.send('POST', '/v2/users/sessions/revoke', emptyOkSchema, data))

/** Every other session of the account ends; this one stays. */
export const revokeOtherSessions = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .handler(({ context: { exchange } }) =>
    exchange.send('POST', '/v2/users/sessions/revoke-others', revokedSessionsResponseSchema),
  )
