/**
 * Relative time with the words of §9 ('a few seconds', 'a minute', 'an hour', 'a day', 'a month',
 * 'a year', 'in X', 'X ago'), thresholds as in the usual "humanized" rule, translated per locale.
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const MONTH = 30 * DAY
const YEAR = 365 * DAY

/** The duration in words, without direction. */
export function durationWords(ms: number): MessageDescriptor {
  const abs = Math.abs(ms)
  const round = (unit: number) => Math.max(2, Math.round(abs / unit))
  if (abs < 45 * SECOND) return msg`a few seconds`
  if (abs < 90 * SECOND) return msg`a minute`
  if (abs < 45 * MINUTE) {
    const n = round(MINUTE)
    return msg`${plural(n, { one: '# minute', other: '# minutes' })}`
  }
  if (abs < 90 * MINUTE) return msg`an hour`
  if (abs < 22 * HOUR) {
    const n = round(HOUR)
    return msg`${plural(n, { one: '# hour', other: '# hours' })}`
  }
  if (abs < 36 * HOUR) return msg`a day`
  if (abs < 26 * DAY) {
    const n = round(DAY)
    return msg`${plural(n, { one: '# day', other: '# days' })}`
  }
  if (abs < 45 * DAY) return msg`a month`
  if (abs < 320 * DAY) {
    const n = round(MONTH)
    return msg`${plural(n, { one: '# month', other: '# months' })}`
  }
  if (abs < 548 * DAY) return msg`a year`
  const n = round(YEAR)
  return msg`${plural(n, { one: '# year', other: '# years' })}`
}

/** 'in X' for a time ahead of `now`, 'X ago' for one behind it. */
export function formatRelativeTime(i18n: I18n, at: number, now: number): string {
  const words = i18n._(durationWords(at - now))
  return at > now ? i18n._(msg`in ${words}`) : i18n._(msg`${words} ago`)
}
