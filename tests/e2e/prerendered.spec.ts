import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { E2E_MARKET_SEED } from '../../playwright.config.ts'
import { secretForms } from '#tests/fixtures/market-seed.ts'
import { waitForHydration, watchErrors } from './helpers.ts'

/** §7: the affiliate page is prerendered in every language, with a payload per page for this build only. */
const PAGE = '/affiliate-register/why-join-tandem'

// A server whose configuration differs from the build's (this one's site URL) renders the pages once it listens.
test.beforeAll(async ({ request }) => {
  await expect
    .poll(async () => (await request.get(PAGE)).headers()['x-prerendered'], { timeout: 45_000 })
    .toMatch(/^[0-9a-f]{16}$/)
})

/** The build the server runs, as its prerendered pages say (x-prerendered). */
async function buildIdOf(page: Page): Promise<string> {
  const response = await page.request.get(PAGE)
  const id = response.headers()['x-prerendered']
  expect(id, 'the page is served from its prerendered file').toMatch(/^[0-9a-f]{16}$/)
  return id ?? ''
}

for (const [prefix, lang, dir, heading, tier] of [
  ['', 'en-US', 'ltr', 'Why join Tandem', 'Elite'],
  ['/ar_AE', 'ar-AE', 'rtl', 'لماذا تنضم إلى Tandem', 'النخبة'],
] as const) {
  test(`${prefix || 'en'}: the prerendered page is served as a file, in its language and direction`, async ({
    page,
  }) => {
    const errors = watchErrors(page)
    const response = await page.goto(prefix + PAGE)
    expect(response?.status()).toBe(200)
    expect(response?.headers()['x-prerendered']).toMatch(/^[0-9a-f]{16}$/)
    await expect(page.locator('html')).toHaveAttribute('lang', lang)
    await expect(page.locator('html')).toHaveAttribute('dir', dir)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    await expect(page.getByRole('rowheader', { name: tier })).toBeVisible()
    await waitForHydration(page)
    expect(errors).toEqual([])
  })
}

test("a client navigation takes the page's data from its payload for this build", async ({ page }) => {
  const errors = watchErrors(page)
  const buildId = await buildIdOf(page)
  await page.goto('/ar_AE/affiliate-register')
  await waitForHydration(page)
  const payload = page.waitForResponse(`**/ar_AE${PAGE}/_payload.json?${buildId}`)
  await page.locator(`a[href="/ar_AE${PAGE}"]`).first().click()
  const answered = await payload
  expect(answered.status()).toBe(200)
  await expect(page).toHaveURL(new RegExp(`/ar_AE${PAGE}$`))
  await expect(page.getByRole('rowheader', { name: 'النخبة' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  expect(errors).toEqual([])
})

test('a payload of another build is refused with its reason; without a build id too', async ({ page }) => {
  const buildId = await buildIdOf(page)
  expect((await page.request.get(`${PAGE}/_payload.json?${buildId}`)).status()).toBe(200)
  const stale = await page.request.get(`${PAGE}/_payload.json?0123456789abcdef`)
  expect(stale.status()).toBe(409)
  expect(await stale.json()).toEqual({ error: expect.stringContaining('Stale build') })
  expect((await page.request.get(`${PAGE}/_payload.json`)).status()).toBe(400)
})

test('a visitor whose cookies change the page gets it rendered, not the file', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL ?? '' }])
  const response = await page.goto(PAGE)
  expect(response?.headers()['x-prerendered']).toBeUndefined()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
})

/** Every file under a folder of the build, but the compressed copies (their originals are read). */
async function buildFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

test("the market's secret seed is in no client file, prerendered page or page served", async ({ request }) => {
  const forms = secretForms(E2E_MARKET_SEED)
  const files = [...(await buildFiles('dist/client')), ...(await buildFiles('dist/prerendered'))]
  expect(files.some((file) => file.endsWith('.js'))).toBe(true)
  expect(files.some((file) => file.endsWith('.html'))).toBe(true)
  for (const file of files) {
    const text = (await readFile(file)).toString('latin1')
    for (const form of forms) expect(text.includes(form), `${file} carries the seed`).toBe(false)
  }
  const buildId = (await request.get(PAGE)).headers()['x-prerendered'] ?? ''
  for (const path of [
    '/',
    PAGE,
    `/ar_AE${PAGE}`,
    `${PAGE}/_payload.json?${buildId}`,
    '/copy-trading/futures',
    '/markets',
  ]) {
    const text = await (await request.get(path)).text()
    for (const form of forms) expect(text.includes(form), `${path} carries the seed`).toBe(false)
  }
})
