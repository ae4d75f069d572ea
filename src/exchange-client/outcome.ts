/**
 * The one shape every server function answers in, decoded through the contract's schemas:
 * a read is `Loaded<T>` (the data, not found, or unavailable), a change is `Sent<T>` (the data, or
 * a refusal with the exchange's machine reason, the refused fields and when to retry). Pages
 * branch on `status` and translate `reason`; they never read an envelope.
 */
import type { z } from 'zod'
import { apiErrorSchema, type ErrorReason } from '#/contract/index.ts'
import { isSuccess, type ApiEnvelope } from './api-client.ts'

/** `network`: the exchange could not be reached or answered nothing readable. */
export type RefusalReason = ErrorReason | 'network'

export interface Refusal {
  status: 'refused'
  reason: RefusalReason
  /** Dotted paths of the refused fields (invalid-input). */
  fields: string[]
  /** Seconds to wait before trying again (rate-limited). */
  retryAfter?: number
}

export type Loaded<T> = { status: 'ok'; data: T } | { status: 'not-found' } | { status: 'unavailable' }

/** A read answered with `data` (a write's answer put in the cache of the read it changed). */
export const loadedOk = <T>(data: T): Loaded<T> => ({ status: 'ok', data })
export type Sent<T> = { status: 'ok'; data: T } | Refusal

/** Any envelope schema whose success carries `data` (okEnvelope, walletEnvelope, stringCodeEnvelope). */
export type EnvelopeSchema<T> = z.ZodType<{ data: T }>

export function loadedOf<T>(envelope: ApiEnvelope, schema: EnvelopeSchema<T>): Loaded<T> {
  if (envelope.code === 404) return { status: 'not-found' }
  const parsed = isSuccess(envelope) ? schema.safeParse(envelope) : undefined
  return parsed?.success ? { status: 'ok', data: parsed.data.data } : { status: 'unavailable' }
}

export function refusalOf(envelope: ApiEnvelope): Refusal {
  const refusal = apiErrorSchema.safeParse(envelope)
  const retryAfter = envelope.retryAfter === undefined ? {} : { retryAfter: envelope.retryAfter }
  if (refusal.success) {
    return {
      status: 'refused',
      reason: refusal.data.reason,
      fields: refusal.data.data?.fields.map((f) => f.path) ?? [],
      ...retryAfter,
    }
  }
  return { status: 'refused', reason: envelope.status === 0 ? 'network' : 'internal', fields: [], ...retryAfter }
}

export function sentOf<T>(envelope: ApiEnvelope, schema: EnvelopeSchema<T>): Sent<T> {
  const parsed = isSuccess(envelope) ? schema.safeParse(envelope) : undefined
  return parsed?.success ? { status: 'ok', data: parsed.data.data } : refusalOf(envelope)
}
