/**
 * Dates and times, one formatter for the whole app (issue 28): the reader's locale form, always on a 24-hour clock (the
 * leader pages showed 1:38 PM beside 13:38:34 elsewhere). Intl's formatters are costly to build: one per locale, style
 * and time zone, reused.
 *
 * The server's Node and the reader's browser carry different ICU data, and a page hydrates only if both write the same
 * text: Node 24's ICU puts a thin space (U+2009) between a zh-TW date and its time where Chromium puts a plain one, and
 * React then threw away the leader page's tree (error 418). Every output has its thin and narrow no-break spaces
 * written as plain spaces, and the reader's zone comes in only after hydration (useDateTimeFormat).
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
  /**
   * An IANA zone; the process's own when absent. 'UTC' where a figure is defined in UTC (daily returns, the stats
   * windows); components pass the reader's through useDateTimeFormat.
   */
  timeZone?: string
}

/** A formatter whose text is the same in Node and in any browser: see the spaces above. */
export interface DateTimeFormatter {
  format: (at: number | Date) => string
}

const ICU_SPACES = /[\u2009\u202f]/g

const formats = new Map<string, DateTimeFormatter>()

/** The formatter of a locale tag (ar-AE, not ar_AE, though either is taken) and style; the same object each time. */
export function dateTimeFormat(tag: string, style: DateTimeStyle, options: DateTimeOptions = {}): DateTimeFormatter {
  const locale = tag.replace('_', '-')
  const key = `${locale}|${style}|${options.timeZone ?? ''}`
  let formatter = formats.get(key)
  if (!formatter) {
    const intl = new Intl.DateTimeFormat(locale, {
      ...STYLES[style],
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    })
    formatter = { format: (at) => intl.format(at).replace(ICU_SPACES, ' ') }
    formats.set(key, formatter)
  }
  return formatter
}
