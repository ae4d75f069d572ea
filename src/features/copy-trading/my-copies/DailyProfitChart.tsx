/**
 * The realized result of copy trading on each of the last 30 days, as bars above and below zero: what was booked that day
 * (closes and partial closes, fees, funding), the same entries as the realized PnL of My copies.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import type { UserProfit } from '#/contract/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { dailyBars } from './daily-bars.ts'
import { toneOf } from '../shared/tone.ts'

const HEIGHT = 96
const BAR_WIDTH = 10
const BAR_GAP = 4
/** A day with no result still shows a sliver on the zero line. */
const MIN_BAR = 1

export const DAILY_CHART_HEIGHT_CLASS = 'h-24'

export function DailyProfitChart({ daily }: { daily: UserProfit['daily'] }) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const { zero, bars, total } = dailyBars(
    daily.map((d) => d.realizedPnl),
    HEIGHT,
  )
  const width = bars.length * (BAR_WIDTH + BAR_GAP) - BAR_GAP
  const sum = format.number(total, { digits: 2, signed: true })
  const days = daily.length
  const quiet = bars.every((bar) => bar.height === 0)
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="text-muted">{t`Realized PnL after fees and funding, last ${days} days (USDT)`}</span>
        <span className={`font-semibold tabular-nums ${toneOf(total)}`}>
          <span dir="ltr">{sum}</span>
        </span>
      </figcaption>
      {/* Days run left to right, oldest first, in every language: an SVG is not mirrored in RTL (like the other charts). */}
      <div className="relative">
        <svg
          role="img"
          aria-label={t`Realized PnL after fees and funding per day over the last ${days} days: ${sum} USDT in total`}
          viewBox={`0 0 ${Math.max(width, 1)} ${HEIGHT}`}
          preserveAspectRatio="none"
          className={`${DAILY_CHART_HEIGHT_CLASS} w-full`}
        >
          <line
            x1={0}
            x2={width}
            y1={zero}
            y2={zero}
            className="stroke-line"
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
          {bars.map((bar, i) => {
            const day = daily[i]
            const height = Math.max(bar.height, MIN_BAR)
            return (
              <rect
                key={day?.day ?? i}
                x={i * (BAR_WIDTH + BAR_GAP)}
                y={bar.negative ? bar.y : bar.y - (height - bar.height)}
                width={BAR_WIDTH}
                height={height}
                rx={2}
                className={bar.negative ? 'fill-down' : bar.height > 0 ? 'fill-up' : 'fill-line'}
              >
                <title>{`${day?.day ?? ''}: ${format.number(day?.realizedPnl, { digits: 2, signed: true })}`}</title>
              </rect>
            )
          })}
        </svg>
        {quiet ? (
          <p className="absolute inset-0 flex items-center justify-center px-4 text-center text-sm text-muted">
            <Trans>Nothing was realized in these days.</Trans>
          </p>
        ) : null}
      </div>
    </figure>
  )
}
