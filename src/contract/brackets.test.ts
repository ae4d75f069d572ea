/**
 * Leverage brackets: the maintenance amounts that keep the maintenance margin continuous, the tier a notional falls in,
 * the largest position a leverage allows, and the liquidation price solved in the tier of the notional at that price.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FUTURES } from '#/app.config.ts'
import { runs } from '#tests/fixtures/properties.ts'
import { bracketAt, bracketsOf, leverageAllowed, maintenanceMargin, notionalCapAt } from './brackets.ts'
import { liquidationPrice } from './liquidation.ts'
import { Exact, type Money } from './money.ts'

const BTC = bracketsOf(FUTURES.brackets.major, 125)
const DOGE = bracketsOf(FUTURES.brackets.other, 50)

describe('leverage brackets', () => {
  it('derive each maintenance amount so the maintenance margin is the same on both sides of every cap', () => {
    expect(BTC.map((b) => b.maintenance.amount.toFixed())).toEqual(['0', '250', '4000', '29000', '279000', '3279000'])
    for (const [index, tier] of BTC.entries()) {
      const next = BTC[index + 1]
      if (!tier.notionalCap || !next) continue
      const below = tier.notionalCap.times(tier.maintenance.rate).minus(tier.maintenance.amount)
      const above = tier.notionalCap.times(next.maintenance.rate).minus(next.maintenance.amount)
      expect(above.toFixed()).toBe(below.toFixed())
    }
  })

  it('put a notional in the first tier whose cap it does not pass, and cap leverage at the pair’s maximum', () => {
    expect(bracketAt(BTC, new Exact(50_000)).maxLeverage).toBe(125)
    expect(bracketAt(BTC, new Exact('50000.01')).maxLeverage).toBe(50)
    expect(bracketAt(BTC, new Exact(1e9)).maxLeverage).toBe(2)
    expect(maintenanceMargin(BTC, new Exact(100_000)).toFixed()).toBe('750')
    // DOGE's own maximum is 50x: the table's 75x first tier allows no more.
    expect(DOGE[0]?.maxLeverage).toBe(50)
    expect(leverageAllowed(BTC, new Exact(60_000), 51)).toBe(false)
    expect(leverageAllowed(BTC, new Exact(60_000), 50)).toBe(true)
  })

  it('say how large a position each leverage allows', () => {
    expect(notionalCapAt(BTC, 125)?.toFixed()).toBe('50000')
    expect(notionalCapAt(BTC, 51)?.toFixed()).toBe('50000')
    expect(notionalCapAt(BTC, 50)?.toFixed()).toBe('250000')
    expect(notionalCapAt(BTC, 2)).toBeNull()
    expect(notionalCapAt(DOGE, 51)?.toFixed()).toBe('0')
  })

  it('liquidate where margin and unrealized PnL meet the maintenance margin of the notional at that price', () => {
    const size = fc.integer({ min: 1, max: 400_000 }).map((n) => new Exact(n).div(1000))
    const entry = fc.integer({ min: 1_000, max: 200_000 })
    const leverage = fc.integer({ min: 1, max: 125 })
    fc.assert(
      fc.property(size, entry, leverage, fc.constantFrom(1 as const, -1 as const), (q, price, lev, side) => {
        const entryPrice = new Exact(price)
        const margin = q.times(entryPrice).div(lev)
        const level = liquidationPrice({ size: q, entryPrice, side, margin, leverage: lev }, BTC)
        if (level === null) {
          // Only a long can be held up to a price of zero (at leverage 1 it always is).
          expect(side).toBe(1)
          return
        }
        const left = (at: Money) =>
          margin.plus(q.times(at.minus(entryPrice)).times(side)).minus(maintenanceMargin(BTC, q.times(at)))
        // At the level the position is at (or, by the rounding away from the mark, just past) its maintenance …
        expect(left(level).lte('1e-9'), `at ${level.toFixed()}: ${left(level).toFixed()}`).toBe(true)
        // … and a hair on the safe side it is above it.
        const safer = level.times(new Exact(1).plus(new Exact('1e-9').times(side)))
        expect(left(safer).gt(0), `safer ${safer.toFixed()}: ${left(safer).toFixed()}`).toBe(true)
      }),
      runs(300),
    )
  })
})
