import { describe, expect, it } from 'vitest'
import { Exact } from '#/contract/money.ts'
import { bookView, groupingSteps, stepDecimals } from './order-book-view.ts'

const depth = {
  bids: [
    ['100.07', '1'],
    ['100.03', '2'],
    ['99.98', '0.5'],
  ] as const,
  asks: [
    ['100.11', '1.5'],
    ['100.19', '1'],
    ['100.21', '3'],
  ] as const,
}

describe('order book view', () => {
  it('keeps levels at the tick with running totals, shading by the deeper side, and the spread', () => {
    const view = bookView(depth, new Exact('0.01'), 10)
    expect(view.bids.map((r) => [r.price, r.size, r.total])).toEqual([
      ['100.07', '1', '1'],
      ['100.03', '2', '3'],
      ['99.98', '0.5', '3.5'],
    ])
    expect(view.asks.map((r) => r.total)).toEqual(['1.5', '2.5', '5.5'])
    expect(view.asks.at(-1)?.share).toBe(1)
    expect(view.bids.at(-1)?.share).toBeCloseTo(3.5 / 5.5)
    expect([view.spread, view.spreadRatio?.slice(0, 8)]).toEqual(['0.04', '0.000399'])
  })

  it('groups bids down and asks up to the step, so no group claims a better price than its orders', () => {
    const view = bookView(depth, new Exact('0.1'), 10)
    expect(view.bids.map((r) => [r.price, r.size])).toEqual([
      ['100', '3'],
      ['99.9', '0.5'],
    ])
    expect(view.asks.map((r) => [r.price, r.size])).toEqual([
      ['100.2', '2.5'],
      ['100.3', '3'],
    ])
    expect(bookView(depth, new Exact('1'), 1).asks).toHaveLength(1)
  })

  it('shows an empty side as no rows and no spread', () => {
    expect(bookView({ bids: [], asks: depth.asks }, new Exact('0.01'), 5)).toMatchObject({
      bids: [],
      spread: undefined,
    })
  })

  it('offers groupings of the tick up to a tenth of the price, and their decimals', () => {
    expect(groupingSteps('0.01', [1, 10, 100, 1000], '100.5')).toEqual(['0.01', '0.1', '1', '10'])
    expect(groupingSteps('0.01', [1, 10, 100, 1000], '3')).toEqual(['0.01', '0.1'])
    expect(groupingSteps('0.00001', [1, 10], undefined)).toEqual(['0.00001', '0.0001'])
    expect([stepDecimals('0.01'), stepDecimals('10'), stepDecimals('0.00001')]).toEqual([2, 0, 5])
  })
})
