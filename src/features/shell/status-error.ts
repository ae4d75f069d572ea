/**
 * Errors the error screen shows (§2: status message and status code). A loader or server function throws a
 * StatusError with a message written for the reader; anything else shows the standard message of its status, so
 * an error's own text (a stack, an exchange's internals) never reaches the screen.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export class StatusError extends Error {
  override name = 'StatusError'
  readonly statusCode: number
  readonly statusMessage: MessageDescriptor

  constructor(statusCode: number, statusMessage: MessageDescriptor) {
    super(`Status ${statusCode}`)
    this.statusCode = statusCode
    this.statusMessage = statusMessage
  }
}

/** The status of an error: its own 4xx/5xx statusCode (or status), else 500. */
export function statusCodeOf(error: unknown): number {
  if (typeof error === 'object' && error !== null) {
    for (const key of ['statusCode', 'status'] as const) {
      const value: unknown = key in error ? Reflect.get(error, key) : undefined
      if (typeof value === 'number' && Number.isInteger(value) && value >= 400 && value < 600) return value
    }
  }
  return 500
}

function isMessageDescriptor(value: unknown): value is MessageDescriptor {
  return typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'string'
}

/**
 * The reader's message an error carries. Checked by shape, not by class: an error thrown during server rendering
 * reaches the browser as a plain Error with the same own fields.
 */
export function ownStatusMessageOf(error: unknown): MessageDescriptor | undefined {
  if (typeof error !== 'object' || error === null || !('statusMessage' in error)) return undefined
  return isMessageDescriptor(error.statusMessage) ? error.statusMessage : undefined
}

/** The standard message of each status an exchange or this app answers with. */
export const STATUS_MESSAGES: Readonly<Record<number, MessageDescriptor>> = {
  400: msg`Bad request`,
  401: msg`Please log in to continue`,
  403: msg`Access denied`,
  408: msg`The request took too long`,
  409: msg`This conflicts with a change made meanwhile`,
  410: msg`This page is gone`,
  413: msg`The request is too large`,
  414: msg`The address is too long`,
  429: msg`Too many requests. Please wait a moment and try again`,
  500: msg`Something went wrong on our side. Please try again.`,
  502: msg`The exchange answered with an error. Please try again.`,
  503: msg`The service is busy or under maintenance. Please try again shortly.`,
  504: msg`The exchange did not answer in time. Please try again.`,
}

export const FALLBACK_MESSAGES = {
  client: msg`This request could not be completed.`,
  server: msg`Something went wrong on our side. Please try again.`,
} as const
