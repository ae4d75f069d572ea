/**
 * Each money step rounds the way rounding.ts says, against a 200-digit reference, by at most one unit of the 18th
 * decimal.
 */
import Decimal from 'decimal.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runs } from '#tests/fixtures/properties.ts'
import { Money } from './money.ts'
import { held, liquidation, mark, paid, released, valuedDown } from './rounding.ts'

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
})
