/**
 * Layout of the spots a first-time user found confusing (issue 28, QA S3 21, 25, 26, 27 and S4 36): the futures form's
 * submit fits a 1280×800 screen with the chart's latest candles, for a trader and a lead trader and with TP/SL open;
 * buy buttons read well and the live dot keeps its colour with red for up; the phone's two menus never overlap;
 * home rows open their terminal and the hero's right half shows the top traders; the phone's trade bar covers no
 * button and leaves no band, and signing out on a public page stays there.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { topsInfoResponseSchema } from '#/contract/index.ts'
import { freshTrader, signInWith, testAddress, waitForHydration } from './helpers.ts'

const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not rendered')
  return found
}

/** Fully inside the first screen, without scrolling. */
async function aboveTheFold(page: Page, locator: Locator) {
  await expect(locator).toBeVisible()
  const { y, height } = await box(locator)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  expect(y + height).toBeLessThanOrEqual(DESKTOP.height)
}

test('at 1280×800 the futures submit and the chart’s latest candles are on the first screen, TP/SL open or not, leading or not', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const address = testAddress()
  const trader = await freshTrader(request, address, '5000')
  await page.setViewportSize(DESKTOP)
  await signInWith(page, trader.token)
  await page.goto('/futures/BTC_USDT')
  await waitForHydration(page)
  const form = page.getByTestId('order-form')
  await aboveTheFold(page, form.getByTestId('submit-order'))
  await aboveTheFold(page, page.getByRole('region', { name: 'Chart' }))
  await form.getByLabel('Take profit / stop loss').check()
  await aboveTheFold(page, form.getByTestId('submit-order'))

  // A lead trader's form says more (who copies them, why Cross is not offered): the button still fits.
  const lead = await request.post('/spotapi/copy/v1/leader/apply', {
    headers: { authorization: `Bearer ${trader.token}` },
    data: { biz: 'futures' },
  })
  expect(lead.status(), await lead.text()).toBe(200)
  topsInfoResponseSchema.parse(
    await (
      await request.post('/spotapi/open/seckill/user/tops-info', {
        headers: { authorization: `Bearer ${trader.token}` },
        data: {},
      })
    ).json(),
  )
  await page.reload()
  await waitForHydration(page)
  await expect(form.getByTestId('lead-notice')).toBeVisible()
  await expect(form.getByRole('radio', { name: 'Cross' })).toBeDisabled()
  await aboveTheFold(page, form.getByTestId('submit-order'))
  await form.getByLabel('Take profit / stop loss').check()
  await aboveTheFold(page, form.getByTestId('submit-order'))
  await aboveTheFold(page, page.getByRole('region', { name: 'Chart' }))
})

/** WCAG contrast of two computed CSS colours. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const parts =
      css
        .match(/[\d.]+/g)
        ?.slice(0, 3)
        .map(Number) ?? []
    const [r = 0, g = 0, bl = 0] = parts.map((v) => {
      const c = v / 255
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)
}

test('with red for up in the dark theme, buy buttons keep 4.5:1 and the live dot stays the live colour', async ({
  page,
  context,
  request,
}) => {
  const trader = await freshTrader(request, testAddress(), '1000')
  await page.setViewportSize(DESKTOP)
  await signInWith(page, trader.token)
  const dotColour = async () => {
    const dot = page.getByTestId('connection').locator('span')
    await expect(page.getByTestId('connection')).toHaveAttribute('data-status', 'open', { timeout: 20_000 })
    return dot.evaluate((el) => getComputedStyle(el).backgroundColor)
  }
  const url = test.info().project.use.baseURL ?? ''
  await context.addCookies([{ name: 'theme', value: 'dark', url }])
  await page.goto('/futures/BTC_USDT')
  await waitForHydration(page)
  const greenUpDot = await dotColour()
  await context.addCookies([{ name: 'theme_upcolor', value: 'upred', url }])
  await page.reload()
  await waitForHydration(page)
  await expect(page.locator('html')).toHaveAttribute('data-upcolor', 'upred')
  expect(await dotColour()).toBe(greenUpDot)
  const form = page.getByTestId('order-form')
  for (const button of [form.getByTestId('side-buy'), form.getByTestId('submit-order')]) {
    const [fg, bg] = await button.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor])
    expect(contrast(fg ?? '', bg ?? '')).toBeGreaterThanOrEqual(4.5)
  }
})

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true })

  test('the ☰ menu and the account menu never overlap: opening one closes the other', async ({ page, request }) => {
    const trader = await freshTrader(request, testAddress(), '100')
    await signInWith(page, trader.token)
    await page.goto('/ar_AE/markets')
    await waitForHydration(page)
    const nav = page.locator('header details:has(nav)')
    const account = page.getByTestId('account-menu')
    await nav.locator('summary').click()
    await expect(nav).toHaveAttribute('open', '')
    await account.locator('summary').click()
    await expect(account).toHaveAttribute('open', '')
    await expect(nav).not.toHaveAttribute('open', '')
    // The account menu's first item is on top, not under the navigation menu.
    const first = account.getByRole('link').first()
    await expect(first).toBeVisible()
    expect(
      await first.evaluate((el) => {
        const r = el.getBoundingClientRect()
        return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2))
      }),
    ).toBe(true)
    await nav.locator('summary').click()
    await expect(nav).toHaveAttribute('open', '')
    await expect(account).not.toHaveAttribute('open', '')
  })

  test('the trade bar covers no button, leaves no band above the footer, and sign-out stays on the page', async ({
    page,
    request,
  }) => {
    await page.goto('/ar_AE/spot/BTC_USDT')
    await waitForHydration(page)
    const bar = page.getByTestId('trade-bar')
    const terminal = page.getByTestId('terminal')
    // No button under the bar where the terminal ends (the last of its buttons in view) nor at the page's end (the
    // footer's): each can be scrolled out from under it.
    const coveredAt = async (top: number) => {
      await page.evaluate((y) => window.scrollTo(0, y), top)
      return bar.evaluate((el) => {
        const b = el.getBoundingClientRect()
        return [...document.querySelectorAll('a, button')]
          .filter((node) => !el.contains(node) && node.checkVisibility({ visibilityProperty: true }))
          .map((node) => node.getBoundingClientRect())
          .filter((r) => r.width > 0 && r.height > 0 && r.bottom > b.top + 1 && r.top < b.bottom - 1)
          .filter((r) => r.right > b.left && r.left < b.right).length
      })
    }
    const end = await terminal.evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY - window.innerHeight)
    expect(await coveredAt(end), 'buttons under the bar at the terminal’s end').toBe(0)
    expect(await coveredAt(1e6), 'buttons under the bar at the page’s end').toBe(0)
    // The bar ends the terminal: nothing of the terminal's grey is left below it.
    const [barBox, terminalBox] = [await box(bar), await box(terminal)]
    expect(Math.abs(barBox.y + barBox.height - (terminalBox.y + terminalBox.height))).toBeLessThanOrEqual(1)
    await expect(page.getByTestId('order-form').or(page.getByTestId('sign-in-prompt')).first()).toBeAttached()

    const trader = await freshTrader(request, testAddress(), '100')
    await signInWith(page, trader.token)
    await page.goto('/ar_AE/spot/BTC_USDT')
    await waitForHydration(page)
    await page.getByTestId('account-menu').locator('summary').click()
    await page.getByTestId('account-menu').getByRole('button', { name: 'تسجيل الخروج' }).click()
    await expect(page.getByTestId('account-menu')).toHaveCount(0)
    await expect(page).toHaveURL(/\/ar_AE\/spot\/BTC_USDT$/)
  })
})

test('home: a market row opens its terminal, and the hero’s right half shows the top lead traders', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP)
  await page.goto('/')
  await waitForHydration(page)
  const hero = page.getByRole('heading', { level: 1 })
  const leaders = page.getByTestId('home-leaders')
  await expect(leaders).toBeVisible()
  const [heroBox, leadersBox] = [await box(hero), await box(leaders)]
  expect(leadersBox.x).toBeGreaterThanOrEqual(heroBox.x + heroBox.width - 1)
  expect(leadersBox.y).toBeLessThan(heroBox.y + heroBox.height)
  await expect(leaders.getByRole('listitem').first().getByRole('link')).toHaveAttribute('href', /-trader\/\d+$/)

  // A click anywhere on the row, not only on its pair name.
  const row = page.getByTestId('markets').locator('tbody tr[data-pair="ETH_USDT"]')
  const rowBox = await box(row)
  await row.click({ position: { x: rowBox.width / 2, y: rowBox.height / 2 } })
  await expect(page).toHaveURL(/\/spot\/ETH_USDT$/)
})
