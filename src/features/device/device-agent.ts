/**
 * Starts the device's identity once the page has hydrated: the device id at once (cheap), the
 * fingerprint when the browser is idle, and the page API native shells and tests call:
 * `window.TandemWeb` = { shell(), deviceContext(), deviceId(), fingerprint(), call(method, params), openExternal(url,
 * options) }, with the members other features add (given by the root: analyticsConsent(), setAnalyticsConsent(choice)).
 */
import { DEVICE, NATIVE } from '#/app.config.ts'
import { callNativeByName, openExternal, currentShellKind } from '#/features/native/index.ts'
import { deviceContext } from './device-context.ts'
import { ensureDeviceId } from './device-id.ts'
import { deviceFingerprint } from './fingerprint-cache.ts'
import { whenIdle } from './idle.ts'

function createPageApi(deviceId: string) {
  return Object.freeze({
    shell: currentShellKind,
    deviceContext: () => deviceContext(),
    deviceId: () => deviceId,
    fingerprint: deviceFingerprint,
    call: callNativeByName,
    openExternal,
  })
}

export type TandemPageApi = ReturnType<typeof createPageApi>

/** Members another feature adds to the page API; device cannot import those features (they import it). */
export type PageApiExtension = Readonly<Record<string, (...args: never[]) => unknown>>

declare global {
  interface Window {
    [NATIVE.pageApiName]?: TandemPageApi
  }
}

function installPageApi(deviceId: string, extension: PageApiExtension) {
  Object.defineProperty(window, NATIVE.pageApiName, {
    // The device's own members win a clash of names.
    value: Object.freeze({ ...extension, ...createPageApi(deviceId) }),
    configurable: true,
    enumerable: false,
    writable: false,
  })
}

/** Returns the cancel of the pending idle collection. */
export function startDeviceAgent(extension: PageApiExtension = {}): () => void {
  const id = ensureDeviceId()
  installPageApi(id, extension)
  return whenIdle(() => {
    // A failed probe already gives empty fields; nothing here reaches the user.
    deviceFingerprint().catch(() => undefined)
  }, DEVICE.idleTimeoutMs)
}
