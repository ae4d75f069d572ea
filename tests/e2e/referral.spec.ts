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
