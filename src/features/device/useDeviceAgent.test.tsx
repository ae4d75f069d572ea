// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NATIVE, type Theme } from '#/app.config.ts'
import { isDeviceId } from '#/exchange-client/device-headers.ts'
import type { PageApiExtension } from './device-agent.ts'
import { useDeviceAgent } from './useDeviceAgent.ts'

function Agent({ theme }: { theme: Theme }) {
  useDeviceAgent(theme)
  return null
}

const posted: unknown[] = []

beforeEach(() => {
  posted.length = 0
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null)
})

afterEach(() => {
  cleanup()
  for (const name of ['webkit', NATIVE.pageApiName, NATIVE.callbackName]) Reflect.deleteProperty(window, name)
  vi.restoreAllMocks()
})

function fakeIos() {
  Reflect.set(window, 'webkit', {
    messageHandlers: { [NATIVE.iosHandler]: { postMessage: (message: unknown) => posted.push(message) } },
  })
}

describe('useDeviceAgent', () => {
  it('sets the status bar colour with the theme inside a shell (§4)', () => {
    fakeIos()
    const view = render(<Agent theme="light" />)
    expect(posted).toEqual([
      expect.objectContaining({ method: 'setStatusBarColor', params: { color: '#ffffff', theme: 'light' } }),
    ])
    view.rerender(<Agent theme="dark" />)
    expect(posted.at(-1)).toEqual(
      expect.objectContaining({ method: 'setStatusBarColor', params: { color: '#212121', theme: 'dark' } }),
    )
  })

  it('calls nothing in a plain browser, where the bridge would throw', () => {
    expect(() => render(<Agent theme="dark" />)).not.toThrow()
    expect(posted).toEqual([])
  })

  it('creates the device id and installs the page API for shells', async () => {
    render(<Agent theme="light" />)
    const api = window.TandemWeb
    expect(Object.isFrozen(api)).toBe(true)
    expect(isDeviceId(api?.deviceId())).toBe(true)
    expect(api?.shell()).toBeUndefined()
    expect(api?.deviceContext().siteid).toBe('tandem-Web')
    expect((await api?.fingerprint())?.fingerprint).toMatch(/^[0-9a-f]{64}$/)
  })

  it('adds the members other features give (analytics consent), without letting them replace its own', () => {
    const extension = {
      analyticsConsent: () => 'in',
      setAnalyticsConsent: (next: string) => next,
      deviceId: () => 'not-the-device',
    }
    render(<ExtendedAgent extension={extension} />)
    const api = window.TandemWeb
    expect(Reflect.get(api ?? {}, 'setAnalyticsConsent')).toBe(extension.setAnalyticsConsent)
    expect(Reflect.get(api ?? {}, 'analyticsConsent')).toBe(extension.analyticsConsent)
    expect(isDeviceId(api?.deviceId())).toBe(true)
  })
})

function ExtendedAgent({ extension }: { extension: PageApiExtension }) {
  useDeviceAgent('light', extension)
  return null
}
