// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NATIVE } from '#/app.config.ts'
import { checkExternalUrl, ExternalNavigationError, openExternal } from './external.ts'

afterEach(() => {
  Reflect.deleteProperty(window, 'webkit')
  vi.restoreAllMocks()
})

function reason(run: () => unknown): string | undefined {
  try {
    run()
  } catch (error) {
    return error instanceof ExternalNavigationError ? error.reason : 'other'
  }
  return undefined
}

describe('external navigation (§8)', () => {
  it('refuses javascript:, data:, blob: and vbscript: whatever the case or whitespace', () => {
    const refused = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      '  javascript:alert(1)',
      '\tjava\nscript:alert(1)',
      'java\u0000script:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'DATA:text/plain,x',
      'blob:https://example.com/0a1b',
      'vbscript:msgbox(1)',
      ' VbScript:msgbox(1)',
    ]
    for (const url of refused)
      expect(
        reason(() => checkExternalUrl(url)),
        url,
      ).toBe('refused-protocol')
    for (const url of refused)
      expect(
        reason(() => openExternal(url, { external: true })),
        url,
      ).toBe('refused-protocol')
  })

  it('accepts web and other app links', () => {
    expect(checkExternalUrl('https://example.com/a?b=1').href).toBe('https://example.com/a?b=1')
    expect(checkExternalUrl('mailto:help@example.com').protocol).toBe('mailto:')
    expect(checkExternalUrl('/help', 'https://tandem.example').href).toBe('https://tandem.example/help')
  })

  it('throws without the external option', () => {
    expect(reason(() => openExternal('https://example.com'))).toBe('external-option-required')
    expect(reason(() => openExternal('https://example.com', { external: false }))).toBe('external-option-required')
  })

  it('refuses what is not a URL', () => {
    expect(reason(() => checkExternalUrl('http://[::1', 'https://tandem.example'))).toBe('invalid-url')
  })

  it('opens a new tab without opener or referrer in a browser', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    await openExternal('https://example.com/x', { external: true })
    expect(open).toHaveBeenCalledWith('https://example.com/x', '_blank', 'noopener,noreferrer')
  })

  it('hands the URL to the shell inside a native app', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const received: unknown[] = []
    const postMessage = (message: unknown) => {
      received.push(message)
      const id: unknown = typeof message === 'object' && message !== null ? Reflect.get(message, 'id') : undefined
      const callback: unknown = Reflect.get(window, NATIVE.callbackName)
      if (typeof callback === 'function')
        queueMicrotask(() => {
          Reflect.apply(callback, window, [id, { ok: true, result: { opened: true } }])
        })
    }
    Reflect.set(window, 'webkit', { messageHandlers: { [NATIVE.iosHandler]: { postMessage } } })
    await openExternal('https://example.com/y', { external: true })
    expect(received[0]).toMatchObject({ method: 'openExternal', params: { url: 'https://example.com/y' } })
    expect(open).not.toHaveBeenCalled()
  })
})
