/**
 * A 401 anywhere ends the session one way (§2, §4): the cookies go, and the page goes to log in with
 * the way back — after an action on the page, and when a page is opened.
 */
import { expect, test, type Page } from '@playwright/test'
import { leaderPageResponseSchema } from '#/contract/index.ts'
import { freshCredentials, signInWith, testAddress, waitForHydration } from './helpers.ts'

/** The login form in Japanese (the page the session ended on was). */
async function logIn(page: Page, account: string, password: string) {
  await page.getByLabel('メールアドレス').fill(account)
  await page.getByLabel('パスワード', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'ログイン', exact: true }).click()
}

test('a session revoked elsewhere sends an action on a copy-trading page to login, and back after signing in', async ({
  page,
  request,
}) => {
  const address = testAddress()
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  const [leader] = leaderPageResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/leaders?pageSize=1')).json(),
  ).data.list
  if (!leader) throw new Error('no leader')
  const { account, password, token } = await freshCredentials(request, address)
  await signInWith(page, token)
  const leaderPath = `/ja_JP/copy-trading/gemw/${leader.leaderId}`
  await page.goto(leaderPath)
  await waitForHydration(page)

  // Signed out on another device: the token this page's cookie holds is no longer a session.
  expect(
    (
      await request.post('/spotapi/v2/users/logout', {
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address },
      })
    ).status(),
  ).toBe(200)

  // Acting on the page meets the 401 — unless a call the page makes by itself (the live channels' ticket) met it
  // first and the page is already on its way to login: either way, one way out.
  await page
    .getByTestId('watch')
    .click({ timeout: 5000 })
    .catch(() => undefined)
  await expect(page).toHaveURL(
    (url) => url.pathname === '/ja_JP/login' && url.searchParams.get('redirectUrl') === leaderPath,
  )
  expect((await page.context().cookies()).some((c) => c.name === 'correction_token')).toBe(false)

  await waitForHydration(page)
  await logIn(page, account, password)
  await expect(page).toHaveURL(new RegExp(`${leaderPath}$`))
})

test('a page opened with a session that ended answers with the login page and the way back', async ({
  page,
  request,
}) => {
  const address = testAddress()
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  const { token } = await freshCredentials(request, address)
  await signInWith(page, token)
  await request.post('/spotapi/v2/users/logout', {
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address },
  })
  const response = await page.goto('/copy-trading/my')
  await expect(page).toHaveURL(/\/login\?redirectUrl=%2Fcopy-trading%2Fmy$/)
  expect(response?.status()).toBe(200)
})
