import { describe, expect, it } from 'vitest'
import { createSnapshotQueue, type ReadOutcome } from './snapshot-queue.ts'

const immediate = () => new Promise<void>((resolve) => setImmediate(resolve))
/**
 * Lets the queue act: it starts reads on the event loop's check phase, and a finished read
 * schedules the next start from a promise callback, so the second immediate comes after it.
 */
const turn = async () => {
  await immediate()
  await immediate()
}

/** Reads the test finishes by hand, by key. */
function manualReads() {
  const started: string[] = []
  const finish = new Map<string, { resolve: (value: string) => void; reject: (error: Error) => void }[]>()
  const read = (key: string) => () => {
    started.push(key)
    return new Promise<string>((resolve, reject) => finish.set(key, [...(finish.get(key) ?? []), { resolve, reject }]))
  }
  const settle = (
    key: string,
    how: (f: { resolve: (value: string) => void; reject: (error: Error) => void }) => void,
  ) => {
    const [first, ...rest] = finish.get(key) ?? []
    if (!first) throw new Error(`no read of ${key} running`)
    finish.set(key, rest)
    how(first)
  }
  return {
    started,
    read,
    resolve: (key: string, value: string) => settle(key, (f) => f.resolve(value)),
    reject: (key: string) => settle(key, (f) => f.reject(new Error('read failed'))),
  }
}

function recorder() {
  const delivered: { outcome: ReadOutcome<string>; waiters: readonly string[] }[] = []
  return {
    delivered,
    deliver: (outcome: ReadOutcome<string>, waiters: readonly string[]) => void delivered.push({ outcome, waiters }),
  }
}

describe('snapshot queue', () => {
  it('gives the waiters of a key queued in one turn one read', async () => {
    const reads = manualReads()
    const { delivered, deliver } = recorder()
    const queue = createSnapshotQueue<string, string>({ concurrency: 4, deliver })
    for (const waiter of ['a', 'b', 'c']) queue.add('k', waiter, reads.read('k'))
    await turn()
    expect(reads.started).toEqual(['k'])
    reads.resolve('k', 'snapshot')
    await turn()
    expect(delivered).toEqual([{ outcome: { ok: true, value: 'snapshot' }, waiters: ['a', 'b', 'c'] }])
  })

  it('reads nothing for a waiter withdrawn before its read starts, and leaves a withdrawn one out of a running read', async () => {
    const reads = manualReads()
    const { delivered, deliver } = recorder()
    const queue = createSnapshotQueue<string, string>({ concurrency: 4, deliver })
    queue.add('gone', 'a', reads.read('gone'))()
    const withdrawB = queue.add('k', 'b', reads.read('k'))
    queue.add('k', 'c', reads.read('k'))
    await turn()
    expect(reads.started).toEqual(['k'])
    withdrawB()
    reads.resolve('k', 'snapshot')
    await turn()
    expect(delivered).toEqual([{ outcome: { ok: true, value: 'snapshot' }, waiters: ['c'] }])
    expect(queue.stats()).toEqual({ queued: 0, running: 0 })
  })

  it('runs at most `concurrency` reads at once, the rest in the order they were asked', async () => {
    const reads = manualReads()
    const { deliver } = recorder()
    const queue = createSnapshotQueue<string, string>({ concurrency: 2, deliver })
    for (const key of ['k1', 'k2', 'k3', 'k4']) queue.add(key, key, reads.read(key))
    await turn()
    expect(reads.started).toEqual(['k1', 'k2'])
    expect(queue.stats()).toEqual({ queued: 2, running: 2 })
    reads.resolve('k2', 'x')
    await turn()
    expect(reads.started).toEqual(['k1', 'k2', 'k3'])
  })

  it('answers a waiter who came while its key was being read with the next read, not that one', async () => {
    const reads = manualReads()
    const { delivered, deliver } = recorder()
    const queue = createSnapshotQueue<string, string>({ concurrency: 4, deliver })
    queue.add('k', 'early', reads.read('k'))
    await turn()
    queue.add('k', 'late-1', reads.read('k'))
    queue.add('k', 'late-2', reads.read('k'))
    await turn()
    // One read per key at a time.
    expect(reads.started).toEqual(['k'])
    reads.resolve('k', 'before')
    await turn()
    expect(reads.started).toEqual(['k', 'k'])
    reads.resolve('k', 'after')
    await turn()
    expect(delivered).toEqual([
      { outcome: { ok: true, value: 'before' }, waiters: ['early'] },
      { outcome: { ok: true, value: 'after' }, waiters: ['late-1', 'late-2'] },
    ])
  })

  it('delivers a failed read as a failure and goes on with the next', async () => {
    const reads = manualReads()
    const { delivered, deliver } = recorder()
    const queue = createSnapshotQueue<string, string>({ concurrency: 1, deliver })
    queue.add('bad', 'a', reads.read('bad'))
    queue.add('thrown', 'b', () => {
      throw new Error('at once')
    })
    queue.add('good', 'c', reads.read('good'))
    await turn()
    reads.reject('bad')
    // Then the read that threw, then the good one: a turn each.
    await turn()
    await turn()
    reads.resolve('good', 'snapshot')
    await turn()
    expect(delivered.map((d) => [d.outcome.ok, d.waiters])).toEqual([
      [false, ['a']],
      [false, ['b']],
      [true, ['c']],
    ])
  })
})
