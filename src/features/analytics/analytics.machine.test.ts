/**
 * The analytics machine with fake timers and a scripted receiver: every mode and transition, every
 * §9 constant (batch size and its clamp, interval, cap and dropped count, per-send maximum,
 * timeout, retries with backoff). Identity, the login queue and a reload are in
 * analytics-identity.test.ts; page hide and sendBeacon in analytics-beacon.test.ts.
 */
import { describe, expect, it, vi } from 'vitest'
import { ANALYTICS, clampBatchSize } from '#/app.config.ts'
import { DEFAULT_SETTINGS } from './analytics-settings.ts'
import { modeOf, retryDelay } from './analytics.machine.ts'
import { memoryStorage, machineKit, testId, trackMany } from '#tests/fixtures/features/analytics/analytics-test-kit.ts'

const kit = machineKit()
const { start, settle } = kit

describe('modes (§4)', () => {
  it('start normal; a stored opt-out starts stopped; opt-in mode waits for consent unless given before', () => {
    expect(modeOf(start().getSnapshot())).toBe('normal')
    const storage = memoryStorage()
    storage.setItem(ANALYTICS.consentStorageKey, 'out')
    expect(modeOf(start({ storage }).getSnapshot())).toBe('stop')
    expect(modeOf(start({ requireOptIn: true }).getSnapshot())).toBe('opt-in')
    storage.setItem(ANALYTICS.consentStorageKey, 'in')
    expect(modeOf(start({ storage, requireOptIn: true }).getSnapshot())).toBe('normal')
  })

  it('pause collects without sending; resume sends what waited', async () => {
    const actor = start()
    actor.send({ type: 'mode.pause' })
    expect(actor.getSnapshot().matches('paused')).toBe(true)
    trackMany(actor, 1, 10)
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs * 3)
    expect(kit.receiver.batches).toHaveLength(0)
    expect(actor.getSnapshot().context.queue).toHaveLength(10)
    actor.send({ type: 'mode.resume' })
    await settle()
    expect(kit.receiver.sentIds()).toHaveLength(10)
    expect(actor.getSnapshot().matches({ normal: 'idle' })).toBe(true)
  })

  it('stop (opt-out) clears the queue and storage, keeps the choice, ignores events; opt-in collects again', async () => {
    const storage = memoryStorage()
    const actor = start({ storage })
    trackMany(actor, 1, 3)
    expect(storage.data.has(ANALYTICS.queueStorageKey)).toBe(true)
    actor.send({ type: 'mode.stop' })
    expect(modeOf(actor.getSnapshot())).toBe('stop')
    expect(actor.getSnapshot().context.queue).toEqual([])
    expect(storage.data.has(ANALYTICS.queueStorageKey)).toBe(false)
    expect(storage.getItem(ANALYTICS.consentStorageKey)).toBe('out')
    trackMany(actor, 4, 10)
    actor.send({ type: 'mode.pause' })
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs)
    expect(modeOf(actor.getSnapshot())).toBe('stop')
    expect(actor.getSnapshot().context.queue).toEqual([])
    expect(kit.receiver.batches).toHaveLength(0)
    actor.send({ type: 'mode.optin' })
    expect(modeOf(actor.getSnapshot())).toBe('normal')
    expect(storage.getItem(ANALYTICS.consentStorageKey)).toBe('in')
    trackMany(actor, 20, 1)
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs)
    expect(kit.receiver.sentIds()).toEqual([testId(20)])
  })

  it('stop from pause, and from opt-in mode; opt-in mode collects nothing until consent', async () => {
    const paused = start()
    paused.send({ type: 'mode.pause' })
    paused.send({ type: 'mode.stop' })
    expect(modeOf(paused.getSnapshot())).toBe('stop')

    const waiting = start({ requireOptIn: true })
    trackMany(waiting, 1, 10)
    expect(waiting.getSnapshot().context.queue).toEqual([])
    waiting.send({ type: 'mode.optin' })
    trackMany(waiting, 11, 6)
    await settle()
    expect(kit.receiver.batches[0]?.events).toHaveLength(6)

    const refused = start({ requireOptIn: true })
    refused.send({ type: 'mode.stop' })
    expect(modeOf(refused.getSnapshot())).toBe('stop')
  })
})

describe('batching (§9)', () => {
  it('sends as soon as the batch size (6) is reached', async () => {
    const actor = start()
    trackMany(actor, 1, ANALYTICS.batchSize - 1)
    await settle()
    expect(kit.receiver.batches).toHaveLength(0)
    trackMany(actor, 6, 1)
    await settle()
    expect(kit.receiver.batches[0]?.events.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6].map(testId))
    expect(actor.getSnapshot().context.queue).toEqual([])
  })

  it('clamps the batch size to 1–30', async () => {
    expect([
      clampBatchSize(0),
      clampBatchSize(-5),
      clampBatchSize(31),
      clampBatchSize(12.4),
      clampBatchSize(Number.NaN),
    ]).toEqual([1, 1, 30, 12, 6])
    const huge = start({ settings: { batchSize: 100 } })
    expect(huge.getSnapshot().context.settings.batchSize).toBe(ANALYTICS.batchSizeMax)
    trackMany(huge, 1, 29)
    await settle()
    expect(kit.receiver.batches).toHaveLength(0)
    trackMany(huge, 30, 1)
    await settle()
    expect(kit.receiver.batches[0]?.events).toHaveLength(30)

    kit.receiver.batches = []
    const tiny = start({ settings: { batchSize: 0 } })
    trackMany(tiny, 100, 1)
    await settle()
    expect(kit.receiver.batches[0]?.events).toHaveLength(1)
  })

  it('sends fewer events after the interval (6000 ms), and not before', async () => {
    const actor = start()
    await vi.advanceTimersByTimeAsync(1000)
    trackMany(actor, 1, 2)
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs - 1000 - 1)
    expect(kit.receiver.batches).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(kit.receiver.sentIds()).toEqual([testId(1), testId(2)])
    // Nothing waiting: the interval passes without a send.
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs * 2)
    expect(kit.receiver.batches).toHaveLength(1)
  })

  it('caps the queue at 500: the oldest are dropped, counted, and the count goes with the next batch', async () => {
    const actor = start()
    actor.send({ type: 'mode.pause' })
    trackMany(actor, 1, ANALYTICS.queueCap + 7)
    const { queue, dropped } = actor.getSnapshot().context
    expect(queue).toHaveLength(ANALYTICS.queueCap)
    expect(queue[0]?.id).toBe(testId(8))
    expect(dropped).toBe(7)
    actor.send({ type: 'mode.resume' })
    await settle()
    expect(kit.receiver.batches[0]?.dropped?.count).toBe(7)
    expect(kit.receiver.batches.slice(1).every((b) => b.dropped === undefined)).toBe(true)
    expect(kit.receiver.sentIds()).toHaveLength(ANALYTICS.queueCap)
    expect(actor.getSnapshot().context.dropped).toBe(0)
  })

  it('sends at most 50 events at a time, and within the byte limit', async () => {
    const actor = start()
    actor.send({ type: 'mode.pause' })
    trackMany(actor, 1, 120)
    actor.send({ type: 'mode.resume' })
    await settle()
    expect(kit.receiver.batches.map((b) => b.events.length)).toEqual([50, 50, 20])
    expect(new Set(kit.receiver.sentIds()).size).toBe(120)

    kit.receiver.batches = []
    const small = start({ settings: { maxBatchBytes: 1200 } })
    small.send({ type: 'mode.pause' })
    trackMany(small, 200, 12)
    small.send({ type: 'mode.resume' })
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs)
    expect(kit.receiver.batches.length).toBeGreaterThan(2)
    expect(kit.receiver.batches.every((b) => JSON.stringify(b).length <= 1200)).toBe(true)
    expect(kit.receiver.sentIds()).toHaveLength(12)
  })

  it('gives a send 3000 ms: a receiver that does not answer is aborted and retried', async () => {
    kit.receiver.behaviour = 'hang'
    const actor = start()
    trackMany(actor, 1, 6)
    await vi.advanceTimersByTimeAsync(ANALYTICS.timeoutMs - 1)
    expect(actor.getSnapshot().matches({ normal: 'sending' })).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(actor.getSnapshot().matches({ normal: 'retrying' })).toBe(true)
    expect(kit.receiver.aborted).toBe(1)
  })

  it('retries 3 times after 1 s, 2 s and 4 s, then waits for the interval; the events stay queued', async () => {
    expect([1, 2, 3].map((n) => retryDelay(DEFAULT_SETTINGS, n))).toEqual([1000, 2000, 4000])
    kit.receiver.behaviour = 'fail'
    const actor = start()
    trackMany(actor, 1, 6)
    await settle()
    expect(kit.receiver.batches).toHaveLength(1)
    for (const [delay, sends] of [
      [1000, 2],
      [2000, 3],
      [4000, 4],
    ] as const) {
      await vi.advanceTimersByTimeAsync(delay - 1)
      expect(kit.receiver.batches).toHaveLength(sends - 1)
      await vi.advanceTimersByTimeAsync(1)
      expect(kit.receiver.batches).toHaveLength(sends)
    }
    expect(actor.getSnapshot().matches({ normal: 'resting' })).toBe(true)
    // Resting: more events do not hurry the next attempt.
    trackMany(actor, 7, 6)
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs - 1)
    expect(kit.receiver.batches).toHaveLength(4)
    kit.receiver.behaviour = 'ok'
    await vi.advanceTimersByTimeAsync(1)
    expect(kit.receiver.batches).toHaveLength(5)
    expect(new Set(kit.receiver.sentIds().slice(-12))).toEqual(
      new Set(Array.from({ length: 12 }, (_, i) => testId(i + 1))),
    )
    expect(actor.getSnapshot().context.queue).toEqual([])
  })

  it('resends the same events and the same drop report id after a failure', async () => {
    kit.receiver.script = ['fail']
    const actor = start()
    actor.send({ type: 'mode.pause' })
    trackMany(actor, 1, ANALYTICS.queueCap + 1)
    actor.send({ type: 'mode.resume' })
    await vi.advanceTimersByTimeAsync(1000)
    const [first, second] = kit.receiver.batches
    expect(first?.dropped?.id).toBeDefined()
    expect(second?.dropped).toEqual(first?.dropped)
    expect(second?.events.map((e) => e.id)).toEqual(first?.events.map((e) => e.id))
  })

  it('drops and counts a batch the receiver refuses (4xx), says so on the development console, and goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    kit.receiver.script = ['refuse']
    const actor = start()
    trackMany(actor, 1, 6)
    await settle()
    expect(actor.getSnapshot().context.queue).toEqual([])
    trackMany(actor, 7, 6)
    await settle()
    expect(kit.receiver.batches[1]?.dropped?.count).toBe(6)
    expect(kit.receiver.batches[1]?.events).toHaveLength(6)
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
  })

  it('flushes on demand', async () => {
    const actor = start()
    trackMany(actor, 1, 1)
    actor.send({ type: 'flush' })
    await settle()
    expect(kit.receiver.sentIds()).toEqual([testId(1)])
  })
})
