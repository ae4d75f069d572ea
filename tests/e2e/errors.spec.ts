import { expect, test } from '@playwright/test'
import { waitForHydration } from './helpers.ts'

test.describe('404 pages (§2, §8)', () => {
  for (const path of ['/nothing-here', '/zh_CN/nothing/here', '/no_LOCALE/copy-trading']) {
    test(`unmatched ${path}: 404 'Page not found: {path}'`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      if (!path.startsWith('/zh_CN'))
        await expect(page.getByTestId('error-message')).toHaveText(`Page not found: ${path}`)
      await expect(page.getByTestId('error-status')).toHaveText('404')
    })
  }

  for (const path of [
    '/copy-trading/unknown',
    '/copy-trading/gemw/copy-detail/a/b',
    '/copy-trading/gemw/chain-copy/eth',
    '/affiliate-register/why-join-someone-else',
    '/bot-trade/%3Cscript%3E',
  ]) {
    test(`route validation ${path}: 404 'Page Not Found: {fullPath}'`, async ({ page, baseURL }) => {
      // Signed in, so the auth-route guard lets guarded paths reach their own validation.
      const login = await page.request.post('/spotapi/v2/users/login', {
        data: { accountType: 'email', account: 'sub@tandem.dev', password: 'Sub12345' },
        headers: { 'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
      })
      const body: unknown = await login.json()
      const data: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'data') : undefined
      const token: unknown = typeof data === 'object' && data !== null ? Reflect.get(data, 'token') : undefined
      expect(typeof token).toBe('string')
      await page.context().addCookies([{ name: 'correction_token', value: String(token), url: baseURL ?? '' }])
      const response = await page.goto(`${path}?a=1`)
      expect(response?.status()).toBe(404)
      await expect(page.getByTestId('error-message')).toHaveText(`Page Not Found: ${path}?a=1`)
    })
  }

  test("'Go Back Home' goes to the site root in the current locale", async ({ page }) => {
    await page.goto('/copy-trading/nope')
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Go Back Home' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trade alongside the traders who lead the market')

    await page.goto('/zh_CN/copy-trading/nope')
    await waitForHydration(page)
    await page.getByTestId('error-screen').getByRole('link').click()
    await expect(page).toHaveURL(/\/zh_CN$/)
  })

  test('the 404 page is localized', async ({ page }) => {
    await page.goto('/ar_AE/copy-trading/nope')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.getByTestId('error-message')).not.toContainText('Page Not Found')
    await expect(page.getByTestId('error-message')).toContainText('/ar_AE/copy-trading/nope')
  })
})
