/**
 * Bar geometry of a chart of daily gains and losses: one bar per day above or below a zero line
 * that sits where the largest gain and the largest loss leave it. Plotting only: the amounts
 * themselves stay decimal strings everywhere else.
 */
import Decimal from 'decimal.js'
import { toDecimal } from '#/lib/format/number.ts'

export interface Bar {
  /** Top of the bar, from the top of the chart. */
  y: number
  height: number
  negative: boolean
}

export interface Bars {
  /** Where the zero line is, from the top. */
  zero: number
  bars: Bar[]
  total: string
}

export function dailyBars(values: readonly string[], height: number): Bars {
  const amounts = values.map((v) => toDecimal(v) ?? new Decimal(0))
  const total = amounts.reduce((sum, d) => sum.plus(d), new Decimal(0)).toFixed()
  const top = Decimal.max(0, ...amounts)
  const bottom = Decimal.min(0, ...amounts).abs()
  const span = top.plus(bottom)
  if (span.isZero())
    return { zero: height, bars: amounts.map(() => ({ y: height, height: 0, negative: false })), total }
  const scale = (d: Decimal) => d.div(span).times(height).toNumber()
  const zero = scale(top)
  const bars = amounts.map((d) => {
    const size = scale(d.abs())
    return d.isNegative()
      ? { y: zero, height: size, negative: true }
      : { y: zero - size, height: size, negative: false }
  })
  return { zero, bars, total }
}
