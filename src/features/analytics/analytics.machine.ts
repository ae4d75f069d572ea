/**
 * The analytics SDK's modes and delivery (§4, §9).
 *
 * Modes: `normal` collects and sends; `paused` collects and keeps (nothing is sent until resume);
 * `stopped` is the user's opt-out: nothing is collected, the queue is cleared and the choice kept;
 * `awaitingOptIn` (when consent is required) collects nothing until the user opts in.
 *
 * Delivery, while normal: a send starts when batchSize events wait, or every interval; it takes at
 * most maxEventsPerSend events, counts as failed after timeoutMs, and is retried maxRetries times
 * after retryBaseMs × 2^(n−1); then the events wait for the next interval. Events leave the queue
 * only once delivered; each has an id, so a batch that arrived but whose answer was lost is not
 * counted twice. Past queueCap the oldest events are dropped and counted; the count rides with
 * the next sends until one is delivered. On page hide what waits goes out with sendBeacon.
 *
 * Events that need a signed-in user wait in a login queue until the identity is set.
 *
 * The queue is stored under this tab's own key (analytics-tabs.ts); what closed tabs left arrives
 * as `queue.adopt` and is sent like the tab's own, or dropped after an opt-out.
 */
import { assign, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { ANALYTICS } from '#/app.config.ts'
import { MAX_DROP_REPORT, type TrackedEvent } from '#/contract/analytics.schemas.ts'
import { isAnalyticsUserId } from './analytics-event.ts'
import { analyticsSettings, type AnalyticsSettings } from './analytics-settings.ts'
import {
  capped,
  mergeQueues,
  persistQueue,
  restoreQueue,
  takeBatch,
  withoutIds,
  type KeyValueStore,
  type QueueState,
} from './analytics-queue.ts'
import { beaconActor, sendBatchActor, type SendInput } from './analytics-transport.ts'

export type { AnalyticsSettings }

export type Consent = 'in' | 'out'

export interface AnalyticsInput {
  /** Where batches are posted (the exchange's receiver, or ANALYTICS_URL). */
  endpoint: string
  newId: () => string
  now?: () => number
  settings?: Partial<AnalyticsSettings>
  storage?: KeyValueStore
  /** Opt-in mode: nothing is collected until `mode.optin`. */
  requireOptIn?: boolean
  /** Where this tab stores its queue (its own key when tabs are coordinated; the shared key otherwise). */
  queueKey?: string
}

export interface AnalyticsContext extends QueueState {
  endpoint: string
  newId: () => string
  now: () => number
  settings: AnalyticsSettings
  storage: KeyValueStore | undefined
  queueKey: string
  requireOptIn: boolean
  consent: Consent | undefined
  userId: string | undefined
  /** Retries of the current batch so far (the backoff's exponent). */
  retries: number
  /** The events of the send or beacon in progress; they stay queued until delivered. */
  batch: TrackedEvent[]
}

export type AnalyticsEvent =
  | { type: 'track'; event: TrackedEvent; needsLogin?: boolean }
  | { type: 'identity.set'; userId: string }
  | { type: 'identity.clear' }
  | { type: 'mode.pause' }
  | { type: 'mode.resume' }
  | { type: 'mode.stop' }
  | { type: 'mode.optin' }
  | { type: 'flush' }
  | { type: 'queue.adopt'; state: QueueState }
  | { type: 'page.hidden' }
  | { type: 'beacon.sent' }
  | { type: 'beacon.refused' }

/** Delay before retry `retry` (1-based): retryBaseMs, then doubling. */
export function retryDelay(settings: AnalyticsSettings, retry: number): number {
  return settings.retryBaseMs * 2 ** Math.max(0, retry - 1)
}

function batchBody(context: AnalyticsContext): SendInput {
  const body = {
    sentAt: context.now(),
    events: context.batch,
    ...(context.dropReport ? { dropped: context.dropReport } : {}),
  }
  return { endpoint: context.endpoint, body: JSON.stringify(body) }
}

function initialContext(input: AnalyticsInput): AnalyticsContext {
  const settings = analyticsSettings(input.settings)
  const queueKey = input.queueKey ?? ANALYTICS.queueStorageKey
  let consent: string | null | undefined
  try {
    consent = input.storage?.getItem(ANALYTICS.consentStorageKey)
  } catch {
    consent = undefined
  }
  return {
    ...restoreQueue(input.storage, queueKey, settings.queueCap),
    endpoint: input.endpoint,
    newId: input.newId,
    now: input.now ?? Date.now,
    settings,
    storage: input.storage,
    queueKey,
    requireOptIn: input.requireOptIn ?? false,
    consent: consent === 'in' || consent === 'out' ? consent : undefined,
    userId: undefined,
    retries: 0,
    batch: [],
  }
}

export const analyticsMachine = setup({
  types: { context: {} as AnalyticsContext, events: {} as AnalyticsEvent, input: {} as AnalyticsInput },
  actors: { sendBatch: sendBatchActor, beacon: beaconActor },
  delays: {
    interval: ({ context }) => context.settings.intervalMs,
    timeout: ({ context }) => context.settings.timeoutMs,
    backoff: ({ context }) => retryDelay(context.settings, context.retries),
  },
  guards: {
    isOptedOut: ({ context }) => context.consent === 'out',
    isAwaitingOptIn: ({ context }) => context.requireOptIn && context.consent !== 'in',
    isBatchFull: ({ context }) => context.queue.length >= context.settings.batchSize,
    hasEvents: ({ context }) => context.queue.length > 0 || context.dropped > 0 || context.dropReport !== undefined,
    canRetry: ({ context }) => context.retries < context.settings.maxRetries,
    isValidUserId: ({ event }) => event.type === 'identity.set' && isAnalyticsUserId(event.userId),
  },
  actions: {
    enqueue: assign(({ context, event }) => {
      if (event.type !== 'track') return {}
      const cap = context.settings.queueCap
      if (event.needsLogin && context.userId === undefined) {
        const held = capped(context.loginQueue, [event.event], cap)
        return { loginQueue: held.list, dropped: context.dropped + held.dropped }
      }
      const stamped = context.userId === undefined ? event.event : { ...event.event, userId: context.userId }
      const next = capped(context.queue, [stamped], cap)
      return { queue: next.list, dropped: context.dropped + next.dropped }
    }),
    identify: assign(({ context, event }) => {
      if (event.type !== 'identity.set') return {}
      const released = context.loginQueue.map((e) => ({ ...e, userId: event.userId }))
      const next = capped(context.queue, released, context.settings.queueCap)
      return { userId: event.userId, queue: next.list, loginQueue: [], dropped: context.dropped + next.dropped }
    }),
    forget: assign({ userId: undefined }),
    /** The batch of this send; a drop count not yet reported becomes a report with an id of its own. */
    prepareBatch: assign(({ context }) => {
      const report =
        context.dropReport ??
        (context.dropped > 0 ? { id: context.newId(), count: Math.min(MAX_DROP_REPORT, context.dropped) } : undefined)
      return {
        batch: takeBatch(context.queue, context.settings.maxEventsPerSend, context.settings.maxBatchBytes),
        dropReport: report,
        dropped: context.dropReport ? context.dropped : context.dropped - (report?.count ?? 0),
      }
    }),
    delivered: assign(({ context }) => ({
      queue: withoutIds(context.queue, context.batch),
      batch: [],
      dropReport: undefined,
      retries: 0,
    })),
    /** A refused batch would be refused again: its events are dropped and counted. */
    refused: assign(({ context }) => ({
      queue: withoutIds(context.queue, context.batch),
      dropped: context.dropped + context.batch.length + (context.dropReport?.count ?? 0),
      batch: [],
      dropReport: undefined,
      retries: 0,
    })),
    countRetry: assign(({ context }) => ({ retries: context.retries + 1 })),
    resetRetries: assign({ retries: 0 }),
    clearAll: assign({ queue: [], loginQueue: [], dropped: 0, dropReport: undefined, batch: [], retries: 0 }),
    persist: ({ context }) => persistQueue(context.storage, context.queueKey, context),
    /** The events of closed tabs join this tab's, each once. */
    adopt: assign(({ context, event }) => {
      if (event.type !== 'queue.adopt') return {}
      return mergeQueues([context, event.state], context.settings.queueCap)
    }),
    optIn: assign({ consent: 'in' }),
    optOut: assign({ consent: 'out' }),
    saveConsent: ({ context }) => {
      try {
        if (context.consent) context.storage?.setItem(ANALYTICS.consentStorageKey, context.consent)
      } catch {
        // The choice lasts for this page only.
      }
    },
    reportRefusal: ({ event }) => {
      if (import.meta.env.DEV) console.warn('[analytics] the receiver refused a batch; its events were dropped', event)
    },
    reportUserId: ({ event }) => {
      if (import.meta.env.DEV) console.warn('[analytics] invalid user id ignored (1 to 63 characters)', event)
    },
  },
}).createMachine({
  id: 'analytics',
  context: ({ input }) => initialContext(input),
  on: {
    'identity.set': [
      { guard: 'isValidUserId', actions: ['identify', 'persist', raise({ type: 'flush' })] },
      { actions: 'reportUserId' },
    ],
    'identity.clear': { actions: 'forget' },
  },
  initial: 'boot',
  states: {
    boot: {
      always: [
        { guard: 'isOptedOut', target: 'stopped' },
        { guard: 'isAwaitingOptIn', target: 'awaitingOptIn' },
        { target: 'normal' },
      ],
    },
    normal: {
      on: {
        track: { actions: ['enqueue', 'persist'] },
        'queue.adopt': { actions: ['adopt', 'persist'] },
        'mode.pause': { target: 'paused' },
        'mode.stop': { target: 'stopped' },
        'page.hidden': { guard: 'hasEvents', target: '.beaconing' },
      },
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'isBatchFull', target: 'sending' },
          after: {
            interval: [
              { guard: 'hasEvents', target: 'sending' },
              { target: 'idle', reenter: true },
            ],
          },
          on: { flush: { guard: 'hasEvents', target: 'sending' } },
        },
        sending: {
          entry: 'prepareBatch',
          invoke: {
            src: 'sendBatch',
            input: ({ context }) => batchBody(context),
            onDone: [
              {
                guard: ({ event }) => event.output.status === 'delivered',
                target: 'idle',
                actions: ['delivered', 'persist'],
              },
              { target: 'idle', actions: ['reportRefusal', 'refused', 'persist'] },
            ],
            onError: { target: 'failed' },
          },
          after: { timeout: { target: 'failed' } },
        },
        failed: {
          always: [{ guard: 'canRetry', target: 'retrying', actions: 'countRetry' }, { target: 'resting' }],
        },
        retrying: {
          after: { backoff: { target: 'sending' } },
        },
        /** Retries used up: the events wait for the next interval (reaching the batch size does not hurry them). */
        resting: {
          after: {
            interval: [
              { guard: 'hasEvents', target: 'sending', actions: 'resetRetries' },
              { target: 'idle', actions: 'resetRetries' },
            ],
          },
          on: { flush: { guard: 'hasEvents', target: 'sending', actions: 'resetRetries' } },
        },
        beaconing: {
          entry: 'prepareBatch',
          invoke: { src: 'beacon', input: ({ context }) => batchBody(context) },
          on: {
            'beacon.sent': [
              {
                guard: ({ context }) => withoutIds(context.queue, context.batch).length > 0,
                target: 'beaconing',
                reenter: true,
                actions: ['delivered', 'persist'],
              },
              { target: 'idle', actions: ['delivered', 'persist'] },
            ],
            'beacon.refused': { target: 'idle', actions: 'persist' },
          },
        },
      },
    },
    paused: {
      on: {
        track: { actions: ['enqueue', 'persist'] },
        'queue.adopt': { actions: ['adopt', 'persist'] },
        'mode.resume': { target: 'normal' },
        'mode.stop': { target: 'stopped' },
      },
    },
    stopped: {
      entry: ['clearAll', 'persist', 'optOut', 'saveConsent'],
      on: { 'mode.optin': { target: 'normal', actions: ['optIn', 'saveConsent'] } },
    },
    awaitingOptIn: {
      on: {
        'mode.optin': { target: 'normal', actions: ['optIn', 'saveConsent'] },
        'mode.stop': { target: 'stopped' },
      },
    },
  },
})

export type AnalyticsActor = ActorRefFrom<typeof analyticsMachine>
export type AnalyticsSnapshot = SnapshotFrom<typeof analyticsMachine>
export type AnalyticsMode = 'normal' | 'pause' | 'stop' | 'opt-in'

/** The mode as the spec names it (§4). */
export function modeOf(snapshot: AnalyticsSnapshot): AnalyticsMode | undefined {
  if (snapshot.matches('normal')) return 'normal'
  if (snapshot.matches('paused')) return 'pause'
  if (snapshot.matches('stopped')) return 'stop'
  if (snapshot.matches('awaitingOptIn')) return 'opt-in'
  return undefined
}
