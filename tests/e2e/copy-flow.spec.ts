/**
 * The whole journey of a new copier on the production build: copy-trading home → futures list →
 * period and sort in the URL (kept on reload) → the trader's page → Copy → log in and come back →
 * set up and confirm → my copy shows the copy after the trader's next trade (fast engine clock)
 * → edit the settings → stop copying.
 */
import { expect, test } from '@playwright/test'
import { leaderPageResponseSchema, myCopyDetailResponseSchema } from '#/contract/index.ts'
import { freshCredentials, testAddress, waitForHydration, watchErrors } from './helpers.ts'

test('home → list → trader → log in → copy → my copy after the next trade → edit → stop', async ({ page, request }) => {
  test.setTimeout(180_000)
  const errors = watchErrors(page)
  const address = testAddress()
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  const { account, password, token } = await freshCredentials(request, address)
  const list = leaderPageResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/leaders?pageSize=50&biz=futures&hasSlots=true')).json(),
  )
  const busiest = list.data.list
    .filter((l) => l.status === 'open' && Number(l.minCopyAmount) <= 1000)
    .sort((a, b) => Number(b.stats.tradesPerWeek) - Number(a.stats.tradesPerWeek))[0]
  expect(busiest, 'an open futures trader with slots').toBeDefined()
  if (!busiest) return

  await page.goto('/copy-trading/gemw')
  await waitForHydration(page)
  await page.getByTestId('copy-nav').getByRole('link', { name: 'Futures lead traders' }).click()
  await expect(page).toHaveURL(/\/copy-trading\/futures$/)
  await page.getByRole('radio', { name: '90 days' }).click()
  await expect(page).toHaveURL(/period=90d/)
  await page.getByRole('button', { name: 'PnL (USDT)', exact: true }).click()
  await expect(page).toHaveURL(/sort=pnl/)
  await page.reload()
  await waitForHydration(page)
  await expect(page).toHaveURL(/period=90d/)
  await expect(page.getByRole('columnheader', { name: 'PnL (USDT)', exact: true })).toHaveAttribute(
    'aria-sort',
    'descending',
  )

  // Further down the list, as a reader finds them: "Load more" until the trader shows.
  const trader = page
    .getByTestId('leader-table')
    .getByTestId('leader-name')
    .filter({ hasText: busiest.nickname })
    .first()
  while (!(await trader.isVisible())) {
    const rows = await page.getByTestId('leader-row').count()
    await page.getByTestId('load-more').click()
    await expect(page.getByTestId('leader-row')).not.toHaveCount(rows)
  }
  await trader.click()
  await expect(page).toHaveURL(new RegExp(`/copy-trading/futures-trader/${busiest.leaderId}`))
  await expect(page.getByTestId('nickname')).toHaveText(busiest.nickname)

  // Copy, signed out: log in on the way, and land back on the set-up.
  await page.getByTestId('follow').click()
  await expect(page).toHaveURL(/\/login\?redirectUrl=/)
  await waitForHydration(page)
  await page.getByLabel('Email').fill(account)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/copy-trading/gemw/copy-trader/${busiest.leaderId}$`))
  await waitForHydration(page)

  const input = (name: string) => page.getByTestId(`field-${name}`)
  await input('investment').fill('2000')
  await input('fixedAmount').fill('200')
  await page.getByRole('button', { name: 'Review and copy' }).click()
  await page.getByTestId('confirm-follow-button').click()
  await expect(page).toHaveURL(new RegExp(`/copy-trading/gemw/copy-detail/${busiest.leaderId}$`))
  await expect(page.getByTestId('my-copy')).toHaveAttribute('data-status', 'active')

  // The trader trades on the engine's fast clock; the copy follows, and the page shows it.
  const auth = { authorization: `Bearer ${token}` }
  const copied = async () => {
    const detail = myCopyDetailResponseSchema.parse(
      await (await request.get(`/spotapi/copy/v1/my/copies/${busiest.leaderId}`, { headers: auth })).json(),
    ).data
    return detail.openPositions.length + detail.history.list.length
  }
  await expect.poll(copied, { timeout: 100_000, intervals: [1000] }).toBeGreaterThan(0)
  await page.reload()
  await waitForHydration(page)
  await expect(
    page.getByTestId('mark').first().or(page.getByTestId('history').locator('tbody tr').first()),
  ).toBeVisible()

  // Edit: a stop loss, kept after a reload.
  const field = (name: string) => page.getByTestId('edit-copy').getByTestId(`field-${name}`)
  await field('stopLoss').fill('30')
  await page.getByTestId('edit-copy').getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Your copy settings are saved.')).toBeVisible()
  await page.reload()
  await waitForHydration(page)
  await expect(field('stopLoss')).toHaveValue('30')

  await page.getByTestId('stop-copy').click()
  await page.getByTestId('stop-copy-confirm').click()
  await expect(page.getByText('You stopped copying this trader.')).toBeVisible()
  await expect(page.getByTestId('my-copy')).toHaveAttribute('data-status', 'cancelled')
  expect(errors).toEqual([])
})
