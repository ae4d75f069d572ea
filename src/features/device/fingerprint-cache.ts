/**
 * The fingerprint as the app reads it: from local storage while younger than 24 hours (§9) and
 * taken by the same browser, else collected anew. Its hash also goes to the `device_fp` cookie,
 * which server functions forward as the §7 fingerprint header.
 */
import { DEVICE } from '#/app.config.ts'
import { writeCookie } from '#/lib/cookies.ts'
import { readLocal, writeLocal } from './device-storage.ts'
import { collectFingerprint, isDeviceFingerprint, type DeviceFingerprint } from './fingerprint.ts'

export function readCachedFingerprint(now = Date.now()): DeviceFingerprint | undefined {
  const raw = readLocal(DEVICE.fingerprintStorageKey)
  if (raw === null) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined
  const savedAt: unknown = Reflect.get(parsed, 'savedAt')
  const value: unknown = Reflect.get(parsed, 'value')
  if (typeof savedAt !== 'number' || !isDeviceFingerprint(value)) return undefined
  // A clock set back, or older than the cache's life: collect again.
  if (savedAt > now || now - savedAt >= DEVICE.fingerprintCacheMs) return undefined
  // A browser update changes what it reports.
  if (value.user_agent !== navigator.userAgent) return undefined
  return value
}

export function writeCachedFingerprint(value: DeviceFingerprint, now = Date.now()): void {
  writeLocal(DEVICE.fingerprintStorageKey, JSON.stringify({ savedAt: now, value }))
}

let pending: Promise<DeviceFingerprint> | undefined

/** The device's fingerprint; concurrent callers share one collection. */
export function deviceFingerprint(): Promise<DeviceFingerprint> {
  const cached = readCachedFingerprint()
  if (cached) {
    writeCookie(DEVICE.fingerprintCookie, cached.fingerprint, DEVICE.cookieMaxAgeSeconds)
    return Promise.resolve(cached)
  }
  pending ??= collectFingerprint()
    .then((value) => {
      writeCachedFingerprint(value)
      writeCookie(DEVICE.fingerprintCookie, value.fingerprint, DEVICE.cookieMaxAgeSeconds)
      return value
    })
    .finally(() => {
      pending = undefined
    })
  return pending
}
