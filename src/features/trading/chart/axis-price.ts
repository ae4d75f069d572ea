/**
 * A price on the chart's axis or crosshair label, as every price of the pair is written: at its tick, grouped in the
 * reader's locale (issue 28: the axis read "85000.0" beside "85,000.0" everywhere else). The library hands a float;
 * `fromPlot` reads back the decimal it stands for.
 */
import { formatNumber, fromPlot } from '#/lib/format/number.ts'

export function axisPrice(value: number, digits: number, tag: string): string {
  return formatNumber(fromPlot(value), { digits, tag, notation: 'normal' })
}
