import { describe, expect, it } from 'vitest'
import {
  claimChunkReload,
  getLifecyclePhase,
  isChunkLoadError,
  markHydrated,
  navigationFailureOf,
  type ReloadStore,
} from './lifecycle.ts'

function memoryStore(): ReloadStore & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return { data, get: (k) => data.get(k) ?? null, set: (k, v) => void data.set(k, v) }
}

describe('app lifecycle', () => {
  it('starts hydrating and ends done', () => {
    expect(getLifecyclePhase()).toBe('hydrating')
    markHydrated()
    expect(getLifecyclePhase()).toBe('done')
    markHydrated()
    expect(getLifecyclePhase()).toBe('done')
  })
})

describe('chunk-load reload guard (§4, 10 s)', () => {
  const guard = 10_000

  it('reloads once per path within the guard window', () => {
    const store = memoryStore()
    expect(claimChunkReload(store, '/copy-trading/gemw', 1_000, guard)).toBe(true)
    expect(claimChunkReload(store, '/copy-trading/gemw', 5_000, guard)).toBe(false)
    expect(claimChunkReload(store, '/copy-trading/gemw', 10_999, guard)).toBe(false)
    expect(claimChunkReload(store, '/copy-trading/gemw', 11_000, guard)).toBe(true)
  })

  it('keeps paths apart', () => {
    const store = memoryStore()
    expect(claimChunkReload(store, '/a', 1_000, guard)).toBe(true)
    expect(claimChunkReload(store, '/b', 1_001, guard)).toBe(true)
    expect(claimChunkReload(store, '/a', 1_002, guard)).toBe(false)
  })

  it('recovers from a corrupted stored value', () => {
    const store = memoryStore()
    store.set('tandem:chunk-reload:/a', 'garbage')
    expect(claimChunkReload(store, '/a', 1_000, guard)).toBe(true)
  })
})

describe('error classification', () => {
  it('recognises chunk-load errors of each browser', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true)
    expect(isChunkLoadError(new Error('Network down'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
  })

  it('names navigation failures', () => {
    expect(navigationFailureOf(new DOMException('x', 'AbortError'))).toBe('aborted')
    expect(navigationFailureOf(Object.assign(new Error('x'), { name: 'CancelledError' }))).toBe('cancelled')
    expect(navigationFailureOf(Object.assign(new Error('x'), { name: 'NavigationDuplicated' }))).toBe('duplicated')
    expect(navigationFailureOf(new Error('boom'))).toBeUndefined()
  })
})
