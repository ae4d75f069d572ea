/**
 * Deterministic minute prices for an instrument: a random walk of log-returns whose volatility
 * switches between calm, normal and stormy regimes, with rare jumps and a slow pull back towards
 * the instrument's start price. The path is counter-based: the draws of epoch minute m are blocks of a keystream keyed
 * by (secret seed, pair) at counter m (market-seed.ts) and the regime of an hour likewise, so continuing from a stored
 * price gives exactly what regenerating from the start would, and nobody without the secret can draw the next minute.
 * The walk runs in floats (draws, not money) on an integer count of ticks; every price leaves as an exact decimal on
 * the tick.
 */
import Decimal from 'decimal.js'
import type { Candle } from './candles.ts'
import type { Instrument } from './instruments.ts'
import { unit, type MarketSeed } from './market-seed.ts'
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

/** Keystream blocks per minute of a path: its seven draws (two shocks, jump, jump size, two wicks, volume) fit in two. */
const BLOCKS_PER_MINUTE = 2
const WORDS_PER_MINUTE = 4 * BLOCKS_PER_MINUTE
/** Which word of its minute each draw is. */
const DRAW = { shockA: 0, shockB: 1, jump: 2, jumpSize: 3, wickUp: 4, wickDown: 5, volume: 6 } as const
/** Minutes drawn per cipher call (128 KiB of keystream). */
const CHUNK_MINUTES = 8192
/** The regime's value noise: a slow lattice (one cell a day) and a fast one (6-hour cells), one word each per block. */
const REGIME_LATTICES = [
  { spanHours: 24, word: 0, weight: 0.65 },
  { spanHours: 6, word: 1, weight: 0.35 },
] as const

const smooth = (t: number) => t * t * (3 - 2 * t)

/**
 * The volatility multipliers of `hours` epoch hours from `fromHour`: smooth value noise over days and 6-hour blocks,
 * cut into regimes (about 35 % calm, 50 % normal, 15 % stormy). One cipher call per lattice for the whole range.
 */
export function regimeScales(seed: MarketSeed, pairCode: string, fromHour: number, hours: number): number[] {
  const stream = seed.stream(`regime/${pairCode}`)
  const lattices = REGIME_LATTICES.map(({ spanHours, word, weight }) => {
    const firstCell = Math.floor(fromHour / spanHours)
    const cells = Math.floor((fromHour + hours - 1) / spanHours) - firstCell + 2
    return { spanHours, word, weight, firstCell, words: stream.words(firstCell, cells) }
  })
  return Array.from({ length: hours }, (_, index) => {
    const hour = fromHour + index
    let level = 0
    for (const { spanHours, word, weight, firstCell, words } of lattices) {
      const cell = Math.floor(hour / spanHours)
      const at = (cell - firstCell) * 4 + word
      const a = unit(words[at] ?? 0)
      const b = unit(words[at + 4] ?? 0)
      level += weight * (a + (b - a) * smooth((hour - cell * spanHours) / spanHours))
    }
    if (level < 0.42) return REGIME_SCALES[0]
    if (level > 0.7) return REGIME_SCALES[2]
    return REGIME_SCALES[1]
  })
}

/** The volatility multiplier of one epoch hour of a pair (the market maker's spread follows it). */
export function regimeScale(seed: MarketSeed, pairCode: string, hour: number): number {
  return regimeScales(seed, pairCode, hour, 1)[0] ?? REGIME_SCALES[1]
}

export type MinuteSink = (time: number, open: number, high: number, low: number, close: number, volume: number) => void

/**
 * Walks `minutes` minutes from `fromMinuteMs` (the first simulated minute, aligned) starting at
 * `startCount` ticks (the close of the minute before), calling `sink` with each minute in ticks and
 * lots. Returns the last close in ticks.
 */
export function walkMinutes(
  instrument: Instrument,
  seed: MarketSeed,
  fromMinuteMs: number,
  minutes: number,
  startCount: number,
  sink: MinuteSink,
): number {
  const path = seed.stream(`path/${instrument.pairCode}`)
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
  for (let done = 0; done < minutes; done += CHUNK_MINUTES) {
    const chunkStart = firstMinute + done
    const size = Math.min(CHUNK_MINUTES, minutes - done)
    const words = path.words(chunkStart * BLOCKS_PER_MINUTE, size * BLOCKS_PER_MINUTE)
    const firstHour = Math.floor(chunkStart / 60)
    const scales = regimeScales(
      seed,
      instrument.pairCode,
      firstHour,
      Math.floor((chunkStart + size - 1) / 60) - firstHour + 1,
    )
    const volumeScales = scales.map((scale) => scale ** 1.3)
    for (let i = 0; i < size; i += 1) {
      const minute = chunkStart + i
      const hour = Math.floor(minute / 60) - firstHour
      const scale = scales[hour] ?? 1
      const at = i * WORDS_PER_MINUTE
      const shock =
        Math.sqrt(-2 * Math.log(unit(words[at + DRAW.shockA] ?? 0))) *
        Math.cos(2 * Math.PI * unit(words[at + DRAW.shockB] ?? 0))
      let logReturn = shock * sigma * scale - REVERSION * (logPrice - anchor)
      if (unit(words[at + DRAW.jump] ?? 0) < JUMP_CHANCE) {
        const jump = unit(words[at + DRAW.jumpSize] ?? 0)
        logReturn += (jump < 0.5 ? -1 : 1) * JUMP_SIZE * (0.5 + Math.abs(2 * jump - 1))
      }
      const open = count
      const close = Math.max(1, Math.round(count * Math.exp(logReturn)))
      const wick = sigma * scale * close * WICK
      const up = unit(words[at + DRAW.wickUp] ?? 0)
      const down = unit(words[at + DRAW.wickDown] ?? 0)
      const high = Math.max(open, close) + Math.floor(up * up * wick)
      const low = Math.max(1, Math.min(open, close) - Math.floor(down * down * wick))
      const activity =
        (0.35 + 1.3 * unit(words[at + DRAW.volume] ?? 0)) * (0.6 + 0.4 * Math.abs(shock)) * (volumeScales[hour] ?? 1)
      const volume = Math.max(1, Math.round((lotsPerQuote / close) * activity))
      sink(minute * MINUTE_MS, open, high, low, close, volume)
      count = close
      logPrice = Math.log(close) + logTick
    }
  }
  return count
}

/**
 * `minutes` simulated minutes from `fromMinuteMs`, continuing from `startPrice` (the close of the
 * minute before): the same minutes whatever point the walk was resumed from.
 */
export function nextPrices(
  instrument: Instrument,
  seed: MarketSeed,
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
  seed: MarketSeed,
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
  seed: MarketSeed,
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
  seed: MarketSeed,
  fromMs: number,
  hours: number,
  startPrice: string,
): { bars: Candle[]; lastPrice: string } {
  const { tick } = gridsOf(instrument)
  const { bars, lastCount } = walkHours(instrument, seed, fromMs, hours * 60, parseCount(startPrice, tick))
  return { bars: bars.map((bar) => formatBar(bar, instrument)), lastPrice: formatCount(lastCount, tick) }
}
