/** The exchange's Decimal: precision 20, half-up, plain strings without exponent or trailing zeros. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decimalStringSchema } from '../contract/index.ts'
import { Money, toPlain } from './money.ts'

describe('money', () => {
  it('prints plain decimal strings', () => {
    expect(toPlain(new Money('25000.000000000000000000'))).toBe('25000')
    expect(toPlain(new Money('0.000000000000000001'))).toBe('0.000000000000000001')
    expect(toPlain(new Money('-0'))).toBe('0')
    expect(toPlain(new Money('1e21'))).toBe('1000000000000000000000')
  })

  it('rounds half up at 20 significant digits', () => {
    expect(toPlain(new Money('1.0000000000000000000').plus('0.00000000000000000005'))).toBe('1.0000000000000000001')
    expect(toPlain(new Money('2').div(3))).toBe('0.66666666666666666667')
  })

  it('every stored amount round-trips exactly and matches the wire pattern', () => {
    const amount = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }), fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }))
      .map(([whole, fraction]) => `${whole}.${fraction.toString().padStart(18, '0')}`)
    fc.assert(
      fc.property(amount, (stored) => {
        const plain = toPlain(new Money(stored))
        expect(decimalStringSchema.safeParse(plain).success).toBe(true)
        expect(new Money(plain).eq(new Money(stored))).toBe(true)
      }),
    )
  })
})
