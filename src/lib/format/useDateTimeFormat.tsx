/**
 * Dates for a component: the page's language, and the reader's time zone once the page has hydrated. The server cannot
 * know the reader's zone, so it writes UTC and hydration reads UTC too (useSyncExternalStore's server snapshot); the
 * reader's own zone follows straight after, in the same frame. A reader outside UTC made every date on a server-rendered
 * page disagree with the browser, and React threw the page's tree away to render it again.
 */
import { useLingui } from '@lingui/react'
import { useSyncExternalStore } from 'react'
import { dateTimeFormat, type DateTimeFormatter, type DateTimeOptions, type DateTimeStyle } from './date-time.ts'

/** The zone a server-rendered page is written in. */
const SERVER_TIME_ZONE = 'UTC'

const unchanging = () => () => {}
const readerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone
const serverTimeZone = () => SERVER_TIME_ZONE

/** The reader's IANA zone after hydration; UTC on the server and while hydrating. */
export function useReaderTimeZone(): string {
  return useSyncExternalStore(unchanging, readerTimeZone, serverTimeZone)
}

/** The formatter of a style in the page's language; `timeZone: 'UTC'` where a figure is defined in UTC. */
export function useDateTimeFormat(style: DateTimeStyle, options: DateTimeOptions = {}): DateTimeFormatter {
  const { i18n } = useLingui()
  const zone = useReaderTimeZone()
  return dateTimeFormat(i18n.locale, style, { timeZone: options.timeZone ?? zone })
}
