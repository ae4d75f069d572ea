/**
 * Which kind of client this is (§3): `h5` inside a native shell or on a phone, else `web`; the
 * analytics siteid and request_source follow from it. The analytics SDK imports `deviceContext()`.
 */
import { DEFAULTS, DEVICE } from '#/app.config.ts'
import { currentShellKind } from '#/features/native/index.ts'
import { isMobileUserAgent } from './user-agent.ts'

export type DeviceType = 'h5' | 'web'
export type RequestSource = 'H5' | 'PC'

export interface DeviceContext {
  deviceType: DeviceType
  siteid: string
  requestSource: RequestSource
}

export interface DeviceSignals {
  inShell: boolean
  userAgent: string
  /** A coarse pointer (a finger) is the primary input. */
  touch: boolean
  /** The screen's shorter side in CSS pixels (the device, not the window; either orientation). */
  screenWidth: number
}

export function deviceTypeOf(signals: DeviceSignals): DeviceType {
  if (signals.inShell || isMobileUserAgent(signals.userAgent)) return 'h5'
  return signals.touch && signals.screenWidth <= DEVICE.phoneMaxWidthPx ? 'h5' : 'web'
}

export function contextOf(deviceType: DeviceType, product: string = DEFAULTS.product): DeviceContext {
  return deviceType === 'h5'
    ? { deviceType, siteid: `${product}-H5`, requestSource: 'H5' }
    : { deviceType, siteid: `${product}-Web`, requestSource: 'PC' }
}

function browserSignals(): DeviceSignals | undefined {
  if (typeof window === 'undefined') return undefined
  return {
    inShell: currentShellKind() !== undefined,
    userAgent: navigator.userAgent,
    touch: typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches,
    screenWidth: Math.min(screen.width, screen.height),
  }
}

/** In the browser, from the page's signals; on the server (no window), `web` unless a user agent says otherwise. */
export function deviceContext(product: string = DEFAULTS.product, userAgent?: string): DeviceContext {
  const signals = browserSignals() ?? {
    inShell: false,
    userAgent: userAgent ?? '',
    touch: false,
    screenWidth: Number.POSITIVE_INFINITY,
  }
  return contextOf(deviceTypeOf(signals), product)
}
