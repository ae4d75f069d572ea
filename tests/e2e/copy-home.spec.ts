/**
 * The copy-trading home: platform figures, top traders per category and market, and the nickname search that opens the
 * list.
 */
import { expect, test } from '@playwright/test'
import { copyOverviewResponseSchema } from '#/contract/index.ts'
import { waitForHydration } from './helpers.ts'

test('shows the platform figures and the top traders by category, and searches by nickname', async ({
  page,
  request,
}) => {
  const overview = copyOverviewResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/overview?biz=futures')).json(),
  ).data
  await page.goto('/copy-trading/gemw')
  await waitForHydration(page)
  await expect(page.getByTestId('figure-leaders')).toHaveText(String(overview.leaders))
  const cards = page.getByTestId('top-leaders').getByTestId('leader-card')
  await expect(cards).toHaveCount(overview.top.highestRoi.length)
  const first = overview.top.highestRoi[0]
  expect(first).toBeDefined()
  if (!first) return
  await expect(cards.first()).toContainText(first.nickname)

  await page.getByRole('radio', { name: 'Steadiest' }).click()
  await expect(page.getByTestId('top-leaders')).toHaveAttribute('data-category', 'steadiest')
  const steadiest = overview.top.steadiest[0]
  if (steadiest) await expect(cards.first()).toContainText(steadiest.nickname)

  await page.getByRole('radio', { name: 'Spot' }).click()
  const spot = copyOverviewResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/overview?biz=spot')).json(),
  ).data
  const spotFirst = spot.top.steadiest[0]
  if (spotFirst) await expect(cards.first()).toContainText(spotFirst.nickname)

  // A card opens the trader's page of their market.
  await page.getByRole('radio', { name: 'Futures' }).click()
  await page.getByRole('radio', { name: 'Highest ROI' }).click()
  await cards.first().getByRole('link', { name: first.nickname }).click()
  await expect(page).toHaveURL(new RegExp(`/copy-trading/futures-trader/${first.leaderId}$`))
  await expect(page.getByTestId('nickname')).toHaveText(first.nickname)

  await page.goBack()
  const query = first.nickname.slice(0, 4)
  await page.getByRole('searchbox', { name: 'Search lead traders by nickname' }).fill(query)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(new RegExp(`/copy-trading/futures\\?q=${encodeURIComponent(query)}`))
})
