/**
 * Tabs of one browser share local storage: each keeps its queue under its own key, so none
 * overwrites another's; what a closed tab left is adopted by exactly one live tab and sent once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ANALYTICS } from '#/app.config.ts'
import { analyticsBatchSchema } from '#/contract/analytics.schemas.ts'
import { EMPTY_QUEUE, mergeQueues, persistQueue, restoreQueue, type QueueState } from './analytics-queue.ts'
import { startSender } from './analytics-sender.ts'
import { orphanKeys, startTabQueue, type ListableStore, type TabLocks } from './analytics-tabs.ts'
import { machineKit, testEvent, testId, trackMany } from '#tests/fixtures/features/analytics/analytics-test-kit.ts'

const kit = machineKit()
const KEY = ANALYTICS.queueStorageKey
const CAP = ANALYTICS.queueCap

function listableStorage(): ListableStore & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    get length() {
      return data.size
    },
    key: (index) => [...data.keys()][index] ?? null,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

/** Web Locks of one origin: a held lock is released when its promise settles; withLock runs one task at a time. */
function fakeLocks(): TabLocks {
  const held = new Set<string>()
  let queue: Promise<void> = Promise.resolve()
  return {
    hold: (name, until) => {
      held.add(name)
      void until.then(() => held.delete(name))
    },
    withLock: (_name, task) => {
      const run = queue.then(task)
      queue = run.catch(() => undefined)
      return run
    },
    names: () => Promise.resolve([...held]),
  }
}

const ids = (state: QueueState) => state.queue.map((event) => event.id)
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => testId(from + i))

describe('which stored queues are orphans', () => {
  it('closed tabs’ keys and the old shared key; never a live tab’s, this tab’s, or another setting', () => {
    const keys = [KEY, `${KEY}:a`, `${KEY}:b`, `${KEY}:me`, ANALYTICS.consentStorageKey, 'language']
    expect(orphanKeys(keys, [`${KEY}:b`, `${KEY}:me`], `${KEY}:me`)).toEqual([KEY, `${KEY}:a`])
  })
})

describe('merging queues', () => {
  it('keeps each event once, oldest first, and counts what the cap drops', () => {
    const a = { ...EMPTY_QUEUE, queue: [testEvent(3), testEvent(1)], dropped: 2 }
    const b = { ...EMPTY_QUEUE, queue: [testEvent(2), testEvent(3)], loginQueue: [testEvent(9)] }
    const merged = mergeQueues([a, b], CAP)
    expect(ids(merged)).toEqual(range(1, 3))
    expect(merged.loginQueue.map((e) => e.id)).toEqual([testId(9)])
    expect(merged.dropped).toBe(2)
    const capped = mergeQueues([a, b], 2)
    expect(ids(capped)).toEqual(range(2, 2))
    expect(capped.dropped).toBe(3)
  })

  it('keeps the first drop report; another one’s count joins the dropped count', () => {
    const first = { ...EMPTY_QUEUE, dropReport: { id: testId(100), count: 4 } }
    const second = { ...EMPTY_QUEUE, dropReport: { id: testId(101), count: 5 }, dropped: 1 }
    expect(mergeQueues([first, second], CAP)).toMatchObject({ dropReport: { id: testId(100), count: 4 }, dropped: 6 })
  })
})

describe('tabs', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('two live tabs store their queues side by side: neither overwrites the other', () => {
    const storage = listableStorage()
    const locks = fakeLocks()
    const [a, b] = [startTabQueue('a', storage, locks), startTabQueue('b', storage, locks)]
    const tabA = kit.start({ storage, queueKey: a.key })
    const tabB = kit.start({ storage, queueKey: b.key })
    tabA.send({ type: 'mode.pause' })
    tabB.send({ type: 'mode.pause' })
    trackMany(tabA, 1, 3)
    trackMany(tabB, 10, 2)
    trackMany(tabA, 4, 1)
    expect(ids(restoreQueue(storage, a.key, CAP))).toEqual(range(1, 4))
    expect(ids(restoreQueue(storage, b.key, CAP))).toEqual(range(10, 2))
    expect(storage.data.has(KEY)).toBe(false)
  })

  it('what a closed tab left is adopted by one live tab only, and sent once', async () => {
    const storage = listableStorage()
    const locks = fakeLocks()
    const closing = startTabQueue('closing', storage, locks)
    const gone = kit.start({ storage, queueKey: closing.key })
    gone.send({ type: 'mode.pause' })
    trackMany(gone, 1, 4)
    gone.stop()
    closing.release()
    // The shared key of an older version of the app is adopted too.
    persistQueue(storage, KEY, { ...EMPTY_QUEUE, queue: [testEvent(5)] })
    const [b, c] = [startTabQueue('b', storage, locks), startTabQueue('c', storage, locks)]
    const tabB = kit.start({ storage, queueKey: b.key })
    const tabC = kit.start({ storage, queueKey: c.key })
    // C's own waiting event is not an orphan: C lives.
    tabC.send({ type: 'mode.pause' })
    trackMany(tabC, 20, 1)
    await Promise.all([
      b.adopt((state) => tabB.send({ type: 'queue.adopt', state }), CAP),
      c.adopt((state) => tabC.send({ type: 'queue.adopt', state }), CAP),
      b.adopt((state) => tabB.send({ type: 'queue.adopt', state }), CAP),
    ])
    tabC.send({ type: 'mode.resume' })
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs)
    const sent = kit.receiver.sentIds()
    expect([...sent].sort()).toEqual([...range(1, 5), testId(20)])
    expect(new Set(sent).size).toBe(sent.length)
    expect([...storage.data.keys()]).toEqual([])
  })

  it('an opted-out tab drops what it adopts', async () => {
    const storage = listableStorage()
    const locks = fakeLocks()
    persistQueue(storage, `${KEY}:gone`, { ...EMPTY_QUEUE, queue: [testEvent(1)] })
    const tab = startTabQueue('me', storage, locks)
    const actor = kit.start({ storage, queueKey: tab.key })
    actor.send({ type: 'mode.stop' })
    await tab.adopt((state) => actor.send({ type: 'queue.adopt', state }), CAP)
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs)
    expect(kit.receiver.sentIds()).toEqual([])
    expect(storage.data.has(`${KEY}:gone`)).toBe(false)
  })

  it('without Web Locks every tab uses the one shared key, as before', () => {
    vi.stubGlobal('navigator', {})
    expect(startTabQueue('a', listableStorage()).key).toBe(KEY)
  })

  it('the sender adopts when it starts and again at every interval', async () => {
    const storage = listableStorage()
    const locks = fakeLocks()
    const posted: string[] = []
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      if (typeof init.body === 'string')
        posted.push(...analyticsBatchSchema.parse(JSON.parse(init.body)).events.map((e) => e.id))
      return Promise.resolve(Response.json({ code: 0 }))
    })
    persistQueue(storage, `${KEY}:earlier`, { ...EMPTY_QUEUE, queue: [testEvent(1), testEvent(2)] })
    const tabs = startTabQueue('me', storage, locks)
    const sender = startSender({ endpoint: '/receiver', newId: () => testId(500), storage, tabs })
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs)
    expect(posted).toEqual(range(1, 2))
    // Another tab closes while this one lives.
    persistQueue(storage, `${KEY}:later`, { ...EMPTY_QUEUE, queue: [testEvent(3)] })
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs * 2)
    expect(posted).toEqual(range(1, 3))
    sender.stop()
    tabs.release()
  })
})
