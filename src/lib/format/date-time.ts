/**
 * Dates and times, one formatter for the whole app (issue 28): the reader's locale form, always on a 24-hour clock (the
 * leader pages showed 1:38 PM beside 13:38:34 elsewhere). Intl's formatters are costly to build: one per locale, style
 * and time zone, reused.
 */

/** `dateTime` a moment to the second (orders, fills, movements); `minute` to the minute; `date`; `time` alone. */
export type DateTimeStyle = 'dateTime' | 'minute' | 'date' | 'time' | 'dayMonthTime'

const STYLES: Record<DateTimeStyle, Intl.DateTimeFormatOptions> = {
  dateTime: {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  },
  minute: { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' },
  date: { dateStyle: 'medium' },
  time: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
  dayMonthTime: { month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
}

export interface DateTimeOptions {
  /** The reader's zone when absent; 'UTC' where a figure is defined in UTC (daily returns, the stats windows). */
  timeZone?: 'UTC'
}

const formats = new Map<string, Intl.DateTimeFormat>()

/** The formatter of a locale tag (ar-AE, not ar_AE, though either is taken) and style. */
export function dateTimeFormat(tag: string, style: DateTimeStyle, options: DateTimeOptions = {}): Intl.DateTimeFormat {
  const locale = tag.replace('_', '-')
  const key = `${locale}|${style}|${options.timeZone ?? ''}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...STYLES[style], ...(options.timeZone ? { timeZone: 'UTC' } : {}) })
    formats.set(key, format)
  }
  return format
}

/** A moment (epoch ms or a Date) in the reader's form. */
export function formatDateTime(
  at: number | Date,
  tag: string,
  style: DateTimeStyle = 'dateTime',
  options: DateTimeOptions = {},
): string {
  return dateTimeFormat(tag, style, options).format(at)
}
