/**
 * The HTTP fallback (§4, §9): while a socket is not open, the same data is fetched over HTTP,
 * starting after WEBSOCKET.fallbackIdleMs of silence, then at most every WEBSOCKET.fallbackRefreshMs
 * — every WEBSOCKET.fallbackRefreshAfterReconnectMs for as long after a reconnect, so a flapping
 * connection never hammers the API. Results reach the listeners as if
 * the socket had sent them.
 */
import { WEBSOCKET } from '#/app.config.ts'
import type { SocketStatus } from './socket.machine.ts'

export interface FallbackTimers {
  now(): number
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface Fallback {
  /** The socket's status changed. */
  status(status: SocketStatus): void
  stop(): void
}

const browserTimers: FallbackTimers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(typeof handle === 'number' ? handle : undefined),
}

export function createFallback(refresh: () => Promise<void>, timers: FallbackTimers = browserTimers): Fallback {
  let timer: unknown
  let reconnectedAt = Number.NEGATIVE_INFINITY
  let open = false
  let everOpened = false
  const schedule = (ms: number) => {
    timers.clearTimeout(timer)
    timer = timers.setTimeout(() => void run(), ms)
  }
  const run = async () => {
    if (open) return
    await refresh().catch(() => undefined)
    if (open) return
    const recent = timers.now() - reconnectedAt < WEBSOCKET.fallbackRefreshAfterReconnectMs
    schedule(recent ? WEBSOCKET.fallbackRefreshAfterReconnectMs : WEBSOCKET.fallbackRefreshMs)
  }
  return {
    status(status) {
      if (status === 'open') {
        // The first open is a connect; later ones are reconnects.
        if (!open && everOpened) reconnectedAt = timers.now()
        everOpened = true
        open = true
        timers.clearTimeout(timer)
        timer = undefined
        return
      }
      if (!open && timer !== undefined) return
      open = false
      schedule(WEBSOCKET.fallbackIdleMs)
    },
    stop() {
      timers.clearTimeout(timer)
      timer = undefined
      open = true
    },
  }
}
