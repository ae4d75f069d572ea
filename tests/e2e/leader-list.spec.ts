/**
 * The leader lists: period and sort in the URL (kept on reload, a bad value falls back), nickname search, cards on a
 * phone, and watching from the list.
 */
import { expect, test } from '@playwright/test'
import { leaderPageResponseSchema } from '#/contract/index.ts'
import { freshAccount, signInWith, testAddress, waitForHydration, watchErrors } from './helpers.ts'

test('period and sort live in the URL, survive a reload, and a bad sort falls back', async ({ page }) => {
  const errors = watchErrors(page)
  await page.goto('/copy-trading/futures')
  await waitForHydration(page)
  const table = page.getByTestId('leader-table')
  await expect(table.getByTestId('leader-row').first()).toBeVisible()
  await expect(page.getByRole('radio', { name: '30 days' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByRole('columnheader', { name: 'ROI', exact: true })).toHaveAttribute('aria-sort', 'descending')

  await page.getByRole('radio', { name: '7 days' }).click()
  await expect(page).toHaveURL(/period=7d/)
  await page.getByRole('button', { name: 'PnL (USDT)', exact: true }).click()
  await expect(page).toHaveURL(/sort=pnl/)
  await expect(page.getByRole('columnheader', { name: 'PnL (USDT)', exact: true })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  await page.getByRole('button', { name: 'PnL (USDT)', exact: true }).click()
  await expect(page).toHaveURL(/order=asc/)
  await expect(page.getByRole('columnheader', { name: 'PnL (USDT)', exact: true })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )

  await page.reload()
  await waitForHydration(page)
  await expect(page).toHaveURL(/period=7d/)
  await expect(page.getByRole('radio', { name: '7 days' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByRole('columnheader', { name: 'PnL (USDT)', exact: true })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
  await expect(page.getByTestId('sort')).toHaveValue('pnl')
  await expect(page.getByTestId('order')).toHaveValue('asc')

  await page.goto('/copy-trading/futures?sort=zzz&period=1y&order=sideways')
  await waitForHydration(page)
  await expect(page.getByRole('columnheader', { name: 'ROI', exact: true })).toHaveAttribute('aria-sort', 'descending')
  await expect(page.getByRole('radio', { name: '30 days' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByTestId('sort')).toHaveValue('roi')
  await expect(table.getByTestId('leader-row').first()).toBeVisible()
  expect(errors).toEqual([])
})

test('searches by nickname, and clears the filters of an empty result', async ({ page, request }) => {
  const list = leaderPageResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/leaders?biz=futures&pageSize=5')).json(),
  )
  const nickname = list.data.list[0]?.nickname ?? ''
  expect(nickname).not.toBe('')
  const part = nickname.slice(1, 5)
  await page.goto('/copy-trading/futures')
  await waitForHydration(page)
  await page.getByRole('searchbox', { name: 'Search traders by nickname' }).fill(part)
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(part)}`))
  const names = page.getByTestId('leader-table').getByTestId('leader-name')
  // The address changes first; the filtered rows replace the full list when the answer arrives.
  await expect
    .poll(async () => {
      const shown = await names.allTextContents()
      return shown.length > 0 && shown.every((name) => name.toLowerCase().includes(part.toLowerCase()))
    })
    .toBe(true)
  await expect(names.filter({ hasText: nickname })).toHaveCount(1)

  await page.getByRole('searchbox', { name: 'Search traders by nickname' }).fill('no-such-trader-zz')
  await expect(page.getByTestId('empty-state')).toBeVisible()
  await page.getByTestId('clear-filters').click()
  await expect(page).not.toHaveURL(/q=/)
  await expect(page.getByRole('searchbox', { name: 'Search traders by nickname' })).toHaveValue('')
  await expect(page.getByTestId('leader-table').getByTestId('leader-row').first()).toBeVisible()
})

test('a phone shows cards instead of the table', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/copy-trading/spot')
  await waitForHydration(page)
  await expect(page.getByTestId('leader-card').first()).toBeVisible()
  await expect(page.getByTestId('leader-table')).toBeHidden()
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0)
})

test('the server sends one layout, chosen by the device, and a resize swaps it', async ({ page, request }) => {
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
  const phoneHtml = await (await request.get('/copy-trading/futures', { headers: { 'user-agent': iphone } })).text()
  expect(phoneHtml).toContain('data-testid="leader-card"')
  expect(phoneHtml).not.toContain('data-testid="leader-table"')
  const desktopHtml = await (await request.get('/copy-trading/futures')).text()
  expect(desktopHtml).toContain('data-testid="leader-row"')
  expect(desktopHtml).not.toContain('data-testid="leader-card"')

  await page.goto('/copy-trading/futures')
  await waitForHydration(page)
  await expect(page.getByTestId('leader-row').first()).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(page.getByTestId('leader-card').first()).toBeVisible()
  await expect(page.getByTestId('leader-table')).toHaveCount(0)
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(page.getByTestId('leader-row').first()).toBeVisible()
})

test('a signed-in user watches a trader from the list and lists the watched ones', async ({ page, request }) => {
  const token = await freshAccount(request, testAddress())
  await signInWith(page, token)
  await page.goto('/copy-trading/futures')
  await waitForHydration(page)
  const row = page.getByTestId('leader-table').getByTestId('leader-row').nth(1)
  const nickname = (await row.getByTestId('leader-name').textContent()) ?? ''
  const watch = row.getByTestId('watch')
  await expect(watch).toHaveAttribute('aria-pressed', 'false')
  await watch.click()
  await expect(watch).toHaveAttribute('aria-pressed', 'true')

  await page.getByTestId('watched-only').click()
  await expect(page).toHaveURL(/watched=true/)
  const rows = page.getByTestId('leader-table').getByTestId('leader-row')
  await expect(rows).toHaveCount(1)
  await expect(rows.getByTestId('leader-name')).toHaveText(nickname)
  await page.reload()
  await waitForHydration(page)
  await expect(rows).toHaveCount(1)
  await expect(rows.getByTestId('watch')).toHaveAttribute('aria-pressed', 'true')
})
