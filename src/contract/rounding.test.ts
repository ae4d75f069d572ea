/**
 * Each money step rounds the way rounding.ts says, against a 200-digit reference, by at most one unit of the 18th
 * decimal.
 */
import Decimal from 'decimal.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runs } from '#tests/fixtures/properties.ts'
import { Money } from './money.ts'
import { fundingRate, held, liquidation, mark, paid, proRata, released, valuedDown } from './rounding.ts'

const Reference = Decimal.clone({ precision: 200 })
const UNIT = new Reference('1e-18')

/** A stored amount, numeric(36,18): at most 18 integer digits and 18 decimals, signed when asked. */
const amountArb = (signed = false) =>
  fc
    .tuple(fc.bigInt({ min: signed ? -(10n ** 30n) : 1n, max: 10n ** 30n }), fc.integer({ min: 12, max: 18 }))
    .map(([digits, scale]) => new Money(new Reference(digits.toString()).div(new Reference(10).pow(scale)).toFixed()))
const rateArb = fc.integer({ min: 1, max: 10_000 }).map((n) => new Money(n).div(100_000))

describe('money rounding', () => {
  it('what is paid or received never exceeds the exact value, by less than one unit', () => {
    fc.assert(
      fc.property(amountArb(true), amountArb(), rateArb, (price, size, rate) => {
        const exact = new Reference(price).times(size).times(rate)
        const value = new Reference(paid(price, size, rate))
        expect(value.abs().lte(exact.abs())).toBe(true)
        expect(exact.minus(value).abs().lt(UNIT)).toBe(true)
      }),
      runs(1000),
    )
  })

  it('an open position valued for the profit share is never above the exact value, by less than one unit', () => {
    fc.assert(
      fc.property(amountArb(true), amountArb(), fc.constantFrom(1, -1), (move, size, side) => {
        const exact = new Reference(move).times(size).times(side)
        const value = new Reference(valuedDown(move, size, side))
        expect(value.lte(exact) && exact.minus(value).lt(UNIT)).toBe(true)
      }),
      runs(1000),
    )
  })

  it('margin held is never less than the exact value; margin released never more', () => {
    fc.assert(
      fc.property(amountArb(), amountArb(), fc.integer({ min: 1, max: 125 }), (price, size, leverage) => {
        const exact = new Reference(price).times(size).div(leverage)
        const value = new Reference(held(price, [size], leverage))
        expect(value.gte(exact) && value.minus(exact).lt(UNIT)).toBe(true)
        const whole = new Reference(leverage).plus(size)
        const part = new Reference(released(price, size, new Money(whole.toFixed())))
        const share = new Reference(price).times(size).div(whole)
        expect(part.lte(share) && share.minus(part).lt(UNIT)).toBe(true)
      }),
      runs(1000),
    )
  })

  it('a high-water mark covers what was paid for: mark × rate ≥ amount, and one unit less would not', () => {
    fc.assert(
      fc.property(amountArb(true), amountArb(), rateArb, (base, amount, rate) => {
        const raised = new Reference(mark(base, amount, rate)).minus(base)
        expect(raised.times(rate).gte(amount)).toBe(true)
        expect(raised.minus(UNIT).times(rate).lt(amount)).toBe(true)
      }),
      runs(1000),
    )
  })

  it('a liquidation price moves away from the market by rounding, never towards it', () => {
    expect(liquidation(new Money('100.0000000000000000015'), 1).toFixed()).toBe('100.000000000000000001')
    expect(liquidation(new Money('100.0000000000000000015'), -1).toFixed()).toBe('100.000000000000000002')
  })

  it('a funding rate is cut toward zero at 8 decimals', () => {
    expect(fundingRate(new Money('0.000734567891')).toFixed()).toBe('0.00073456')
    expect(fundingRate(new Money('-0.000734567891')).toFixed()).toBe('-0.00073456')
  })
})

describe('a pool shared pro rata (proRata)', () => {
  const shares = (pool: string, dues: string[]) =>
    proRata(
      new Money(pool),
      dues.map((d) => new Money(d)),
    ).map((s) => s.toFixed())

  it('pays each its due when the pool covers them', () => {
    expect(shares('10', ['3', '4'])).toEqual(['3', '4'])
  })

  it('rounds each share down and gives the units left over to the largest remainders, the earlier on a tie', () => {
    // 1e-17 for dues 1, 1, 1: 3.33…e-18 each, floored to 3e-18 (9e-18 given), the unit left to the first.
    expect(shares('0.00000000000000001', ['1', '1', '1'])).toEqual([
      '0.000000000000000004',
      '0.000000000000000003',
      '0.000000000000000003',
    ])
    // 0.1 for dues 0.3 and 0.6: exactly a third each way, nothing left over.
    expect(shares('0.1', ['0.3', '0.6'])).toEqual(['0.033333333333333333', '0.066666666666666667'])
  })

  it('shares out the whole pool, and nobody more than their due, over random pools and dues', () => {
    fc.assert(
      fc.property(
        fc.array(amountArb(), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 1000 }),
        (raw, permille) => {
          const dues = raw.map((d) => d.toDecimalPlaces(18, Decimal.ROUND_DOWN))
          const total = dues.reduce((sum, d) => sum.plus(d.toFixed()), new Reference(0))
          const pool = new Money(total.times(permille).div(1000).toDecimalPlaces(18, Decimal.ROUND_DOWN).toFixed())
          const got = proRata(pool, dues)
          const sum = got.reduce((s, g) => new Reference(s).plus(g.toFixed()), new Reference(0))
          expect(sum.eq(pool.toFixed())).toBe(true)
          got.forEach((share, i) => expect(share.lte(dues[i] ?? 0)).toBe(true))
        },
      ),
      runs(500),
    )
  })
})
