/**
 * Device identity and native shells (§3, §7, §8) in real Chromium: the fingerprint, the device
 * cookies the server forwards, and the bridge against fake iOS, Android and Flutter shells.
 */
import { expect, test, type Page } from '@playwright/test'
import { DEVICE } from '#/app.config.ts'
import { FINGERPRINT_FIELDS } from '#/features/device/fingerprint.ts'
import { waitForHydration, watchErrors } from './helpers.ts'

type FakeShell = 'ios' | 'android' | 'flutter'

/**
 * Installs a fake shell before the page's scripts run. It records every message in
 * `window.__nativeCalls` and answers `{ ok: true, result }` the way that shell does.
 */
async function fakeShell(page: Page, kind: FakeShell) {
  await page.addInitScript((shell: FakeShell) => {
    const calls: unknown[] = []
    Reflect.set(window, '__nativeCalls', calls)
    const resultOf = (method: unknown) =>
      method === 'share' ? { completed: true } : method === 'openExternal' ? { opened: true } : null
    const answer = (id: unknown, response: unknown) => {
      setTimeout(() => {
        const callback: unknown = Reflect.get(window, 'tandemNativeCallback')
        if (typeof callback === 'function') Reflect.apply(callback, window, [id, response])
      }, 5)
    }
    const field = (value: unknown, key: string): unknown =>
      typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined
    if (shell === 'ios') {
      const postMessage = (message: unknown) => {
        calls.push(message)
        answer(field(message, 'id'), { ok: true, result: resultOf(field(message, 'method')) })
      }
      Reflect.set(window, 'webkit', { messageHandlers: { tandem: { postMessage } } })
    } else if (shell === 'android') {
      const postMessage = (json: string) => {
        const message: unknown = JSON.parse(json)
        calls.push(message)
        answer(field(message, 'id'), JSON.stringify({ ok: true, result: resultOf(field(message, 'method')) }))
      }
      Reflect.set(window, 'TandemAndroid', { postMessage })
    } else {
      const callHandler = (handler: string, message: unknown) => {
        calls.push({ handler, ...(typeof message === 'object' ? message : {}) })
        return new Promise((resolve) =>
          setTimeout(() => resolve({ ok: true, result: resultOf(field(message, 'method')) }), 5),
        )
      }
      Reflect.set(window, 'flutter_inappwebview', { callHandler })
    }
  }, kind)
}

const nativeCalls = (page: Page) => page.evaluate((): unknown => Reflect.get(window, '__nativeCalls'))

async function pageApiReady(page: Page) {
  await waitForHydration(page)
  await page.waitForFunction(() => window.TandemWeb !== undefined)
}

test.describe('device fingerprint (§3)', () => {
  test('is collected when idle, has every field, and hashes the same after a reload', async ({ page, context }) => {
    const errors = watchErrors(page)
    await page.goto('/')
    await pageApiReady(page)
    // Collected on its own once the page is idle, then kept in local storage.
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, DEVICE.fingerprintStorageKey)
    const first = await page.evaluate(() => window.TandemWeb?.fingerprint())
    expect(first).toBeDefined()
    if (!first) return
    expect(Object.keys(first).sort()).toEqual([...FINGERPRINT_FIELDS, 'fingerprint'].sort())
    expect(first.screen_resolution).toMatch(/^\d+x\d+$/)
    expect(first.system_version).not.toBe('')
    expect(first.user_agent).toContain('Chrome')
    expect(first.list_plugin.length).toBeLessThanOrEqual(DEVICE.pluginCap)
    expect(first.canvas_code).toMatch(/^[0-9a-f]{64}$/)
    expect(first.audio).toMatch(/^[0-9a-f]{64}$/)
    expect(first.webgl_vendor).not.toBe('')
    expect(first.webgl_renderer).not.toBe('')
    expect(first.web_timezone).toBe(first.timezoneOffset + DEVICE.webTimezoneBaseMinutes)
    expect(first.fingerprint).toMatch(/^[0-9a-f]{64}$/)
    expect((await context.cookies()).find((c) => c.name === DEVICE.fingerprintCookie)?.value).toBe(first.fingerprint)

    // A fresh collection after a reload (cache removed) gives the same hash.
    await page.reload()
    await pageApiReady(page)
    await page.evaluate((key) => localStorage.removeItem(key), DEVICE.fingerprintStorageKey)
    const again = await page.evaluate(() => window.TandemWeb?.fingerprint())
    expect(again?.fingerprint).toBe(first.fingerprint)
    expect(errors).toEqual([])
  })

  test('the device_id cookie is set, stable, readable, SameSite=Lax for a year, and sent to the server', async ({
    page,
    context,
  }) => {
    await page.goto('/copy-trading/gemw')
    await pageApiReady(page)
    const id = await page.evaluate(() => window.TandemWeb?.deviceId())
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    const cookie = (await context.cookies()).find((c) => c.name === DEVICE.idCookie)
    expect(cookie).toMatchObject({ value: id, httpOnly: false, sameSite: 'Lax', path: '/' })
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(364)
    expect(days).toBeLessThanOrEqual(365)

    // The next page's server render (whose API calls forward it as deviceId) receives the cookie.
    const [document] = await Promise.all([page.waitForRequest((r) => r.isNavigationRequest()), page.reload()])
    expect((await document.allHeaders()).cookie).toContain(`${DEVICE.idCookie}=${id}`)
    await pageApiReady(page)
    expect(await page.evaluate(() => window.TandemWeb?.deviceId())).toBe(id)
  })
})

test.describe('native bridge (§8)', () => {
  for (const kind of ['ios', 'android', 'flutter'] as const) {
    test(`a fake ${kind} shell is recognised, receives calls and its answers resolve`, async ({ page }) => {
      await fakeShell(page, kind)
      await page.goto('/copy-trading/gemw')
      await pageApiReady(page)
      expect(await page.evaluate(() => window.TandemWeb?.shell())).toBe(kind)
      expect(await page.evaluate(() => window.TandemWeb?.deviceContext())).toEqual({
        deviceType: 'h5',
        siteid: 'tandem-H5',
        requestSource: 'H5',
      })

      const shared = await page.evaluate(() =>
        window.TandemWeb?.call('share', { url: 'https://example.com/leader/1', title: 'Leader' }),
      )
      expect(shared).toEqual({ completed: true })
      await page.evaluate(() => window.TandemWeb?.openExternal('https://example.com/help', { external: true }))

      // The status bar follows the theme (§4): light on load, dark after the toggle.
      await page.getByTestId('theme-toggle').click()
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
      await expect
        .poll(() => nativeCalls(page))
        .toEqual(
          expect.arrayContaining([
            expect.objectContaining({ method: 'setStatusBarColor', params: { color: '#ffffff', theme: 'light' } }),
            expect.objectContaining({
              method: 'share',
              params: { url: 'https://example.com/leader/1', title: 'Leader' },
            }),
            expect.objectContaining({ method: 'openExternal', params: { url: 'https://example.com/help' } }),
            expect.objectContaining({ method: 'setStatusBarColor', params: { color: '#212121', theme: 'dark' } }),
          ]),
        )
      if (kind === 'flutter')
        expect(await nativeCalls(page)).toEqual(
          expect.arrayContaining([expect.objectContaining({ handler: 'tandem' })]),
        )
    })
  }

  test('outside a shell a call throws, and the page is a web client', async ({ page }) => {
    await page.goto('/')
    await pageApiReady(page)
    expect(await page.evaluate(() => window.TandemWeb?.shell())).toBeUndefined()
    expect(await page.evaluate(() => window.TandemWeb?.deviceContext())).toEqual({
      deviceType: 'web',
      siteid: 'tandem-Web',
      requestSource: 'PC',
    })
    const outcome = await page.evaluate(() => {
      try {
        void window.TandemWeb?.call('share', { url: 'https://example.com' })
        return 'no throw'
      } catch (error) {
        return error instanceof Error ? `${error.name}: ${error.message}` : 'not an error'
      }
    })
    expect(outcome).toBe('NativeBridgeError: Native bridge is not available outside a known app shell (share)')
  })
})

test('a phone user agent makes the page an h5 client (siteid, request_source)', async ({ browser }) => {
  const context = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  })
  const page = await context.newPage()
  await page.goto('/')
  await pageApiReady(page)
  expect(await page.evaluate(() => window.TandemWeb?.deviceContext())).toEqual({
    deviceType: 'h5',
    siteid: 'tandem-H5',
    requestSource: 'H5',
  })
  expect((await page.evaluate(() => window.TandemWeb?.fingerprint()))?.brand_model).toBe('Apple iPhone')
  await context.close()
})

test.describe('external navigation (§8)', () => {
  test('refuses script and inline-content schemes and a call without the external option', async ({ page }) => {
    await page.goto('/')
    await pageApiReady(page)
    const outcomes = await page.evaluate(() => {
      const urls = [
        'javascript:alert(1)',
        ' JaVaScRiPt:alert(1)',
        'java\tscript:alert(1)',
        'data:text/html,<b>x</b>',
        'blob:https://example.com/1',
        'VBScript:msgbox(1)',
      ]
      const reasonOf = (url: string, external: boolean) => {
        try {
          void window.TandemWeb?.openExternal(url, { external })
          return 'opened'
        } catch (error) {
          return error instanceof Error && 'reason' in error ? String(error.reason) : 'other'
        }
      }
      return { refused: urls.map((url) => reasonOf(url, true)), withoutOption: reasonOf('https://example.com', false) }
    })
    expect(outcomes.refused).toEqual(Array.from({ length: 6 }, () => 'refused-protocol'))
    expect(outcomes.withoutOption).toBe('external-option-required')
  })

  test('in a browser, opens a new tab without opener', async ({ page, context }) => {
    await page.goto('/')
    await pageApiReady(page)
    await context.route('https://example.com/**', (route) =>
      route.fulfill({ body: 'external', contentType: 'text/plain' }),
    )
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.evaluate(() => window.TandemWeb?.openExternal('https://example.com/out', { external: true })),
    ])
    await popup.waitForLoadState()
    expect(popup.url()).toBe('https://example.com/out')
    expect(await popup.evaluate(() => window.opener === null)).toBe(true)
  })
})
