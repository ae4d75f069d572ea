/** A lead trader's public page data, asked of the exchange on the server: profile and statistics of a period, chart series, open positions, history, followers. */
import { COPY_PAGES } from '../../../app.config.ts'
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
} from '../../contract/index.ts'
import { loadEnvelope } from './copy-api.server.ts'


export const getLeaderDetail = createServerFn({ method: 'GET' })
  .validator(z.object({ id: idSchema, period: statsPeriodSchema }))
  .handler(({ data }) => loadEnvelope(`/copy/v1/leaders/${data.id}?period=${data.period}`, leaderDetailResponseSchema))

export const getLeaderStats = createServerFn({ method: 'GET' })
  .validator(z.object({ id: idSchema, period: statsPeriodSchema }))
  .handler(({ data }) => loadEnvelope(`/copy/v1/leaders/${data.id}/stats?period=${data.period}`, leaderStatsResponseSchema))

export const getLeaderPositions = createServerFn({ method: 'GET' })
  .validator(z.object({ id: idSchema }))
  .handler(({ data }) => loadEnvelope(`/copy/v1/leaders/${data.id}/positions`, leaderPositionsResponseSchema))

export const getLeaderHistory = createServerFn({ method: 'GET' })
  .validator(z.object({ id: idSchema }))
  .handler(({ data }) => loadEnvelope(`/copy/v1/leaders/${data.id}/history?pageSize=${COPY_PAGES.leaderHistory}`, positionPageResponseSchema))

export const getLeaderFollowers = createServerFn({ method: 'GET' })
  .validator(z.object({ id: idSchema }))
  .handler(({ data }) => loadEnvelope(`/copy/v1/leaders/${data.id}/followers?pageSize=${COPY_PAGES.leaderFollowers}`, leaderFollowersResponseSchema))
