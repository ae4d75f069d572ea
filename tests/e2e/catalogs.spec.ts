/**
 * Message catalogs travel as hashed static assets, not inside every page: the HTML names its locale's
 * catalog (a module preload in the head), the client waits for it before hydrating, and a client-side
 * navigation into another locale loads that locale's catalog.
 */
import { expect, test, type Page } from '@playwright/test'
import { waitForHydration, watchErrors } from './helpers.ts'

const CATALOG_ASSET = /^\/assets\/messages-[\w-]+\.js$/
const PRELOAD = /<link rel="modulepreload" href="(\/assets\/messages-[\w-]+\.js)"/

/** zh_CN for 'A required value is missing.': a server function's refusal, never shown on a page. */
const CATALOG_ONLY_ZH = '缺少必填值。'

/** Catalog assets the page requests, in order. */
function catalogRequests(page: Page): string[] {
  const paths: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (CATALOG_ASSET.test(pathname)) paths.push(pathname)
  })
  return paths
}

test('the HTML carries no catalog, only a preload of its locale’s hashed, immutable catalog asset', async ({
  request,
}) => {
  const html = await (await request.get('/zh_CN/copy-trading/gemw')).text()
  expect(html).toContain('跟单交易')
  expect(html).not.toContain(CATALOG_ONLY_ZH)
  const href = PRELOAD.exec(html)?.[1]
  expect(href, 'a modulepreload of the zh_CN catalog').toBeDefined()

  const asset = await request.get(href ?? '', { headers: { 'accept-encoding': 'br' } })
  expect(asset.status()).toBe(200)
  expect(asset.headers()['content-type']).toMatch(/^text\/javascript/)
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(asset.headers()['content-encoding']).toBe('br')
  expect(await asset.text()).toContain(CATALOG_ONLY_ZH)

  // Each locale has its own asset: the English page names another one.
  const english = PRELOAD.exec(await (await request.get('/copy-trading/gemw')).text())?.[1]
  expect(english).toMatch(CATALOG_ASSET)
  expect(english).not.toBe(href)
})

for (const { code, heading, tag } of [
  { code: 'ar_AE', heading: 'التداول بالنسخ', tag: 'ar-AE' },
  { code: 'zh_CN', heading: '跟单交易', tag: 'zh-CN' },
]) {
  test(`a ${code} page hydrates with its catalog, fetched once, and no console errors`, async ({ page }) => {
    const errors = watchErrors(page)
    const catalogs = catalogRequests(page)
    await page.goto(`/${code}/copy-trading/gemw`)
    await waitForHydration(page)
    await expect(page.locator('html')).toHaveAttribute('lang', tag)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    // One request, started from the head's preload: before the entry script had even arrived (an import
    // by the running client would start after it), and reused by the client's import.
    expect(catalogs).toHaveLength(1)
    const timing = await page.evaluate((path) => {
      const resources = performance.getEntriesByType('resource').filter((e) => e instanceof PerformanceResourceTiming)
      const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src
      return {
        catalogStart: resources.find((e) => e.name === new URL(path, location.href).href)?.startTime,
        entryEnd: resources.find((e) => e.name === entry)?.responseEnd,
      }
    }, catalogs[0] ?? '')
    expect(timing.catalogStart).toBeLessThan(timing.entryEnd ?? 0)
    // A client render in another language than the server's would be a hydration mismatch, logged as an error.
    expect(errors).toEqual([])
  })
}

test('a client-side navigation into another locale loads that locale’s catalog', async ({ page }) => {
  const errors = watchErrors(page)
  const catalogs = catalogRequests(page)
  await page.goto('/copy-trading/gemw')
  await waitForHydration(page)
  expect(catalogs).toHaveLength(1)
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  await page.evaluate(() => window.__TSR_ROUTER__?.navigate({ href: '/ar_AE/copy-trading/gemw' }))
  await expect(page).toHaveURL(/\/ar_AE\/copy-trading\/gemw$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('التداول بالنسخ')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar-AE')
  expect(catalogs).toHaveLength(2)
  expect(catalogs[1]).not.toBe(catalogs[0])
  // No full page load happened: the document that hydrated is still the one showing.
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
  expect(errors).toEqual([])
})
