/** Changing the signed-in account's password; the exchange refuses it where the security config forbids (§6). */
import { createServerFn } from '@tanstack/react-start'
import { emptyOkSchema } from '#/contract/index.ts'
import { exchangeMiddleware } from '#/exchange-client/index.ts'
import { validated } from '#/lib/input-rejected.ts'
import { changePasswordInputSchema } from './auth.schemas.ts'

export const changePassword = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(changePasswordInputSchema))
  .handler(({ data, context: { exchange } }) => exchange.send('POST', '/v2/users/password/update', emptyOkSchema, data))
