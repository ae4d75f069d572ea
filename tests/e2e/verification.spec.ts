/** Human verification (§9 widget title and language per locale): rendered, solved on its own, and asked when due. */
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { z } from 'zod'
import { freshCredentials, testAddress, waitForHydration, watchErrors } from './helpers.ts'

async function fromAddress(context: BrowserContext): Promise<string> {
  const address = testAddress()
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': address })
  return address
}

const uniqueEmail = () => `verify.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`

const inboxSchema = z.object({ messages: z.array(z.object({ code: z.string() })) })

async function codeFromInbox(page: Page, address: string): Promise<string> {
  let code = ''
  await expect
    .poll(async () => {
      const inbox = await page.request.get(`/dev/inbox.json?address=${encodeURIComponent(address)}`)
      code = inboxSchema.parse(await inbox.json()).messages[0]?.code ?? ''
      return code
    })
    .toMatch(/^\d{6}$/)
  return code
}

test('English: the widget under its title solves on its own, and registration goes through it', async ({
  page,
  context,
}) => {
  await fromAddress(context)
  const errors = watchErrors(page)
  const email = uniqueEmail()
  await page.goto('/register')
  await waitForHydration(page)
  const verification = page.getByTestId('verification')
  await expect(verification.getByRole('heading', { name: 'Security verification' })).toBeVisible()
  await expect(verification).toHaveAttribute('dir', 'ltr')
  await expect(page.locator('altcha-widget')).toHaveAttribute('language', 'en')
  await expect(verification.getByText('Verified', { exact: true })).toBeVisible()

  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('Secret123')
  const sent = page.waitForRequest((request) => request.method() === 'POST' && /_serverFn/.test(request.url()))
  await page.getByTestId('send-code').click()
  expect((await sent).postData() ?? '').toContain('verification')
  await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible()
  // The solution was spent on the code: the widget solves a new one for the registration.
  await expect(verification.getByText('Verified', { exact: true })).toBeVisible()
  await page.getByLabel('Verification code').fill(await codeFromInbox(page, email))
  await page.getByLabel(/I have read and agree/).check()
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByTestId('account-menu')).toBeVisible()
  expect(errors).toEqual([])
})

test('Arabic: the title, the widget language and the direction follow the page', async ({ page, context }) => {
  await fromAddress(context)
  await page.goto('/ar_AE/register')
  await waitForHydration(page)
  const verification = page.getByTestId('verification')
  await expect(verification.getByRole('heading', { name: 'التحقق الأمني' })).toBeVisible()
  await expect(verification).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('altcha-widget')).toHaveAttribute('language', 'ar')
  await expect(verification.getByText('تم التحقق', { exact: true })).toBeVisible()
})

test('sign-in asks for the widget after repeated wrong passwords, keeping what was typed', async ({
  page,
  context,
}) => {
  const address = await fromAddress(context)
  const { account, password } = await freshCredentials(page.request, address)
  await page.goto('/login')
  await waitForHydration(page)
  await expect(page.getByTestId('verification')).toHaveCount(0)
  await page.getByLabel('Email').fill(account)
  for (let i = 0; i < 3; i += 1) {
    await page.getByLabel('Password', { exact: true }).fill(`Wrong${i}x1234`)
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    await expect(page.getByText('The account or password is incorrect.')).toBeVisible()
  }
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page.getByText('Complete the security check below, then try again.')).toBeVisible()
  await expect(page.getByTestId('verification').getByRole('heading', { name: 'Security verification' })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(account)
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page.getByTestId('account-menu')).toBeVisible()
})
