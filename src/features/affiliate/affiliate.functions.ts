import { createServerFn } from '@tanstack/react-start'
import { isSuccess } from '../../lib/http/api-client.ts'
import { clearSessionCookies, hasSession, serverApi } from '../auth/api.server.ts'
import { applicationInputSchema, applicationSchema, type Application } from './affiliate.schemas.ts'

export type ApplicationState =
  | { status: 'signed-out' }
  | { status: 'session-ended' }
  | { status: 'unavailable' }
  | { status: 'ready'; application: Application | null }

export type SubmitOutcome = { ok: true; application: Application } | { ok: false; reason: 'already-applied' | 'invalid-input' | 'session-ended' | 'unavailable' }

export const getMyApplication = createServerFn({ method: 'GET' }).handler(async (): Promise<ApplicationState> => {
  if (!hasSession()) return { status: 'signed-out' }
  const envelope = await serverApi()('/v2/affiliate/applications/me')
  if (envelope.code === 401) {
    clearSessionCookies()
    return { status: 'session-ended' }
  }
  if (!isSuccess(envelope)) return { status: 'unavailable' }
  const parsed = applicationSchema.safeParse(envelope.data)
  return { status: 'ready', application: parsed.success ? parsed.data : null }
})

export const submitApplication = createServerFn({ method: 'POST' })
  .validator(applicationInputSchema)
  .handler(async ({ data }): Promise<SubmitOutcome> => {
    const envelope = await serverApi()('/v2/affiliate/applications', { method: 'POST', body: data })
    if (envelope.code === 401) {
      clearSessionCookies()
      return { ok: false, reason: 'session-ended' }
    }
    if (envelope.code === 409) return { ok: false, reason: 'already-applied' }
    if (envelope.code === 400) return { ok: false, reason: 'invalid-input' }
    const parsed = applicationSchema.safeParse(envelope.data)
    return isSuccess(envelope) && parsed.success ? { ok: true, application: parsed.data } : { ok: false, reason: 'unavailable' }
  })
