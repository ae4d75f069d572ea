/** Per-minute limits of §3 with rate-limiter-flexible (in memory; Redis at scale, ARCHITECTURE.md). */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { ACCOUNTS, ANALYTICS, TRADING } from '#/app.config.ts'
import type { RateLimiters } from '../context.ts'
import { rateLimited } from '../http/errors.ts'

const MINUTE_SECONDS = 60
const HOUR_SECONDS = 60 * 60
/** Failures are only counted, never refused by the counter itself: the wait limiter refuses. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER

export function createRateLimiters(): RateLimiters {
  return {
    loginByIp: new RateLimiterMemory({ points: ACCOUNTS.loginAttemptsPerMinute, duration: MINUTE_SECONDS }),
    loginFailuresByAccountIp: new RateLimiterMemory({
      points: UNBOUNDED,
      duration: ACCOUNTS.loginFailureWindowSeconds,
    }),
    // Never consumed: a pair is put on hold with block(), and get() says for how long.
    loginWaitByAccountIp: new RateLimiterMemory({ points: 1, duration: 1 }),
    loginFailuresByAccount: new RateLimiterMemory({
      points: ACCOUNTS.loginFailuresPerAccountPerHour,
      duration: HOUR_SECONDS,
    }),
    codeSendByAddress: new RateLimiterMemory({ points: ACCOUNTS.codeSendsPerMinute, duration: MINUTE_SECONDS }),
    codeSendByIpMinute: new RateLimiterMemory({ points: ACCOUNTS.codeSendsPerMinutePerIp, duration: MINUTE_SECONDS }),
    codeSendByIpHour: new RateLimiterMemory({ points: ACCOUNTS.codeSendsPerHourPerIp, duration: HOUR_SECONDS }),
    codeSendGlobal: new RateLimiterMemory({ points: ACCOUNTS.codeSendsPerMinuteGlobal, duration: MINUTE_SECONDS }),
    twoFactorByUser: new RateLimiterMemory({ points: ACCOUNTS.twoFactorAttemptsPerMinute, duration: MINUTE_SECONDS }),
    analyticsByIp: new RateLimiterMemory({ points: ANALYTICS.receiverBatchesPerMinutePerIp, duration: MINUTE_SECONDS }),
    statisticsByIp: new RateLimiterMemory({ points: ANALYTICS.statisticsPerMinutePerIp, duration: MINUTE_SECONDS }),
    tradingByUser: new RateLimiterMemory({ points: TRADING.requestsPerSecondPerUser, duration: 1 }),
  }
}

const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

/** Takes one point, or throws a 429 failure whose Retry-After is the wait until the next point. */
export async function consumeOrRefuse(limiter: RateLimiterMemory, key: string): Promise<void> {
  try {
    await limiter.consume(key)
  } catch (error) {
    if (error instanceof RateLimiterRes) throw rateLimited(secondsUntil(error.msBeforeNext))
    throw error
  }
}

/** Takes nothing; throws 429 with Retry-After while the key has used all its points (or is blocked). */
export async function refuseWhileSpent(limiter: RateLimiterMemory, key: string): Promise<void> {
  const state = await limiter.get(key)
  if (state && state.consumedPoints >= limiter.points && state.msBeforeNext > 0)
    throw rateLimited(secondsUntil(state.msBeforeNext))
}

/** The caller's address: first x-forwarded-for entry (set by the web tier), else x-real-ip, else 'local'. */
export function clientIp(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim()
  if (forwarded) return forwarded
  const real = headers.get('x-real-ip')?.trim()
  return real || 'local'
}
