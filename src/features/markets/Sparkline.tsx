/**
 * A small line of prices (24 hourly closes), coloured by the up/down scheme, with a text summary for screen readers.
 */
import Decimal from 'decimal.js'

const WIDTH = 96
const HEIGHT = 28

export function Sparkline({ values, label }: { values: readonly string[]; label: string }) {
  if (values.length < 2) return <span className="inline-block h-7 w-24" aria-hidden="true" />
  // Plotting positions only: the prices themselves stay exact decimals everywhere else.
  const numbers = values.map((v) => new Decimal(v).toNumber())
  const min = Math.min(...numbers)
  const span = Math.max(...numbers) - min || 1
  const points = numbers
    .map(
      (n, i) =>
        `${((i / (numbers.length - 1)) * WIDTH).toFixed(1)},${(HEIGHT - ((n - min) / span) * HEIGHT).toFixed(1)}`,
    )
    .join(' ')
  const up = (numbers.at(-1) ?? 0) >= (numbers[0] ?? 0)
  return (
    <svg
      role="img"
      aria-label={label}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className={up ? 'text-up' : 'text-down'}
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  )
}
