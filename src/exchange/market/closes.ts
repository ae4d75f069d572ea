/**
 * Price series for trading bots: the last price known at the end of each step's minute, from minute
 * candles where they are kept, else from the last hourly candle complete by then (no look-ahead).
 */
import { HOUR_MS, MINUTE_MS } from './price-path.ts'

export interface StoredClose {
  time: number
  close: string
}

/**
 * Steps from `fromMs` (rounded up to a minute) to `toMs`, every `stepMinutes` (at least 1); steps with no known price
 * are left out.
 */
export function closesAt(
  minutes: readonly StoredClose[],
  hours: readonly StoredClose[],
  fromMs: number,
  toMs: number,
  stepMinutes: number,
): Array<{ time: number; price: string }> {
  const step = Math.max(1, Math.floor(stepMinutes)) * MINUTE_MS
  const byMinute = new Map(minutes.map((row) => [row.time, row.close]))
  const points: Array<{ time: number; price: string }> = []
  let hour = -1
  for (let time = Math.ceil(fromMs / MINUTE_MS) * MINUTE_MS; time <= toMs; time += step) {
    const exact = byMinute.get(time)
    if (exact !== undefined) {
      points.push({ time, price: exact })
      continue
    }
    while (hour + 1 < hours.length && (hours[hour + 1]?.time ?? Infinity) + HOUR_MS <= time + MINUTE_MS) hour += 1
    const known = hours[hour]
    if (known) points.push({ time, price: known.close })
  }
  return points
}
