/**
 * My copies: a fresh funded user copies two futures traders through the API, stops one, and sees
 * the other among the traders they copy with the totals, and the stopped one in the follow
 * history with why it ended. Signed out, the page sends to the login page and back.
 */
import { expect, test } from '@playwright/test'
import { leaderPageResponseSchema, myCopiesResponseSchema } from '#/contract/index.ts'
import { freshAccount, signInWith, testAddress, waitForHydration, watchErrors } from './helpers.ts'

test('lists my copies with their totals and my follow history', async ({ page, request }) => {
  test.setTimeout(60_000)
  const address = testAddress()
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  const token = await freshAccount(request, address)
  const auth = { authorization: `Bearer ${token}` }
  const list = leaderPageResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/leaders?pageSize=50&biz=futures&hasSlots=true')).json(),
  )
  const [kept, stopped] = list.data.list.filter((l) => l.status === 'open' && Number(l.minCopyAmount) <= 1000)
  expect(kept).toBeDefined()
  expect(stopped).toBeDefined()
  if (!kept || !stopped) return
  for (const leader of [kept, stopped]) {
    const follow = await request.post('/spotapi/copy/v1/copies', {
      headers: auth,
      data: { leaderId: leader.leaderId, mode: 'fixed', fixedAmount: '100', investment: '1000' },
    })
    expect(follow.status(), await follow.text()).toBe(200)
  }
  const cancel = await request.delete(`/spotapi/copy/v1/copies/${stopped.leaderId}?closePositions=true`, {
    headers: auth,
  })
  expect(cancel.status(), await cancel.text()).toBe(200)
  const mine = myCopiesResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/my/copies', { headers: auth })).json(),
  )
  expect(mine.data.list.map((c) => c.leaderId)).toEqual([kept.leaderId])

  const errors = watchErrors(page)
  await signInWith(page, token)
  await page.goto('/copy-trading/my')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My copies')

  const totals = page.getByTestId('copy-totals')
  await expect(totals).toContainText('Invested (USDT)')
  await expect(totals).toContainText('1,000.00')
  await expect(totals).toContainText('Profit share paid (USDT)')

  const cards = page.getByTestId('copy-card')
  await expect(cards).toHaveCount(1)
  const card = cards.first()
  await expect(card).toHaveAttribute('data-leader', kept.leaderId)
  await expect(card).toContainText(kept.nickname)
  await expect(card).toContainText('Active')
  // The rate this copy pays (agreed when it began).
  await expect(card.getByTestId('copy-share-rate')).toContainText('Profit share')

  const history = page.getByTestId('history-item')
  await expect(history).toHaveCount(1)
  await expect(history.first()).toHaveAttribute('data-reason', 'cancel')
  await expect(history.first()).toContainText(stopped.nickname)
  await expect(history.first()).toContainText('You stopped copying')

  // The card opens my copy of that trader.
  await card.getByRole('link', { name: kept.nickname }).click()
  await expect(page).toHaveURL(new RegExp(`/copy-trading/gemw/copy-detail/${kept.leaderId}$`))
  await expect(page.getByTestId('my-copy')).toHaveAttribute('data-status', 'active')
  await expect(page.getByTestId('my-copy')).toContainText('Profit share rate')

  // Total assets keep the money in the copy account, and say where it is.
  await page.getByTestId('account-menu').locator('summary').click()
  await expect(page.getByTestId('total-assets-wallets')).toContainText('Wallets')
  await expect(page.getByTestId('total-assets-copies')).toContainText(/Copy trading\s*[\d,]+\.\d{4}/)
  expect(errors).toEqual([])
})

test('a new user sees where to find traders to copy', async ({ page, request }) => {
  const address = testAddress()
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  await signInWith(page, await freshAccount(request, address))
  await page.goto('/ar_AE/copy-trading/my')
  await waitForHydration(page)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByTestId('empty-state')).toBeVisible()
  await page.getByTestId('empty-state').getByRole('link').click()
  await expect(page).toHaveURL(/\/ar_AE\/copy-trading\/futures$/)
})

test('signed out, my copies sends to the login page and back', async ({ page }) => {
  await page.goto('/copy-trading/my')
  await expect(page).toHaveURL(/\/login\?redirectUrl=%2Fcopy-trading%2Fmy$/)
})
