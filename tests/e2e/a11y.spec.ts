/**
 * Accessibility of every copy-trading and trading page (axe): English and Arabic, light and dark, no serious
 * or critical violation. Signed-in pages use a fresh funded user who copies a trader, or a fresh trader with money
 * in both wallets and an open order and position, so the panels have rows.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { chainWalletPageResponseSchema, depthResponseSchema, leaderPageResponseSchema } from '#/contract/index.ts'
import { Exact } from '#/contract/money.ts'
import { freshAccount, freshTrader, signInWith, testAddress, waitForHydration } from './helpers.ts'

/**
 * Each page in English with the light theme and in Arabic with the dark one: both directions and both themes, in two
 * sweeps instead of four. What axe finds differs by theme (contrast) and by language or direction (lang, labels, order),
 * and no rule depends on the two together; the four sweeps took 15 minutes of the suite's time on two cores.
 */
const COMBINATIONS = [
  ['en_US', '', 'light'],
  ['ar_AE', '/ar_AE', 'dark'],
] as const

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    )
}

test.describe.configure({ mode: 'parallel' })

/** Visits each page and collects its serious violations, with the page's path. */
async function violationsOf(page: Page, prefix: string, paths: readonly string[]): Promise<string[]> {
  const failures: string[] = []
  for (const path of paths) {
    await page.goto(`${prefix}${path}`)
    await waitForHydration(page)
    await expect(page.locator('main')).toBeVisible()
    for (const violation of await seriousViolations(page)) failures.push(`${path}: ${violation}`)
  }
  return failures
}

/** Leaders of a market with room for followers, best first. */
async function leaders(request: APIRequestContext, biz: 'futures' | 'spot') {
  const answer = await request.get(`/spotapi/copy/v1/leaders?biz=${biz}&hasSlots=true&pageSize=5`)
  return leaderPageResponseSchema.parse(await answer.json()).data.list
}

async function startIn(page: Page, theme: string): Promise<string> {
  const address = testAddress()
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  const base = test.info().project.use.baseURL ?? 'http://127.0.0.1:3210'
  await page.context().addCookies([{ name: 'theme', value: theme, url: base }])
  return address
}

for (const [locale, prefix, theme] of COMBINATIONS) {
  test(`public copy-trading pages have no serious violation: ${locale}, ${theme}`, async ({ page, request }) => {
    test.setTimeout(180_000)
    await startIn(page, theme)
    const [leader] = (await leaders(request, 'futures')).slice(1)
    const [spotLeader] = await leaders(request, 'spot')
    const wallets = chainWalletPageResponseSchema.parse(
      await (await request.get('/spotapi/copy/v1/chain-wallets?pageSize=1')).json(),
    ).data.list
    const [wallet] = wallets
    expect(leader && spotLeader && wallet).toBeTruthy()
    if (!leader || !spotLeader || !wallet) return
    const failures = await violationsOf(page, prefix, [
      '/copy-trading/gemw',
      '/copy-trading/futures',
      '/copy-trading/spot',
      `/copy-trading/gemw/${leader.leaderId}`,
      `/copy-trading/futures-trader/${leader.leaderId}`,
      `/copy-trading/spot-trader/${spotLeader.leaderId}`,
      '/copy-trading/gemw/chain-copy',
      `/copy-trading/gemw/chain-copy/${wallet.chain}/${wallet.address}`,
      '/copy-trading/methodology',
    ])
    expect(failures).toEqual([])
  })

  test(`signed-in copy-trading pages have no serious violation: ${locale}, ${theme}`, async ({ page, request }) => {
    test.setTimeout(180_000)
    const address = await startIn(page, theme)
    const [copied, other] = await leaders(request, 'futures')
    expect(copied && other).toBeTruthy()
    if (!copied || !other) return
    const token = await freshAccount(request, address)
    const follow = await request.post('/spotapi/copy/v1/copies', {
      headers: { authorization: `Bearer ${token}` },
      data: { leaderId: copied.leaderId, mode: 'fixed', fixedAmount: '100', investment: '1000' },
    })
    expect(follow.status(), await follow.text()).toBe(200)
    await signInWith(page, token)
    const failures = await violationsOf(page, prefix, [
      `/copy-trading/gemw/copy-trader/${other.leaderId}`,
      `/copy-trading/gemw/copy-detail/${copied.leaderId}`,
      '/copy-trading/my',
      '/copy-trading/lead',
    ])
    expect(failures).toEqual([])
  })

  // Visitor and signed-in pages are two tests: seven axe runs over live terminals took more than one test's two
  // minutes on a loaded two-core machine.
  test(`trading pages of a visitor have no serious violation: ${locale}, ${theme}`, async ({ page }) => {
    await startIn(page, theme)
    const failures = await violationsOf(page, prefix, ['/markets', '/spot/BTC_USDT', '/futures/BTC_USDT'])
    expect(failures).toEqual([])
  })

  test(`trading pages of a trader have no serious violation: ${locale}, ${theme}`, async ({ page, request }) => {
    test.setTimeout(120_000)
    const address = await startIn(page, theme)
    const failures: string[] = []
    const { token } = await freshTrader(request, address)
    const auth = { authorization: `Bearer ${token}`, 'x-forwarded-for': address }
    // A resting order below the market and a small long, so the panels show rows.
    const book = depthResponseSchema.parse(
      await (await request.get('/spotapi/market/v1/depth?biz=spot&pairCode=ETH_USDT&limit=1')).json(),
    ).data
    const below = new Exact(book.bids[0]?.[0] ?? '0').times('0.95').toDecimalPlaces(2, Exact.ROUND_DOWN).toFixed()
    const resting = await request.post('/spotapi/trade/v1/orders', {
      headers: auth,
      data: {
        clientOrderId: `a11y${Date.now()}`,
        biz: 'spot',
        pairCode: 'ETH_USDT',
        side: 'buy',
        type: 'limit',
        price: below,
        size: '0.1',
      },
    })
    expect(resting.status(), await resting.text()).toBe(200)
    const long = await request.post('/spotapi/trade/v1/orders', {
      headers: auth,
      data: {
        clientOrderId: `a11y${Date.now()}f`,
        biz: 'futures',
        pairCode: 'ETH_USDT',
        side: 'buy',
        type: 'market',
        size: '0.1',
      },
    })
    expect(long.status(), await long.text()).toBe(200)
    await signInWith(page, token)
    failures.push(...(await violationsOf(page, prefix, ['/spot/ETH_USDT', '/futures/ETH_USDT', '/assets', '/orders'])))
    expect(failures).toEqual([])
  })
}
