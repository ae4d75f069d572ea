/**
 * Simulation of a span of minutes for every pair, as written to the candle tables: the part older
 * than the minute history only as hourly bars (no string per minute), the recent part minute by
 * minute, with its hours merged into the hourly bars. Pure computation, no database.
 */
import type { Instrument } from './instruments.ts'
import type { MarketSeed } from './market-seed.ts'
import { formatBar, HOUR_MS, MINUTE_MS, walkHours, walkMinutes, type TickBar } from './price-path.ts'
import type { CandleRow } from './market-store.ts'

export interface PairSpan {
  instrument: Instrument
  /** Hourly bars of the span (the first and last hour may be partial). */
  hours: TickBar[]
  /** Minute bars of the recent part of the span. */
  minutes: TickBar[]
  /** Close of the last minute, in ticks. */
  lastCount: number
}

/** Minutes from `from` to `to`, both included (epoch ms of minute starts). */
export function minutesBetween(from: number, to: number): number {
  return Math.max(0, Math.floor((to - from) / MINUTE_MS) + 1)
}

/** Groups minute bars (ascending) into UTC hours. */
export function toHours(minutes: readonly TickBar[]): TickBar[] {
  const hours: TickBar[] = []
  let current: TickBar | undefined
  for (const bar of minutes) {
    const hour = bar.time - (bar.time % HOUR_MS)
    if (current && current.time === hour) {
      current.high = Math.max(current.high, bar.high)
      current.low = Math.min(current.low, bar.low)
      current.close = bar.close
      current.volume += bar.volume
    } else {
      current = { ...bar, time: hour }
      hours.push(current)
    }
  }
  return hours
}

/** Hourly bars of consecutive spans, the hour they share merged into one bar. */
function concatHours(older: TickBar[], newer: readonly TickBar[]): TickBar[] {
  const last = older.at(-1)
  const [first, ...rest] = newer
  if (!last || !first || last.time !== first.time) return [...older, ...newer]
  const merged: TickBar = {
    time: last.time,
    open: last.open,
    high: Math.max(last.high, first.high),
    low: Math.min(last.low, first.low),
    close: first.close,
    volume: last.volume + first.volume,
  }
  return [...older.slice(0, -1), merged, ...rest]
}

/**
 * Simulates the minutes `from` … `to` (both included) of every instrument, each continuing from its
 * start count (the close of the minute before `from`). Only the last `minuteWindow` minutes are
 * materialised as minutes; the rest become hourly bars directly.
 */
export function simulateSpan(
  instruments: readonly Instrument[],
  seed: MarketSeed,
  span: { from: number; to: number; minuteWindow: number },
  startCount: (instrument: Instrument) => number,
): PairSpan[] {
  const total = minutesBetween(span.from, span.to)
  const hourlyOnly = Math.max(0, total - Math.max(0, span.minuteWindow))
  return instruments.map((instrument) => {
    let count = startCount(instrument)
    let hours: TickBar[] = []
    if (hourlyOnly > 0) {
      const older = walkHours(instrument, seed, span.from, hourlyOnly, count)
      hours = older.bars
      count = older.lastCount
    }
    const minutes: TickBar[] = []
    count = walkMinutes(
      instrument,
      seed,
      span.from + hourlyOnly * MINUTE_MS,
      total - hourlyOnly,
      count,
      (time, open, high, low, close, volume) => {
        minutes.push({ time, open, high, low, close, volume })
      },
    )
    return { instrument, hours: concatHours(hours, toHours(minutes)), minutes, lastCount: count }
  })
}

/** Bars of a pair as candle rows of exact decimal strings. */
export function toRows(instrument: Instrument, bars: readonly TickBar[]): CandleRow[] {
  return bars.map((bar) => ({ pairCode: instrument.pairCode, ...formatBar(bar, instrument) }))
}
