/**
 * Deterministic minute prices for an instrument: a random walk of log-returns whose volatility
 * switches between calm, normal and stormy regimes, with rare jumps and a slow pull back towards
 * the instrument's start price. The path is counter-based: the draws of epoch minute m are a pure
 * function of (seed, pair, m) and the regime of an hour of (seed, pair, hour), so continuing from a
 * stored price gives exactly what regenerating from the start would. The walk runs in floats (draws,
 * not money) on an integer count of ticks; every price leaves as an exact decimal on the tick.
 */
import Decimal from 'decimal.js'
import type { Candle } from './candles.ts'
import type { Instrument } from './instruments.ts'
import { seedOf } from './random.ts'
import { formatCount, gridOf, parseCount, type Grid } from './ticks.ts'

export const MINUTE_MS = 60_000
export const HOUR_MS = 60 * MINUTE_MS
const MINUTES_PER_DAY = 24 * 60
/** Volatility multipliers of the calm, normal and stormy regimes. */
const REGIME_SCALES = [0.6, 1, 2.6] as const
/** Chance per minute of a jump, and its typical size (as a log-return). */
const JUMP_CHANCE = 1 / (3 * MINUTES_PER_DAY)
const JUMP_SIZE = 0.03
/**
 * Pull per minute of the log-price towards the start price (a half-life of 30 days): prices wander but stay plausible
 * for years.
 */
const REVERSION = Math.LN2 / (30 * MINUTES_PER_DAY)
/** Typical wick beyond a minute's open and close, as a share of the minute's volatility. */
const WICK = 0.8
/** Typical traded value per day in USDT, so volumes look like each coin's market. */
const DAILY_QUOTE_VOLUME: Readonly<Record<string, number>> = {
  BTC: 1.5e9,
  ETH: 8e8,
  SOL: 3e8,
  BNB: 1.2e8,
  XRP: 2e8,
  DOGE: 1.5e8,
  ADA: 6e7,
  TON: 5e7,
  AVAX: 5e7,
  LINK: 6e7,
  DOT: 4e7,
  TRX: 5e7,
}
const DEFAULT_DAILY_QUOTE_VOLUME = 3e7

export interface PricePoint {
  /** Minute start, epoch ms. */
  time: number
  price: string
}

/** A simulated minute: its candle, with `price` the close. */
export type SimulatedMinute = PricePoint & Candle

/** A bar in integer steps: prices in ticks, volume in lots. */
export interface TickBar {
  time: number
  open: number
  high: number
  low: number
  close: number
  volume: number
}

export function onTick(price: Decimal, tickSize: Decimal.Value): Decimal {
  const tick = new Decimal(tickSize)
  const steps = price.div(tick).toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
  return Decimal.max(tick, steps.times(tick))
}

/** A 32-bit integer hash with good avalanche (lowbias32): the counter-based generator. */
export function mix32(value: number): number {
  let x = value >>> 0
  x ^= x >>> 16
  x = Math.imul(x, 0x21f0aaad)
  x ^= x >>> 15
  x = Math.imul(x, 0x735a2d97)
  x ^= x >>> 15
  return x >>> 0
}

/** A hash as a uniform draw in (0, 1). */
export function unit(hash: number): number {
  return (hash + 0.5) / 4294967296
}

/** Distinct streams of draws within one minute. */
const STREAM = {
  shockA: 0x68e31da4,
  shockB: 0xb5297a4d,
  jump: 0x1b56c4e9,
  jumpSize: 0x7f4a7c15,
  wickUp: 0x9e3779b9,
  wickDown: 0x85ebca6b,
  volume: 0xc2b2ae35,
} as const
const REGIME_STREAM = { slow: 0x27d4eb2f, fast: 0x165667b1, key: 0x5bd1e995 } as const

/** The key of a pair's path under a seed. */
export function pathKey(pairCode: string, seed: number): number {
  return mix32(seedOf(pairCode, seed))
}

const smooth = (t: number) => t * t * (3 - 2 * t)
const lattice = (key: number, stream: number, index: number) => unit(mix32(mix32(key ^ index) ^ stream))

function noise(key: number, stream: number, hour: number, span: number): number {
  const cell = Math.floor(hour / span)
  const t = smooth((hour - cell * span) / span)
  const a = lattice(key, stream, cell)
  return a + (lattice(key, stream, cell + 1) - a) * t
}

/**
 * The volatility multiplier of an hour (epoch hour index): smooth value noise over days and 6-hour blocks, cut into
 * regimes (about 35 % calm, 50 % normal, 15 % stormy).
 */
export function regimeScale(key: number, hour: number): number {
  const regimeKey = mix32(key ^ REGIME_STREAM.key)
  const level =
    0.65 * noise(regimeKey, REGIME_STREAM.slow, hour, 24) + 0.35 * noise(regimeKey, REGIME_STREAM.fast, hour, 6)
  if (level < 0.42) return REGIME_SCALES[0]
  if (level > 0.7) return REGIME_SCALES[2]
  return REGIME_SCALES[1]
}

export type MinuteSink = (time: number, open: number, high: number, low: number, close: number, volume: number) => void

/**
 * Walks `minutes` minutes from `fromMinuteMs` (the first simulated minute, aligned) starting at
 * `startCount` ticks (the close of the minute before), calling `sink` with each minute in ticks and
 * lots. Returns the last close in ticks.
 */
export function walkMinutes(
  instrument: Instrument,
  seed: number,
  fromMinuteMs: number,
  minutes: number,
  startCount: number,
  sink: MinuteSink,
): number {
  const key = pathKey(instrument.pairCode, seed)
  const tickValue = Number(instrument.tickSize)
  const lotValue = Number(instrument.lotSize)
  const logTick = Math.log(tickValue)
  const anchor = Math.log(Number(instrument.startPrice))
  const sigma = instrument.dailyVolatility / Math.sqrt(MINUTES_PER_DAY)
  const lotsPerQuote =
    (DAILY_QUOTE_VOLUME[instrument.coin] ?? DEFAULT_DAILY_QUOTE_VOLUME) / MINUTES_PER_DAY / tickValue / lotValue
  const firstMinute = Math.floor(fromMinuteMs / MINUTE_MS)
  let count = Math.max(1, startCount)
  let logPrice = Math.log(count) + logTick
  let hour = Number.NaN
  let scale = 1
  let volumeScale = 1
  for (let i = 0; i < minutes; i += 1) {
    const minute = firstMinute + i
    const minuteHour = Math.floor(minute / 60)
    if (minuteHour !== hour) {
      hour = minuteHour
      scale = regimeScale(key, hour)
      volumeScale = scale ** 1.3
    }
    const base = mix32(key ^ minute)
    const shock =
      Math.sqrt(-2 * Math.log(unit(mix32(base ^ STREAM.shockA)))) *
      Math.cos(2 * Math.PI * unit(mix32(base ^ STREAM.shockB)))
    let logReturn = shock * sigma * scale - REVERSION * (logPrice - anchor)
    if (unit(mix32(base ^ STREAM.jump)) < JUMP_CHANCE) {
      const draw = unit(mix32(base ^ STREAM.jumpSize))
      logReturn += (draw < 0.5 ? -1 : 1) * JUMP_SIZE * (0.5 + Math.abs(2 * draw - 1))
    }
    const open = count
    const close = Math.max(1, Math.round(count * Math.exp(logReturn)))
    const wick = sigma * scale * close * WICK
    const up = unit(mix32(base ^ STREAM.wickUp))
    const down = unit(mix32(base ^ STREAM.wickDown))
    const high = Math.max(open, close) + Math.floor(up * up * wick)
    const low = Math.max(1, Math.min(open, close) - Math.floor(down * down * wick))
    const activity = (0.35 + 1.3 * unit(mix32(base ^ STREAM.volume))) * (0.6 + 0.4 * Math.abs(shock)) * volumeScale
    const volume = Math.max(1, Math.round((lotsPerQuote / close) * activity))
    sink(minute * MINUTE_MS, open, high, low, close, volume)
    count = close
    logPrice = Math.log(close) + logTick
  }
  return count
}

/**
 * `minutes` simulated minutes from `fromMinuteMs`, continuing from `startPrice` (the close of the
 * minute before): the same minutes whatever point the walk was resumed from.
 */
export function nextPrices(
  instrument: Instrument,
  seed: number,
  fromMinuteMs: number,
  minutes: number,
  startPrice: string,
): SimulatedMinute[] {
  const { tick, lot } = gridsOf(instrument)
  const points: SimulatedMinute[] = []
  walkMinutes(
    instrument,
    seed,
    fromMinuteMs,
    minutes,
    parseCount(startPrice, tick),
    (time, open, high, low, close, volume) => {
      const price = formatCount(close, tick)
      points.push({
        time,
        price,
        open: formatCount(open, tick),
        high: formatCount(high, tick),
        low: formatCount(low, tick),
        close: price,
        volume: formatCount(volume, lot),
      })
    },
  )
  return points
}

/** `minutes` one-minute prices from `start` (epoch ms, aligned to a minute), from the instrument's start price. */
export function generatePricePath(
  instrument: Instrument,
  seed: number,
  start: number,
  minutes: number,
): SimulatedMinute[] {
  return nextPrices(instrument, seed, start, minutes, instrument.startPrice)
}

/**
 * The minutes from `fromMinuteMs` grouped into UTC hours without building a string per minute
 * (the first and last hour may be partial). Returns the bars in ticks and lots and the last close.
 */
export function walkHours(
  instrument: Instrument,
  seed: number,
  fromMinuteMs: number,
  minutes: number,
  startCount: number,
): { bars: TickBar[]; lastCount: number } {
  const bars: TickBar[] = []
  let current: TickBar | undefined
  const lastCount = walkMinutes(
    instrument,
    seed,
    fromMinuteMs,
    minutes,
    startCount,
    (time, open, high, low, close, volume) => {
      const hour = time - (time % HOUR_MS)
      if (current && current.time === hour) {
        if (high > current.high) current.high = high
        if (low < current.low) current.low = low
        current.close = close
        current.volume += volume
      } else {
        current = { time: hour, open, high, low, close, volume }
        bars.push(current)
      }
    },
  )
  return { bars, lastCount }
}

const grids = new Map<Instrument, { tick: Grid; lot: Grid }>()

/** The tick and lot grids of an instrument (parsed once). */
export function gridsOf(instrument: Instrument): { tick: Grid; lot: Grid } {
  let found = grids.get(instrument)
  if (!found) {
    found = { tick: gridOf(instrument.tickSize), lot: gridOf(instrument.lotSize) }
    grids.set(instrument, found)
  }
  return found
}

/** A bar in steps as a candle of exact decimal strings. */
export function formatBar(bar: TickBar, instrument: Instrument): Candle {
  const { tick, lot } = gridsOf(instrument)
  return {
    time: bar.time,
    open: formatCount(bar.open, tick),
    high: formatCount(bar.high, tick),
    low: formatCount(bar.low, tick),
    close: formatCount(bar.close, tick),
    volume: formatCount(bar.volume, lot),
  }
}

/**
 * Hourly candles of `hours` hours from `fromMs` (aligned to an hour), continuing from `startPrice`, and the last
 * minute's price.
 */
export function hourlyBars(
  instrument: Instrument,
  seed: number,
  fromMs: number,
  hours: number,
  startPrice: string,
): { bars: Candle[]; lastPrice: string } {
  const { tick } = gridsOf(instrument)
  const { bars, lastCount } = walkHours(instrument, seed, fromMs, hours * 60, parseCount(startPrice, tick))
  return { bars: bars.map((bar) => formatBar(bar, instrument)), lastPrice: formatCount(lastCount, tick) }
}
