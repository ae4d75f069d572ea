/** The header's live-data indicator: live, connecting, or reconnecting (prices then refresh over HTTP). */
import { useLingui } from '@lingui/react/macro'
import { useConnectionStatus } from './MarketStreams.tsx'

export function ConnectionIndicator() {
  const { t } = useLingui()
  // Both sockets count: a page may watch futures only; any socket down is what the reader must know.
  const spot = useConnectionStatus('spot')
  const futures = useConnectionStatus('futures')
  const known = [spot, futures].filter((s) => s !== undefined)
  const status = known.find((s) => s === 'waiting') ?? known.find((s) => s === 'connecting') ?? known[0]
  if (!status) return null
  const label =
    status === 'open'
      ? t`Live prices`
      : status === 'connecting'
        ? t`Connecting to live prices`
        : t`Live prices interrupted: reconnecting`
  // Status colours of their own: with red for up, a price colour would paint a live feed red.
  const colour = status === 'open' ? 'bg-status-live' : status === 'connecting' ? 'bg-muted' : 'bg-status-lost'
  return (
    <span
      role="status"
      aria-label={label}
      title={label}
      data-testid="connection"
      data-status={status}
      className="flex h-8 w-4 items-center justify-center sm:w-8"
    >
      <span
        className={`h-2.5 w-2.5 rounded-full ${colour} ${status === 'open' ? '' : 'animate-pulse'}`}
        aria-hidden="true"
      />
    </span>
  )
}
