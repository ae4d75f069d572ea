/**
 * The rolling 24-hour window of a pair, in memory: the minute bars of the last day with running
 * sums of volume (lots) and quote volume (lot × tick units, as a bigint), and the ticker built
 * from it as exact decimal strings.
 */
import { Money, toPlain } from '../money.ts'
import type { Instrument } from './instruments.ts'
import { gridsOf, MINUTE_MS, type TickBar } from './price-path.ts'
import { formatCount, formatUnits } from './ticks.ts'

export const DAY_MS = 24 * 60 * MINUTE_MS
/** Decimal places of the 24 h change ratio. */
const CHANGE_DECIMALS = 8

export interface Ticker {
  pairCode: string
  last: string
  open24h: string
  high24h: string
  low24h: string
  /** (last − open24h) / open24h, e.g. "-0.0123" for −1.23 %. */
  change24h: string
  /** Base coin traded in the window. */
  volume24h: string
  /** USDT traded in the window (each minute's volume at its close). */
  quoteVolume24h: string
}

export interface DayWindow {
  /** Minute bars with `last − 24 h < time ≤ last`, ascending. */
  bars: TickBar[]
  volume: number
  quote: bigint
}

export function emptyWindow(): DayWindow {
  return { bars: [], volume: 0, quote: 0n }
}

/** Appends minute bars (ascending, after the window's last) and drops those older than 24 h before `lastMinute`. */
export function appendToWindow(window: DayWindow, bars: readonly TickBar[], lastMinute: number): void {
  for (const bar of bars) {
    window.bars.push(bar)
    window.volume += bar.volume
    window.quote += BigInt(bar.volume) * BigInt(bar.close)
  }
  const cutoff = lastMinute - DAY_MS
  let drop = 0
  while (drop < window.bars.length && (window.bars[drop]?.time ?? Infinity) <= cutoff) drop += 1
  for (const bar of window.bars.splice(0, drop)) {
    window.volume -= bar.volume
    window.quote -= BigInt(bar.volume) * BigInt(bar.close)
  }
}

/** The ticker of a pair from its window; undefined while the window is empty. */
export function tickerOf(instrument: Instrument, window: DayWindow): Ticker | undefined {
  const first = window.bars[0]
  const last = window.bars.at(-1)
  if (!first || !last) return undefined
  const { tick, lot } = gridsOf(instrument)
  let high = first.high
  let low = first.low
  for (const bar of window.bars) {
    if (bar.high > high) high = bar.high
    if (bar.low < low) low = bar.low
  }
  const change = new Money(last.close - first.open)
    .div(first.open)
    .toDecimalPlaces(CHANGE_DECIMALS, Money.ROUND_HALF_UP)
  return {
    pairCode: instrument.pairCode,
    last: formatCount(last.close, tick),
    open24h: formatCount(first.open, tick),
    high24h: formatCount(high, tick),
    low24h: formatCount(low, tick),
    change24h: toPlain(change),
    volume24h: formatCount(window.volume, lot),
    quoteVolume24h: formatUnits(window.quote * BigInt(tick.units * lot.units), tick.decimals + lot.decimals),
  }
}
