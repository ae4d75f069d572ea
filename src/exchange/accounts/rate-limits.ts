/** Per-minute limits of §3 with rate-limiter-flexible (in memory; Redis at scale, ARCHITECTURE.md). */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { ACCOUNTS, ANALYTICS } from '../../../app.config.ts'
import type { RateLimiters } from '../context.ts'
import { rateLimited } from '../http/errors.ts'

const MINUTE_SECONDS = 60

export function createRateLimiters(): RateLimiters {
  return {
    loginByAccount: new RateLimiterMemory({ points: ACCOUNTS.loginAttemptsPerMinute, duration: MINUTE_SECONDS }),
    loginByIp: new RateLimiterMemory({ points: ACCOUNTS.loginAttemptsPerMinute, duration: MINUTE_SECONDS }),
    codeSendByAddress: new RateLimiterMemory({ points: ACCOUNTS.codeSendsPerMinute, duration: MINUTE_SECONDS }),
    analyticsByIp: new RateLimiterMemory({ points: ANALYTICS.receiverBatchesPerMinutePerIp, duration: MINUTE_SECONDS }),
  }
}

/** Takes one point, or throws a 429 failure whose Retry-After is the wait until the next point. */
export async function consumeOrRefuse(limiter: RateLimiterMemory, key: string): Promise<void> {
  try {
    await limiter.consume(key)
  } catch (error) {
    if (error instanceof RateLimiterRes) throw rateLimited(Math.max(1, Math.ceil(error.msBeforeNext / 1000)))
    throw error
  }
}

/** The caller's address: first x-forwarded-for entry (set by the web tier), else x-real-ip, else 'local'. */
export function clientIp(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim()
  if (forwarded) return forwarded
  const real = headers.get('x-real-ip')?.trim()
  return real || 'local'
}
