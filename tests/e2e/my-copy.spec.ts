/**
 * My copy: a user copying the busiest futures trader sees the copy's figures, its open copied
 * positions with live marks, and stops the copy (closing the positions at the market, after saying so), which then
 * says it stopped.
 */
import { expect, test } from '@playwright/test'
import { leaderPageResponseSchema, myCopyDetailResponseSchema } from '#/contract/index.ts'
import { freshAccount, signInWith, testAddress, waitForHydration } from './helpers.ts'

test('shows my copy with live positions, and stops it', async ({ page, request }) => {
  test.setTimeout(120_000)
  const address = testAddress()
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  const token = await freshAccount(request, address)
  const auth = { authorization: `Bearer ${token}` }
  const list = leaderPageResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/leaders?pageSize=50&biz=futures&hasSlots=true')).json(),
  )
  const busiest = [...list.data.list].sort((a, b) => Number(b.stats.tradesPerWeek) - Number(a.stats.tradesPerWeek))[0]
  expect(busiest).toBeDefined()
  if (!busiest) return
  const follow = await request.post('/spotapi/copy/v1/copies', {
    headers: auth,
    data: { leaderId: busiest.leaderId, mode: 'fixed', fixedAmount: '200', investment: '5000' },
  })
  expect(follow.status(), await follow.text()).toBe(200)

  // The trader trades on the engine's fast clock: wait for a copied position to be open.
  await expect
    .poll(
      async () =>
        myCopyDetailResponseSchema.parse(
          await (await request.get(`/spotapi/copy/v1/my/copies/${busiest.leaderId}`, { headers: auth })).json(),
        ).data.openPositions.length,
      { timeout: 80_000, intervals: [1000] },
    )
    .toBeGreaterThan(0)

  // Signed in with the same session (the login form has its own specs).
  await signInWith(page, token)
  await page.goto(`/copy-trading/gemw/copy-detail/${busiest.leaderId}`)
  await waitForHydration(page)
  await expect(page.getByTestId('my-copy')).toHaveAttribute('data-status', 'active')
  const mark = page.getByTestId('mark').first()
  await expect(mark).toBeVisible()
  const before = await mark.textContent()
  await expect.poll(() => mark.textContent(), { timeout: 20_000 }).not.toBe(before)

  // Stopping asks first, and says what happens to the open positions.
  await page.getByTestId('stop-copy').click()
  await expect(page.getByTestId('stop-copy-consequence')).toContainText('are closed at the market price')
  await expect(page.getByText('You stopped copying this trader.')).toBeHidden()
  await page.getByTestId('stop-copy-confirm').click()
  await expect(page.getByText('You stopped copying this trader.')).toBeVisible()
  // A stopped copy says it stopped, with its final figures and nothing to stop or edit, after a reload too.
  for (const reloaded of [false, true]) {
    if (reloaded) {
      await page.reload()
      await waitForHydration(page)
    }
    const copy = page.getByTestId('my-copy')
    await expect(copy).toHaveAttribute('data-status', 'cancelled')
    await expect(page.getByTestId('copy-ended')).toContainText('Stopped on')
    await expect(copy.getByRole('heading', { level: 2 })).not.toContainText('Copying')
    await expect(page.getByTestId('stop-copy')).toHaveCount(0)
    await expect(page.getByTestId('edit-copy')).toHaveCount(0)
  }
})
