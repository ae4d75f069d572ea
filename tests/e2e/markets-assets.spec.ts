/**
 * The markets page and the assets page in Chromium (issue 19): search, sort and favourites (kept in the browser for a
 * visitor, by the exchange for a user, so they follow the user to another browser); a row opens its terminal. Assets:
 * totals, a transfer between wallets seen on both, the test funds' daily rule, history and its CSV export.
 */
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { freshCredentials, freshTrader, signInWith, testAddress, waitForHydration } from './helpers.ts'

test.describe.configure({ mode: 'parallel' })

const rowsOf = (page: Page) => page.getByTestId('markets-table').locator('tbody tr')

test('markets: search, sort, a visitor’s star kept across a reload, a row opens its terminal', async ({ page }) => {
  await page.goto('/markets')
  await waitForHydration(page)
  await expect(rowsOf(page)).toHaveCount(12)
  await page.getByTestId('markets-search').fill('eth')
  await expect(rowsOf(page)).toHaveCount(1)
  await expect(rowsOf(page).first()).toHaveAttribute('data-pair', 'ETH_USDT')
  await expect(page).toHaveURL(/q=eth/)
  await page.getByTestId('markets-search').fill('')
  await expect(rowsOf(page)).toHaveCount(12)

  // Sorting by pair, A to Z then Z to A.
  const pairHeader = page.getByRole('columnheader', { name: /Pair/ })
  await pairHeader.getByRole('button').click()
  await expect(pairHeader).toHaveAttribute('aria-sort', 'descending')
  const first = await rowsOf(page).first().getAttribute('data-pair')
  await pairHeader.getByRole('button').click()
  await expect(pairHeader).toHaveAttribute('aria-sort', 'ascending')
  await expect(rowsOf(page).first()).toHaveAttribute('data-pair', 'ADA_USDT')
  expect(first).toBe('XRP_USDT')

  await page.locator('tbody tr[data-pair="SOL_USDT"]').getByTestId('star').click()
  await page.getByRole('tab', { name: 'Favourites' }).click()
  await expect(rowsOf(page)).toHaveCount(1)
  await page.reload()
  await waitForHydration(page)
  await page.getByRole('tab', { name: 'Favourites' }).click()
  await expect(rowsOf(page)).toHaveCount(1)
  await expect(rowsOf(page).first()).toHaveAttribute('data-pair', 'SOL_USDT')

  await rowsOf(page).first().getByRole('link').click()
  await expect(page).toHaveURL(/\/spot\/SOL_USDT$/)
})

test('markets: a user’s favourites follow them to another browser', async ({ page, browser, request }) => {
  const address = testAddress()
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  const { token } = await freshTrader(request, address)
  await signInWith(page, token)
  await page.goto('/markets?tab=futures')
  await waitForHydration(page)
  const star = page.locator('tbody tr[data-pair="DOGE_USDT"]').getByTestId('star')
  await star.click()
  await expect(star).toHaveAttribute('aria-pressed', 'true')
  // Kept by the exchange, not only in this browser.
  await expect
    .poll(async () =>
      JSON.stringify(
        await (
          await request.get('/spotapi/market/v1/favourites', {
            headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address },
          })
        ).json(),
      ),
    )
    .toContain('DOGE_USDT')

  const other = await (await browser.newContext()).newPage()
  await signInWith(other, token)
  await other.goto('/markets?tab=favourites')
  await waitForHydration(other)
  await expect(rowsOf(other)).toHaveCount(1)
  await expect(rowsOf(other).first()).toHaveAttribute('data-pair', 'DOGE_USDT')
  await expect(rowsOf(other).first()).toHaveAttribute('data-biz', 'futures')
  await other.context().close()
})

test('assets: a transfer moves money between the wallets, the test funds keep their daily rule, the history exports', async ({
  page,
  request,
}) => {
  const address = testAddress()
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  // The faucet was taken today by the fresh account: 5,000 in spot, 5,000 in futures.
  const { token } = await freshTrader(request, address)
  await signInWith(page, token)
  await page.goto('/assets')
  await waitForHydration(page)
  await expect(page.getByTestId('assets-total')).toContainText('10,000')
  const spot = page.getByTestId('wallet-1')
  const futures = page.getByTestId('wallet-3')
  await expect(spot.getByTestId('available')).toContainText('5,000')

  await page.getByTestId('open-transfer').click()
  const dialog = page.getByTestId('transfer-dialog')
  await dialog.getByRole('textbox', { name: /Amount/ }).fill('999999')
  await dialog.getByTestId('confirm-transfer').click()
  await expect(dialog.getByRole('alert').or(dialog.locator('[aria-invalid="true"]'))).not.toHaveCount(0)
  await expect(dialog.getByRole('textbox', { name: /Amount/ })).toHaveValue('999999')
  await dialog.getByRole('textbox', { name: /Amount/ }).fill('1234.5')
  await dialog.getByTestId('confirm-transfer').click()
  await expect(dialog).toBeHidden()
  await expect(spot.getByTestId('available')).toContainText('3,765.5')
  await expect(futures.getByTestId('available').first()).toContainText('6,234.5')
  await expect(page.getByTestId('assets-total')).toContainText('10,000')

  // Today's test funds were taken when the account was funded: the exchange says so, so the button is off from the
  // start, with its reason beside it (QA S4 37), and still after a reload.
  for (const reload of [false, true]) {
    if (reload) {
      await page.reload()
      await waitForHydration(page)
    }
    await expect(page.getByTestId('test-funds')).toBeDisabled()
    await expect(page.getByTestId('test-funds')).toHaveAccessibleDescription(/Test funds come once a day/)
  }

  await expect(page.getByTestId('history').locator('li')).not.toHaveCount(0)
  const download = page.waitForEvent('download')
  await page.getByTestId('export-csv').click()
  const file = await (await download).path()
  const csv = await readFile(file, 'utf8')
  const lines = csv.trim().split(/\r?\n/)
  expect(lines[0]).toContain('Time (UTC)')
  expect(lines.some((line) => line.includes('-1234.5'))).toBe(true)
  expect((await download).suggestedFilename()).toBe('tandem-spot-history.csv')
})

test('assets: today’s test funds taken from the page turn the button off, and it stays off after a reload', async ({
  page,
  request,
}) => {
  const address = testAddress()
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  await signInWith(page, (await freshCredentials(request, address, 'unfunded')).token)
  await page.goto('/assets')
  await waitForHydration(page)
  const button = page.getByTestId('test-funds')
  await expect(button).toBeEnabled()
  await button.click()
  await expect(button).toBeDisabled()
  await expect(button).toHaveAccessibleDescription('Today’s test funds are in your wallet. More after 00:00 UTC.')
  await expect(page.getByTestId('assets-total')).toContainText('10,000')
  await page.reload()
  await waitForHydration(page)
  await expect(button).toBeDisabled()
  await expect(button).toHaveAccessibleDescription(
    /^Test funds come once a day: again after 00:00 UTC, in about \d+ h\.$/,
  )
})
