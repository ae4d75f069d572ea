import { expect, test } from '@playwright/test'

const CANONICAL = [
  ['/Copy-Trading/GEMW', '/copy-trading/gemw'],
  ['/copy-trading/gemw/', '/copy-trading/gemw'],
  ['/zh_cn/copy-trading/gemw/', '/zh_CN/copy-trading/gemw'],
  ['/AR_AE/', '/ar_AE'],
  [
    '/copy-trading/gemw/chain-copy/eth/0xAbCdEf0123456789abcdef/?utm_source=a%20b&inviteCode=DEMO2345',
    '/copy-trading/gemw/chain-copy/eth/0xAbCdEf0123456789abcdef?utm_source=a%20b&inviteCode=DEMO2345',
  ],
  ['/LOGIN?forwardUrl=%2Fcopy-trading', '/login?forwardUrl=%2Fcopy-trading'],
] as const

const LEGACY = [
  ['/followup/trader?type=futures&id=123&ref=abc', '/copy-trading/futures-trader/123?ref=abc'],
  ['/followup/trader?type=spot&id=123', '/copy-trading/spot-trader/123'],
  ['/followup/trader?id=9&utm_source=mail', '/copy-trading/spot-trader/9?utm_source=mail'],
  ['/zh_CN/followup/trader?type=futures&id=5', '/zh_CN/copy-trading/futures-trader/5'],
  ['/followup?type=futures&a=1', '/copy-trading/futures?a=1'],
  ['/followup?type=spot', '/copy-trading/spot'],
  ['/followup', '/copy-trading/futures'],
  ['/ar_AE/followup', '/ar_AE/copy-trading/futures'],
  ['/autosystem', '/bot-trade/autosystem'],
  ['/autosystem?sourceType=grid&k=v', '/bot-trade/grid?k=v'],
  ['/ja_JP/autosystem/list?sourceType=dca', '/ja_JP/bot-trade/dca'],
] as const

test.describe('canonical paths: case-insensitive, trailing-slash tolerant, one 301', () => {
  for (const [from, to] of CANONICAL) {
    test(`${from} → 301 ${to}`, async ({ request }) => {
      const response = await request.get(from, { maxRedirects: 0 })
      expect(response.status()).toBe(301)
      expect(response.headers().location).toBe(to)
      const landed = await request.get(to, { maxRedirects: 0 })
      expect(landed.status()).toBe(200)
    })
  }

  test('a protocol-relative path never redirects off-site', async ({ request, baseURL }) => {
    for (const path of ['//evil.example/', '//evil.example', '/\\evil.example']) {
      const response = await request.get(`${baseURL}${path}`, { maxRedirects: 0 })
      const location = response.headers().location
      if (location) expect(new URL(location, baseURL).origin).toBe(new URL(baseURL ?? '').origin)
      expect(response.status()).toBeLessThan(500)
    }
  })
})

test.describe('legacy redirects (§2): 302 before rendering', () => {
  for (const [from, to] of LEGACY) {
    test(`${from} → ${to}`, async ({ request }) => {
      const response = await request.get(from, { maxRedirects: 0 })
      expect(response.status()).toBe(302)
      expect(response.headers().location).toBe(to)
    })
  }

  test('a legacy trader link lands on the trader page in the browser', async ({ page }) => {
    // 10000005: the first simulated lead trader.
    await page.goto('/followup/trader?type=futures&id=10000005&utm_source=mail')
    await expect(page).toHaveURL(/\/copy-trading\/futures-trader\/10000005\?utm_source=mail$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Futures lead trader')
  })
})

test('/copy-trading goes to the copy-trading home', async ({ request }) => {
  const response = await request.get('/zh_CN/copy-trading', { maxRedirects: 0 })
  expect(response.status()).toBe(301)
  expect(response.headers().location).toBe('/zh_CN/copy-trading/gemw')
})

test('pages answer 200 at their clean URL (no defaults written into the URL)', async ({ request }) => {
  for (const path of ['/', '/login', '/register', '/copy-trading/spot']) {
    expect((await request.get(path, { maxRedirects: 0 })).status()).toBe(200)
  }
})
