import { describe, expect, it } from 'vitest'
import { depthCurve } from './depth-curve.ts'

describe('the depth chart of a book', () => {
  it("adds each side's sizes up from the best price outwards, exactly, and centres on the mid price", () => {
    const curve = depthCurve(
      {
        bids: [
          ['99.9', '0.1'],
          ['99.8', '0.2'],
          ['99.5', '1.7'],
        ],
        asks: [
          ['100.1', '0.3'],
          ['100.4', '0.05'],
        ],
      },
      '0.1',
    )
    expect(curve.bids).toEqual([
      { price: '99.9', total: '0.1' },
      { price: '99.8', total: '0.3' },
      { price: '99.5', total: '2' },
    ])
    expect(curve.asks).toEqual([
      { price: '100.1', total: '0.3' },
      { price: '100.4', total: '0.35' },
    ])
    expect(curve.mid).toBe('100')
    // The axis is centred on the mid price, as far out as the farther side (the bids, 0.5 below it).
    expect([curve.low, curve.high, curve.deepest]).toEqual(['99.5', '100.5', '2'])
  })

  it('keeps every level the book sent, not only the rows the order book lists', () => {
    const bids = Array.from({ length: 20 }, (_, i): [string, string] => [String(1000 - i), '1'])
    const curve = depthCurve({ bids, asks: [] }, '1')
    expect(curve.bids).toHaveLength(20)
    expect(curve.bids.at(-1)).toEqual({ price: '981', total: '20' })
    // One side empty: no mid price, and the axes span the side there is.
    expect(curve.mid).toBeUndefined()
    expect([curve.low, curve.high]).toEqual(['981', '1000'])
  })

  it('an empty book draws nothing', () => {
    expect(depthCurve({ bids: [], asks: [] }, '0.01')).toEqual({
      bids: [],
      asks: [],
      mid: undefined,
      low: undefined,
      high: undefined,
      deepest: '0',
    })
  })
})
