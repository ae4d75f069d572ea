/**
 * The methodology page: server-rendered in every language (right to left in Arabic) with a section
 * per figure and one on which trades count, and the figures' tooltips on the leader list and a
 * leader's page lead to their own section.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import Decimal from 'decimal.js'
import { leaderPageResponseSchema } from '#/contract/index.ts'
import { waitForHydration, watchErrors } from './helpers.ts'

/** The anchors the figures' tooltips link to (figures.texts.ts). */
const ANCHORS = [
  'roi',
  'pnl',
  'max-drawdown',
  'win-rate',
  'sharpe-ratio',
  'trades-per-week',
  'holding-time',
  'aum',
  'copier-pnl',
  'follower-roi',
  'follower-pnl',
  'profit-share',
  'periods',
  'counted-trades',
  'display',
  'example',
]

for (const [prefix, lang, dir, title] of [
  ['', 'en-US', 'ltr', 'How we calculate the figures'],
  ['/ar_AE', 'ar-AE', 'rtl', 'كيف نحسب الأرقام'],
] as const) {
  test(`renders server-side in ${lang} (${dir}) with a section per figure`, async ({ page, request }) => {
    // Static content: the HTML answer has it all before any script runs.
    const html = await (await request.get(`${prefix}/copy-trading/methodology`)).text()
    for (const anchor of ANCHORS) expect(html).toContain(`id="${anchor}"`)

    const errors = watchErrors(page)
    await page.goto(`${prefix}/copy-trading/methodology`)
    await waitForHydration(page)
    await expect(page.locator('html')).toHaveAttribute('lang', lang)
    await expect(page.locator('html')).toHaveAttribute('dir', dir)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page).toHaveTitle(new RegExp(`^${title} \\|`))
    // The worked example: −58.34 on 10,000, then a deposit of 10,000: the day's ROI is −0.5834 %, not −0.29 %.
    const example = page.locator('#example')
    await expect(example).toContainText('-0.5834%')
    await expect(example).toContainText('-0.58%')
    await expect(example.getByTestId('example-table')).toContainText('0.994166')
    await expect(example.getByTestId('example-table')).toContainText('20,058.6823')
    // Which trades count: 1 % of 10,000 USDT; the win rate by size: 3 wins of 1,000 and a loss of 9,000.
    await expect(page.locator('#counted-trades')).toContainText('100.00')
    await expect(page.locator('#win-rate')).toContainText('75.00%')
    await expect(page.locator('#win-rate')).toContainText('25.00%')
    await page.setViewportSize({ width: 390, height: 844 })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(errors).toEqual([])
  })
}

test('a figure tooltip on the leader list opens its definition and leads to its section', async ({ page }) => {
  const errors = watchErrors(page)
  await page.goto('/copy-trading/futures')
  await waitForHydration(page)
  const table = page.getByTestId('leader-table')
  await expect(table.getByTestId('leader-row').first()).toBeVisible()
  // The column keeps its name: the definition's button is not part of it.
  await expect(page.getByRole('columnheader', { name: 'Win rate', exact: true })).toBeVisible()

  const info = page.getByRole('button', { name: 'About Win rate' })
  await expect(info).toHaveAttribute('aria-expanded', 'false')
  await info.click()
  await expect(info).toHaveAttribute('aria-expanded', 'true')
  const panel = page.getByTestId('figure-info-winRate-panel')
  await expect(panel).toBeVisible()
  await expect(panel).toContainText('counted trades')
  await expect(panel).toContainText('after trading fees and funding')
  // The open definition passes axe like the page around it.
  const axe = await new AxeBuilder({ page }).include('[data-testid="figure-info-winRate-panel"]').analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  // Escape closes it, the button opens it again.
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(info).toHaveAttribute('aria-expanded', 'false')
  await info.click()
  await expect(panel).toBeVisible()
  // The button closes it too (the press dismisses it; the click must not open it again).
  await info.click()
  await expect(panel).toBeHidden()
  await info.click()

  await panel.getByRole('link', { name: 'How we calculate this' }).click()
  await expect(page).toHaveURL(/\/copy-trading\/methodology#win-rate$/)
  const section = page.locator('#win-rate')
  await expect(section.getByRole('heading', { level: 2 })).toHaveText('Win rate')
  await expect(section).toBeInViewport()
  expect(errors).toEqual([])
})

test('on a phone, a card label opens its definition, and the link keeps the language', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const errors = watchErrors(page)
  await page.goto('/ar_AE/copy-trading/futures')
  await waitForHydration(page)
  const card = page.getByTestId('leader-card').first()
  await expect(card).toBeVisible()
  await card.getByTestId('figure-term-maxDrawdown').click()
  const panel = page.getByTestId('figure-term-maxDrawdown-panel')
  await expect(panel).toBeVisible()
  // Inside the screen, however near its edge the label is.
  const box = await panel.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
  await panel.getByRole('link').click()
  await expect(page).toHaveURL(/\/ar_AE\/copy-trading\/methodology#max-drawdown$/)
  await expect(page.locator('#max-drawdown')).toBeInViewport()
  expect(errors).toEqual([])
})

test('a leader’s page shows the win rate by size beside the win rate, and its definition leads to the win rate', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page)
  const [leader] = leaderPageResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/leaders?pageSize=1')).json(),
  ).data.list
  expect(leader, 'a simulated trader').toBeDefined()
  if (!leader) return
  await page.goto(`/copy-trading/futures-trader/${leader.leaderId}`)
  await waitForHydration(page)
  // The served figure, truncated to two decimals as every figure is shown.
  const shown = `${new Decimal(leader.stats.weightedWinRate).times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2)}%`
  const term = page.getByTestId('figure-term-weightedWinRate')
  const card = page.locator('dl > div', { has: term })
  await expect(term).toHaveText('Win rate by size')
  await expect(card.locator('dd')).toHaveText(shown)
  await expect(page.locator('dl > div', { has: page.getByTestId('figure-term-winRate') })).toBeVisible()
  await term.click()
  const panel = page.getByTestId('figure-term-weightedWinRate-panel')
  await expect(panel).toContainText('a large loss outweighs many small wins')
  await panel.getByRole('link').click()
  await expect(page).toHaveURL(/\/copy-trading\/methodology#win-rate$/)
  await expect(page.locator('#win-rate')).toContainText('Win rate by size = size of the winning counted trades')
  expect(errors).toEqual([])
})
