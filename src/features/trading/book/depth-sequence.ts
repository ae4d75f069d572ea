/**
 * How the book follows the depth channel (issue 19): a snapshot replaces it; an update is applied only when it is
 * newer than what is shown (an older one, from before a resubscribe, is dropped); an update whose `previous` is above
 * the last sequence applied shows that an update was missed, so the book takes a snapshot again. Each update carries
 * the whole top of the book, so applying it loses nothing meanwhile.
 */
import type { Depth } from '#/contract/index.ts'

export interface DepthStep {
  /** The book to show (unchanged when the message was old). */
  book: Depth | undefined
  /** An update went missing: ask for a snapshot. */
  resync: boolean
}

export function applyDepth(
  current: Depth | undefined,
  message: { type?: string | undefined; depth: Depth },
): DepthStep {
  const { depth } = message
  if (message.type === 'snapshot' || current === undefined) {
    // A snapshot older than what is shown (an HTTP answer overtaken by the socket) changes nothing.
    if (current !== undefined && depth.sequence < current.sequence) return { book: current, resync: false }
    return { book: depth, resync: false }
  }
  if (depth.sequence <= current.sequence) return { book: current, resync: false }
  const missed = depth.previous !== undefined && depth.previous > current.sequence
  return { book: depth, resync: missed }
}
