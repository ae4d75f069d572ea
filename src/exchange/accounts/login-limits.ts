/**
 * Sign-in limits. Wrong passwords are counted per (account, address): an address that keeps
 * guessing waits longer after each failure (ACCOUNTS.loginWaitBaseSeconds doubling up to
 * loginWaitMaxSeconds), while the owner signing in from their own address is not held back by it.
 * A looser ceiling per account, over all addresses, stops guessing spread over many addresses;
 * and every address has its per-minute attempt limit whatever the account.
 */
import { ACCOUNTS, VERIFICATION } from '#/app.config.ts'
import type { RateLimiters } from '../context.ts'
import { consumeOrRefuse, refuseWhileSpent } from './rate-limits.ts'

type LoginLimiters = Pick<
  RateLimiters,
  'loginByIp' | 'loginFailuresByAccountIp' | 'loginWaitByAccountIp' | 'loginFailuresByAccount'
>

export interface LoginAttempt {
  /** `accountType:account`, normalised. */
  account: string
  ip: string
}

const pairKey = (attempt: LoginAttempt) => `${attempt.account}@${attempt.ip}`

/** The wait after a pair's `failures`-th wrong password: none before the free ones, then doubling to the cap. */
export function loginWaitSeconds(failures: number): number {
  const over = failures - ACCOUNTS.loginFailuresBeforeWait
  if (over < 0) return 0
  return Math.min(ACCOUNTS.loginWaitMaxSeconds, ACCOUNTS.loginWaitBaseSeconds * 2 ** over)
}

/** Before the password is checked: 429 with Retry-After when this address, this pair or this account must wait. */
export async function admitLogin(limiters: LoginLimiters, attempt: LoginAttempt): Promise<void> {
  await consumeOrRefuse(limiters.loginByIp, attempt.ip)
  await refuseWhileSpent(limiters.loginWaitByAccountIp, pairKey(attempt))
  await refuseWhileSpent(limiters.loginFailuresByAccount, attempt.account)
}

/** After a few wrong passwords of this pair, its next sign-ins must carry a solved verification challenge. */
export async function loginNeedsVerification(limiters: LoginLimiters, attempt: LoginAttempt): Promise<boolean> {
  const state = await limiters.loginFailuresByAccountIp.get(pairKey(attempt))
  return (state?.consumedPoints ?? 0) >= VERIFICATION.loginFailuresBeforeVerification
}

export async function loginFailed(limiters: LoginLimiters, attempt: LoginAttempt): Promise<void> {
  const key = pairKey(attempt)
  const { consumedPoints } = await limiters.loginFailuresByAccountIp.penalty(key)
  const wait = loginWaitSeconds(consumedPoints)
  if (wait > 0) await limiters.loginWaitByAccountIp.block(key, wait)
  await limiters.loginFailuresByAccount.penalty(attempt.account)
}

/** The right password forgets this pair's failures (the account's ceiling keeps counting the hour). */
export async function loginSucceeded(limiters: LoginLimiters, attempt: LoginAttempt): Promise<void> {
  await limiters.loginFailuresByAccountIp.delete(pairKey(attempt))
}
