/**
 * The §7 request headers that identify the device, as the server builds them from the cookies
 * the page wrote. Cookies arrive from the client: a value of the wrong shape is dropped, never
 * forwarded to the exchange.
 */
import { DEVICE } from '#/app.config.ts'
import { DEVICE_ID_PATTERN } from '#/contract/index.ts'

const SHA256_HEX = /^[0-9a-f]{64}$/

export function isDeviceId(value: unknown): value is string {
  return typeof value === 'string' && DEVICE_ID_PATTERN.test(value)
}

export function isFingerprintHash(value: unknown): value is string {
  return typeof value === 'string' && SHA256_HEX.test(value)
}

export interface DeviceHeaders {
  deviceId: string
  fingerprint: string
}

/** `readCookie` is the request's cookie reader (getCookie on the server). */
export function deviceHeaders(readCookie: (name: string) => string | undefined): DeviceHeaders {
  const id = readCookie(DEVICE.idCookie)
  const fingerprint = readCookie(DEVICE.fingerprintCookie)
  return {
    deviceId: isDeviceId(id) ? id.toLowerCase() : '',
    fingerprint: isFingerprintHash(fingerprint) ? fingerprint : '',
  }
}
