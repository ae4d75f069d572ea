/**
 * App lifecycle (§4): `hydrating` on first load, then `done`; chunk-load errors reload the page at
 * most once per path within the reload guard; preload failures while hydrating are suppressed.
 */
import { useSyncExternalStore } from 'react'
import { TIMING } from '#/app.config.ts'

export type LifecyclePhase = 'hydrating' | 'done'

let phase: LifecyclePhase = 'hydrating'
const listeners = new Set<() => void>()

export function markHydrated() {
  if (phase === 'done') return
  phase = 'done'
  // Lets tests and native shells know the page is interactive.
  if (typeof document !== 'undefined') document.documentElement.dataset.hydrated = 'true'
  for (const listener of listeners) listener()
}

export function getLifecyclePhase(): LifecyclePhase {
  return phase
}

export function useLifecyclePhase(): LifecyclePhase {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => phase,
    () => 'hydrating',
  )
}

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
]

/** Browsers report a missing code-split chunk (an old tab after a deploy) only through these messages. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  if (error.name === 'ChunkLoadError') return true
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message))
}

/** Navigation outcomes that are not errors worth a screen (§4: aborted, cancelled, duplicated). */
export type NavigationFailure = 'aborted' | 'cancelled' | 'duplicated'

export function navigationFailureOf(error: unknown): NavigationFailure | undefined {
  if (!(error instanceof Error)) return undefined
  if (error.name === 'AbortError') return 'aborted'
  if (error.name === 'CancelledError' || error.name === 'CanceledError') return 'cancelled'
  if (error.name === 'NavigationDuplicated') return 'duplicated'
  return undefined
}

export interface ReloadStore {
  get: (key: string) => string | null
  set: (key: string, value: string) => void
}

const RELOAD_KEY_PREFIX = 'tandem:chunk-reload:'

/**
 * Decides whether a chunk error on `path` may reload the page now, and records the reload.
 * At most once per path within `guardMs`: a chunk that is really gone must not loop.
 */
export function claimChunkReload(store: ReloadStore, path: string, now: number, guardMs: number): boolean {
  const key = RELOAD_KEY_PREFIX + path
  const last = Number(store.get(key))
  if (Number.isFinite(last) && last > 0 && now - last < guardMs) return false
  store.set(key, String(now))
  return true
}

function sessionReloadStore(): ReloadStore {
  return {
    get: (key) => sessionStorage.getItem(key),
    set: (key, value) => sessionStorage.setItem(key, value),
  }
}

/**
 * The guard the error page and the handlers below both use: the deployment's RELOAD_GUARD_MS once the app has
 * installed its handling, §9's default before that.
 */
let reloadGuardMs: number = TIMING.reloadGuardMs

export function getReloadGuardMs(): number {
  return reloadGuardMs
}

/** Wires the browser side: Vite's preload errors and uncaught chunk errors. Returns a cleanup. */
export function installChunkErrorHandling(guardMs: number): () => void {
  reloadGuardMs = guardMs
  const store = sessionReloadStore()
  const reloadOnce = () => {
    if (claimChunkReload(store, location.pathname, Date.now(), reloadGuardMs)) location.reload()
  }
  const onPreloadError = (event: Event) => {
    // While hydrating, the page is already rendered by the server: a failed preload is harmless.
    event.preventDefault()
    if (getLifecyclePhase() !== 'hydrating') reloadOnce()
  }
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) reloadOnce()
  }
  window.addEventListener('vite:preloadError', onPreloadError)
  window.addEventListener('unhandledrejection', onRejection)
  return () => {
    window.removeEventListener('vite:preloadError', onPreloadError)
    window.removeEventListener('unhandledrejection', onRejection)
  }
}

/** Called from the error boundary: a chunk error there reloads (guarded) instead of showing an error. */
export function reloadForChunkError(error: unknown): boolean {
  if (!isChunkLoadError(error) || typeof window === 'undefined') return false
  const store = sessionReloadStore()
  if (!claimChunkReload(store, location.pathname, Date.now(), reloadGuardMs)) return false
  location.reload()
  return true
}
