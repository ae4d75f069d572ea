/**
 * Accessibility of every copy-trading page (axe): English and Arabic, light and dark, no serious
 * or critical violation. Signed-in pages use a fresh funded user who copies a trader.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { chainWalletPageResponseSchema, leaderPageResponseSchema } from '#/contract/index.ts'
import { freshAccount, signInWith, testAddress, waitForHydration } from './helpers.ts'

const THEMES = ['light', 'dark'] as const
const LOCALES = [
  ['en_US', ''],
  ['ar_AE', '/ar_AE'],
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

for (const [locale, prefix] of LOCALES) {
  for (const theme of THEMES) {
    test(`copy-trading pages have no serious violation: ${locale}, ${theme}`, async ({ page, request }) => {
      test.setTimeout(180_000)
      const address = testAddress()
      await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
      const base = test.info().project.use.baseURL ?? 'http://127.0.0.1:3210'
      await page.context().addCookies([{ name: 'theme', value: theme, url: base }])
      const futures = leaderPageResponseSchema.parse(
        await (await request.get('/spotapi/copy/v1/leaders?biz=futures&hasSlots=true&pageSize=5')).json(),
      ).data.list
      const spot = leaderPageResponseSchema.parse(
        await (await request.get('/spotapi/copy/v1/leaders?biz=spot&pageSize=1')).json(),
      ).data.list
      const wallets = chainWalletPageResponseSchema.parse(
        await (await request.get('/spotapi/copy/v1/chain-wallets?pageSize=1')).json(),
      ).data.list
      const [copied, other] = futures
      const [spotLeader] = spot
      const [wallet] = wallets
      expect(copied && other && spotLeader && wallet).toBeTruthy()
      if (!copied || !other || !spotLeader || !wallet) return
      const token = await freshAccount(request, address)
      const follow = await request.post('/spotapi/copy/v1/copies', {
        headers: { authorization: `Bearer ${token}` },
        data: { leaderId: copied.leaderId, mode: 'fixed', fixedAmount: '100', investment: '1000' },
      })
      expect(follow.status(), await follow.text()).toBe(200)

      const publicPages = [
        '/copy-trading/gemw',
        '/copy-trading/futures',
        '/copy-trading/spot',
        `/copy-trading/gemw/${other.leaderId}`,
        `/copy-trading/futures-trader/${other.leaderId}`,
        `/copy-trading/spot-trader/${spotLeader.leaderId}`,
        '/copy-trading/gemw/chain-copy',
        `/copy-trading/gemw/chain-copy/${wallet.chain}/${wallet.address}`,
        '/copy-trading/methodology',
      ]
      const signedInPages = [
        `/copy-trading/gemw/copy-trader/${other.leaderId}`,
        `/copy-trading/gemw/copy-detail/${copied.leaderId}`,
        '/copy-trading/my',
        '/copy-trading/lead',
      ]
      const failures: string[] = []
      const check = async (path: string) => {
        await page.goto(`${prefix}${path}`)
        await waitForHydration(page)
        await expect(page.locator('main')).toBeVisible()
        for (const violation of await seriousViolations(page)) failures.push(`${path}: ${violation}`)
      }
      for (const path of publicPages) await check(path)
      await signInWith(page, token)
      for (const path of signedInPages) await check(path)
      expect(failures).toEqual([])
    })
  }
}
