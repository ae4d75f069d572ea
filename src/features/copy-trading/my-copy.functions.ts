/** The signed-in user's copy of a leader, and ending it, asked of the exchange with the session (server side). */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { apiErrorSchema, copyCancelResponseSchema, idSchema, myCopyDetailResponseSchema, type MyCopyDetail } from '../../contract/index.ts'
import { clearSessionCookies, serverApi } from '../auth/api.server.ts'
import type { Loaded } from './leader.functions.ts'

export const getMyCopy = createServerFn({ method: 'GET' })
  .validator(z.object({ leaderId: idSchema }))
  .handler(async ({ data }): Promise<Loaded<MyCopyDetail>> => {
    const envelope = await serverApi()(`/copy/v1/my/copies/${data.leaderId}`, { method: 'GET' })
    if (envelope.code === 401) clearSessionCookies()
    if (envelope.code === 404) return { status: 'not-found' }
    const parsed = myCopyDetailResponseSchema.safeParse(envelope)
    return parsed.success ? { status: 'ok', data: parsed.data.data } : { status: 'unavailable' }
  })

export type CancelResult = { status: 'ok' } | { status: 'refused'; reason: string }

export const cancelMyCopy = createServerFn({ method: 'POST' })
  .validator(z.object({ leaderId: idSchema, closePositions: z.boolean() }))
  .handler(async ({ data }): Promise<CancelResult> => {
    const envelope = await serverApi()(`/copy/v1/copies/${data.leaderId}?closePositions=${String(data.closePositions)}`, { method: 'DELETE' })
    if (envelope.code === 401) clearSessionCookies()
    if (copyCancelResponseSchema.safeParse(envelope).success) return { status: 'ok' }
    const refusal = apiErrorSchema.safeParse(envelope)
    return { status: 'refused', reason: refusal.success ? refusal.data.reason : 'internal' }
  })
