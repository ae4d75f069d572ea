/**
 * Chain copy: the smart-money wallets are listed with their performance; a user opens one, sees
 * its statistics per period, copies it at a fixed amount through the form and finds the copy in
 * "My copies". Signed out, the copy button sends to the login page and back.
 */
import { expect, test, type APIRequestContext } from '@playwright/test'
import { chainWalletDetailResponseSchema, chainWalletPageResponseSchema } from '#/contract/index.ts'
import { freshAccount, signInWith, testAddress, waitForHydration, watchErrors } from './helpers.ts'

const INVESTMENT = '1000'

async function copyableWallet(request: APIRequestContext) {
  const list = chainWalletPageResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/chain-wallets?pageSize=50')).json(),
  )
  const wallet = list.data.list.find(
    (w) => w.status === 'open' && w.slotsLeft > 0 && Number(w.minCopyAmount) <= Number(INVESTMENT),
  )
  expect(wallet).toBeDefined()
  return wallet
}

test('lists the wallets, opens one and copies it at a fixed amount', async ({ page, request, context }) => {
  test.setTimeout(60_000)
  const address = testAddress()
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': address })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const token = await freshAccount(request, address)
  const wallet = await copyableWallet(request)
  if (!wallet) return
  const detail = chainWalletDetailResponseSchema.parse(
    await (await request.get(`/spotapi/copy/v1/chain-wallets/${wallet.chain}/${wallet.address}`)).json(),
  )

  const errors = watchErrors(page)
  await signInWith(page, token)
  await page.goto('/copy-trading/gemw/chain-copy')
  await waitForHydration(page)
  await expect(page.getByTestId('wallet-card')).not.toHaveCount(0)

  const card = page.locator(`[data-testid="wallet-card"][data-address="${wallet.address}"]`)
  await expect(card).toContainText(wallet.label)
  await card.getByRole('button', { name: 'Copy the address' }).click()
  await expect(page.getByText('Address copied.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(wallet.address)

  // Another order shows the same wallets.
  const count = await page.getByTestId('wallet-card').count()
  await page.getByRole('radio', { name: 'Win rate' }).click()
  await expect(page).toHaveURL(/sort=winRate/)
  await expect(page.getByRole('radio', { name: 'Win rate' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByTestId('wallet-card')).toHaveCount(count)

  await card.getByRole('link', { name: wallet.label }).click()
  await expect(page).toHaveURL(new RegExp(`/copy-trading/gemw/chain-copy/${wallet.chain}/${wallet.address}`))
  await expect(page.getByTestId('chain-wallet')).toBeVisible()
  await expect(page.getByTestId('wallet-address')).toHaveText(wallet.address)

  // The period switch is kept in the address.
  await page.getByRole('radio', { name: 'All' }).click()
  await expect(page).toHaveURL(/period=all/)
  await expect(page.getByTestId('wallet-stats')).toBeVisible()

  // Empty, the form says what is missing and sends nothing.
  await page.getByRole('button', { name: 'Copy this wallet' }).click()
  await expect(page.getByTestId('field-investment')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Enter an amount.').first()).toBeVisible()

  // The filter keeps two decimals; a fixed amount above the investment is refused by the form.
  await page.getByTestId('field-investment').pressSequentially(INVESTMENT)
  await page.getByTestId('field-fixedAmount').pressSequentially('2000.555')
  await expect(page.getByTestId('field-fixedAmount')).toHaveValue('2000.55')
  await page.getByRole('button', { name: 'Copy this wallet' }).click()
  await expect(page.getByText('It cannot be more than your investment.')).toBeVisible()

  await page.getByTestId('field-fixedAmount').fill('50')
  await page.getByTestId('field-copyStopLossPercent').fill('30')
  await page.getByRole('button', { name: 'Copy this wallet' }).click()
  await expect(page.getByText(`You now copy ${wallet.label}.`)).toBeVisible()
  const done = page.getByTestId('follow-done')
  await expect(done).toBeVisible()

  await done.getByRole('link', { name: 'See your copy' }).click()
  await expect(page).toHaveURL(new RegExp(`/copy-trading/gemw/copy-detail/${detail.data.leaderId}$`))
  await expect(page.getByTestId('my-copy')).toHaveAttribute('data-status', 'active')

  await page.goto('/copy-trading/my')
  await waitForHydration(page)
  await expect(page.locator(`[data-testid="copy-card"][data-leader="${detail.data.leaderId}"]`)).toBeVisible()
  expect(errors).toEqual([])
})

test('signed out, the copy button sends to the login page and back', async ({ page, request }) => {
  const wallet = await copyableWallet(request)
  if (!wallet) return
  const path = `/copy-trading/gemw/chain-copy/${wallet.chain}/${wallet.address}`
  await page.goto(path)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Copy this wallet' }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirectUrl') === path)
})

test('an unknown wallet says so, and a path of another shape is not found', async ({ page, request }) => {
  await page.goto('/copy-trading/gemw/chain-copy/ethereum/0x0000000000000000000000000000000000000001')
  await waitForHydration(page)
  await expect(page.getByTestId('wallet-not-found')).toBeVisible()
  expect((await request.get('/copy-trading/gemw/chain-copy/ethereum')).status()).toBe(404)
})
