import { expect, test } from '@playwright/test'
import { freshTrader, signInWith, testAddress, waitForHydration, watchErrors } from './helpers.ts'

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const

for (const locale of ['', '/ar_AE'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      const name = `home-${locale ? 'ar_AE' : 'en'}-${theme}-${device}`
      test(`${name}: renders without overflow or errors`, async ({ page, context, baseURL }) => {
        await context.addCookies([{ name: 'theme', value: theme, url: baseURL ?? '' }])
        await page.setViewportSize(viewport)
        const errors = watchErrors(page)
        await page.goto(locale || '/')
        await waitForHydration(page)
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        // Nothing wider than the screen: no sideways scrolling on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow).toBeLessThanOrEqual(0)
        await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true })
        expect(errors).toEqual([])
      })
    }
  }
}

// The trading pages (issue 19) as a trader with an open order and a position sees them: English light on a desktop,
// Arabic dark on a phone. Saved for review; nothing wider than the screen, no errors.
for (const [locale, theme, device] of [
  ['', 'light', 'desktop'],
  ['/ar_AE', 'dark', 'phone'],
] as const) {
  const label = `${locale ? 'ar_AE' : 'en'}-${theme}-${device}`
  test(`trading pages ${label}: render without overflow or errors`, async ({ page, context, baseURL, request }) => {
    test.setTimeout(120_000)
    const address = testAddress()
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': address })
    await context.addCookies([{ name: 'theme', value: theme, url: baseURL ?? '' }])
    await page.setViewportSize(VIEWPORTS[device])
    const errors = watchErrors(page)
    const { token } = await freshTrader(request, address)
    const long = await request.post('/spotapi/trade/v1/orders', {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address },
      data: {
        clientOrderId: `shot${Date.now()}`,
        biz: 'futures',
        pairCode: 'ETH_USDT',
        side: 'buy',
        type: 'market',
        size: '0.5',
      },
    })
    expect(long.status(), await long.text()).toBe(200)
    await signInWith(page, token)
    for (const path of ['/markets', '/spot/BTC_USDT', '/futures/ETH_USDT', '/assets', '/orders']) {
      await page.goto(`${locale}${path}`)
      await waitForHydration(page)
      if (path.includes('_USDT')) await expect(page.getByTestId('candle-chart')).toHaveAttribute('data-ready', 'true')
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, path).toBeLessThanOrEqual(0)
      await page.screenshot({
        path: `test-results/screenshots/trading/${label}${path.replaceAll('/', '_')}.png`,
        fullPage: true,
      })
    }
    expect(errors).toEqual([])
  })
}
