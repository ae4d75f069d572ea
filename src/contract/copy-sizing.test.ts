import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { floorToLot, sizeFollowerOrder } from './copy-sizing.ts'
import { Exact, Money } from './money.ts'
import { runs } from '#tests/fixtures/properties.ts'

describe('floorToLot', () => {
  it('cuts a size down to whole lots, lots of 10^-k and others alike', () => {
    expect(floorToLot(new Money('0.123456'), new Money('0.001')).toFixed()).toBe('0.123')
    expect(floorToLot(new Money('7.99'), new Money('1')).toFixed()).toBe('7')
    expect(floorToLot(new Money('7.99'), new Money('2.5')).toFixed()).toBe('7.5')
    expect(floorToLot(new Money('99'), new Money('10')).toFixed()).toBe('90')
    expect(floorToLot(new Money('-1'), new Money('0.1')).toFixed()).toBe('0')
  })

  it('property: never above the size, less than a lot below it, and on the lot grid', () => {
    const lots = ['0.00001', '0.001', '0.1', '1', '10', '0.5', '0.025', '3']
    fc.assert(
      fc.property(
        fc.constantFrom(...lots),
        fc.bigInt({ min: 1n, max: 10n ** 24n }),
        fc.integer({ min: 0, max: 18 }),
        (lot, digits, scale) => {
          const size = new Exact(digits.toString()).div(new Exact(10).pow(scale))
          const lotSize = new Money(lot)
          const floored = floorToLot(size, lotSize)
          expect(floored.lte(size)).toBe(true)
          expect(size.minus(floored).lt(lotSize)).toBe(true)
          expect(new Exact(floored).div(lotSize).isInteger()).toBe(true)
        },
      ),
      runs(200),
    )
  })
})

describe('sizeFollowerOrder', () => {
  const base = {
    leaderSize: new Money('2'),
    price: new Money('60000'),
    leverage: 10,
    lotSize: new Money('0.00001'),
    feeRate: new Money('0.0005'),
  }
  const fixed = (amount: string) => ({
    mode: 'fixed' as const,
    fixedAmount: new Money(amount),
    ratio: null,
    maxPerOrder: null,
  })

  it('takes the fixed margin when the balance covers it with its fee, else what the balance affords', () => {
    const whole = sizeFollowerOrder({ ...base, settings: fixed('100'), available: new Money('1000') })
    expect(whole).toMatchObject({ ok: true })
    if (whole.ok) expect(whole.size.toFixed()).toBe('0.01666')
    const short = sizeFollowerOrder({ ...base, settings: fixed('100'), available: new Money('50') })
    expect(short.ok).toBe(true)
    if (short.ok) {
      expect(short.margin.plus(short.fee).lte(50)).toBe(true)
      // One lot more would not be covered.
      const next = short.size.plus(base.lotSize)
      expect(next.times(60000).div(10).plus(next.times(60000).times('0.0005')).gt(50)).toBe(true)
    }
  })

  it('sizes a piece of a leader order by its share: the fixed amount and the max per order are per order', () => {
    const piece = sizeFollowerOrder({
      ...base,
      settings: fixed('100'),
      available: new Money('1000'),
      orderShare: new Money('0.2'),
    })
    // A fifth of 100 USDT at 10× and 60,000: 0.00333 (down to the lot), against 0.01666 for the whole order.
    if (piece.ok) expect(piece.size.toFixed()).toBe('0.00333')
    else expect.fail(piece.reason)
    const ratio = sizeFollowerOrder({
      ...base,
      settings: { mode: 'ratio', fixedAmount: null, ratio: new Money('0.1'), maxPerOrder: new Money('50') },
      available: new Money('10000'),
      leaderSize: new Money('0.4'),
      orderShare: new Money('0.2'),
    })
    // 0.4 × 0.1 = 0.04 is 240 of margin, over the piece's share of the cap (10): 10 × 10 / 60,000 = 0.00166.
    if (ratio.ok) expect(ratio.size.toFixed()).toBe('0.00166')
    else expect.fail(ratio.reason)
  })
})
