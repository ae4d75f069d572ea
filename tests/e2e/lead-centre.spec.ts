/**
 * The leader centre: a fresh funded user sees the checklist to lead, becomes a futures lead trader,
 * removes a follower, changes a setting (kept after a reload) and their nickname (shown on their
 * public page), then stops leading. Signed out, the page sends them to the login page and back.
 * A leader with more followers than a page holds pages through them, and through their profit share.
 */
import { expect, test } from '@playwright/test'
import { COPY_PAGES } from '#/app.config.ts'
import { myLeaderProfileResponseSchema } from '#/contract/index.ts'
import { freshAccount, signInWith, testAddress, waitForHydration } from './helpers.ts'

test('signed out, the leader centre asks to log in first', async ({ page }) => {
  await page.goto('/copy-trading/lead')
  await expect(page).toHaveURL(/\/login\?redirectUrl=%2Fcopy-trading%2Flead$/)
})

test('becomes a lead trader, changes a setting and the public nickname', async ({ page, request }) => {
  test.setTimeout(90_000)
  const address = testAddress()
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  const token = await freshAccount(request, address)
  await signInWith(page, token)

  await page.goto('/copy-trading/lead')
  await waitForHydration(page)
  const checklist = page.getByTestId('requirements')
  await expect(checklist).toHaveAttribute('data-eligible', 'true')
  await expect(checklist.getByTestId('requirement')).toHaveCount(3)
  await expect(checklist.locator('[data-key="min-balance"]')).toContainText('USDT is required')

  // Futures is the market chosen first; the terms keep their defaults.
  await page.getByRole('radio', { name: 'Futures' }).click()
  await expect(page.getByRole('radio', { name: 'Futures' })).toHaveAttribute('aria-checked', 'true')
  const first = `Lead${Math.floor(Math.random() * 1e6)}`
  await page.getByLabel('Nickname followers see').fill(first)
  await page.getByRole('button', { name: 'Become a lead trader' }).dblclick()
  await expect(page.getByText('Welcome, lead trader. Followers can copy you now.')).toBeVisible()
  await expect(page.getByTestId('leader-dashboard')).toBeVisible()
  // The double click applied once: no second, refused application.
  await expect(page.getByText('You are already a lead trader.')).toHaveCount(0)
  await expect(page.getByTestId('lead-nickname')).toHaveText(first)

  // Someone copies the new leader; the leader removes them after confirming.
  const profile = myLeaderProfileResponseSchema.parse(
    await (
      await request.get('/spotapi/copy/v1/leader/settings', { headers: { authorization: `Bearer ${token}` } })
    ).json(),
  )
  const follower = await freshAccount(request, address)
  const follow = await request.post('/spotapi/copy/v1/copies', {
    headers: { authorization: `Bearer ${follower}` },
    data: { leaderId: profile.data.leaderId, mode: 'fixed', fixedAmount: '100', investment: '500' },
  })
  expect(follow.status(), await follow.text()).toBe(200)
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByTestId('follower')).toHaveCount(1)
  await page.getByTestId('remove-follower').click()
  await page.getByTestId('remove-follower-confirm').dblclick()
  await expect(page.getByText(/^\S+ no longer copies you\.$/)).toBeVisible()
  await expect(page.getByText('This follower no longer copies you.')).toHaveCount(0)
  await expect(page.getByText('Nobody copies you yet.', { exact: false })).toBeVisible()

  // A setting: the maximum of followers, saved, and still there after a reload.
  const settings = page.getByTestId('lead-settings')
  await settings.getByLabel('Maximum followers').fill('42')
  await settings.getByRole('radio', { name: 'Paused' }).click()
  await settings.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Your settings are saved.')).toBeVisible()
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByTestId('lead-settings').getByLabel('Maximum followers')).toHaveValue('42')
  await expect(page.getByTestId('lead-status')).toHaveAttribute('data-status', 'paused')

  // A profit share above the maximum stays as typed and is refused on saving, naming the cap; a bad value is explained
  // and kept.
  const again = page.getByTestId('lead-settings')
  await again.getByLabel('Profit share').fill('45')
  await expect(again.getByLabel('Profit share')).toHaveValue('45')
  await again.getByRole('button', { name: 'Save settings' }).click()
  await expect(again.getByText(/30 %/)).toBeVisible()
  await expect(again.getByLabel('Profit share')).toHaveValue('45')
  await again.getByLabel('Profit share').fill('30')
  await again.getByLabel('Maximum followers').fill('0')
  await again.getByRole('button', { name: 'Save settings' }).click()
  await expect(again.getByText('Enter a whole number from 1 to 10,000.')).toBeVisible()
  await expect(again.getByLabel('Maximum followers')).toHaveValue('0')

  // The public profile: a new nickname, shown on the public page.
  const renamed = `Renamed${Math.floor(Math.random() * 1e6)}`
  const info = page.getByTestId('lead-info')
  await info.getByLabel('Nickname', { exact: true }).fill(renamed)
  await info.getByRole('checkbox', { name: 'Steady' }).check()
  // The avatar's radio button is hidden behind its picture: a press on the picture chooses it. The
  // presets are shared (the simulated leaders' own faces are not offered), so any leader may take one.
  await expect(info.getByTestId('avatars').getByRole('radio')).toHaveCount(13)
  await info.getByTestId('avatars').getByTitle('Orbit').click()
  await expect(info.getByRole('radio', { name: 'Orbit' })).toBeChecked()
  await info.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('Your profile is saved.')).toBeVisible()
  await expect(page.getByTestId('lead-nickname')).toHaveText(renamed)

  const saved = myLeaderProfileResponseSchema.parse(
    await (
      await request.get('/spotapi/copy/v1/leader/settings', { headers: { authorization: `Bearer ${token}` } })
    ).json(),
  )
  expect(saved.data.avatar).toBe('/avatars/presets/orbit.svg')

  await page.getByTestId('public-page').click()
  await expect(page).toHaveURL(/\/copy-trading\/gemw\/\d+/)
  await expect(page.getByTestId('nickname')).toHaveText(renamed)

  // Stopping to lead, after confirming: the checklist is back.
  await page.goBack()
  await waitForHydration(page)
  await page.getByTestId('stop-leading').click()
  await page.getByTestId('stop-leading-confirm').click()
  await expect(page.getByText('You no longer lead.', { exact: false })).toBeVisible()
  await expect(page.getByTestId('become-leader')).toBeVisible()
})

test("a nickname another leader has is refused on its field, in the page's language", async ({ page, request }) => {
  test.setTimeout(90_000)
  const address = testAddress()
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  const auth = (token: string) => ({ authorization: `Bearer ${token}` })
  const taken = `Taken${Math.floor(Math.random() * 1e6)}`
  const other = await freshAccount(request, address)
  const first = await request.post('/spotapi/copy/v1/leader/apply', {
    headers: auth(other),
    data: { biz: 'futures', nickname: taken },
  })
  expect(first.status(), await first.text()).toBe(200)
  const token = await freshAccount(request, address)
  const own = `Mine${Math.floor(Math.random() * 1e6)}`
  const applied = await request.post('/spotapi/copy/v1/leader/apply', {
    headers: auth(token),
    data: { biz: 'futures', nickname: own },
  })
  expect(applied.status(), await applied.text()).toBe(200)
  await signInWith(page, token)

  const texts = [
    ['', 'Another leader already uses this nickname. Choose another one.'],
    ['/ar_AE', 'يستخدم متداول رئيسي آخر هذا الاسم المستعار. اختر اسمًا آخر.'],
  ] as const
  for (const [prefix, text] of texts) {
    await page.goto(`${prefix}/copy-trading/lead`)
    await waitForHydration(page)
    const info = page.getByTestId('lead-info')
    const nickname = info.locator('input[name="nickname"]')
    // Nicknames compare ignoring letter case: the other leader's in capitals is still theirs.
    await nickname.fill(taken.toUpperCase())
    await info.locator('button[type="submit"]').click()
    await expect(nickname).toHaveAttribute('aria-invalid', 'true')
    await expect(nickname).toHaveAccessibleDescription(text)
    await expect(nickname).toHaveValue(taken.toUpperCase())
    // Typing again answers the refusal; the nickname kept is the leader's own.
    await nickname.fill(own)
    await expect(nickname).not.toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByTestId('lead-nickname')).toHaveText(own)
  }
})

test('the followers of a leader come a page at a time', async ({ page, request }) => {
  test.setTimeout(120_000)
  const address = testAddress()
  const leader = await freshAccount(request, address)
  const auth = (token: string) => ({ authorization: `Bearer ${token}` })
  const applied = await request.post('/spotapi/copy/v1/leader/apply', {
    headers: auth(leader),
    data: { biz: 'futures', nickname: `Paged${Math.floor(Math.random() * 1e6)}`, maxFollowers: 50 },
  })
  expect(applied.status(), await applied.text()).toBe(200)
  const profile = myLeaderProfileResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/leader/settings', { headers: auth(leader) })).json(),
  )
  // One more follower than a page holds.
  const followers = COPY_PAGES.leadCentre + 1
  for (let i = 0; i < followers; i += 1) {
    // Each from an address of its own: verification codes are limited per client address.
    const follower = await freshAccount(request, testAddress())
    // Each invests its own amount: the names are masked alike, the amounts tell them apart.
    const follow = await request.post('/spotapi/copy/v1/copies', {
      headers: auth(follower),
      data: { leaderId: profile.data.leaderId, mode: 'fixed', fixedAmount: '60', investment: String(100 + i) },
    })
    expect(follow.status(), await follow.text()).toBe(200)
  }

  await signInWith(page, leader)
  await page.goto('/copy-trading/lead')
  await waitForHydration(page)
  const pages = page.getByRole('navigation', { name: 'Pages of followers' })
  await expect(page.getByTestId('follower')).toHaveCount(COPY_PAGES.leadCentre)
  await expect(pages).toContainText('Page 1 of 2')
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled()
  const invested = () => page.getByTestId('follower').locator('td:nth-of-type(1)').allInnerTexts()
  const firstPage = await invested()

  await pages.getByRole('button', { name: 'Next' }).click()
  await expect(pages).toContainText('Page 2 of 2')
  await expect(page.getByTestId('follower')).toHaveCount(1)
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled()
  // Every follower once, across the two pages.
  const all = [...firstPage, ...(await invested())].map((text) => Number.parseFloat(text.replaceAll(',', '')))
  expect(all.toSorted((a, b) => a - b)).toEqual(Array.from({ length: followers }, (_, i) => 100 + i))

  await pages.getByRole('button', { name: 'Previous' }).click()
  await expect(pages).toContainText('Page 1 of 2')
  await expect(page.getByTestId('follower')).toHaveCount(COPY_PAGES.leadCentre)

  // The profit share of each follower pages the same way.
  await page.getByRole('radio', { name: 'Per follower' }).click()
  const shares = page.getByTestId('share-details').locator('tbody tr')
  const sharePages = page.getByRole('navigation', { name: "Pages of followers' profit share" })
  await expect(shares).toHaveCount(COPY_PAGES.leadCentre)
  await sharePages.getByRole('button', { name: 'Next' }).click()
  await expect(sharePages).toContainText('Page 2 of 2')
  await expect(shares).toHaveCount(1)
})
