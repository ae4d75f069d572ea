/** Fiat rates of one USDT, for showing amounts in the reader's pricing currency (§3). */
import { createServerFn } from '@tanstack/react-start'
import { fiatRatesResponseSchema } from '#/contract/index.ts'
import { exchangeMiddleware } from '#/exchange-client/index.ts'

/** Amounts stay in USDT when the rates cannot be had: an extra, not the page. */
export const getFiatRates = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(({ context: { exchange } }) =>
    exchange.load('/open/fiat/rates', fiatRatesResponseSchema, { essential: false }),
  )
