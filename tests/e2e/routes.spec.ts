import { expect, test } from '@playwright/test'
import { PREFIXES, waitForHydration, watchErrors } from './helpers.ts'

/** Every page of the shell, with the English heading it shows. */
const PAGES = [
  ['/', 'Trade alongside the traders who lead the market'],
  ['/copy-trading/gemw', 'Copy trading'],
  // 10000005: the first simulated lead trader (after the four demo accounts).
  ['/copy-trading/gemw/10000005', 'Lead trader'],
  ['/copy-trading/gemw/chain-copy', 'Smart money on-chain'],
  ['/copy-trading/gemw/chain-copy/eth/0xAbCdEf0123456789abcdef', 'On-chain wallet'],
  ['/copy-trading/futures', 'Futures lead traders'],
  ['/copy-trading/spot', 'Spot lead traders'],
  ['/copy-trading/futures-trader/10000005', 'Futures lead trader'],
  ['/copy-trading/spot-trader/10000005', 'Spot lead trader'],
  ['/copy-trading/methodology', 'How we calculate the figures'],
  ['/login', 'Log in'],
  ['/register', 'Create an account'],
  ['/affiliate-register', 'Affiliate registration'],
  ['/affiliate-register/why-join-tandem', 'Why join Tandem'],
  ['/bot-trade/grid', 'Trading bots'],
] as const

/** Pages behind the auth-route guard. */
const GUARDED = [
  '/copy-trading/my',
  '/copy-trading/lead',
  '/copy-trading/gemw/copy-detail/abc',
  '/copy-trading/gemw/copy-trader/abc',
]

const EXPECTED_LANG = { '': ['en-US', 'ltr'], '/zh_CN': ['zh-CN', 'ltr'], '/ar_AE': ['ar-AE', 'rtl'] } as const

for (const prefix of PREFIXES) {
  test.describe(`pages with prefix "${prefix || 'none'}"`, () => {
    for (const [path, heading] of PAGES) {
      const url = path === '/' && prefix ? prefix : prefix + path
      test(`${url} answers 200 with lang, dir and a heading`, async ({ request, page }) => {
        const response = await request.get(url, { maxRedirects: 0 })
        expect(response.status()).toBe(200)
        const html = await response.text()
        const [lang, dir] = EXPECTED_LANG[prefix]
        expect(html).toContain(`<html lang="${lang}" dir="${dir}"`)
        expect(html).toMatch(/<title>[^<]+\| Tandem<\/title>/)

        const errors = watchErrors(page)
        await page.goto(url)
        await waitForHydration(page)
        const h1 = page.getByRole('heading', { level: 1 })
        await expect(h1).toBeVisible()
        if (prefix === '') await expect(h1).toHaveText(heading)
        else await expect(h1).not.toHaveText(heading)
        expect(errors).toEqual([])
      })
    }

    for (const path of GUARDED) {
      test(`${prefix}${path} sends a visitor to login and keeps where to return`, async ({ request }) => {
        const response = await request.get(prefix + path, { maxRedirects: 0 })
        expect([302, 307]).toContain(response.status())
        expect(response.headers().location).toBe(`${prefix}/login?redirectUrl=${encodeURIComponent(prefix + path)}`)
      })
    }
  })
}

test('en_US also works with its prefix', async ({ request }) => {
  const response = await request.get('/en_US/copy-trading/gemw', { maxRedirects: 0 })
  expect(response.status()).toBe(200)
  expect(await response.text()).toContain('<html lang="en-US" dir="ltr"')
})

test('the default layout has header and footer; login uses the empty layout', async ({ page }) => {
  await page.goto('/copy-trading/gemw')
  // The page's banner and content info (cards may have headers of their own).
  await expect(page.locator('[data-layout="default"]').getByRole('banner')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await page.goto('/login')
  await expect(page.locator('[data-layout="empty"]')).toBeVisible()
  await expect(page.locator('header')).toHaveCount(0)
  await expect(page.locator('footer')).toHaveCount(0)
})

test('a trading-bots notice on home is localized and a bad notice value is ignored', async ({ page }) => {
  await page.goto('/?notice=bots-closed')
  await expect(page.getByTestId('notice')).toBeVisible()
  const response = await page.goto('/?notice=<script>')
  expect(response?.status()).toBe(200)
  await expect(page.getByTestId('notice')).toHaveCount(0)
})

test("home shows the exchange's anniversary campaign while it is switched on", async ({ page }) => {
  await page.goto('/?utm_source=newsletter&utm_campaign=anniversary')
  const banner = page.getByTestId('anniversary-banner')
  await expect(banner).toBeVisible()
  await expect(banner).toContainText(/Reward pool [\d,.]+[KMBTQ]? USDT/)
})
