// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEVICE } from '#/app.config.ts'
import { readCookie } from '#/lib/cookies.ts'
import { deviceFingerprint, readCachedFingerprint } from './fingerprint-cache.ts'
import {
  collectFingerprint,
  FINGERPRINT_FIELDS,
  fingerprintHash,
  isDeviceFingerprint,
  listPlugins,
  webTimezone,
} from './fingerprint.ts'

const plugins = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `Plugin ${i}` }))

function fakePlugins(count: number) {
  Object.defineProperty(navigator, 'plugins', { value: plugins(count), configurable: true })
}

beforeEach(() => {
  localStorage.clear()
  // jsdom has no canvas (it would log "not implemented"); real drawing is covered in Chromium
  // (tests/e2e/device.spec.ts).
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null)
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('fingerprint fields (§3)', () => {
  it('collects every field, typed, with a SHA-256 hash of the others', async () => {
    fakePlugins(3)
    const value = await collectFingerprint()
    expect(Object.keys(value).sort()).toEqual([...FINGERPRINT_FIELDS, 'fingerprint'].sort())
    expect(new Set(FINGERPRINT_FIELDS).size).toBe(16)
    expect(isDeviceFingerprint(value)).toBe(true)
    expect(value.list_plugin).toEqual(['Plugin 0', 'Plugin 1', 'Plugin 2'])
    expect(value.user_agent).toBe(navigator.userAgent)
    expect(value.screen_resolution).toMatch(/^\d+x\d+$/)
    expect(value.timezoneOffset).toBe(new Date().getTimezoneOffset())
    expect(value.web_timezone).toBe(value.timezoneOffset + 480)
    expect(value.fingerprint).toMatch(/^[0-9a-f]{64}$/)
    // A probe the browser refuses gives an empty field, not a missing one.
    expect(value.canvas_code).toBe('')
    expect(value.webgl_vendor).toBe('')
  })

  it('is deterministic: the same fields hash the same, any change hashes differently', async () => {
    fakePlugins(2)
    const { fingerprint, ...fields } = await collectFingerprint()
    expect(await fingerprintHash(fields)).toBe(fingerprint)
    expect((await collectFingerprint()).fingerprint).toBe(fingerprint)
    expect(await fingerprintHash({ ...fields, system_lang: 'xx' })).not.toBe(fingerprint)
  })

  it('lists at most 500 plugins (§9)', () => {
    expect(DEVICE.pluginCap).toBe(500)
    expect(listPlugins(plugins(600))).toHaveLength(500)
    expect(listPlugins(plugins(600)).at(-1)).toBe('Plugin 499')
    expect(listPlugins(plugins(12))).toHaveLength(12)
    expect(listPlugins(undefined)).toEqual([])
  })

  it('measures web_timezone against the 480-minute base (UTC+8): minutes behind it', () => {
    expect(DEVICE.webTimezoneBaseMinutes).toBe(480)
    expect(webTimezone(-480)).toBe(0) // Shanghai, UTC+8
    expect(webTimezone(0)).toBe(480) // UTC
    expect(webTimezone(-540)).toBe(-60) // Tokyo, UTC+9
    expect(webTimezone(300)).toBe(780) // New York, UTC-5
    expect(webTimezone(-330)).toBe(150) // India, UTC+5:30
  })

  it('refuses stored values of the wrong shape', () => {
    expect(isDeviceFingerprint(null)).toBe(false)
    expect(isDeviceFingerprint({ screen_resolution: '1x1' })).toBe(false)
  })
})

describe('fingerprint cache (§9: 24 hours in local storage)', () => {
  it('reuses the stored fingerprint for 24 hours, then collects again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-01T00:00:00Z'))
    fakePlugins(1)
    const first = await deviceFingerprint()
    expect(readCachedFingerprint()).toEqual(first)
    expect(readCookie(DEVICE.fingerprintCookie)).toBe(first.fingerprint)

    fakePlugins(2)
    vi.setSystemTime(new Date('2026-03-01T23:59:59Z'))
    expect(await deviceFingerprint()).toEqual(first)

    vi.setSystemTime(new Date('2026-03-02T00:00:00Z'))
    expect(readCachedFingerprint()).toBeUndefined()
    const second = await deviceFingerprint()
    expect(second.list_plugin).toHaveLength(2)
    expect(second.fingerprint).not.toBe(first.fingerprint)
    expect(readCookie(DEVICE.fingerprintCookie)).toBe(second.fingerprint)
  })

  it('collects again after a clock set back, a browser update or damaged storage', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'))
    await deviceFingerprint()
    expect(readCachedFingerprint(Date.parse('2026-03-01T11:00:00Z'))).toBeUndefined()
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (updated)')
    expect(readCachedFingerprint()).toBeUndefined()
    vi.restoreAllMocks()
    localStorage.setItem(DEVICE.fingerprintStorageKey, '{not json')
    expect(readCachedFingerprint()).toBeUndefined()
  })

  it('shares one collection between concurrent callers', async () => {
    const [a, b] = await Promise.all([deviceFingerprint(), deviceFingerprint()])
    expect(a).toBe(b)
  })
})
