/**
 * The copy-trading home's data, asked of the exchange on the server: platform figures and top lead traders per category
 * of a market.
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { copyBizSchema, copyOverviewResponseSchema } from '#/contract/index.ts'
import { validated } from '#/lib/input-rejected.ts'
import { exchangeMiddleware } from '#/exchange-client/index.ts'

export const getCopyOverview = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ biz: copyBizSchema })))
  .handler(({ data, context: { exchange } }) =>
    exchange.load(`/copy/v1/overview?biz=${data.biz}`, copyOverviewResponseSchema),
  )
