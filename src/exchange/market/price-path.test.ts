/** The counter-based price path: resumable anywhere, hourly bars equal to their minutes, exact decimal grids. */
import Decimal from 'decimal.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { INSTRUMENTS } from './instruments.ts'
import { generatePricePath, hourlyBars, nextPrices, type SimulatedMinute } from './price-path.ts'
import { formatCount, formatUnits, gridOf, parseCount, plain } from './ticks.ts'
import { testMarketSeed } from '#tests/fixtures/market-seed.ts'

const START = Date.UTC(2026, 4, 1, 7)
const btc = INSTRUMENTS[0]
if (!btc) throw new Error('no BTC')

/** Minute candles merged into one candle, with Decimal. */
function merge(minutes: readonly SimulatedMinute[]) {
  const first = minutes[0]
  const last = minutes.at(-1)
  if (!first || !last) throw new Error('no minutes')
  return {
    time: first.time,
    open: first.open,
    high: Decimal.max(...minutes.map((m) => m.high)).toString(),
    low: Decimal.min(...minutes.map((m) => m.low)).toString(),
    close: last.close,
    volume: minutes.reduce((sum, m) => sum.plus(m.volume), new Decimal(0)).toString(),
  }
}

describe('price path', () => {
  it('continues from any stored price exactly as the uninterrupted path', () => {
    // Past 8192 minutes too: a walk draws its keystream that many minutes at a time.
    for (const instrument of INSTRUMENTS.slice(0, 4)) {
      const full = generatePricePath(instrument, testMarketSeed, START, 9000)
      for (const at of [1, 59, 60, 61, 1441, 2999, 8191, 8192, 8193, 8999]) {
        const resumed = nextPrices(
          instrument,
          testMarketSeed,
          START + at * 60_000,
          9000 - at,
          full[at - 1]?.price ?? '',
        )
        expect(resumed).toEqual(full.slice(at))
      }
    }
  })

  it('gives well-formed minute candles: open is the previous close, wicks around open and close, volume on the lot', () => {
    for (const instrument of INSTRUMENTS) {
      const path = generatePricePath(instrument, testMarketSeed, START, 600)
      let previous = instrument.startPrice
      for (const minute of path) {
        const [open, high, low, close] = [
          new Decimal(minute.open),
          new Decimal(minute.high),
          new Decimal(minute.low),
          new Decimal(minute.close),
        ]
        expect(minute.price).toBe(minute.close)
        expect(minute.open).toBe(previous)
        expect(high.gte(Decimal.max(open, close)) && low.lte(Decimal.min(open, close)) && low.gt(0)).toBe(true)
        expect(new Decimal(minute.volume).gt(0) && new Decimal(minute.volume).mod(instrument.lotSize).isZero()).toBe(
          true,
        )
        expect(high.mod(instrument.tickSize).isZero() && low.mod(instrument.tickSize).isZero()).toBe(true)
        previous = minute.close
      }
    }
  })

  it('builds hourly bars equal to their minutes, without materialising them', () => {
    for (const instrument of INSTRUMENTS) {
      const minutes = generatePricePath(instrument, testMarketSeed, START, 30 * 60)
      const { bars, lastPrice } = hourlyBars(instrument, testMarketSeed, START, 30, instrument.startPrice)
      expect(bars).toHaveLength(30)
      bars.forEach((bar, hour) => expect(bar).toEqual(merge(minutes.slice(hour * 60, hour * 60 + 60))))
      expect(lastPrice).toBe(minutes.at(-1)?.price)
    }
  })

  it('moves each coin within plausible bounds over 180 days', () => {
    for (const instrument of INSTRUMENTS) {
      const { bars } = hourlyBars(instrument, testMarketSeed, START, 180 * 24, instrument.startPrice)
      const ratio = new Decimal(bars.at(-1)?.close ?? '0').div(instrument.startPrice)
      expect(ratio.gt(0.2) && ratio.lt(5)).toBe(true)
    }
  })
})

describe('decimal grids', () => {
  it('format and parse step counts exactly', () => {
    fc.assert(
      fc.property(fc.constantFrom(...INSTRUMENTS), fc.integer({ min: 1, max: 1e12 }), (instrument, count) => {
        const tick = gridOf(instrument.tickSize)
        const text = formatCount(count, tick)
        expect(text).toBe(new Decimal(count).times(instrument.tickSize).toFixed())
        expect(parseCount(text, tick)).toBe(count)
        expect(parseCount(`${text}${text.includes('.') ? '' : '.'}000000`, tick)).toBe(count)
      }),
    )
    expect(gridOf('0.25')).toEqual({ step: '0.25', decimals: 2, units: 25 })
    expect(formatUnits(5n, 3)).toBe('0.005')
    expect(formatUnits(-1500, 3)).toBe('-1.5')
    expect(parseCount('0.123456', gridOf('0.00001'))).toBe(12346)
    expect(plain('67250.500000000000000000')).toBe('67250.5')
    expect(plain('12.000')).toBe('12')
    expect(plain('7')).toBe('7')
  })
})
