import { expect, test } from '@playwright/test'
import { waitForHydration, watchErrors } from './helpers.ts'

// §2: the browser's theme-color follows the route's mobile header background; the trading terminal sets one.
test.describe('mobile header background and theme-color', () => {
  test('the server renders the terminal’s colour, other pages keep --bg-primary1', async ({ request }) => {
    const dark = await (await request.get('/spot/BTC_USDT', { headers: { cookie: 'theme=dark' } })).text()
    expect(dark).toContain('<meta name="theme-color" content="#171717"')
    const light = await (await request.get('/futures/BTC_USDT')).text()
    expect(light).toContain('<meta name="theme-color" content="#f5f6f8"')
    expect(await (await request.get('/markets')).text()).toContain('<meta name="theme-color" content="#ffffff"')
  })

  test('navigating to and from the terminal moves theme-color, and the phone header paints the same colour', async ({
    page,
  }) => {
    const errors = watchErrors(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/markets')
    await waitForHydration(page)
    const meta = page.locator('meta[name="theme-color"]')
    await expect(meta).toHaveAttribute('content', '#ffffff')
    // Client-side navigation, through the phone menu and back through the logo.
    await page.getByLabel('Menu').click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Spot' }).click()
    await expect(page).toHaveURL(/\/spot\//)
    await expect(meta).toHaveAttribute('content', '#f5f6f8')
    await expect(page.getByTestId('mobile-header-bg')).toHaveCSS('background-color', 'rgb(245, 246, 248)')
    await page.getByRole('link', { name: 'Home' }).first().click()
    await expect(page).toHaveURL(/\/$/)
    await expect(meta).toHaveAttribute('content', '#ffffff')
    await expect(page.getByTestId('mobile-header-bg')).toHaveCount(0)
    expect(errors).toEqual([])
  })
})
