/**
 * Account basics end to end (issue 28 item 5): forgot password through the sandbox inbox, two-factor authentication
 * (enrolment, sign-in with a code, a wrong code, a recovery code), and signing out everywhere else.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { ACCOUNTS } from '#/app.config.ts'
import { freshCredentials, testAddress, waitForHydration } from './helpers.ts'

const fromNewAddress = (context: BrowserContext) => context.setExtraHTTPHeaders({ 'x-forwarded-for': testAddress() })

async function logIn(page: Page, account: string, password: string) {
  await page.goto('/login')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(account)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
}

/** A signed-in page of the context: still signed in, or sent to log in. */
async function isSignedIn(page: Page): Promise<boolean> {
  await page.goto('/assets')
  await waitForHydration(page)
  return !/\/login/.test(page.url())
}

/** The app's code, as an authenticator made with the same library shows it `steps` periods from now. */
function appCode(secret: string, steps = 0): string {
  const totp = new TOTP({
    secret: Secret.fromBase32(secret),
    digits: ACCOUNTS.totpDigits,
    period: ACCOUNTS.totpPeriodSeconds,
  })
  return totp.generate({ timestamp: Date.now() + steps * ACCOUNTS.totpPeriodSeconds * 1000 })
}

test('forgot password: a code from the sandbox inbox, a new password; the old one is refused and other devices are out', async ({
  browser,
  request,
}) => {
  const address = testAddress()
  const { account, password } = await freshCredentials(request, address)
  const other = await browser.newContext()
  await fromNewAddress(other)
  const otherPage = await other.newPage()
  await logIn(otherPage, account, password)
  await expect(otherPage.getByTestId('account-menu')).toBeVisible()

  const context = await browser.newContext()
  await fromNewAddress(context)
  const page = await context.newPage()
  await page.goto('/login')
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await waitForHydration(page)
  await page.getByLabel('Email').fill(account)
  await page.getByTestId('send-code').click()
  await expect(page.getByText(`If an account uses ${account}, we sent a 6-digit code to it.`)).toBeVisible()
  const link = page.getByRole('link', { name: 'Sandbox: read your code in the inbox (opens in a new tab)' })
  const [inbox] = await Promise.all([context.waitForEvent('page'), link.click()])
  await waitForHydration(inbox)
  const code = (await inbox.getByTestId('inbox-message').first().locator('code').textContent()) ?? ''
  await expect(inbox.getByTestId('inbox-message').first()).toContainText('Password reset')
  expect(code).toMatch(/^\d{6}$/)
  await inbox.close()

  await page.getByLabel('Verification code').fill(code)
  await page.getByLabel('New password').fill('Renewed123')
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText(/Your password is reset and every device is signed out/)).toBeVisible()

  await logIn(page, account, password)
  await expect(page.getByText('The account or password is incorrect.')).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill('Renewed123')
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page.getByTestId('account-menu')).toBeVisible()

  expect(await isSignedIn(otherPage)).toBe(false)
  await context.close()
  await other.close()
})

test('two-factor: enrol with the QR secret, sign in with a code, a wrong code refused, then a recovery code', async ({
  browser,
  request,
}) => {
  // Enrolment and three sign-ins: the longest flow of the suite.
  test.slow()
  const { account, password } = await freshCredentials(request, testAddress())
  const context = await browser.newContext()
  await fromNewAddress(context)
  const page = await context.newPage()
  await logIn(page, account, password)
  await page.getByTestId('account-menu').locator('summary').click()
  await page.getByTestId('security-link').click()
  await expect(page).toHaveURL(/\/account\/security$/)
  await waitForHydration(page)
  await expect(page.getByTestId('two-factor-status')).toHaveText('Off')

  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Current password').fill(password)
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await dialog.getByTestId('totp-secret').textContent()) ?? ''
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await dialog.getByLabel('Authenticator code').fill(appCode(secret))
  await dialog.getByRole('button', { name: 'Turn on' }).click()
  await expect(dialog.getByTestId('recovery-codes').locator('li')).toHaveCount(ACCOUNTS.recoveryCodeCount)
  const codes = (await dialog.getByTestId('recovery-codes').locator('li').allTextContents()).map((c) => c.trim())
  expect(codes).toHaveLength(ACCOUNTS.recoveryCodeCount)
  await dialog.getByRole('button', { name: 'I saved them' }).click()
  await expect(page.getByTestId('two-factor-status')).toHaveText('On')

  // The account menu may still be open from the way here.
  if (!(await page.getByRole('button', { name: 'Log out' }).isVisible()))
    await page.getByTestId('account-menu').locator('summary').click()
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible()

  // The password alone opens nothing: the code step follows.
  await logIn(page, account, password)
  await expect(page.getByTestId('second-factor')).toBeVisible()
  expect((await context.cookies()).some((cookie) => cookie.name === 'correction_token')).toBe(false)
  const right = appCode(secret, 1)
  await page.getByLabel('Authenticator code').fill(String((Number(right) + 1) % 1_000_000).padStart(6, '0'))
  await page.getByRole('button', { name: 'Verify and log in' }).click()
  await expect(page.getByText(/That code is not correct or was already used/)).toBeVisible()
  // The code of the next period (a phone's clock a little ahead): one the enrolment did not use.
  await page.getByLabel('Authenticator code').fill(right)
  await page.getByRole('button', { name: 'Verify and log in' }).click()
  await expect(page.getByTestId('account-menu')).toBeVisible()

  await page.getByTestId('account-menu').locator('summary').click()
  await page.getByRole('button', { name: 'Log out' }).click()
  // Signed out before the next sign-in (a login page visited while the session still holds redirects away from it).
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible()
  await fromNewAddress(context)
  await logIn(page, account, password)
  await page.getByRole('button', { name: 'Use a recovery code' }).click()
  await page.getByLabel('Recovery code').fill(codes[0] ?? '')
  await page.getByRole('button', { name: 'Verify and log in' }).click()
  await expect(page.getByTestId('account-menu')).toBeVisible()
  await page.goto('/account/security')
  await expect(page.getByText(/Recovery codes left: 9/)).toBeVisible()
  await context.close()
})

test('sign out everywhere else signs out another device and keeps this one', async ({ browser, request }) => {
  const { account, password } = await freshCredentials(request, testAddress())
  const phone = await browser.newContext({
    userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
  })
  await fromNewAddress(phone)
  const phonePage = await phone.newPage()
  await logIn(phonePage, account, password)
  await expect(phonePage.getByTestId('account-menu')).toBeVisible()

  const laptop = await browser.newContext()
  await fromNewAddress(laptop)
  const page = await laptop.newPage()
  await logIn(page, account, password)
  await expect(page.getByTestId('account-menu')).toBeVisible()
  await page.goto('/account/security')
  await waitForHydration(page)
  const sessions = page.getByTestId('session')
  await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1)
  await expect(sessions.filter({ hasText: 'Chrome on Android' })).toHaveCount(1)
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click()
  await expect(page.getByText('Every other device is signed out.')).toBeVisible()
  await expect(sessions.filter({ hasText: 'Chrome on Android' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled()

  expect(await isSignedIn(phonePage)).toBe(false)
  expect(await isSignedIn(page)).toBe(true)
  await phone.close()
  await laptop.close()
})
