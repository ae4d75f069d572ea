/**
 * How the copy-trading server functions talk to the exchange: a read answers `Loaded<T>` (the
 * data, not found, or unavailable), a change answers `Sent<T>` (the data, or the refusal's
 * reason the page translates). A 401 ends the session cookies either way.
 */
import type { z } from 'zod'
import { apiErrorSchema } from '../../contract/index.ts'
import type { HttpMethod } from '../../lib/http/api-client.ts'
import { clearSessionCookies, serverApi } from '../auth/api.server.ts'
import type { Loaded, Sent } from './copy-api.ts'

export async function loadEnvelope<T>(path: string, schema: z.ZodType<{ data: T }>): Promise<Loaded<T>> {
  const envelope = await serverApi()(path, { method: 'GET' })
  if (envelope.code === 401) clearSessionCookies()
  if (envelope.code === 404) return { status: 'not-found' }
  const parsed = schema.safeParse(envelope)
  return parsed.success ? { status: 'ok', data: parsed.data.data } : { status: 'unavailable' }
}

export async function sendEnvelope<T>(method: HttpMethod, path: string, schema: z.ZodType<{ data: T }>, body?: unknown): Promise<Sent<T>> {
  const envelope = await serverApi()(path, body === undefined ? { method } : { method, body })
  if (envelope.code === 401) clearSessionCookies()
  const parsed = schema.safeParse(envelope)
  if (parsed.success) return { status: 'ok', data: parsed.data.data }
  const refusal = apiErrorSchema.safeParse(envelope)
  if (refusal.success) return { status: 'refused', reason: refusal.data.reason, fields: refusal.data.data?.fields.map((f) => f.path) ?? [] }
  return { status: 'refused', reason: envelope.status === 0 ? 'network' : 'internal', fields: [] }
}
