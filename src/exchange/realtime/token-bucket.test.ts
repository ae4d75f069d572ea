import { describe, expect, it } from 'vitest'
import { createTokenBucket } from './token-bucket.ts'

/** A clock the test moves by hand. */
function manualClock(start = 1_000_000) {
  let t = start
  return { now: () => t, advance: (ms: number) => (t += ms) }
}

/** How many of `count` messages arriving at the same instant the bucket lets through. */
const takeMany = (bucket: { take(): boolean }, count: number) =>
  Array.from({ length: count }, () => bucket.take()).filter(Boolean).length

describe('token bucket', () => {
  it('lets a burst through at once, then refuses until tokens accrue at the rate', () => {
    const clock = manualClock()
    const bucket = createTokenBucket(50, 250, clock.now)
    expect(takeMany(bucket, 250)).toBe(250)
    expect(bucket.take()).toBe(false)
    clock.advance(20)
    expect(bucket.take()).toBe(true)
    expect(bucket.take()).toBe(false)
    clock.advance(1000)
    expect(takeMany(bucket, 60)).toBe(50)
  })

  it('never saves more than the burst, however long the client was quiet', () => {
    const clock = manualClock()
    const bucket = createTokenBucket(50, 250, clock.now)
    clock.advance(3_600_000)
    expect(takeMany(bucket, 300)).toBe(250)
  })

  it('never refuses a client under the rate whose messages are read in bunches after the thread was busy', () => {
    const clock = manualClock()
    const bucket = createTokenBucket(50, 250, clock.now)
    // 40 messages a second for a minute, read in bunches: the thread was busy 1.5 s, then 3 s, then 0.2 s, …
    const stalls = [1500, 3000, 200, 5000, 25, 1000]
    let refused = 0
    for (let elapsed = 0, i = 0; elapsed < 60_000; i += 1) {
      const stall = stalls[i % stalls.length] ?? 0
      clock.advance(stall)
      elapsed += stall
      for (let n = 0; n < (stall * 40) / 1000; n += 1) if (!bucket.take()) refused += 1
    }
    expect(refused).toBe(0)
  })

  it('refuses a client at three times the rate once the burst is spent', () => {
    const clock = manualClock()
    const bucket = createTokenBucket(50, 250, clock.now)
    let firstRefusalMs: number | undefined
    for (let ms = 0; ms < 10_000 && firstRefusalMs === undefined; ms += 20) {
      clock.advance(20)
      // 150 a second: three every 20 ms.
      if (takeMany(bucket, 3) < 3) firstRefusalMs = ms
    }
    // 250 tokens drained at 100 a second net: refused after about 2.5 s.
    expect(firstRefusalMs).toBeGreaterThan(2400)
    expect(firstRefusalMs).toBeLessThan(2600)
  })

  it('costs the client nothing when the wall clock is set back', () => {
    const clock = manualClock()
    const bucket = createTokenBucket(50, 10, clock.now)
    expect(takeMany(bucket, 5)).toBe(5)
    clock.advance(-60_000)
    expect(takeMany(bucket, 10)).toBe(5)
    clock.advance(200)
    expect(takeMany(bucket, 10)).toBe(10)
  })
})
