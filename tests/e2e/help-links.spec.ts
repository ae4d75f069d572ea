/**
 * Help links in Chromium (issue 20 item 4): the footer's help centre, fees, terms and risk disclosure, the futures order
 * form's margin-mode and liquidation help, the copy set-up's and the leader centre's, and the help-desk entry, each in
 * the page's help language, in English and Arabic; and the articles they open. The e2e server leaves HELP_CENTER_URL
 * unset (the app's own help centre, /help) and sets HELP_DESK_URL.
 */
import { expect, test, type Page } from '@playwright/test'
import { leaderPageResponseSchema } from '#/contract/index.ts'
import { freshAccount, signInWith, testAddress, waitForHydration, watchErrors } from './helpers.ts'

test.describe.configure({ mode: 'parallel' })

/** playwright.config.ts gives the e2e server this help desk. */
const HELP_DESK = 'https://desk.tandem.example/chat'

const CASES = [
  { name: 'English', prefix: '', helpLang: 'en-us', helpDeskLang: 'en-US' },
  { name: 'Arabic', prefix: '/ar_AE', helpLang: 'ar', helpDeskLang: 'ar' },
] as const

const help = (page: Page, target: string) => page.locator(`[data-help="${target}"]`)

async function expectNewTab(page: Page, target: string, href: string) {
  const link = help(page, target).first()
  await expect(link).toHaveAttribute('href', href)
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
}

for (const { name, prefix, helpLang, helpDeskLang } of CASES) {
  test(`${name}: the footer and the futures order form link to the help centre in ${helpLang}`, async ({ page }) => {
    const errors = watchErrors(page)
    await page.goto(`${prefix}/futures/ETH_USDT`)
    await waitForHydration(page)

    const footer = page.getByTestId('footer-help')
    await expect(footer.getByRole('link')).toHaveCount(5)
    await expectNewTab(page, 'home', `/help/${helpLang}`)
    await expectNewTab(page, 'fees', `/help/${helpLang}/trading/fees`)
    await expectNewTab(page, 'terms', `/help/${helpLang}/legal/terms-of-use`)
    await expectNewTab(page, 'riskDisclosure', `/help/${helpLang}/legal/risk-disclosure`)
    await expectNewTab(page, 'desk', `${HELP_DESK}?lang=${helpDeskLang}`)

    const form = page.getByTestId('order-form')
    await expect(form.locator('[data-help="liquidation"]')).toHaveAttribute(
      'href',
      `/help/${helpLang}/futures/liquidation`,
    )
    await expectNewTab(page, 'marginModes', `/help/${helpLang}/futures/margin-modes`)

    // A click opens the article in a new tab and leaves the terminal where it was.
    const opened = page.waitForEvent('popup')
    await form.getByTestId('help-margin-modes').click()
    const article = await opened
    await expect.poll(() => article.url()).toMatch(new RegExp(`/help/${helpLang}/futures/margin-modes$`))
    // The article is there, in the language of the page the link was on.
    await expect(article.getByTestId('help-article')).toBeVisible()
    await expect(article.locator('html')).toHaveAttribute('lang', name === 'Arabic' ? 'ar-AE' : 'en-US')
    await expect(page).toHaveURL(new RegExp(`${prefix}/futures/ETH_USDT$`))
    expect(errors).toEqual([])
  })
}

test('the help-desk entry opens the help desk in the page language', async ({ page, context }) => {
  await context.route(`${HELP_DESK}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Help desk</title>' }),
  )
  await page.goto('/ar_AE/copy-trading/gemw')
  await waitForHydration(page)
  const opened = page.waitForEvent('popup')
  await page.getByTestId('help-desk').click()
  const desk = await opened
  await expect.poll(() => desk.url()).toBe(`${HELP_DESK}?lang=ar`)
})

test('the copy set-up and the leader centre explain their terms in the page language', async ({ page, request }) => {
  test.setTimeout(90_000)
  const address = testAddress()
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  const list = leaderPageResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/leaders?pageSize=50&biz=futures&hasSlots=true')).json(),
  )
  const leader = list.data.list.find((l) => l.status === 'open')
  if (!leader) throw new Error('no open trader with slots')
  await signInWith(page, await freshAccount(request, address))

  await page.goto(`/ar_AE/copy-trading/gemw/copy-trader/${leader.leaderId}`)
  await waitForHydration(page)
  await expectNewTab(page, 'copyModes', '/help/ar/copy-trading/copy-modes')
  await expect(help(page, 'copyTakeProfitStopLoss')).toHaveCount(2)
  await expectNewTab(page, 'copyTakeProfitStopLoss', '/help/ar/copy-trading/take-profit-stop-loss')
  await expectNewTab(page, 'copyStopLoss', '/help/ar/copy-trading/copy-stop-loss')
  await expectNewTab(page, 'profitShare', '/help/ar/copy-trading/profit-share')

  await page.goto('/ar_AE/copy-trading/lead')
  await waitForHydration(page)
  const lead = page.getByTestId('lead-help')
  await expect(lead.locator('[data-help="leadRequirements"]')).toHaveAttribute(
    'href',
    '/help/ar/copy-trading/lead-trader-requirements',
  )
  await expect(lead.locator('[data-help="profitShare"]')).toHaveAttribute('href', '/help/ar/copy-trading/profit-share')
})

test("the help centre lists its articles, quotes the engine's own figures, and refuses an article it does not have", async ({
  page,
}) => {
  await page.goto('/help/en-us')
  await waitForHydration(page)
  await expect(page.getByTestId('help-articles').getByRole('link')).toHaveCount(11)
  await page.getByRole('link', { name: 'Trading fees' }).click()
  await expect(page).toHaveURL(/\/help\/en-us\/trading\/fees$/)
  const text = await page.getByTestId('help-article').textContent()
  expect(text).toContain('0.08%')
  expect(text).toContain('0.10%')
  expect(text).not.toMatch(/[{}]/)
  const missing = await page.goto('/help/en-us/trading/no-such-article')
  expect(missing?.status()).toBe(404)
  expect((await page.goto('/help/xx/trading/fees'))?.status()).toBe(404)
})
