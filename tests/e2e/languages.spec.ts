import { expect, test, type Page } from '@playwright/test'
import { freshCredentials, testAddress, waitForHydration } from './helpers.ts'

async function offeredLanguages(page: Page) {
  await page.getByTestId('language-menu').locator('summary').click()
  const labels = await page.getByTestId('language-menu').getByRole('link').allTextContents()
  await page.getByTestId('language-menu').locator('summary').click()
  return labels
}

const stored = (page: Page) =>
  page.evaluate(() => ({
    language: localStorage.getItem('language'),
    selected: JSON.parse(localStorage.getItem('tandem_LANGUAGE') ?? 'null') as unknown,
    available: JSON.parse(localStorage.getItem('availableLanguage') ?? 'null') as unknown,
    anchor: JSON.parse(localStorage.getItem('userAnchorInfo') ?? 'null') as unknown,
  }))

test("a native shell's language list holds for the whole session, until it sends a new one", async ({
  page,
  browser,
}) => {
  await page.goto('/copy-trading/gemw?clientSupperLanguage=en_US,ar_AE')
  await waitForHydration(page)
  expect(await offeredLanguages(page)).toEqual(['English', 'العربية'])
  expect((await stored(page)).available).toEqual(['en_US', 'ar_AE'])

  // An in-app navigation (the address no longer carries the list) keeps it, and so does a full load of another page.
  await page.getByRole('banner').getByRole('link', { name: 'Markets' }).first().click()
  await expect(page).toHaveURL(/\/markets$/)
  expect(await offeredLanguages(page)).toEqual(['English', 'العربية'])
  await page.goto('/copy-trading/spot')
  await waitForHydration(page)
  expect(await offeredLanguages(page)).toEqual(['English', 'العربية'])

  // A new list replaces it.
  await page.goto('/?clientSupperLanguage=ja_JP,en_US')
  await waitForHydration(page)
  await page.goto('/markets')
  await waitForHydration(page)
  expect(await offeredLanguages(page)).toEqual(['English', '日本語'])

  // Another session (a browser without the shell's cookie) is offered every language.
  const other = await browser.newContext()
  const fresh = await other.newPage()
  await fresh.goto('/markets')
  await waitForHydration(fresh)
  expect(await offeredLanguages(fresh)).toHaveLength(13)
  await other.close()
})

test("a user's language follows them to a new device: at sign-in and on an unprefixed address, never over a prefix", async ({
  page,
  request,
}) => {
  const address = testAddress()
  const { account, password, token } = await freshCredentials(request, address)
  const saved = await request.post('/spotapi/v2/users/membership/user-perfenerce/update', {
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address },
    data: { userLanguage: 'fr_FR' },
  })
  expect(saved.status()).toBe(200)

  await page.goto('/login?forwardUrl=%2Fcopy-trading%2Fspot')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(account)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page).toHaveURL(/\/fr_FR\/copy-trading\/spot$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR')

  await page.goto('/markets')
  await expect(page).toHaveURL(/\/fr_FR\/markets$/)
  // An explicit prefix, English's included, is what the address asks for.
  await page.goto('/en_US/markets')
  await waitForHydration(page)
  await expect(page).toHaveURL(/\/en_US\/markets$/)
  await page.goto('/ja_JP/markets')
  await expect(page).toHaveURL(/\/ja_JP\/markets$/)
})

test('the §3 language keys are written for native shells, and the KOL application is remembered for the menu', async ({
  page,
  request,
}) => {
  await page.goto('/ar_AE/markets')
  await waitForHydration(page)
  await expect.poll(async () => (await stored(page)).language).toBe('ar_AE')
  const visitor = await stored(page)
  expect(visitor.selected).toEqual({ name: 'العربية', lang: 'ar_AE', fiatCurrency: 'EUR' })
  expect(visitor.available).toHaveLength(13)

  const address = testAddress()
  const { account, password, token } = await freshCredentials(request, address)
  const applied = await request.post('/spotapi/v2/affiliate/applications', {
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address },
    data: {
      name: 'Lang Tester',
      contact: { type: 'email', value: account },
      channels: [{ platform: 'youtube', url: 'https://youtube.example/lang', audience: 1200 }],
      region: 'Europe',
      message: '',
    },
  })
  expect(applied.status()).toBe(200)
  await page.goto('/login')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(account)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page.getByTestId('account-menu')).toBeVisible()
  await page.goto('/affiliate-register')
  await waitForHydration(page)
  await expect(page.getByTestId('application-status')).toBeVisible()
  await expect.poll(async () => (await stored(page)).anchor).toMatchObject({ status: 'submitted' })
  expect((await stored(page)).language).toBe('en_US')

  await page.getByTestId('account-menu').locator('summary').click()
  await expect(page.getByTestId('affiliate-menu-status')).toHaveText('Application submitted')
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect.poll(async () => (await stored(page)).anchor).toBeNull()
})
