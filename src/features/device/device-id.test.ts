// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEVICE } from '#/app.config.ts'
import { isDeviceId } from '#/exchange-client/device-headers.ts'
import { ensureDeviceId, randomUuid } from './device-id.ts'
import { readCookie } from '#/lib/cookies.ts'
import { whenIdle } from './idle.ts'

function clearCookie(name: string) {
  document.cookie = `${name}=; Path=/; Max-Age=0`
}

beforeEach(() => {
  localStorage.clear()
  clearCookie(DEVICE.idCookie)
})

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('device id (§7 deviceId)', () => {
  it('is a random UUID, created once and stable afterwards', () => {
    const id = ensureDeviceId()
    expect(isDeviceId(id)).toBe(true)
    expect(ensureDeviceId()).toBe(id)
    expect(localStorage.getItem(DEVICE.idStorageKey)).toBe(id)
    expect(readCookie(DEVICE.idCookie)).toBe(id)
  })

  it('restores the cookie from storage and storage from the cookie', () => {
    const id = ensureDeviceId()
    clearCookie(DEVICE.idCookie)
    expect(ensureDeviceId()).toBe(id)
    expect(readCookie(DEVICE.idCookie)).toBe(id)
    localStorage.clear()
    expect(ensureDeviceId()).toBe(id)
    expect(localStorage.getItem(DEVICE.idStorageKey)).toBe(id)
  })

  it('replaces a stored value that is not a UUID', () => {
    localStorage.setItem(DEVICE.idStorageKey, 'not-an-id')
    const id = ensureDeviceId()
    expect(id).not.toBe('not-an-id')
    expect(isDeviceId(id)).toBe(true)
  })

  it('writes a readable cookie: Path=/, SameSite=Lax, 365 days', () => {
    const writes: string[] = []
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => writes.push(value))
    ensureDeviceId()
    expect(writes[0]).toMatch(
      new RegExp(`^device_id=[0-9a-f-]{36}; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax$`),
    )
  })

  it('makes v4 UUIDs without randomUUID (pages over plain http)', () => {
    const original = Object.getOwnPropertyDescriptor(crypto, 'randomUUID')
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true })
    try {
      const ids = new Set(Array.from({ length: 50 }, randomUuid))
      expect(ids.size).toBe(50)
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    } finally {
      if (original) Object.defineProperty(crypto, 'randomUUID', original)
      else Reflect.deleteProperty(crypto, 'randomUUID')
    }
    expect(typeof crypto.randomUUID).toBe('function')
  })
})

describe('idle scheduling', () => {
  it('waits for requestIdleCallback, with the timeout passed on', () => {
    const calls: number[] = []
    vi.stubGlobal('requestIdleCallback', (work: () => void, options: { timeout: number }) => {
      calls.push(options.timeout)
      work()
      return 1
    })
    let ran = false
    whenIdle(() => (ran = true), DEVICE.idleTimeoutMs)
    expect(ran).toBe(true)
    expect(calls).toEqual([2000])
    vi.unstubAllGlobals()
  })

  it('falls back to a timeout where requestIdleCallback is missing, and can be cancelled', () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestIdleCallback', undefined)
    let ran = 0
    whenIdle(() => (ran += 1), 2000)
    vi.advanceTimersByTime(1999)
    expect(ran).toBe(0)
    vi.advanceTimersByTime(1)
    expect(ran).toBe(1)
    const cancel = whenIdle(() => (ran += 1), 2000)
    cancel()
    vi.advanceTimersByTime(5000)
    expect(ran).toBe(1)
    vi.unstubAllGlobals()
  })
})
