/**
 * Home extras of §3: the invite number of a landing link reaches registration, and the home sign-up box fills the
 * registration form.
 */
import { expect, test } from '@playwright/test'
import { waitForHydration } from './helpers.ts'

test('an invite code in any landing link fills the registration form later', async ({ page, context }) => {
  await page.goto('/copy-trading/gemw?inviteCode=DEMO2345')
  await waitForHydration(page)
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'invite_code')?.value).toBe('DEMO2345')
  // A fresh page load, as when the visitor comes back another day.
  await page.goto('/register')
  await waitForHydration(page)
  await expect(page.getByLabel('Invite code (optional)')).toHaveValue('DEMO2345')
  // A link with its own code wins over the kept one; a malformed one is ignored.
  await page.goto('/register?inviteCode=TRADER23')
  await expect(page.getByLabel('Invite code (optional)')).toHaveValue('TRADER23')
  await page.goto('/?inviteCode=%3Cscript%3E')
  await waitForHydration(page)
  await page.goto('/register')
  await expect(page.getByLabel('Invite code (optional)')).toHaveValue('TRADER23')
})

test('the landing page’s own response keeps the invite code: a visitor who leaves before it loads keeps it too', async ({
  request,
}) => {
  const landing = await request.get('/copy-trading/gemw?inviteCode=QUICK7', { maxRedirects: 0 })
  expect(landing.headers()['set-cookie']).toMatch(/^invite_code=QUICK7; Path=\/; Max-Age=\d+; SameSite=Lax/)
  // A malformed code is not kept.
  const bad = await request.get('/copy-trading/gemw?inviteCode=%3Cscript%3E', { maxRedirects: 0 })
  expect(bad.headers()['set-cookie'] ?? '').not.toContain('invite_code')
})

test('the home sign-up box goes on to registration with what was typed', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const box = page.getByTestId('home-sign-up')
  await box.getByLabel('Email or mobile number').fill('13912345678')
  await box.getByRole('button', { name: 'Create an account' }).click()
  await expect(page).toHaveURL(/\/register$/)
  await expect(page.getByRole('radio', { name: 'Mobile' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByLabel('Mobile number')).toHaveValue('13912345678')
})
