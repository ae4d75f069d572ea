/** Where live data is drawn: says, while its socket is down, that it is not live and how old it is (issue 19). */
import { useLingui } from '@lingui/react/macro'
import type { Staleness } from './useStaleness.ts'

export function StaleNotice({ staleness }: { staleness: Staleness }) {
  const { t } = useLingui()
  if (!staleness.stale) return null
  const seconds = Math.floor(staleness.ageMs / 1000)
  return (
    <p role="status" data-testid="stale" className="rounded bg-down/10 px-2 py-1 text-xs font-medium text-down">
      {t`Not live: last update ${seconds} s ago, reconnecting`}
    </p>
  )
}
