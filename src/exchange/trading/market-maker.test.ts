import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Money } from '#/exchange/money.ts'
import { runs } from '#tests/fixtures/properties.ts'
import { quoteLadder, type LadderInput } from './market-maker.ts'

/** Two draws per level (bid, ask) for the 15 levels, spread over (0, 1). */
const DRAWS = Array.from({ length: 30 }, (_, i) => ((i * 7) % 30) / 30 + 1 / 60)
const BTC: LadderInput = {
  price: new Money('67250.5'),
  tickSize: new Money('0.1'),
  lotSize: new Money('0.00001'),
  regime: 1,
  sizeDraws: DRAWS,
}
const sides = (input: LadderInput) => {
  const quotes = quoteLadder(input)
  return { bids: quotes.filter((q) => q.side === 'buy'), asks: quotes.filter((q) => q.side === 'sell') }
}
const worth = (quotes: { price: Money; size: Money }[]) =>
  quotes.reduce((sum, q) => sum.plus(q.price.times(q.size)), new Money(0))

describe('market maker ladder', () => {
  it('quotes 15 levels each side around the price, best first, on the tick and the lot', () => {
    const { bids, asks } = sides(BTC)
    expect([bids.length, asks.length]).toEqual([15, 15])
    // 1 bp of 67,250.5 is 6.725: the best bid rounds down to 67,243.7, the best ask up to 67,257.3.
    expect([bids[0]?.price.toFixed(), asks[0]?.price.toFixed()]).toEqual(['67243.7', '67257.3'])
    for (const q of [...bids, ...asks]) {
      expect(q.price.mod(BTC.tickSize).isZero() && q.size.mod(BTC.lotSize).isZero() && q.size.gt(0)).toBe(true)
    }
    expect(bids.every((q, i) => i === 0 || q.price.lt(bids[i - 1]?.price ?? 0))).toBe(true)
    expect(asks.every((q, i) => i === 0 || q.price.gt(asks[i - 1]?.price ?? 0))).toBe(true)
  })

  it('widens the spread and thins the book when the market storms', () => {
    const calm = sides({ ...BTC, regime: 0.6 })
    const stormy = sides({ ...BTC, regime: 2.6 })
    const spread = (s: typeof calm) => (s.asks[0]?.price ?? new Money(0)).minus(s.bids[0]?.price ?? 0)
    expect(spread(stormy).gt(spread(calm).times(4))).toBe(true)
    expect(worth(stormy.bids).lt(worth(calm.bids).div(4))).toBe(true)
  })

  it('never quotes inside a tick, whatever the price and regime, and never crosses', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom(['0.1', '0.00001'], ['0.00001', '1'], ['0.001', '0.01']),
        fc.constantFrom(0.6, 1, 2.6),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), { minLength: 30, maxLength: 30 }),
        (cents, [tick, lot], regime, sizeDraws) => {
          const input = {
            price: new Money(cents).times(tick ?? '1'),
            tickSize: new Money(tick ?? '1'),
            lotSize: new Money(lot ?? '1'),
            regime,
            sizeDraws,
          }
          const { bids, asks } = sides(input)
          const bestBid = bids[0]?.price ?? new Money(0)
          const bestAsk = asks[0]?.price ?? new Money(Infinity)
          expect(bestBid.lt(input.price) && bestAsk.gt(input.price)).toBe(true)
          expect(new Set([...bids, ...asks].map((q) => q.price.toFixed())).size).toBe(bids.length + asks.length)
          expect(bids.every((q) => q.price.gt(0))).toBe(true)
        },
      ),
      runs(300),
    )
  })

  it("varies each level's size by its draw, within ±40 %, and nothing else", () => {
    const ladder = (draw: number) => quoteLadder({ ...BTC, sizeDraws: DRAWS.map(() => draw) })
    const [low, middle, high] = [ladder(0), ladder(0.5), ladder(1)]
    expect(low.map((q) => q.price.toFixed())).toEqual(middle.map((q) => q.price.toFixed()))
    expect(high.map((q) => q.price.toFixed())).toEqual(middle.map((q) => q.price.toFixed()))
    middle.forEach((quote, i) => {
      // Sizes are floored to the lot: the ratio is within a lot of 0.6 and 1.4.
      const lot = BTC.lotSize.div(quote.size)
      expect(low[i]?.size.div(quote.size).minus(0.6).abs().lte(lot)).toBe(true)
      expect(high[i]?.size.div(quote.size).minus(1.4).abs().lte(lot.times(2))).toBe(true)
    })
  })

  it('is the same ladder for the same input', () => {
    expect(quoteLadder(BTC).map((q) => [q.side, q.price.toFixed(), q.size.toFixed()])).toEqual(
      quoteLadder({ ...BTC }).map((q) => [q.side, q.price.toFixed(), q.size.toFixed()]),
    )
  })
})
