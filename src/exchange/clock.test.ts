import { describe, expect, it } from 'vitest'
import { engineClock } from './clock.ts'

describe('engine clock', () => {
  it('runs at real time by default and fast-forwards by its speed from the start', () => {
    let real = Date.UTC(2026, 0, 5)
    const now = () => real
    const realTime = engineClock(1, now)
    const fast = engineClock(60, now)
    real += 60_000
    expect(realTime().getTime()).toBe(Date.UTC(2026, 0, 5, 0, 1))
    // One real minute is an engine hour at 60×.
    expect(fast().getTime()).toBe(Date.UTC(2026, 0, 5, 1, 0))
  })
})
