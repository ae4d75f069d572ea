/** Follower sizing by mode and caps, and the position arithmetic, over random orders (fast-check). */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Money } from '../money.ts'
import { defaultRules } from './rules.ts'
import { feeFor, liquidationPrice, marginFor, priceAtReturn, sizeFollowerOrder, triggerAt } from './position-math.ts'
import { runs } from '#tests/fixtures/properties.ts'

const FEE = new Money('0.0005')
const decimal = (min: number, max: number, places: number) =>
  fc.integer({ min: min * 10 ** places, max: max * 10 ** places }).map((n) => new Money(n).div(10 ** places))
const orderArb = fc.record({
  mode: fc.constantFrom('fixed' as const, 'ratio' as const),
  fixedAmount: decimal(1, 5000, 2),
  ratio: decimal(0, 10, 3),
  maxPerOrder: fc.option(decimal(1, 3000, 2), { nil: null }),
  available: decimal(0, 50_000, 4),
  leaderSize: decimal(0, 50, 5),
  price: decimal(0, 100_000, 4).filter((p) => p.gt(0)),
  leverage: fc.integer({ min: 1, max: 125 }),
  lotSize: fc.constantFrom(new Money('0.00001'), new Money('0.001'), new Money('0.1'), new Money(1)),
})

describe('follower sizing', () => {
  it('follows the mode and never passes a cap, the balance or a lot', () => {
    fc.assert(
      fc.property(orderArb, (o) => {
        const sizing = sizeFollowerOrder({
          settings: o,
          available: o.available,
          leaderSize: o.leaderSize,
          price: o.price,
          leverage: o.leverage,
          lotSize: o.lotSize,
          feeRate: FEE,
        })
        if (!sizing.ok) return
        const { size, margin, fee } = sizing
        expect(size.gt(0) && size.mod(o.lotSize).isZero()).toBe(true)
        expect(margin.eq(marginFor(o.price, size, o.leverage)) && fee.eq(feeFor(o.price, size, FEE))).toBe(true)
        expect(margin.plus(fee).lte(o.available)).toBe(true)
        if (o.maxPerOrder) expect(margin.lte(o.maxPerOrder)).toBe(true)
        if (o.mode === 'fixed') expect(margin.lte(o.fixedAmount)).toBe(true)
        else expect(size.lte(o.leaderSize.times(o.ratio))).toBe(true)
      }),
      runs(1000),
    )
  })

  it('takes as much as the settings allow: one more lot would break a limit', () => {
    fc.assert(
      fc.property(orderArb, (o) => {
        const sizing = sizeFollowerOrder({
          settings: o,
          available: o.available,
          leaderSize: o.leaderSize,
          price: o.price,
          leverage: o.leverage,
          lotSize: o.lotSize,
          feeRate: FEE,
        })
        const size = sizing.ok ? sizing.size : new Money(0)
        const more = size.plus(o.lotSize)
        const margin = marginFor(o.price, more, o.leverage)
        const breaks =
          margin.plus(feeFor(o.price, more, FEE)).gt(o.available) ||
          (o.maxPerOrder !== null && margin.gt(o.maxPerOrder)) ||
          (o.mode === 'fixed' ? margin.gt(o.fixedAmount) : more.gt(o.leaderSize.times(o.ratio)))
        expect(breaks).toBe(true)
      }),
      runs(1000),
    )
  })

  it('says why a copy cannot be made', () => {
    const base = { mode: 'fixed' as const, fixedAmount: new Money(100), ratio: null, maxPerOrder: null }
    const input = {
      leaderSize: new Money(1),
      price: new Money(60000),
      leverage: 10,
      lotSize: new Money('0.001'),
      feeRate: FEE,
    }
    expect(sizeFollowerOrder({ settings: base, available: new Money(5), ...input })).toEqual({
      ok: false,
      reason: 'insufficient-balance',
    })
    expect(
      sizeFollowerOrder({ settings: { ...base, fixedAmount: new Money(1) }, available: new Money(500), ...input }),
    ).toEqual({ ok: false, reason: 'below-minimum-size' })
    // 100 USDT at 10x of BTC at 60,000: 0.016 BTC (lot 0.001), margin 96, fee 0.48.
    const sizing = sizeFollowerOrder({ settings: base, available: new Money(500), ...input })
    expect(
      sizing.ok && { size: sizing.size.toFixed(), margin: sizing.margin.toFixed(), fee: sizing.fee.toFixed() },
    ).toEqual({ size: '0.016', margin: '96', fee: '0.48' })
  })
})

describe('levels', () => {
  const long = { size: new Money(1), entryPrice: new Money(100), side: 1 as const, margin: new Money(10), leverage: 10 }
  it('liquidates a 10x long near 10 % below entry and a short near 10 % above', () => {
    // 100 − 10 = 90 at zero maintenance; with 0.5 %: (100 − 10) / 0.995.
    const brackets = defaultRules().instrument('BTC_USDT').brackets
    expect(liquidationPrice(long, brackets)?.toFixed(6)).toBe('90.452261')
    expect(liquidationPrice({ ...long, side: -1 }, brackets)?.toFixed(6)).toBe('109.452736')
    expect(liquidationPrice({ ...long, leverage: 1, margin: new Money(100) }, brackets)).toBeNull()
  })

  it('places take profit and stop loss at a return on margin, and knows which a mark hits', () => {
    expect(priceAtReturn(long, new Money('0.5'))?.toString()).toBe('105')
    expect(priceAtReturn({ ...long, side: -1 }, new Money('0.5'))?.toString()).toBe('95')
    const position = {
      ...long,
      id: 1,
      userId: 1,
      copyId: 1,
      sourcePositionId: 1,
      biz: 'futures' as const,
      pairCode: 'X',
      takeProfitPrice: new Money(105),
      stopLossPrice: new Money(97),
      liquidationPrice: new Money('90.45'),
      status: 'open' as const,
      unmanaged: false,
      marginMode: 'isolated' as const,
      closedSize: new Money(0),
      exitPrice: null,
      realizedPnl: new Money(0),
      fees: new Money(0),
      funding: new Money(0),
      openedAt: new Date(0),
      closedAt: null,
      closeReason: null,
    }
    expect(triggerAt(position, new Money(104))).toBeNull()
    expect(triggerAt(position, new Money(105))).toBe('take-profit')
    expect(triggerAt(position, new Money(96))).toBe('stop-loss')
    expect(triggerAt(position, new Money(90))).toBe('liquidation')
  })
})
