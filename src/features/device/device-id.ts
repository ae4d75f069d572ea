/**
 * The stable device id (§7 header deviceId): a random UUID kept in local storage and in the
 * `device_id` cookie (readable, SameSite=Lax, 365 days), so server functions can forward it.
 * Either copy restores the other when one was cleared.
 */
import { DEVICE } from '#/app.config.ts'
import { readCookie, writeCookie } from '#/lib/cookies.ts'
import { isDeviceId } from '#/exchange-client/index.ts'
import { readLocal, writeLocal } from './device-storage.ts'

/** crypto.randomUUID needs a secure context; getRandomValues does not. */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The device's id, created on the first visit; both copies are (re)written every time. */
export function ensureDeviceId(): string {
  const stored = readLocal(DEVICE.idStorageKey)
  const cookie = readCookie(DEVICE.idCookie)
  const id = [stored, cookie].find(isDeviceId) ?? randomUuid()
  if (stored !== id) writeLocal(DEVICE.idStorageKey, id)
  // Rewritten on each visit, so the cookie's 365 days count from the last visit.
  writeCookie(DEVICE.idCookie, id, DEVICE.cookieMaxAgeSeconds)
  return id
}
