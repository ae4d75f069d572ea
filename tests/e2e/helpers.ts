import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { z } from 'zod'
import { sessionResponseSchema } from '#/contract/index.ts'
import { CHALLENGE_PATH, solveVerification } from '#tests/fixtures/verification.ts'

/** Collects console errors and uncaught exceptions (hydration mismatches, CSP violations). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/**
 * The page has hydrated. Up to 15 s: on a two-core machine running the server, its engine and two browsers, a page's
 * seventy-odd modules can take several seconds to arrive.
 */
export async function waitForHydration(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 })
}

export const PREFIXES = ['', '/zh_CN', '/ar_AE'] as const

/** A client address of its own, so per-address limits of one spec do not reach another. */
export function testAddress(): string {
  return `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
}

const devInboxSchema = z.object({ messages: z.array(z.object({ code: z.string() })) })

/**
 * A solved verification challenge, as the widget would send it: the exchange asks for one when a code is sent, on
 * registration, and on sign-in after repeated wrong passwords.
 */
export async function solvedVerification(request: APIRequestContext): Promise<string> {
  return solveVerification(await (await request.get(`/spotapi${CHALLENGE_PATH}`)).json())
}

/**
 * A fresh account (sign-ins are limited per account and minute, and other specs use the demo
 * ones), funded with 10,000 USDT by the development faucet. Answers the session token.
 */
export async function freshAccount(request: APIRequestContext, address: string): Promise<string> {
  return (await freshCredentials(request, address)).token
}

/**
 * A fresh funded account with its email and password too, for a spec that logs in through the form; `walletType`
 * 'unfunded' leaves the day's test funds to be taken.
 */
export async function freshCredentials(
  request: APIRequestContext,
  address: string,
  walletType: 1 | 3 | 'unfunded' = 3,
): Promise<{ account: string; password: string; token: string }> {
  const account = `copy.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`
  const password = 'Copy12345'
  const headers = { 'x-forwarded-for': address }
  await request.post('/spotapi/v2/users/verify-code/send', {
    headers,
    data: { accountType: 'email', account, purpose: 'register', verification: await solvedVerification(request) },
  })
  let code = ''
  await expect
    .poll(async () => {
      const inbox = devInboxSchema.parse(
        await (await request.get(`/dev/inbox.json?address=${encodeURIComponent(account)}`)).json(),
      )
      code = inbox.messages[0]?.code ?? ''
      return code
    })
    .toMatch(/^\d{6}$/)
  const session = sessionResponseSchema.parse(
    await (
      await request.post('/spotapi/v2/users/register', {
        headers,
        data: { accountType: 'email', account, password, code, verification: await solvedVerification(request) },
      })
    ).json(),
  )
  if (walletType === 'unfunded') return { account, password, token: session.data.token }
  expect(
    (
      await request.post('/spotapi/dev/faucet', {
        headers: { authorization: `Bearer ${session.data.token}` },
        data: { walletType },
      })
    ).status(),
  ).toBe(200)
  return { account, password, token: session.data.token }
}

/** Signs the page in with a session token (the login form has its own specs). */
export async function signInWith(page: Page, token: string) {
  await page
    .context()
    .addCookies([
      { name: 'correction_token', value: token, url: test.info().project.use.baseURL ?? 'http://127.0.0.1:3210' },
    ])
}

/**
 * A fresh trader: the faucet's 10,000 test USDT in the spot wallet, `futures` of it moved to the futures wallet.
 */
export async function freshTrader(
  request: APIRequestContext,
  address: string,
  futures = '5000',
): Promise<{ account: string; password: string; token: string }> {
  const credentials = await freshCredentials(request, address, 1)
  const moved = await request.post('/spotapi/asset/v1/api/wallet/transfer', {
    headers: { authorization: `Bearer ${credentials.token}`, 'x-forwarded-for': address },
    data: { clientTransferId: `e2e${Date.now()}`, from: 1, to: 3, coin: 'USDT', amount: futures },
  })
  expect(moved.status(), await moved.text()).toBe(200)
  return credentials
}
