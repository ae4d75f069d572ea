/** The signed-in user's copies of leaders, one copy's detail, its settings and ending it, asked of the exchange with the session (server side). */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { copyCancelResponseSchema, idSchema, myCopyDetailResponseSchema } from '../../contract/index.ts'
import { loadEnvelope, sendEnvelope } from './copy-api.server.ts'

export const getMyCopy = createServerFn({ method: 'GET' })
  .validator(z.object({ leaderId: idSchema }))
  .handler(({ data }) => loadEnvelope(`/copy/v1/my/copies/${data.leaderId}`, myCopyDetailResponseSchema))

export const cancelMyCopy = createServerFn({ method: 'POST' })
  .validator(z.object({ leaderId: idSchema, closePositions: z.boolean() }))
  .handler(({ data }) => sendEnvelope('DELETE', `/copy/v1/copies/${data.leaderId}?closePositions=${String(data.closePositions)}`, copyCancelResponseSchema))
