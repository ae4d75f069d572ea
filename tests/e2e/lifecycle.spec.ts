import { expect, test } from '@playwright/test'
import { waitForHydration } from './helpers.ts'

test('a code chunk that fails to load (an old tab after a deploy) reloads the page, which then works', async ({
  page,
}) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.evaluate(() => Reflect.set(window, '__sameDocument', true))
  let failed: string | undefined
  await page.route('**/assets/*.js', (route) => {
    if (failed) return route.continue()
    failed = route.request().url()
    return route.abort()
  })
  await page.getByRole('link', { name: 'Explore lead traders' }).click()
  await expect(page).toHaveURL(/\/copy-trading\/gemw$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Copy trading')
  expect(failed).toBeTruthy()
  // The document was reloaded: state set on the old one is gone.
  expect(await page.evaluate(() => '__sameDocument' in window)).toBe(false)
})

test('hydration ends in the done phase', async ({ page }) => {
  await page.goto('/zh_CN/copy-trading/gemw')
  await waitForHydration(page)
})
