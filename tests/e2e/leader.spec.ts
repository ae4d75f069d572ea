/**
 * A lead trader's page: real data, live marks and unrealized PnL, the period switch in the URL, and 404 for a leader
 * that does not exist.
 */
import { expect, test } from '@playwright/test'
import {
  leaderDetailResponseSchema,
  leaderPageResponseSchema,
  leaderPositionsResponseSchema,
  myLeaderProfileResponseSchema,
} from '#/contract/index.ts'
import { freshAccount, signInWith, testAddress, waitForHydration } from './helpers.ts'

type Summary = { leaderId: string; nickname: string }

test('shows the trader with live positions, switches the period in the URL, and 404s an unknown trader', async ({
  page,
  request,
}) => {
  const list = leaderPageResponseSchema.parse(await (await request.get('/spotapi/copy/v1/leaders?pageSize=50')).json())
  let leader: Summary | undefined
  for (const candidate of list.data.list) {
    const positions = leaderPositionsResponseSchema.parse(
      await (await request.get(`/spotapi/copy/v1/leaders/${candidate.leaderId}/positions`)).json(),
    )
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
  await expect
    .poll(async () => ({ mark: await mark.textContent(), pnl: await pnl.textContent() }), { timeout: 20_000 })
    .not.toEqual(before)

  await page.getByRole('radio', { name: '7 days' }).click()
  await expect(page).toHaveURL(/period=7d/)
  await expect(page.getByRole('radio', { name: '7 days' })).toHaveAttribute('aria-checked', 'true')

  const missing = await page.goto('/copy-trading/gemw/99999999')
  expect(missing?.status()).toBe(404)
})

test('charts the period with a text summary, lists the copiers, and likes and watches the trader', async ({
  page,
  request,
}) => {
  const address = testAddress()
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  const [leader] = leaderPageResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/leaders?pageSize=1&sort=followers')).json(),
  ).data.list
  expect(leader).toBeDefined()
  if (!leader) return
  const token = await freshAccount(request, address)
  await signInWith(page, token)
  await page.goto(`/copy-trading/futures-trader/${leader.leaderId}`)
  await waitForHydration(page)
  await expect(page.getByTestId('chart-summary')).toContainText('ROI from')
  await expect(page.getByTestId('performance-chart')).toHaveAttribute('data-ready', 'true')
  await page.getByRole('radio', { name: 'PnL' }).click()
  await expect(page.getByTestId('chart-summary')).toContainText('PnL from')
  await expect(page.getByTestId('followers').locator('tbody tr').first()).toBeVisible()

  const like = page.getByTestId('like')
  const likesBefore = Number(await like.innerText())
  await like.dblclick()
  await expect(page.getByText('Thank you, your vote is saved.').first()).toBeVisible()
  await expect(like).toHaveAttribute('aria-pressed', 'true')
  await expect(like).toHaveText(String(likesBefore + 1))
  await page.getByTestId('watch').click()
  await expect(page.getByTestId('watch')).toHaveAttribute('aria-pressed', 'true')
  const detail = leaderDetailResponseSchema.parse(
    await (
      await request.get(`/spotapi/copy/v1/leaders/${leader.leaderId}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json(),
  ).data
  expect(detail).toMatchObject({ myVote: 1, watched: true, likes: likesBefore + 1 })
  await page.reload()
  await expect(page.getByTestId('like')).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('watch')).toHaveAttribute('aria-pressed', 'true')
})

test('a legacy trader link lands on the trader’s page with its query kept', async ({ page, request }) => {
  const [leader] = leaderPageResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/leaders?pageSize=1')).json(),
  ).data.list
  expect(leader).toBeDefined()
  if (!leader) return
  await page.goto(`/followup/trader?type=futures&id=${leader.leaderId}&period=7d`)
  await expect(page).toHaveURL(new RegExp(`/copy-trading/futures-trader/${leader.leaderId}\\?period=7d$`))
  await expect(page.getByTestId('nickname')).toHaveText(leader.nickname)
  await expect(page.getByRole('radio', { name: '7 days' })).toHaveAttribute('aria-checked', 'true')
})

test('a leader page is titled with the trader’s nickname', async ({ page, request }) => {
  const [leader] = leaderPageResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/leaders?pageSize=1')).json(),
  ).data.list
  expect(leader).toBeDefined()
  if (!leader) return
  for (const route of ['gemw', 'futures-trader', 'spot-trader']) {
    const html = await (await request.get(`/copy-trading/${route}/${leader.leaderId}`)).text()
    expect(html, `${route}: the server's title`).toMatch(/<title>[^<]+ · [^<]+ \| Tandem<\/title>/)
    await page.goto(`/copy-trading/${route}/${leader.leaderId}`)
    await waitForHydration(page)
    await expect.poll(() => page.title(), { message: route }).toContain(leader.nickname)
  }
  // Another period loads the page again: the title stays the trader's.
  await page.getByRole('radio', { name: '7 days' }).click()
  await expect(page).toHaveURL(/period=7d/)
  await expect.poll(() => page.title()).toContain(leader.nickname)
})

test('a leader id that is not a number fails route validation, on every page that takes one', async ({
  page,
  request,
}) => {
  for (const path of ['/copy-trading/gemw/abc', '/copy-trading/futures-trader/abc', '/copy-trading/spot-trader/1e3']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByTestId('error-message')).toHaveText(`Page Not Found: ${path}`)
  }
  // The copy set-up and my copy are behind the login: signed in, they reach their own validation.
  const address = testAddress()
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  await signInWith(page, await freshAccount(request, address))
  for (const path of ['/copy-trading/gemw/copy-trader/abc', '/copy-trading/gemw/copy-detail/abc']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByTestId('error-message')).toHaveText(`Page Not Found: ${path}`)
  }
})

test('a leader with less than a week of history is marked New beside trades per week; a seasoned one is not', async ({
  page,
  request,
}) => {
  const address = testAddress()
  const token = await freshAccount(request, address)
  const auth = { authorization: `Bearer ${token}`, 'x-forwarded-for': address }
  const applied = await request.post('/spotapi/copy/v1/leader/apply', { headers: auth, data: { biz: 'futures' } })
  expect(applied.status(), await applied.text()).toBe(200)
  const profile = myLeaderProfileResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/leader/settings', { headers: auth })).json(),
  )
  await page.goto(`/copy-trading/futures-trader/${profile.data.leaderId}`)
  await expect(page.getByTestId('figure-badge')).toHaveText('New')
  await expect(page.locator('dl > div', { has: page.getByTestId('figure-badge') })).toContainText('Trades per week')

  // The simulated traders have 30 days of history.
  const [seasoned] = leaderPageResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/leaders?pageSize=1')).json(),
  ).data.list
  expect(seasoned?.isNew).toBe(false)
  await page.goto(`/copy-trading/futures-trader/${seasoned?.leaderId ?? ''}`)
  await expect(page.getByTestId('nickname')).toHaveText(seasoned?.nickname ?? '')
  await expect(page.getByTestId('figure-badge')).toHaveCount(0)
})
