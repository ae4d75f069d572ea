/** The fire-and-forget activity statistics call of §7 (page events), alongside the analytics batches. */
import { createServerFn } from '@tanstack/react-start'
import { emptyOkSchema, statisticsQuerySchema } from '#/contract/index.ts'
import { exchangeMiddleware } from '#/exchange-client/index.ts'
import { validated } from '#/lib/input-rejected.ts'

/** §7 makes it a GET with the event in the query string; the page never waits for it. */
export const recordStatistics = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(statisticsQuerySchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('GET', '/open/activity/statistics', emptyOkSchema, undefined, { query: data }),
  )
