/**
 * The signed-in user's copy-trading records, asked of the exchange with the session (server side): live copies with
 * totals, ended copies, overall profit.
 */
import { COPY_PAGES } from '#/app.config.ts'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { followHistoryResponseSchema, myCopiesResponseSchema, userProfitResponseSchema } from '#/contract/index.ts'
import { MAX_PAGE } from './paging.ts'
import { validated } from '#/lib/input-rejected.ts'
import { exchangeMiddleware } from '#/exchange-client/index.ts'

export const listMyCopies = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(({ context: { exchange } }) => exchange.load('/copy/v1/my/copies', myCopiesResponseSchema))

export const listFollowHistory = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ page: z.number().int().min(1).max(MAX_PAGE) })))
  .handler(({ data, context: { exchange } }) =>
    exchange.load(
      `/copy/v1/my/follow-history?page=${data.page}&pageSize=${COPY_PAGES.followHistory}`,
      followHistoryResponseSchema,
    ),
  )

export const getMyProfit = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(({ context: { exchange } }) => exchange.load('/copy/v1/my/profit', userProfitResponseSchema))
