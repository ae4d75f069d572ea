/**
 * Simulated public trades: a deterministic handful per pair and minute, priced inside the minute's
 * range and ending at its close, kept in a small ring per pair (newest last).
 */
import type { Instrument } from './instruments.ts'
import { unit, type MarketSeed } from './market-seed.ts'
import { gridsOf, MINUTE_MS, type TickBar } from './price-path.ts'
import { formatCount } from './ticks.ts'

export interface Trade {
  /** Unique per pair and stable across restarts. */
  id: string
  time: number
  price: string
  size: string
  side: 'buy' | 'sell'
}

/** The words of a trade's keystream block. */
const DRAW = { weight: 0, price: 1, side: 2, time: 3 } as const
/**
 * Trade ids are minute × this + index, so at most this many trades per minute; trade i of minute m draws from keystream
 * block m × this + i.
 */
const MAX_PER_MINUTE = 1000

/** The trades of one simulated minute, oldest first: a pure function of (secret seed, pair, minute, bar). */
export function minuteTrades(instrument: Instrument, seed: MarketSeed, bar: TickBar, perMinute: number): Trade[] {
  const count = Math.min(MAX_PER_MINUTE, Math.max(0, Math.floor(perMinute)))
  if (count === 0) return []
  const { tick, lot } = gridsOf(instrument)
  const minute = Math.floor(bar.time / MINUTE_MS)
  const words = seed.stream(`trades/${instrument.pairCode}`).words(minute * MAX_PER_MINUTE, count)
  const draw = (index: number, word: number) => unit(words[index * 4 + word] ?? 0)
  const weights = Array.from({ length: count }, (_, index) => 0.05 + draw(index, DRAW.weight) ** 2)
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  const trades: Trade[] = []
  let previous = bar.open
  for (let index = 0; index < count; index += 1) {
    const last = index === count - 1
    const price = last
      ? bar.close
      : Math.min(bar.high, bar.low + Math.floor(draw(index, DRAW.price) * (bar.high - bar.low + 1)))
    const side = price > previous ? 'buy' : price < previous ? 'sell' : draw(index, DRAW.side) < 0.5 ? 'buy' : 'sell'
    const size = Math.max(1, Math.floor((bar.volume * (weights[index] ?? 1)) / total))
    trades.push({
      id: String(minute * MAX_PER_MINUTE + index),
      time: bar.time + Math.floor(((index + draw(index, DRAW.time)) * MINUTE_MS) / count),
      price: formatCount(price, tick),
      size: formatCount(size, lot),
      side,
    })
    previous = price
  }
  return trades
}

/** Appends the trades of `bars` (ascending) to `ring`, keeping the newest `kept`. */
export function appendTrades(
  ring: Trade[],
  instrument: Instrument,
  seed: MarketSeed,
  bars: readonly TickBar[],
  perMinute: number,
  kept: number,
): void {
  if (kept <= 0 || perMinute <= 0) return
  const minutesNeeded = Math.ceil(kept / Math.max(1, Math.floor(perMinute))) + 1
  for (const bar of bars.slice(-minutesNeeded)) ring.push(...minuteTrades(instrument, seed, bar, perMinute))
  if (ring.length > kept) ring.splice(0, ring.length - kept)
}
