import { expect, test } from '@playwright/test'
import { waitForHydration, watchErrors } from './helpers.ts'

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
