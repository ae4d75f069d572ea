/**
 * How the analytics machine reaches a receiver: one POST per batch (fetch, aborted when the
 * machine gives up on it), and navigator.sendBeacon as the page goes away.
 */
import { fromCallback, fromPromise } from 'xstate'
import { API_LIMITS } from '#/app.config.ts'
import { sendBeacon, type SendInput } from './analytics-beacon.ts'

export type { SendInput }

/** The receiver's answer: delivered, or refused for good (4xx that a resend would not fix). */
export type SendOutcome = { status: 'delivered' } | { status: 'refused'; httpStatus: number }
export class SendFailure extends Error {
  override name = 'SendFailure'
}

const RETRY_STATUSES: ReadonlySet<number> = new Set(API_LIMITS.retryStatuses)

function isRetryable(status: number): boolean {
  return status >= 500 || RETRY_STATUSES.has(status)
}

/** Posts one batch; network errors and retryable statuses throw (the machine retries), 4xx answers 'refused'. */
export const sendBatchActor = fromPromise<SendOutcome, SendInput>(async ({ input, signal }) => {
  const response = await fetch(input.endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: input.body,
    signal,
  })
  if (response.ok) return { status: 'delivered' }
  if (isRetryable(response.status)) throw new SendFailure(`receiver answered ${response.status}`)
  return { status: 'refused', httpStatus: response.status }
})

/** Hands the batch to navigator.sendBeacon, which delivers it even as the page goes away. */
export const beaconActor = fromCallback<{ type: 'none' }, SendInput>(({ input, sendBack }) => {
  // Refused by the browser (quota, policy): the events stay queued.
  sendBack({ type: sendBeacon(input) ? 'beacon.sent' : 'beacon.refused' })
})
