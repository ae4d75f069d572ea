/** A lead trader's page: real data, live marks and unrealized PnL, the period switch in the URL, and 404 for a leader that does not exist. */
import { expect, test } from '@playwright/test'
import { leaderPageResponseSchema, leaderPositionsResponseSchema } from '../../src/contract/index.ts'

type Summary = { leaderId: string; nickname: string }

test('shows the trader with live positions, switches the period in the URL, and 404s an unknown trader', async ({ page, request }) => {
  const list = leaderPageResponseSchema.parse(await (await request.get('/spotapi/copy/v1/leaders?pageSize=50')).json())
  let leader: Summary | undefined
  for (const candidate of list.data.list) {
    const positions = leaderPositionsResponseSchema.parse(await (await request.get(`/spotapi/copy/v1/leaders/${candidate.leaderId}/positions`)).json())
    if (positions.data.length > 0) {
      leader = candidate
      break
    }
  }
  expect(leader, 'a simulated trader with an open position').toBeDefined()
  if (!leader) return

  await page.goto(`/copy-trading/gemw/${leader.leaderId}?period=bogus`)
  await expect(page.getByTestId('nickname')).toHaveText(leader.nickname)
  await expect(page.getByRole('radio', { name: '30 days' })).toHaveAttribute('aria-checked', 'true')
  const mark = page.getByTestId('mark').first()
  const pnl = page.getByTestId('unrealized').first()
  const before = { mark: await mark.textContent(), pnl: await pnl.textContent() }
  // The engine runs at 30×: a market minute every 2 s moves the mark and the PnL with it.
  await expect.poll(async () => ({ mark: await mark.textContent(), pnl: await pnl.textContent() }), { timeout: 20_000 }).not.toEqual(before)

  await page.getByRole('radio', { name: '7 days' }).click()
  await expect(page).toHaveURL(/period=7d/)
  await expect(page.getByRole('radio', { name: '7 days' })).toHaveAttribute('aria-checked', 'true')

  const missing = await page.goto('/copy-trading/gemw/99999999')
  expect(missing?.status()).toBe(404)
})
