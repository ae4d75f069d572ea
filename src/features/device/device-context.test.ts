// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NATIVE } from '#/app.config.ts'
import { contextOf, deviceContext, deviceTypeOf } from './device-context.ts'

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1'
const base = { inShell: false, userAgent: DESKTOP, touch: false, screenWidth: 1920 }

afterEach(() => {
  Reflect.deleteProperty(window, NATIVE.androidInterface)
  vi.restoreAllMocks()
})

describe('device context (§3 deviceType, siteid, request_source)', () => {
  it('is h5 in a shell, on a phone user agent, or on a small touch screen; web otherwise', () => {
    expect(deviceTypeOf(base)).toBe('web')
    expect(deviceTypeOf({ ...base, inShell: true })).toBe('h5')
    expect(deviceTypeOf({ ...base, userAgent: PHONE })).toBe('h5')
    expect(deviceTypeOf({ ...base, touch: true, screenWidth: 390 })).toBe('h5')
    expect(deviceTypeOf({ ...base, touch: true, screenWidth: 1024 })).toBe('web')
    expect(deviceTypeOf({ ...base, screenWidth: 390 })).toBe('web')
  })

  it('derives siteid and request_source from the product and the device type', () => {
    expect(contextOf('h5')).toEqual({ deviceType: 'h5', siteid: 'tandem-H5', requestSource: 'H5' })
    expect(contextOf('web')).toEqual({ deviceType: 'web', siteid: 'tandem-Web', requestSource: 'PC' })
    expect(contextOf('web', 'acme').siteid).toBe('acme-Web')
  })

  it('reads the page: a desktop browser is web, the same page in the Android shell is h5', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(DESKTOP)
    expect(deviceContext()).toEqual({ deviceType: 'web', siteid: 'tandem-Web', requestSource: 'PC' })
    Reflect.set(window, NATIVE.androidInterface, { postMessage: () => undefined })
    expect(deviceContext()).toEqual({ deviceType: 'h5', siteid: 'tandem-H5', requestSource: 'H5' })
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(PHONE)
    Reflect.deleteProperty(window, NATIVE.androidInterface)
    expect(deviceContext().deviceType).toBe('h5')
  })
})
