import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { VERIFICATION } from '#/app.config.ts'
import { waitForHydration, watchErrors } from './helpers.ts'

/** Each test comes from its own address, so per-IP rate limits belong to the test that trips them. */
async function freshAddress(context: BrowserContext) {
  const part = () => Math.floor(Math.random() * 250) + 1
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.${part()}.${part()}.${part()}` })
}

function uniqueEmail() {
  return `e2e.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`
}

/** What a newcomer does: follows the sandbox link under the code field and reads the code in the inbox tab it opens. */
async function codeFromInboxLink(page: Page, address: string): Promise<string> {
  const link = page.getByRole('link', { name: 'Sandbox: read your code in the inbox (opens in a new tab)' })
  await expect(link).toHaveAttribute('target', '_blank')
  const [inbox] = await Promise.all([page.context().waitForEvent('page'), link.click()])
  // The inbox is a page of the site, in the page's language and theme (QA S4 33).
  await expect(inbox).toHaveURL(
    new RegExp(`/sandbox-inbox\\?address=${encodeURIComponent(address).replace(/\./g, '\\.')}$`),
  )
  await expect(inbox.getByRole('region', { name: `Codes sent to ${address}` })).toBeVisible()
  const code = (await inbox.getByTestId('inbox-message').first().locator('code').textContent()) ?? ''
  await inbox.close()
  return code
}

async function logIn(page: Page, account: string, password: string) {
  await waitForHydration(page)
  await page.getByLabel('Email').fill(account)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
}

test.beforeEach(async ({ context }) => freshAddress(context))

test('register with an emailed code → signed in → log out → log in with forwardUrl → lands there', async ({ page }) => {
  const errors = watchErrors(page)
  const email = uniqueEmail()
  await page.goto('/register')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('Secret123')
  await page.getByTestId('send-code').click()
  await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible()
  await expect(page.getByTestId('send-code')).toBeDisabled()
  await page.getByLabel('Verification code').fill(await codeFromInboxLink(page, email))
  await page.getByLabel(/I have read and agree/).check()
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByTestId('account-menu')).toBeVisible()

  await page.getByTestId('account-menu').locator('summary').click()
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible()
  await expect(page.getByText('You are logged out.')).toBeVisible()

  await page.goto('/login?forwardUrl=%2Fcopy-trading%2Fspot%3Fsort%3Droi')
  await logIn(page, email, 'Secret123')
  await expect(page).toHaveURL(/\/copy-trading\/spot\?sort=roi$/)
  await expect(page.getByTestId('account-menu')).toBeVisible()
  expect(errors).toEqual([])
})

for (const forwardUrl of ['//evil.example/steal', 'javascript:alert(1)', 'https://evil.example/']) {
  test(`forwardUrl=${forwardUrl} lands on home`, async ({ page }) => {
    await page.goto(`/login?forwardUrl=${encodeURIComponent(forwardUrl)}`)
    await logIn(page, 'trader@tandem.dev', 'Trader12345')
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:3210\/$/)
  })
}

test('a session that ends mid-way (401) goes to login with redirectUrl, then back', async ({ page, context }) => {
  await page.goto('/zh_CN/login')
  await waitForHydration(page)
  await page.getByRole('textbox').first().fill('demo@tandem.dev')
  await page.locator('input[name="password"]').fill('Demo12345')
  await page.locator('button[type="submit"]').click()
  await expect(page.getByTestId('account-menu')).toBeVisible()
  await page.evaluate(() => localStorage.setItem('userMenu', '["x"]'))

  // The session is revoked behind the page's back (another device logged it out).
  const token = (await context.cookies()).find((c) => c.name === 'correction_token')?.value ?? ''
  expect(token).not.toBe('')
  const revoked = await page.request.post('/spotapi/v2/users/logout', { headers: { authorization: `Bearer ${token}` } })
  expect(revoked.status()).toBe(200)

  await page.goto('/zh_CN/copy-trading/my?tab=open')
  await expect(page).toHaveURL(/\/zh_CN\/login\?redirectUrl=%2Fzh_CN%2Fcopy-trading%2Fmy%3Ftab%3Dopen$/)
  expect((await context.cookies()).find((c) => c.name === 'correction_token')).toBeUndefined()
  expect(await page.evaluate(() => localStorage.getItem('userMenu'))).toBeNull()

  await waitForHydration(page)
  await page.getByRole('textbox').first().fill('demo@tandem.dev')
  await page.locator('input[name="password"]').fill('Demo12345')
  await page.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/\/zh_CN\/copy-trading\/my\?tab=open$/)
})

test('a wrong password six times shows the rate-limit message; the form keeps what was typed', async ({ page }) => {
  await page.goto('/login')
  await waitForHydration(page)
  const email = uniqueEmail()
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await logIn(page, email, 'Wrong12345')
    // After a few wrong passwords the exchange asks for the security check once; from then on the form carries one.
    await expect(page.getByTestId('form-error')).toHaveText(
      attempt === VERIFICATION.loginFailuresBeforeVerification
        ? 'Complete the security check below, then try again.'
        : 'The account or password is incorrect.',
    )
  }
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page.getByTestId('form-error')).toHaveText(/^Too many attempts\. Try again in \d+ seconds\.$/)
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Wrong12345')
})

test('invalid input is explained inline and nothing typed is lost', async ({ page }) => {
  await page.goto('/register')
  await waitForHydration(page)
  await page.getByLabel('Email').fill('someone+tag@example.com')
  await page.getByLabel('Password', { exact: true }).fill('short')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Registration emails cannot contain a plus sign (+).')).toBeVisible()
  await expect(page.getByText('Use 8 to 64 characters.')).toBeVisible()
  await expect(page.getByText('Enter the 6-digit code.')).toBeVisible()
  await expect(page.getByText('Accept the terms to continue.')).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue('someone+tag@example.com')

  await page.getByRole('radio', { name: 'Mobile' }).click()
  await page.getByLabel('Mobile number').pressSequentially('13a8-00 1')
  await expect(page.getByLabel('Mobile number')).toHaveValue('138001')
  await page.getByLabel('Verification code').pressSequentially('12x3456789')
  await expect(page.getByLabel('Verification code')).toHaveValue('123456')
})

test('a signed-in user reaches guarded pages; the affiliate application is stored and shown', async ({ page }) => {
  await page.goto('/login?redirectUrl=%2Faffiliate-register')
  await logIn(page, 'trader@tandem.dev', 'Trader12345')
  await expect(page).toHaveURL(/\/affiliate-register$/)
  const status = page.getByTestId('application-status')
  if (!(await status.isVisible())) {
    await page.getByLabel('Your name or brand').fill("Trader's Desk 交易台")
    await page.getByLabel('Contact', { exact: true }).fill('trader@tandem.dev')
    await page.getByLabel('Link', { exact: true }).fill('https://www.youtube.com/@tradersdesk')
    await page.getByLabel('Audience', { exact: true }).fill('125000')
    await page.getByLabel('Main audience region').fill('Southeast Asia')
    await page.getByRole('button', { name: 'Submit application' }).click()
  }
  await expect(status).toBeVisible()
  await expect(status).toHaveAttribute('data-status', 'submitted')
  await page.reload()
  await expect(page.getByTestId('application-status')).toContainText("Trader's Desk 交易台")

  const response = await page.goto('/copy-trading/lead')
  expect(response?.status()).toBe(200)
  await waitForHydration(page)
  await page.getByTestId('account-menu').locator('summary').click()
  await expect(page.getByTestId('total-assets')).toHaveText(/^Total assets ≈ [\d,]+\.\d{4} USDT≈ \$[\d,]+\.\d{2}$/)
})

test('a visitor keeps preferences across a reload', async ({ page }) => {
  await page.goto('/copy-trading/gemw')
  await waitForHydration(page)
  await page.getByTestId('preferences').locator('summary').click()
  await page.getByLabel('Pricing currency').selectOption('EUR')
  await page.getByLabel('Compact tiny and huge numbers').uncheck()
  await expect(page.getByTestId('preferences-status')).toHaveText('Saved in this browser.')
  await page.reload()
  await waitForHydration(page)
  await page.getByTestId('preferences').locator('summary').click()
  await expect(page.getByLabel('Pricing currency')).toHaveValue('EUR')
  await expect(page.getByLabel('Compact tiny and huge numbers')).not.toBeChecked()
})

test("a user's preferences follow them to a new browser", async ({ page, browser }) => {
  const loginWithMobile = async (target: Page) => {
    await target.goto('/login')
    await waitForHydration(target)
    await target.getByRole('radio', { name: 'Mobile' }).click()
    await target.getByLabel('Mobile number').fill('13800138000')
    await target.getByLabel('Password', { exact: true }).fill('Mobile12345')
    await target.getByRole('button', { name: 'Log in', exact: true }).click()
    await expect(target.getByTestId('account-menu')).toBeVisible()
  }
  await loginWithMobile(page)
  await page.getByTestId('preferences').locator('summary').click()
  await page.getByLabel('Pricing currency').selectOption('JPY')
  await expect(page.getByTestId('preferences-status')).toHaveText(
    'Saved to your account: they follow you to any device.',
  )
  await page.getByLabel('Language of messages and emails').selectOption('ja_JP')
  await expect(page.getByTestId('preferences-status')).toHaveText(
    'Saved to your account: they follow you to any device.',
  )

  const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.99.1.2' } })
  const second = await other.newPage()
  await loginWithMobile(second)
  await second.getByTestId('preferences').locator('summary').click()
  await expect(second.getByLabel('Pricing currency')).toHaveValue('JPY')
  await expect(second.getByLabel('Language of messages and emails')).toHaveValue('ja_JP')
  await other.close()
})
