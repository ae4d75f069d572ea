/**
 * Deterministic minute prices for an instrument: a random walk of log-returns whose volatility
 * switches between calm, normal and stormy regimes, with rare jumps. The random numbers are
 * floats (they are draws, not money); every price is an exact decimal on the instrument's tick.
 */
import Decimal from 'decimal.js'
import type { Instrument } from './instruments.ts'
import { seededRandom, seedOf } from './random.ts'

const MINUTES_PER_DAY = 24 * 60
const REGIMES = [
  { name: 'calm', scale: 0.6, stay: 0.995 },
  { name: 'normal', scale: 1, stay: 0.99 },
  { name: 'stormy', scale: 2.6, stay: 0.97 },
] as const
/** Chance per minute of a jump, and its typical size (as a log-return). */
const JUMP_CHANCE = 1 / (3 * MINUTES_PER_DAY)
const JUMP_SIZE = 0.03

export interface PricePoint {
  /** Minute start, epoch ms. */
  time: number
  price: string
}

export function onTick(price: Decimal, tickSize: Decimal.Value): Decimal {
  const tick = new Decimal(tickSize)
  const steps = price.div(tick).toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
  return Decimal.max(tick, steps.times(tick))
}

/** `minutes` one-minute prices from `start` (epoch ms, aligned to a minute), the same for the same seed. */
export function generatePricePath(instrument: Instrument, seed: number, start: number, minutes: number): PricePoint[] {
  const random = seededRandom(seedOf(instrument.pairCode, seed))
  const sigma = instrument.dailyVolatility / Math.sqrt(MINUTES_PER_DAY)
  let regime = 1
  let price = new Decimal(instrument.startPrice)
  const points: PricePoint[] = []
  for (let i = 0; i < minutes; i += 1) {
    const current = REGIMES[regime] ?? REGIMES[1]
    if (random.next() > current.stay) regime = Math.floor(random.next() * REGIMES.length)
    let logReturn = random.normal() * sigma * current.scale
    if (random.next() < JUMP_CHANCE) logReturn += (random.next() < 0.5 ? -1 : 1) * JUMP_SIZE * (0.5 + random.next())
    price = onTick(price.times(new Decimal(logReturn).exp()), instrument.tickSize)
    points.push({ time: start + i * 60_000, price: price.toString() })
  }
  return points
}
