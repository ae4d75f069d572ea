/**
 * A moment as the reader writes it (the one formatter, #/lib/format/date-time.ts), in the direction of the page's
 * language: an Arabic date is right to left, and forced left to right it came out scrambled ("2814:08:26 ،2026/11/"
 * for 28/11/2026، 14:08:26, issue 28). Its own direction isolates it from the figures around it.
 */
import { useLingui } from '@lingui/react/macro'
import type { DateTimeOptions, DateTimeStyle } from '#/lib/format/date-time.ts'
import { useDateTimeFormat } from '#/lib/format/useDateTimeFormat.tsx'
import { isLocaleCode, localeInfo } from '#/lib/locale.ts'

export function DateTime({
  at,
  style = 'dateTime',
  timeZone,
  className = '',
}: {
  at: number | Date
  style?: DateTimeStyle
  timeZone?: DateTimeOptions['timeZone']
  className?: string
}) {
  const { i18n } = useLingui()
  const dates = useDateTimeFormat(style, timeZone ? { timeZone } : {})
  const dir = isLocaleCode(i18n.locale) ? localeInfo(i18n.locale).dir : 'ltr'
  const date = typeof at === 'number' ? new Date(at) : at
  return (
    <time dateTime={date.toISOString()} dir={dir} className={`tabular-nums ${className}`}>
      {dates.format(date)}
    </time>
  )
}
