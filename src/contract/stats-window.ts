/**
 * The one window of every copy-trading figure, chart and label. "7 days", "30 days" and "90 days" are the last N UTC
 * calendar days with today so far included: from 00:00 UTC of the day N − 1 days before today until now. At 11-24
 * 19:08 UTC "7 days" is 11-18 00:00 … now, the daily series has the 7 points 11-18 … 11-24 (today is the last), and
 * every figure of the card (ROI, PnL, win rate, drawdown, Sharpe, trades per week, holding time, coins, copier PnL)
 * counts what happened in exactly that time. "All" has no start. Shared by the exchange and the app (for a label).
 */
import { COPY } from '#/app.config.ts'
import type { StatsPeriod } from './copy-common.schemas.ts'

export const DAY_MS = 86_400_000

/** The 'YYYY-MM-DD' UTC day of an epoch-millisecond instant. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10)
}

/** 00:00 UTC of the day of an instant, epoch ms. */
export function utcDayStart(epochMs: number): number {
  return Math.floor(epochMs / DAY_MS) * DAY_MS
}

/** Days of a period (7, 30, 90); null for all history. */
export function windowLength(period: StatsPeriod): number | null {
  return COPY.periods[period]
}

/** Start of the period's window ending at `now`, epoch ms: 00:00 UTC of the day N − 1 days before today; null for all. */
export function windowStart(period: StatsPeriod, now: Date | number): number | null {
  const days = windowLength(period)
  if (days === null) return null
  return utcDayStart(typeof now === 'number' ? now : now.getTime()) - (days - 1) * DAY_MS
}

/** The first UTC day ('YYYY-MM-DD') of the period's window ending at `now`; null for all. */
export function windowFirstDay(period: StatsPeriod, now: Date | number): string | null {
  const start = windowStart(period, now)
  return start === null ? null : utcDay(start)
}

/** The UTC days of the period's window ending at `now`, oldest first, today last (N of them); null for all. */
export function windowDays(period: StatsPeriod, now: Date | number): string[] | null {
  const start = windowStart(period, now)
  const days = windowLength(period)
  if (start === null || days === null) return null
  return Array.from({ length: days }, (_, i) => utcDay(start + i * DAY_MS))
}
