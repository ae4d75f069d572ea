import { expect, type Page } from '@playwright/test'

/** Collects console errors and uncaught exceptions (hydration mismatches, CSP violations). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

export async function waitForHydration(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

export const PREFIXES = ['', '/zh_CN', '/ar_AE'] as const
