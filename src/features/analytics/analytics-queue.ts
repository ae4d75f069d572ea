/**
 * The SDK's waiting events as plain data: the cap that drops the oldest, the batch taken for one
 * send (at most so many events and bytes), and the copy in local storage that survives a reload.
 */
import { z } from 'zod'
import {
  dropReportSchema,
  trackedEventSchema,
  type DropReport,
  type TrackedEvent,
} from '#/contract/analytics.schemas.ts'

/** What a storage needs to offer (window.localStorage, or a Map-backed fake in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export interface QueueState {
  /** Events ready to go, oldest first. */
  queue: TrackedEvent[]
  /** Events that need a signed-in user, held until the identity is set. */
  loginQueue: TrackedEvent[]
  /** Events dropped (over the cap, or refused by the receiver) and not yet reported. */
  dropped: number
  /** The report riding with the sends until one is delivered; its id makes a resend count once. */
  dropReport: DropReport | undefined
}

export const EMPTY_QUEUE: QueueState = { queue: [], loginQueue: [], dropped: 0, dropReport: undefined }

/** Appends, then drops the oldest past the cap; answers the new list and how many were dropped. */
export function capped(
  list: readonly TrackedEvent[],
  added: readonly TrackedEvent[],
  cap: number,
): { list: TrackedEvent[]; dropped: number } {
  const all = [...list, ...added]
  const dropped = Math.max(0, all.length - cap)
  return { list: dropped > 0 ? all.slice(dropped) : all, dropped }
}

const encoder = new TextEncoder()
/** Room for the batch's own fields (sentAt, the drop report) around the events. */
const BATCH_OVERHEAD_BYTES = 256

/** The oldest events that fit one send: at most maxEvents, and the body within maxBytes. */
export function takeBatch(queue: readonly TrackedEvent[], maxEvents: number, maxBytes: number): TrackedEvent[] {
  const batch: TrackedEvent[] = []
  let bytes = BATCH_OVERHEAD_BYTES
  for (const event of queue) {
    if (batch.length >= maxEvents) break
    const size = encoder.encode(JSON.stringify(event)).byteLength + 1
    if (batch.length > 0 && bytes + size > maxBytes) break
    batch.push(event)
    bytes += size
  }
  return batch
}

/**
 * Several tabs' queues as one (a live tab adopting what closed tabs left): each event once by id, oldest first, the cap
 * applied (what it drops is counted). The first drop report rides on; the others' counts join the dropped count.
 */
export function mergeQueues(states: readonly QueueState[], cap: number): QueueState {
  const unique = (lists: TrackedEvent[][]) => {
    const seen = new Set<string>()
    return lists
      .flat()
      .filter((event) => !seen.has(event.id) && seen.add(event.id))
      .sort((a, b) => a.time - b.time)
  }
  const queue = capped([], unique(states.map((s) => s.queue)), cap)
  const loginQueue = capped([], unique(states.map((s) => s.loginQueue)), cap)
  const reports = states.flatMap((s) => (s.dropReport ? [s.dropReport] : []))
  const [dropReport, ...others] = reports
  const dropped =
    states.reduce((sum, s) => sum + s.dropped, 0) +
    others.reduce((sum, r) => sum + r.count, 0) +
    queue.dropped +
    loginQueue.dropped
  return { queue: queue.list, loginQueue: loginQueue.list, dropped, dropReport }
}

export function withoutIds(list: readonly TrackedEvent[], sent: readonly TrackedEvent[]): TrackedEvent[] {
  const ids = new Set(sent.map((event) => event.id))
  return list.filter((event) => !ids.has(event.id))
}

/** Stored events are checked like the receiver would: one bad entry is skipped, not sent to poison a batch. */
const storedSchema = z.object({
  queue: z.array(z.unknown()).catch([]),
  loginQueue: z.array(z.unknown()).catch([]),
  dropped: z.number().int().min(0).catch(0),
  dropReport: dropReportSchema.optional().catch(undefined),
})

function validEvents(list: readonly unknown[], cap: number): TrackedEvent[] {
  return list
    .flatMap((entry) => {
      const parsed = trackedEventSchema.safeParse(entry)
      return parsed.success ? [parsed.data] : []
    })
    .slice(-cap)
}

export function restoreQueue(storage: KeyValueStore | undefined, key: string, cap: number): QueueState {
  try {
    const text = storage?.getItem(key)
    if (!text) return EMPTY_QUEUE
    const stored = storedSchema.safeParse(JSON.parse(text))
    if (!stored.success) return EMPTY_QUEUE
    const { queue, loginQueue, dropped, dropReport } = stored.data
    return { queue: validEvents(queue, cap), loginQueue: validEvents(loginQueue, cap), dropped, dropReport }
  } catch {
    return EMPTY_QUEUE
  }
}

export function persistQueue(storage: KeyValueStore | undefined, key: string, state: QueueState) {
  try {
    const empty = state.queue.length === 0 && state.loginQueue.length === 0 && state.dropped === 0 && !state.dropReport
    if (empty) storage?.removeItem(key)
    else
      storage?.setItem(
        key,
        JSON.stringify({
          queue: state.queue,
          loginQueue: state.loginQueue,
          dropped: state.dropped,
          dropReport: state.dropReport,
        }),
      )
  } catch {
    // Storage full or disabled: the events still live in memory until sent.
  }
}

/** The browser's local storage, or nothing (server rendering, storage disabled). */
export function browserStorage(): KeyValueStore | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    return undefined
  }
}
