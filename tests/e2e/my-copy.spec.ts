/**
 * My copy: a user copying the busiest futures trader sees the copy's figures, its open copied
 * positions with live marks, and stops the copy (closing the positions at the market).
 */
import { expect, test } from '@playwright/test'
import { leaderPageResponseSchema, myCopyDetailResponseSchema, sessionResponseSchema } from '../../src/contract/index.ts'
import { waitForHydration } from './helpers.ts'

const ACCOUNT = 'trader@tandem.dev'
const PASSWORD = 'Trader12345'

test('shows my copy with live positions, and stops it', async ({ page, request }) => {
  test.setTimeout(120_000)
  const address = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  const login = sessionResponseSchema.parse(await (await request.post('/spotapi/v2/users/login', { data: { accountType: 'email', account: ACCOUNT, password: PASSWORD }, headers: { 'x-forwarded-for': address } })).json())
  const auth = { authorization: `Bearer ${login.data.token}` }
  const list = leaderPageResponseSchema.parse(await (await request.get('/spotapi/copy/v1/leaders?pageSize=50&biz=futures&hasSlots=true')).json())
  const busiest = [...list.data.list].sort((a, b) => Number(b.stats.tradesPerWeek) - Number(a.stats.tradesPerWeek))[0]
  expect(busiest).toBeDefined()
  if (!busiest) return
  const follow = await request.post('/spotapi/copy/v1/copies', { headers: auth, data: { leaderId: busiest.leaderId, mode: 'fixed', fixedAmount: '200', investment: '5000' } })
  expect([200, 409]).toContain(follow.status())

  // The trader trades on the engine's fast clock: wait for a copied position to be open.
  await expect
    .poll(async () => myCopyDetailResponseSchema.parse(await (await request.get(`/spotapi/copy/v1/my/copies/${busiest.leaderId}`, { headers: auth })).json()).data.openPositions.length, { timeout: 80_000, intervals: [1000] })
    .toBeGreaterThan(0)

  await page.goto(`/login?forwardUrl=${encodeURIComponent(`/copy-trading/gemw/copy-detail/${busiest.leaderId}`)}`)
  await waitForHydration(page)
  await page.getByLabel('Email').fill(ACCOUNT)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page.getByTestId('my-copy')).toHaveAttribute('data-status', 'active')
  const mark = page.getByTestId('mark').first()
  await expect(mark).toBeVisible()
  const before = await mark.textContent()
  await expect.poll(() => mark.textContent(), { timeout: 20_000 }).not.toBe(before)

  await page.getByTestId('stop-copy').click()
  await expect(page.getByText('You stopped copying this trader.')).toBeVisible()
  await expect(page.getByTestId('my-copy')).toHaveAttribute('data-status', 'cancelled')
})
