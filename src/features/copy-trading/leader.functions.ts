/** A lead trader's public page data, asked of the exchange on the server: profile and statistics of a period, open positions, history. */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import {
  idSchema,
  leaderDetailResponseSchema,
  leaderPositionsResponseSchema,
  positionPageResponseSchema,
  statsPeriodSchema,
  type CopyPosition,
  type LeaderDetail,
} from '../../contract/index.ts'
import { serverApi } from '../auth/api.server.ts'

export type Loaded<T> = { status: 'ok'; data: T } | { status: 'not-found' } | { status: 'unavailable' }

const HISTORY_PAGE_SIZE = 20

async function load<T>(path: string, schema: z.ZodType<{ data: T }>): Promise<Loaded<T>> {
  const envelope = await serverApi()(path, { method: 'GET' })
  if (envelope.code === 404) return { status: 'not-found' }
  const parsed = schema.safeParse(envelope)
  return parsed.success ? { status: 'ok', data: parsed.data.data } : { status: 'unavailable' }
}

export const getLeaderDetail = createServerFn({ method: 'GET' })
  .validator(z.object({ id: idSchema, period: statsPeriodSchema }))
  .handler(({ data }): Promise<Loaded<LeaderDetail>> => load(`/copy/v1/leaders/${data.id}?period=${data.period}`, leaderDetailResponseSchema))

export const getLeaderPositions = createServerFn({ method: 'GET' })
  .validator(z.object({ id: idSchema }))
  .handler(({ data }): Promise<Loaded<CopyPosition[]>> => load(`/copy/v1/leaders/${data.id}/positions`, leaderPositionsResponseSchema))

export const getLeaderHistory = createServerFn({ method: 'GET' })
  .validator(z.object({ id: idSchema }))
  .handler(({ data }): Promise<Loaded<{ list: CopyPosition[]; total: number }>> => load(`/copy/v1/leaders/${data.id}/history?pageSize=${HISTORY_PAGE_SIZE}`, positionPageResponseSchema))
