/**
 * Copy set-up: the page is for signed-in users (a visitor goes to login and comes back), the form
 * previews the trader's last trade and the what-if replay, a confirmation copies once, and the
 * copy's settings are then edited on my copy (kept after a reload).
 */
import { expect, test } from '@playwright/test'
import { leaderPageResponseSchema, myCopyDetailResponseSchema } from '#/contract/index.ts'
import { freshAccount, signInWith, testAddress, waitForHydration, watchErrors } from './helpers.ts'

test('a visitor logs in first; then sets up a copy, confirms it, and edits its settings', async ({ page, request }) => {
  test.setTimeout(120_000)
  const errors = watchErrors(page)
  const address = testAddress()
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  const list = leaderPageResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/leaders?pageSize=50&biz=futures&hasSlots=true')).json(),
  )
  const leader = list.data.list.find((l) => l.status === 'open' && Number(l.minCopyAmount) <= 1000)
  expect(leader).toBeDefined()
  if (!leader) return
  const setupPath = `/copy-trading/gemw/copy-trader/${leader.leaderId}`

  // Signed out: off to login, with the way back.
  await page.goto(setupPath)
  await expect(page).toHaveURL(/\/login\?redirectUrl=/)
  const back = new URL(page.url()).searchParams.get('redirectUrl')
  expect(back).toBe(setupPath)

  // Signed in (the login form has its own specs), the way back lands on the set-up.
  const token = await freshAccount(request, address)
  await signInWith(page, token)
  await page.goto(back ?? '/')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Copy this lead trader')

  // Nothing valid yet: the fields say what is missing.
  await page.getByRole('button', { name: 'Review and copy' }).click()
  await expect(page.getByText('Enter a value.').first()).toBeVisible()

  const input = (name: string) => page.getByTestId(`field-${name}`)
  // A third decimal is refused at the field, never dropped into another number; nothing is clamped while typing.
  await input('investment').pressSequentially('1000.129')
  await expect(input('investment')).toHaveValue('1000.12')
  await expect(page.getByText('Decimal places allowed here: 2.')).toBeVisible()
  await input('fixedAmount').fill('100')
  await input('stopLoss').fill('150')
  await expect(input('stopLoss')).toHaveValue('150')
  await page.getByRole('button', { name: 'Review and copy' }).click()
  await expect(page.getByText(/^Enter a value from .+ to 100 %\.$/)).toBeVisible()
  await expect(page.getByTestId('confirm-follow')).toHaveCount(0)
  await input('stopLoss').fill('20')

  // The preview of the last trade and the what-if replay follow the settings.
  await expect(page.getByTestId('preview-order').or(page.getByTestId('preview-skip'))).toBeVisible()
  await expect(page.getByTestId('what-if-result')).toHaveAttribute('data-period', '30d')
  await page.getByRole('radio', { name: '7 days' }).click()
  await expect(page.getByTestId('what-if-result')).toHaveAttribute('data-period', '7d')

  await page.getByRole('button', { name: 'Review and copy' }).click()
  await expect(page.getByTestId('confirm-follow')).toBeVisible()
  // The settings are locked while confirming: what is confirmed is what is sent.
  await expect(input('investment')).toBeDisabled()
  await expect(page.getByTestId('confirm-investment')).toHaveText('1,000.1200')
  await expect(page.getByTestId('confirm-fee')).toContainText('0.05%')
  // A double click copies once (a second copy would be refused as already copying).
  await page.getByTestId('confirm-follow-button').dblclick()
  await expect(page).toHaveURL(new RegExp(`/copy-trading/gemw/copy-detail/${leader.leaderId}$`))
  await expect(page.getByText(`You are now copying ${leader.nickname}.`)).toBeVisible()
  await expect(page.getByTestId('my-copy')).toHaveAttribute('data-status', 'active')

  const auth = { authorization: `Bearer ${token}` }
  const detail = myCopyDetailResponseSchema.parse(
    await (await request.get(`/spotapi/copy/v1/my/copies/${leader.leaderId}`, { headers: auth })).json(),
  )
  expect(detail.data.settings).toMatchObject({
    mode: 'fixed',
    fixedAmount: '100',
    stopLossRatio: '0.2',
    investment: '1000.12',
  })

  // Editing: a new total and a new stop loss, saved and still there after a reload.
  const field = (name: string) => page.getByTestId('edit-copy').getByTestId(`field-${name}`)
  await expect(field('stopLoss')).toHaveValue('20')
  await expect(field('investment')).toHaveValue('1000.12')
  await field('investment').fill('1200')
  await field('stopLoss').fill('25')
  // The follow's toast has gone: the one that shows next is the save's.
  const toast = page.locator('[data-sonner-toast][data-type="success"]')
  await expect(toast).toHaveCount(0, { timeout: 10_000 })
  await page.getByTestId('edit-copy').getByRole('button', { name: 'Save settings' }).click()
  await expect(toast).toHaveCount(1)
  await page.reload()
  await waitForHydration(page)
  await expect(field('stopLoss')).toHaveValue('25')
  await expect(field('investment')).toHaveValue('1200')

  await page.getByTestId('pause-copy').click()
  await expect(page.getByTestId('my-copy')).toHaveAttribute('data-status', 'paused')
  expect(errors).toEqual([])
})

test('someone who already copies the trader is shown the way to the copy instead of the form', async ({
  page,
  request,
}) => {
  const address = testAddress()
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  const list = leaderPageResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/leaders?pageSize=50&biz=futures&hasSlots=true')).json(),
  )
  const leader = list.data.list.find((l) => l.status === 'open' && Number(l.minCopyAmount) <= 1000)
  if (!leader) throw new Error('no open trader with slots')
  const token = await freshAccount(request, address)
  const follow = await request.post('/spotapi/copy/v1/copies', {
    headers: { authorization: `Bearer ${token}` },
    data: { leaderId: leader.leaderId, mode: 'fixed', fixedAmount: '50', investment: '1000' },
  })
  expect(follow.status(), await follow.text()).toBe(200)
  await signInWith(page, token)
  await page.goto(`/ar_AE/copy-trading/gemw/copy-trader/${leader.leaderId}`)
  await waitForHydration(page)
  await expect(page.getByTestId('follow-blocked')).toHaveAttribute('data-reason', 'already-copying')
  await page.getByTestId('follow-blocked').getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`/ar_AE/copy-trading/gemw/copy-detail/${leader.leaderId}$`))
})
