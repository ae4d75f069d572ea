/**
 * Trading from the chart (issue 28) in Chromium: a futures limit order drawn on the price chart, dragged with the mouse
 * to a new price, confirmed, and amended in the open orders; a drag the exchange refuses says why and the line goes
 * back; the depth chart beside the book.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { marketTickerResponseSchema } from '#/contract/index.ts'
import { Exact } from '#/contract/money.ts'
import { freshTrader, signInWith, testAddress, waitForHydration } from './helpers.ts'

/** Drags an element vertically by `dy` pixels with the mouse, in steps, as a hand would. */
async function dragBy(page: Page, handle: Locator, dy: number) {
  await handle.scrollIntoViewIfNeeded()
  const box = await handle.boundingBox()
  if (!box) throw new Error('the handle is not on screen')
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x, y + dy / 2, { steps: 4 })
  await page.mouse.move(x, y + dy, { steps: 4 })
  await page.mouse.up()
}

const grouped = (price: string) => new Exact(price).toFixed(1).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

test('futures: a limit order on the chart is dragged to a new price and amended; a refused drag goes back', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const address = testAddress()
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  await page.setViewportSize({ width: 1280, height: 900 })
  const trader = await freshTrader(request, address)
  await signInWith(page, trader.token)
  await page.goto('/futures/BTC_USDT')
  await waitForHydration(page)
  await expect(page.getByTestId('candle-chart')).toHaveAttribute('data-ready', 'true')

  // Daily candles span a month of prices: a buy 5 % under the mark is drawn within them, inside the price band, and
  // does not fill while the test runs (the engine runs at 30×: the market moves a lot in a minute). The mark is the
  // exchange's own, read when the order is priced (a page's first book can be older than the market).
  await page.getByRole('radio', { name: '1d' }).click()
  const answer = await request.get('/spotapi/market/v1/ticker?biz=futures&pairCode=BTC_USDT')
  const { mark } = marketTickerResponseSchema.parse(await answer.json()).data
  const price = new Exact(mark).times('0.95').toDecimalPlaces(1, Exact.ROUND_DOWN).toFixed(1)
  const form = page.getByTestId('order-form')
  await form.getByLabel('Price (USDT)').fill(price)
  await form.getByRole('textbox', { name: /^Amount/ }).fill('0.01')
  await form.getByTestId('submit-order').click()

  const line = page.getByTestId('trade-line').and(page.locator('[data-kind="limit"]'))
  await expect(line).toBeVisible()
  await expect(line).toHaveAttribute('data-price', price)
  await expect(line).toContainText('Buy 0.010')

  // Dragged down: a lower price, snapped to the tick (0.1), asked to confirm first.
  await dragBy(page, line, 40)
  const confirm = page.getByTestId('confirm-move')
  await expect(confirm).toBeVisible()
  const moved = (await line.getAttribute('data-price')) ?? ''
  expect(moved).toMatch(/^\d+\.\d$/)
  expect(new Exact(moved).lt(price)).toBe(true)
  await expect(confirm).toContainText(`${grouped(price)} → ${grouped(moved)}`)
  await confirm.getByRole('button', { name: 'Confirm' }).click()
  await expect(confirm).toBeHidden()
  await page.getByRole('tab', { name: /^Open orders/ }).click()
  const row = page.getByTestId('open-orders').locator('table tbody tr')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(grouped(moved))
  await expect(line).toHaveAttribute('data-price', moved)

  // Dragged to the top of the chart, above the asks: the exchange refuses (a change never trades), and it goes back.
  const chartTop = (await page.getByTestId('candle-chart').locator('[role="img"]').boundingBox())?.y ?? 0
  const handleY = (await line.boundingBox())?.y ?? 0
  await dragBy(page, line, chartTop + 6 - handleY)
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText(/would trade at once|too far from the mark price/)).toBeVisible()
  await expect(line).toHaveAttribute('data-price', moved)
  await expect(row).toContainText(grouped(moved))

  // Pressed without a drag (or with Enter), the label opens the order's change dialog.
  await line.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('amend-order')).toBeVisible()
  await expect(page.getByTestId('amend-order').getByLabel('Price (USDT)')).toHaveValue(moved)
})

test('the depth chart beside the book: both sides drawn, the mid price marked', async ({ page }) => {
  await page.goto('/futures/ETH_USDT')
  await waitForHydration(page)
  await page.getByRole('tab', { name: 'Depth' }).click()
  const depth = page.getByTestId('depth-chart')
  await expect(depth.locator('path[data-side="bid"]')).toHaveAttribute('d', /^M.+Z$/)
  await expect(depth.locator('path[data-side="ask"]')).toHaveAttribute('d', /^M.+Z$/)
  await expect(depth.getByTestId('depth-mid')).toHaveText(/^Mid \d{1,3}(,\d{3})*\.\d{2}$/)
  await expect(depth.getByRole('img')).toHaveAttribute('aria-label', /^Depth chart: bids .+ ETH down to .+ USDT, asks/)
})
