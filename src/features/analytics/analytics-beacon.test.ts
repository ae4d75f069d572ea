/** Page hide: what waits goes out with navigator.sendBeacon (the machine's own beacon actor, a stubbed navigator). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ANALYTICS } from '#/app.config.ts'
import { analyticsBatchSchema, type AnalyticsBatch } from '#/contract/analytics.schemas.ts'
import type { AnalyticsInput } from './analytics.machine.ts'
import {
  memoryStorage,
  scriptedReceiver,
  startMachine,
  TEST_ENDPOINT as ENDPOINT,
  testId,
  trackMany,
  type ScriptedReceiver,
} from '#tests/fixtures/features/analytics/analytics-test-kit.ts'

let receiver: ScriptedReceiver
let beacons: { url: string; body: Blob }[]
let accept: boolean
const start = (input: Partial<AnalyticsInput> = {}) => startMachine(receiver, input)

async function beaconBatches(): Promise<AnalyticsBatch[]> {
  return Promise.all(beacons.map(async (b) => analyticsBatchSchema.parse(JSON.parse(await b.body.text()))))
}

beforeEach(() => {
  vi.useFakeTimers()
  receiver = scriptedReceiver()
  beacons = []
  accept = true
  vi.stubGlobal('navigator', {
    sendBeacon: (url: string, body: Blob) => {
      beacons.push({ url, body })
      return accept
    },
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('page hide', () => {
  it('hands what waits to sendBeacon as one JSON batch, and forgets it once accepted', async () => {
    const storage = memoryStorage()
    const actor = start({ storage })
    trackMany(actor, 1, 3)
    actor.send({ type: 'page.hidden' })
    expect(beacons).toHaveLength(1)
    expect(beacons[0]?.url).toBe(ENDPOINT)
    expect(beacons[0]?.body.type).toBe('application/json')
    expect((await beaconBatches())[0]?.events.map((e) => e.id)).toEqual([1, 2, 3].map(testId))
    expect(actor.getSnapshot().context.queue).toEqual([])
    expect(storage.data.has(ANALYTICS.queueStorageKey)).toBe(false)
    expect(actor.getSnapshot().matches({ normal: 'idle' })).toBe(true)
  })

  it('keeps the events when the browser refuses the beacon; they go out later as usual', async () => {
    accept = false
    const actor = start()
    trackMany(actor, 1, 2)
    actor.send({ type: 'page.hidden' })
    expect(beacons).toHaveLength(1)
    expect(actor.getSnapshot().context.queue).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs)
    expect(receiver.sentIds()).toEqual([testId(1), testId(2)])
  })

  it('sends 50 events a beacon until the queue is empty or a beacon is refused', async () => {
    const actor = start()
    actor.send({ type: 'mode.pause' })
    trackMany(actor, 1, 120)
    receiver.behaviour = 'hang'
    actor.send({ type: 'mode.resume' })
    await vi.advanceTimersByTimeAsync(0)
    actor.send({ type: 'page.hidden' })
    expect((await beaconBatches()).map((b) => b.events.length)).toEqual([50, 50, 20])
    expect(actor.getSnapshot().context.queue).toEqual([])
    // The send in flight was given up for the beacon (its events were in the first beacon).
    expect(receiver.aborted).toBe(1)
  })

  it('carries the drop report; nothing is beaconed when nothing waits, or while paused', async () => {
    const actor = start()
    actor.send({ type: 'page.hidden' })
    expect(beacons).toHaveLength(0)
    actor.send({ type: 'mode.pause' })
    trackMany(actor, 1, ANALYTICS.queueCap + 2)
    actor.send({ type: 'page.hidden' })
    expect(beacons).toHaveLength(0)
    actor.send({ type: 'mode.resume' })
    receiver.behaviour = 'hang'
    actor.send({ type: 'page.hidden' })
    expect((await beaconBatches())[0]?.dropped?.count).toBe(2)
  })

  it('never throws when sendBeacon is missing or throws', () => {
    vi.stubGlobal('navigator', {})
    const actor = start()
    trackMany(actor, 1, 1)
    expect(() => actor.send({ type: 'page.hidden' })).not.toThrow()
    vi.stubGlobal('navigator', {
      sendBeacon: () => {
        throw new TypeError('blocked')
      },
    })
    expect(() => actor.send({ type: 'page.hidden' })).not.toThrow()
    expect(actor.getSnapshot().context.queue).toHaveLength(1)
  })
})
