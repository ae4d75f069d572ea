/**
 * "5 minutes ago" (§9). The server and the hydrating page cannot agree on "now", so the words
 * appear once the page runs, and are kept current each minute; until then the `<time>` carries
 * the instant alone.
 */
import { useLingui } from '@lingui/react'
import { useSyncExternalStore } from 'react'
import { formatRelativeTime } from '../lib/format/relative-time.ts'

const MINUTE_MS = 60_000

function subscribe(onChange: () => void) {
  const timer = setInterval(onChange, MINUTE_MS)
  return () => clearInterval(timer)
}

const minuteNow = () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS
const unknownNow = () => null

export function RelativeTime({ at }: { at: number }) {
  const { i18n } = useLingui()
  const now = useSyncExternalStore(subscribe, minuteNow, unknownNow)
  return (
    <time dateTime={new Date(at).toISOString()} className="inline-block min-w-[6ch]">
      {now === null ? '' : formatRelativeTime(i18n, at, Math.max(now, at))}
    </time>
  )
}
