import { expect, test } from '@playwright/test'
import { waitForHydration, watchErrors } from './helpers.ts'

test.describe('theme', () => {
  test('the server renders the theme cookie, so the first paint is right', async ({ request }) => {
    const dark = await request.get('/', { headers: { cookie: 'theme=dark; theme_upcolor=upred' } })
    const html = await dark.text()
    expect(html).toMatch(/<html[^>]+data-theme="dark"/)
    expect(html).toMatch(/<html[^>]+data-upcolor="upred"/)
    expect(html).toContain('<meta name="theme-color" content="#212121"')
    const light = await (await request.get('/', { headers: { cookie: 'theme=purple' } })).text()
    expect(light).toMatch(/<html[^>]+data-theme="light"/)
    expect(light).toContain('<meta name="theme-color" content="#ffffff"')
  })

  test('the toggle switches theme, stores the cookie and survives a reload', async ({ page, context }) => {
    const errors = watchErrors(page)
    await page.goto('/copy-trading/gemw')
    await waitForHydration(page)
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    await page.getByTestId('theme-toggle').click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#212121')
    const cookies = await context.cookies()
    expect(cookies.find((c) => c.name === 'theme')?.value).toBe('dark')
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    expect(errors).toEqual([])
  })
})

test.describe('SEO (§3)', () => {
  test('title, description, keywords, Open Graph, Twitter, canonical and hreflang', async ({ request }) => {
    const html = await (await request.get('/zh_CN/copy-trading/gemw')).text()
    expect(html).toMatch(/<meta name="description" content="[^"]+"/)
    expect(html).toMatch(/<meta name="keywords" content="[^"]+"/)
    expect(html).toContain('<meta property="og:type" content="website"')
    expect(html).toContain('<meta property="og:image" content="http://127.0.0.1:3210/og-image.png"')
    expect(html).toContain('<meta property="og:image:width" content="1200"')
    expect(html).toContain('<meta property="og:image:height" content="630"')
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"')
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1:3210/zh_CN/copy-trading/gemw"')
    const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [
      m[1],
      m[2],
    ])
    expect(alternates).toHaveLength(14)
    expect(alternates).toContainEqual(['ar-AE', 'http://127.0.0.1:3210/ar_AE/copy-trading/gemw'])
    expect(alternates).toContainEqual(['en-US', 'http://127.0.0.1:3210/copy-trading/gemw'])
    expect(alternates).toContainEqual(['x-default', 'http://127.0.0.1:3210/copy-trading/gemw'])
  })

  test('the Open Graph image is a 1200×630 PNG', async ({ request }) => {
    const response = await request.get('/og-image.png')
    expect(response.headers()['content-type']).toBe('image/png')
    const png = await response.body()
    expect(png.readUInt32BE(16)).toBe(1200)
    expect(png.readUInt32BE(20)).toBe(630)
  })

  test('the English canonical of an en_US-prefixed page has no prefix', async ({ request }) => {
    const html = await (await request.get('/en_US/login')).text()
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1:3210/login"')
  })
})

test.describe('scrolling (§2)', () => {
  test('a URL hash scrolls to its element', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 500 })
    await page.goto('/#site-footer')
    await waitForHydration(page)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
    // The footer ends the page, so it is scrolled as far as the page allows: fully in view.
    const box = await page.locator('#site-footer').evaluate((el) => {
      const rect = el.getBoundingClientRect()
      return { top: rect.top, bottom: rect.bottom }
    })
    expect(box.top).toBeGreaterThanOrEqual(0)
    expect(box.bottom).toBeLessThanOrEqual(501)
  })

  test('a page change scrolls to the top', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 500 })
    await page.goto('/')
    await waitForHydration(page)
    await page.locator('#site-footer').scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
    await page.locator('#site-footer').getByRole('link').first().click()
    await expect(page).toHaveURL(/\/copy-trading\/gemw$/)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })
})

test('switching language lands on the same page in that language', async ({ page }) => {
  const errors = watchErrors(page)
  await page.goto('/copy-trading/gemw')
  await waitForHydration(page)
  await page.getByTestId('language-menu').locator('summary').click()
  await page.getByRole('link', { name: 'العربية' }).click()
  await expect(page).toHaveURL(/\/ar_AE\/copy-trading\/gemw$/)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-AE')
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Copy trading')
  expect(errors).toEqual([])
})
