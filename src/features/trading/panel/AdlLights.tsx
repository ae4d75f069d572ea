/**
 * A futures position's auto-deleveraging rank as Binance shows it: five small bars, as many lit as its light (the
 * quintile of its ADL score among the positions of its pair and side; five: among the first to be deleveraged).
 */
import { useLingui } from '@lingui/react/macro'
import { FUTURES } from '#/app.config.ts'

export function AdlLights({ quantile }: { quantile: number | null }) {
  const { t } = useLingui()
  if (quantile === null) return <span className="text-muted">--</span>
  const total = FUTURES.adlLights
  const label = t`ADL rank ${quantile} of ${total}`
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className="inline-flex h-3 items-end gap-0.5"
      data-testid="adl-lights"
      data-quantile={quantile}
    >
      {Array.from({ length: total }, (_, index) => (
        <span
          key={index}
          aria-hidden="true"
          style={{ height: `${40 + (60 * index) / (total - 1)}%` }}
          className={`w-1 rounded-sm ${index < quantile ? (quantile >= total - 1 ? 'bg-down' : 'bg-brand') : 'bg-line'}`}
        />
      ))}
    </span>
  )
}
