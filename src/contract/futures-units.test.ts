import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runs } from '#tests/fixtures/properties.ts'
import {
  FUTURES_UNITS,
  futuresUnitCode,
  futuresUnitOf,
  sizeFromUnit,
  sizeToUnit,
  type FuturesUnit,
  type FuturesUnitContext,
} from './futures-units.ts'
import { Exact, Money } from './money.ts'

const BTC: FuturesUnitContext = {
  price: new Money('60123.4'),
  contractSize: new Money('0.001'),
  lotSize: new Money('0.001'),
  leverage: 10,
}
const UNITS = Object.keys(FUTURES_UNITS).filter((u): u is FuturesUnit => u in FUTURES_UNITS)

describe('futures units (§3)', () => {
  it('maps coin=0, sheet=1, bi=2, margin=3 both ways and nothing else', () => {
    expect(UNITS.map((u) => [u, futuresUnitCode(u)])).toEqual([
      ['coin', 0],
      ['sheet', 1],
      ['bi', 2],
      ['margin', 3],
    ])
    for (const unit of UNITS) expect(futuresUnitOf(futuresUnitCode(unit))).toBe(unit)
    expect([futuresUnitOf(4), futuresUnitOf(-1), futuresUnitOf(1.5)]).toEqual([undefined, undefined, undefined])
  })

  it('turns what a trader types into a size that never costs more than it', () => {
    // 0.5 BTC, 500 contracts, 30,061.7 USDT of value and 3,006.17 USDT of margin are all 0.5 BTC at 60,123.4.
    const typed: [FuturesUnit, string][] = [
      ['coin', '0.5'],
      ['sheet', '500'],
      ['bi', '30061.7'],
      ['margin', '3006.17'],
    ]
    for (const [unit, amount] of typed)
      expect([unit, sizeFromUnit(new Money(amount), unit, BTC).toFixed()]).toEqual([unit, '0.5'])
    // A hair less than a lot's worth buys one lot less, never one more.
    expect(sizeFromUnit(new Money('30061.69'), 'bi', BTC).toFixed()).toBe('0.499')
    expect(sizeFromUnit(new Money('3006.169'), 'margin', BTC).toFixed()).toBe('0.499')
    expect(sizeFromUnit(new Money('0.0009'), 'coin', BTC).toFixed()).toBe('0')
  })

  it('shows a size in each unit exactly, margin as the engine holds it', () => {
    const size = new Money('0.123')
    expect(UNITS.map((u) => [u, sizeToUnit(size, u, BTC).toFixed()])).toEqual([
      ['coin', '0.123'],
      ['sheet', '123'],
      ['bi', '7395.1782'],
      ['margin', '739.51782'],
    ])
  })

  it('property: a size on the lot grid round-trips through every unit; a typed amount is never exceeded', () => {
    const contextArb = fc.record({
      price: fc.integer({ min: 1, max: 10_000_000 }).map((n) => new Money(n).div(100)),
      lots: fc.constantFrom('0.001', '0.01', '0.1', '1'),
      leverage: fc.integer({ min: 1, max: 125 }),
    })
    fc.assert(
      fc.property(contextArb, fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(...UNITS), (c, lots, unit) => {
        const context = {
          price: c.price,
          contractSize: new Money(c.lots),
          lotSize: new Money(c.lots),
          leverage: c.leverage,
        }
        const size = new Exact(c.lots).times(lots)
        const shown = sizeToUnit(size, unit, context)
        // Typed back, the amount shown is the same size (margin is rounded up, so it buys at least the size).
        expect(sizeFromUnit(shown, unit, context).toFixed()).toBe(size.toFixed())
        // One lot's worth less buys less: the size never exceeds what the amount covers.
        const less = sizeToUnit(size.minus(c.lots), unit, context)
        expect(sizeFromUnit(less, unit, context).lt(size)).toBe(true)
      }),
      runs(300),
    )
  })
})
