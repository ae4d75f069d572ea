/** The analytics machine's identity (§4, §5), its login queue, and a reload (local storage). */
import { describe, expect, it, vi } from 'vitest'
import { ANALYTICS } from '#/app.config.ts'
import {
  memoryStorage,
  machineKit,
  testEvent,
  testId,
  trackMany,
} from '#tests/fixtures/features/analytics/analytics-test-kit.ts'

const kit = machineKit()
const { start, settle } = kit

describe('identity and the login queue (§4, §5)', () => {
  it('sets the user id on events after login and clears it after logout', async () => {
    const actor = start({ settings: { batchSize: 1 } })
    actor.send({ type: 'identity.set', userId: '10042' })
    trackMany(actor, 1, 1)
    await settle()
    actor.send({ type: 'identity.clear' })
    trackMany(actor, 2, 1)
    await settle()
    expect(kit.receiver.batches.map((b) => b.events[0]?.userId)).toEqual(['10042', undefined])
  })

  it('ignores a user id that is empty or longer than 63 characters (a development warning, no error)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const actor = start()
    actor.send({ type: 'identity.set', userId: '' })
    actor.send({ type: 'identity.set', userId: 'u'.repeat(64) })
    expect(actor.getSnapshot().context.userId).toBeUndefined()
    expect(warn).toHaveBeenCalledTimes(2)
    warn.mockRestore()
    actor.send({ type: 'identity.set', userId: 'u'.repeat(63) })
    expect(actor.getSnapshot().context.userId).toBe('u'.repeat(63))
  })

  it('holds events that need login until the identity is set, then sends them at once with it', async () => {
    const actor = start()
    trackMany(actor, 1, 2, true)
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs * 2)
    expect(kit.receiver.batches).toHaveLength(0)
    expect(actor.getSnapshot().context.loginQueue).toHaveLength(2)
    actor.send({ type: 'identity.set', userId: '7' })
    await settle()
    expect(kit.receiver.batches[0]?.events.map((e) => [e.id, e.userId])).toEqual([
      [testId(1), '7'],
      [testId(2), '7'],
    ])
    expect(actor.getSnapshot().context.loginQueue).toEqual([])
    // Signed in: such events go straight to the queue.
    trackMany(actor, 3, 1, true)
    expect(actor.getSnapshot().context.queue.map((e) => e.userId)).toEqual(['7'])
  })
})

describe('persistence (a reload)', () => {
  it('restores waiting events, held events and the drop count, and sends each once', async () => {
    const storage = memoryStorage()
    const before = start({ storage })
    before.send({ type: 'mode.pause' })
    trackMany(before, 1, 4)
    trackMany(before, 5, 1, true)
    before.stop()

    const after = start({ storage })
    expect(after.getSnapshot().context.queue.map((e) => e.id)).toEqual([1, 2, 3, 4].map(testId))
    expect(after.getSnapshot().context.loginQueue.map((e) => e.id)).toEqual([testId(5)])
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs)
    expect(kit.receiver.sentIds()).toEqual([1, 2, 3, 4].map(testId))
    expect(JSON.parse(storage.getItem(ANALYTICS.queueStorageKey) ?? '{}')).toMatchObject({ queue: [] })
  })

  it('skips a stored entry that is not a valid event, and survives storage that is not JSON', () => {
    const storage = memoryStorage()
    storage.setItem(
      ANALYTICS.queueStorageKey,
      JSON.stringify({
        queue: [testEvent(1), { id: 'x' }, testEvent(2, { event: '9bad' })],
        loginQueue: 'no',
        dropped: 3,
      }),
    )
    expect(start({ storage }).getSnapshot().context).toMatchObject({
      queue: [testEvent(1)],
      loginQueue: [],
      dropped: 3,
    })
    storage.setItem(ANALYTICS.queueStorageKey, '{not json')
    expect(start({ storage }).getSnapshot().context.queue).toEqual([])
  })
})
