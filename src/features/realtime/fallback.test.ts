/**
 * The HTTP fallback's timing with fake timers: WEBSOCKET.fallbackIdleMs idle, then every WEBSOCKET.fallbackRefreshMs;
 * every WEBSOCKET.fallbackRefreshAfterReconnectMs after a reconnect; nothing while open.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WEBSOCKET } from '#/app.config.ts'
import { createFallback } from './fallback.ts'

const handles = new Map<number, ReturnType<typeof setTimeout>>()
let nextHandle = 0
const timers = {
  now: () => Date.now(),
  setTimeout: (callback: () => void, ms: number) => {
    nextHandle += 1
    handles.set(nextHandle, setTimeout(callback, ms))
    return nextHandle
  },
  clearTimeout: (handle: unknown) => {
    if (typeof handle === 'number') clearTimeout(handles.get(handle))
  },
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms)
}

describe('HTTP fallback', () => {
  it('starts WEBSOCKET.fallbackIdleMs after the socket stops, then refreshes every WEBSOCKET.fallbackRefreshMs, and stops when it reopens', async () => {
    const refresh = vi.fn(() => Promise.resolve())
    const fallback = createFallback(refresh, timers)
    fallback.status('open')
    fallback.status('waiting')
    await advance(WEBSOCKET.fallbackIdleMs - 1)
    expect(refresh).not.toHaveBeenCalled()
    await advance(1)
    expect(refresh).toHaveBeenCalledTimes(1)
    fallback.status('connecting')
    await advance(WEBSOCKET.fallbackRefreshMs - 1)
    expect(refresh).toHaveBeenCalledTimes(1)
    await advance(1)
    expect(refresh).toHaveBeenCalledTimes(2)
    fallback.status('open')
    await advance(WEBSOCKET.fallbackRefreshMs * 3)
    expect(refresh).toHaveBeenCalledTimes(2)
  })

  it('never runs when the socket opens within WEBSOCKET.fallbackIdleMs', async () => {
    const refresh = vi.fn(() => Promise.resolve())
    const fallback = createFallback(refresh, timers)
    fallback.status('connecting')
    await advance(WEBSOCKET.fallbackIdleMs - 100)
    fallback.status('open')
    await advance(WEBSOCKET.fallbackRefreshMs)
    expect(refresh).not.toHaveBeenCalled()
  })

  it('refreshes every WEBSOCKET.fallbackRefreshAfterReconnectMs when the socket drops again that soon after a reconnect', async () => {
    const refresh = vi.fn(() => Promise.resolve())
    const fallback = createFallback(refresh, timers)
    fallback.status('open')
    fallback.status('waiting')
    fallback.status('open')
    fallback.status('waiting')
    await advance(WEBSOCKET.fallbackIdleMs)
    expect(refresh).toHaveBeenCalledTimes(1)
    await advance(WEBSOCKET.fallbackRefreshMs)
    expect(refresh).toHaveBeenCalledTimes(1)
    await advance(WEBSOCKET.fallbackRefreshAfterReconnectMs - WEBSOCKET.fallbackRefreshMs)
    expect(refresh).toHaveBeenCalledTimes(2)
  })
})
