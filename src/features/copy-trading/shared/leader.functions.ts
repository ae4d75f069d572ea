/**
 * A lead trader's public page data, asked of the exchange on the server: profile and statistics of a period, chart
 * series, open positions, history, followers.
 */
import { COPY_PAGES } from '#/app.config.ts'
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import {
  idSchema,
  leaderDetailResponseSchema,
  leaderFollowersResponseSchema,
  leaderPositionsResponseSchema,
  leaderStatsResponseSchema,
  positionPageResponseSchema,
  statsPeriodSchema,
} from '#/contract/index.ts'
import { validated } from '#/lib/input-rejected.ts'
import { exchangeMiddleware } from '#/exchange-client/index.ts'

export const getLeaderDetail = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ id: idSchema, period: statsPeriodSchema })))
  .handler(({ data, context: { exchange } }) =>
    exchange.load(`/copy/v1/leaders/${data.id}?period=${data.period}`, leaderDetailResponseSchema),
  )

export const getLeaderStats = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ id: idSchema, period: statsPeriodSchema })))
  .handler(({ data, context: { exchange } }) =>
    exchange.load(`/copy/v1/leaders/${data.id}/stats?period=${data.period}`, leaderStatsResponseSchema),
  )

export const getLeaderPositions = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ id: idSchema })))
  .handler(({ data, context: { exchange } }) =>
    exchange.load(`/copy/v1/leaders/${data.id}/positions`, leaderPositionsResponseSchema),
  )

export const getLeaderHistory = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ id: idSchema })))
  .handler(({ data, context: { exchange } }) =>
    exchange.load(
      `/copy/v1/leaders/${data.id}/history?pageSize=${COPY_PAGES.leaderHistory}`,
      positionPageResponseSchema,
    ),
  )

export const getLeaderFollowers = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ id: idSchema })))
  .handler(({ data, context: { exchange } }) =>
    exchange.load(
      `/copy/v1/leaders/${data.id}/followers?pageSize=${COPY_PAGES.leaderFollowers}`,
      leaderFollowersResponseSchema,
    ),
  )
