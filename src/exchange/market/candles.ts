/** Candles (OHLC and volume) from minute prices and trade volumes, for the chart intervals. */
import Decimal from 'decimal.js'

export const INTERVALS = { '1m': 1, '5m': 5, '15m': 15, '1h': 60, '4h': 240, '1d': 1440 } as const
export type Interval = keyof typeof INTERVALS
export const INTERVAL_NAMES: readonly Interval[] = ['1m', '5m', '15m', '1h', '4h', '1d']

export interface Candle {
  time: number
  open: string
  high: string
  low: string
  close: string
  volume: string
}

export interface MinuteBar {
  time: number
  price: string
  volume: string
}

/** Groups minute bars into candles of `interval`, aligned to the interval in UTC. */
export function aggregate(bars: readonly MinuteBar[], interval: Interval): Candle[] {
  const span = INTERVALS[interval] * 60_000
  const candles: Candle[] = []
  let current: { time: number; open: Decimal; high: Decimal; low: Decimal; close: Decimal; volume: Decimal } | undefined
  const flush = () => {
    if (!current) return
    candles.push({
      time: current.time,
      open: current.open.toString(),
      high: current.high.toString(),
      low: current.low.toString(),
      close: current.close.toString(),
      volume: current.volume.toString(),
    })
  }
  for (const bar of bars) {
    const bucket = Math.floor(bar.time / span) * span
    const price = new Decimal(bar.price)
    if (!current || current.time !== bucket) {
      flush()
      current = { time: bucket, open: price, high: price, low: price, close: price, volume: new Decimal(0) }
    }
    current.high = Decimal.max(current.high, price)
    current.low = Decimal.min(current.low, price)
    current.close = price
    current.volume = current.volume.plus(bar.volume)
  }
  flush()
  return candles
}
