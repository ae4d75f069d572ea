/** Test helpers for the analytics SDK: events, a memory storage and a scripted receiver. */
import { afterEach, beforeEach, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { analyticsBatchSchema, type AnalyticsBatch, type TrackedEvent } from '../../contract/analytics.schemas.ts'
import type { KeyValueStore } from './analytics-queue.ts'
import { SendFailure, type SendInput, type SendOutcome } from './analytics-transport.ts'
import { analyticsMachine, type AnalyticsInput } from './analytics.machine.ts'

export function testId(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
}

export function testEvent(n: number, overrides: Partial<TrackedEvent> = {}): TrackedEvent {
  return {
    id: testId(n),
    event: 'page_view',
    time: 1_700_000_000_000 + n,
    distinctId: 'device-test',
    properties: { page_name: '/', siteid: 'tandem-Web', type: 'page', request_source: 'PC' },
    ...overrides,
  }
}

export function memoryStorage(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

export type ReceiverBehaviour = 'ok' | 'fail' | 'hang' | 'refuse'

export interface ScriptedReceiver {
  behaviour: ReceiverBehaviour
  /** Answers used before falling back to `behaviour`. */
  script: ReceiverBehaviour[]
  /** Every batch sent, checked against the contract. */
  batches: AnalyticsBatch[]
  aborted: number
  actor: ReturnType<typeof fromPromise<SendOutcome, SendInput>>
  /** Ids of every event the receiver was sent, in order. */
  sentIds(): string[]
}

/** A receiver whose next answers are scripted; it records every batch and every aborted send. */
export function scriptedReceiver(initial: ReceiverBehaviour = 'ok'): ScriptedReceiver {
  const receiver: ScriptedReceiver = {
    behaviour: initial,
    script: [],
    batches: [],
    aborted: 0,
    actor: fromPromise<SendOutcome, SendInput>(({ input, signal }) => {
      receiver.batches.push(analyticsBatchSchema.parse(JSON.parse(input.body)))
      const behaviour = receiver.script.shift() ?? receiver.behaviour
      if (behaviour === 'ok') return Promise.resolve({ status: 'delivered' })
      if (behaviour === 'refuse') return Promise.resolve({ status: 'refused', httpStatus: 400 })
      if (behaviour === 'fail') return Promise.reject(new SendFailure('down'))
      return new Promise<SendOutcome>((_, reject) => {
        signal.addEventListener('abort', () => {
          receiver.aborted += 1
          reject(new SendFailure('aborted'))
        })
      })
    }),
    sentIds: () => receiver.batches.flatMap((b) => b.events.map((e) => e.id)),
  }
  return receiver
}

export const TEST_ENDPOINT = '/spotapi/open/analytics/batch'
let nextId = 900_000

/** The machine with the scripted receiver in place of fetch (sendBeacon stays the browser's). */
export function startMachine(receiver: ScriptedReceiver, input: Partial<AnalyticsInput> = {}) {
  const actor = createActor(analyticsMachine.provide({ actors: { sendBatch: receiver.actor } }), {
    input: { endpoint: TEST_ENDPOINT, newId: () => testId((nextId += 1)), ...input },
  })
  actor.start()
  return actor
}

export type TestActor = ReturnType<typeof startMachine>

export function trackMany(actor: TestActor, from: number, count: number, needsLogin = false) {
  for (let n = from; n < from + count; n += 1) actor.send({ type: 'track', event: testEvent(n), needsLogin })
}

/** Fake timers and a fresh receiver for each test; `kit.start` runs the machine against it. */
export function machineKit() {
  const kit = {
    receiver: scriptedReceiver(),
    start: (input: Partial<AnalyticsInput> = {}) => startMachine(kit.receiver, input),
    /** Lets the receiver's answers (promises) reach the machine. */
    settle: () => vi.advanceTimersByTimeAsync(0),
  }
  beforeEach(() => {
    vi.useFakeTimers()
    kit.receiver = scriptedReceiver()
  })
  afterEach(() => vi.useRealTimers())
  return kit
}
