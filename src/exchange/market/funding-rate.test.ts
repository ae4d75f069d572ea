/**
 * The funding rate's formula against examples worked out by hand (issue 27 item 6, audit M5): the premium index of a
 * book, the interest component inside and outside the clamp, the cap, an interval without samples, and the rounding.
 * Before this change the rate was a constant 0.0001 whatever the books said.
 */
import { describe, expect, it } from 'vitest'
import { Exact } from '../money.ts'
import { OrderBook } from '../trading/order-book.ts'
import { fundingTimes, impactNotional, intervalOf, intervalRate, premiumSample } from './funding-rate.ts'

const rate = (sum: string, count: number) => intervalRate(new Exact(sum), count).toFixed()

describe('an interval’s funding rate F = P̄ + clamp(I − P̄, ±0.05 %), |F| ≤ 0.75 %', () => {
  it('is the interest component alone with no sample (the engine was down) or a premium within the clamp of it', () => {
    expect(rate('0', 0)).toBe('0.0001')
    // P̄ = 0.0009 / 3 = 0.0003: I − P̄ = −0.0002, inside ±0.0005, so F = 0.0003 − 0.0002 = 0.0001.
    expect(rate('0.0009', 3)).toBe('0.0001')
    // P̄ = −0.0004: I − P̄ = 0.0005, at the clamp's edge, so F = −0.0004 + 0.0005 = 0.0001.
    expect(rate('-0.0008', 2)).toBe('0.0001')
  })

  it('follows the premium past the clamp, either way', () => {
    // P̄ = 0.002: I − P̄ = −0.0019 clamped to −0.0005, F = 0.0015 (longs pay).
    expect(rate('0.004', 2)).toBe('0.0015')
    // P̄ = −0.001: I − P̄ = 0.0011 clamped to 0.0005, F = −0.0005 (shorts pay).
    expect(rate('-0.003', 3)).toBe('-0.0005')
  })

  it('is capped at ±0.75 %', () => {
    // P̄ = 0.01: F = 0.0095, capped to 0.0075; P̄ = −0.02: F = −0.0195, capped to −0.0075.
    expect(rate('0.01', 1)).toBe('0.0075')
    expect(rate('-0.04', 2)).toBe('-0.0075')
  })

  it('is cut toward zero at 8 decimals, as published', () => {
    // P̄ = 0.00123456789123: F = P̄ − 0.0005 = 0.00073456789123 → 0.00073456; the mirror image → −0.00073456.
    expect(rate('0.00123456789123', 1)).toBe('0.00073456')
    expect(rate('-0.00123456789123', 1)).toBe('-0.00073456')
  })
})

describe('the premium index of a book', () => {
  const book = () => {
    const b = new OrderBook({ pairCode: 'TEST_USDT', lotSize: new Exact('0.001') })
    b.place({
      id: 'ask',
      ownerId: 'maker',
      side: 'sell',
      type: 'limit',
      price: new Exact('100.1'),
      size: new Exact(1000),
    })
    b.place({
      id: 'bid',
      ownerId: 'maker',
      side: 'buy',
      type: 'limit',
      price: new Exact('99.9'),
      size: new Exact(1000),
    })
    return b
  }
  const notional = new Exact(20_000)
  const mark = new Exact(100)

  it('is 0 for a book quoted evenly around the mark', () => {
    const b = book()
    expect(premiumSample(b.impactPrice('sell', notional), b.impactPrice('buy', notional), mark).toFixed()).toBe('0')
  })

  it('rises when users’ bids above the mark skew the bid side', () => {
    const b = book()
    b.place({ id: 'user', ownerId: '7', side: 'buy', type: 'limit', price: new Exact('100.05'), size: new Exact(150) })
    // Selling 20,000 USDT: 150 at 100.05 (15,007.5), then 4,992.5 at 99.9 (49.974974…): 20,000 ÷ 199.974974… =
    // 100.0125140783…; the asks absorb it all at 100.1, above the mark. P = 0.0125140783… ÷ 100, half-up at 18.
    const bid = b.impactPrice('sell', notional)
    expect(bid?.toFixed(10)).toBe('100.0125140783')
    expect(b.impactPrice('buy', notional)?.toFixed()).toBe('100.1')
    expect(premiumSample(bid, b.impactPrice('buy', notional), mark).toFixed()).toBe('0.000125140783381304')
  })

  it('counts a side too thin for the impact notional as no premium from that side', () => {
    const b = book()
    expect(b.impactPrice('buy', new Exact(200_000))).toBeNull()
    // Asks below the mark say shorts lean: −(100 − 99.5) ÷ 100.
    expect(premiumSample(null, new Exact('99.5'), mark).toFixed()).toBe('-0.005')
  })

  it('takes 200 USDT of margin at the pair’s maximum leverage as the impact notional (Binance’s)', () => {
    expect(impactNotional(125).toFixed()).toBe('25000')
  })
})

describe('funding times', () => {
  it('are 00:00, 08:00 and 16:00 UTC, and a moment belongs to the interval the next one ends', () => {
    const day = Date.parse('2026-11-23T00:00:00.000Z')
    const hour = 3_600_000
    expect(fundingTimes(day - 1, day + 16 * hour)).toEqual([day, day + 8 * hour, day + 16 * hour])
    expect(intervalOf(day + 7 * hour)).toBe(day + 8 * hour)
    expect(intervalOf(day + 8 * hour)).toBe(day + 16 * hour)
  })
})
