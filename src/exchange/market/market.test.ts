import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { aggregate, INTERVAL_NAMES, INTERVALS, type MinuteBar } from './candles.ts'
import { findInstrument, INSTRUMENTS } from './instruments.ts'
import { generatePricePath, onTick } from './price-path.ts'
import { testMarketSeed } from '#tests/fixtures/market-seed.ts'

const START = Date.UTC(2026, 4, 1)

describe('instruments', () => {
  it('lists spot pairs and perpetuals for at least 12 coins, each with its steps and leverage', () => {
    expect(INSTRUMENTS.map((i) => i.coin)).toEqual(
      expect.arrayContaining(['BTC', 'ETH', 'SOL', 'BNB', 'XRP', 'DOGE', 'ADA', 'TON', 'AVAX', 'LINK', 'DOT', 'TRX']),
    )
    for (const i of INSTRUMENTS) {
      expect(new Decimal(i.tickSize).gt(0) && new Decimal(i.lotSize).gt(0) && new Decimal(i.contractSize).gt(0)).toBe(
        true,
      )
      expect(onTick(new Decimal(i.startPrice), i.tickSize).toString()).toBe(new Decimal(i.startPrice).toString())
      expect(i.maxLeverage).toBeGreaterThanOrEqual(20)
    }
    expect(findInstrument('btc_usdt')?.coin).toBe('BTC')
    expect(findInstrument('NOPE_USDT')).toBeUndefined()
  })
})

describe('simulated prices', () => {
  const btc = INSTRUMENTS[0]
  if (!btc) throw new Error('no BTC')

  it('stay positive, on the tick, one per minute, and move like their coin (a day of BTC within ±30 %)', () => {
    for (const instrument of INSTRUMENTS) {
      const path = generatePricePath(instrument, testMarketSeed, START, 1440)
      expect(path).toHaveLength(1440)
      for (const [index, point] of path.entries()) {
        const price = new Decimal(point.price)
        expect(price.gt(0)).toBe(true)
        expect(price.mod(instrument.tickSize).isZero()).toBe(true)
        expect(point.time).toBe(START + index * 60_000)
      }
    }
    const day = generatePricePath(btc, testMarketSeed, START, 1440)
    const last = new Decimal(day.at(-1)?.price ?? '0')
    expect(last.div(btc.startPrice).minus(1).abs().lt(0.3)).toBe(true)
  })
})

describe('candles', () => {
  const sol = findInstrument('SOL_USDT')
  if (!sol) throw new Error('no SOL')
  const bars: MinuteBar[] = generatePricePath(sol, testMarketSeed, START, 24 * 60).map((p, i) => ({
    ...p,
    volume: String((i % 7) + 1),
  }))

  it.each(INTERVAL_NAMES)('%s candles are consistent with their minutes', (interval) => {
    const candles = aggregate(bars, interval)
    expect(candles).toHaveLength(Math.ceil((24 * 60) / INTERVALS[interval]))
    for (const c of candles) {
      const open = new Decimal(c.open)
      const close = new Decimal(c.close)
      expect(
        new Decimal(c.high).gte(Decimal.max(open, close)) && new Decimal(c.low).lte(Decimal.min(open, close)),
      ).toBe(true)
      expect(c.time % (INTERVALS[interval] * 60_000)).toBe(0)
    }
    const volume = candles.reduce((sum, c) => sum.plus(c.volume), new Decimal(0))
    expect(volume.toString()).toBe(bars.reduce((sum, b) => sum.plus(b.volume), new Decimal(0)).toString())
    expect(candles[0]?.open).toBe(bars[0]?.price)
    expect(candles.at(-1)?.close).toBe(bars.at(-1)?.price)
  })
})
