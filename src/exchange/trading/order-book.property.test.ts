/**
 * Property tests of the order book (issue 18, item 1): random place, cancel and amend from three owners on a small price
 * grid, checked after every step against a model of what each order should have filled: the book never crosses, fills
 * keep to the taker's limit and to price-time priority, sizes are conserved, FOK, IOC, market and post-only keep their
 * promises, and depth adds up to the resting orders.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Money, toPlain } from '#/contract/money.ts'
import { runs } from '#tests/fixtures/properties.ts'
import { OrderBook, type Fill, type OrderInput, type PlaceRefusal, type Side, type TimeInForce } from './order-book.ts'

const OWNERS = ['ann', 'bob', 'cy']
/** Ann and bob are one trade group: an order of either that carries the group never trades with the other. */
const GROUPS: Readonly<Record<string, ReadonlySet<string>>> = {
  ann: new Set(['bob']),
  bob: new Set(['ann']),
  cy: new Set(),
}
const SIDES: Side[] = ['buy', 'sell']
/** GTC twice: enough resting orders for the others to meet. */
const TIME_IN_FORCE: TimeInForce[] = ['GTC', 'GTC', 'IOC', 'FOK', 'POST_ONLY']
const LOT = new Money('0.1')

type Step =
  | {
      kind: 'place'
      owner: string
      side: Side
      market: boolean
      timeInForce: TimeInForce
      price: Money
      size: Money
      /** A market buy spends this quote instead of buying `size`. */
      quote: Money | null
      /** It carries its owner's trade group (GROUPS). */
      grouped: boolean
    }
  | { kind: 'cancel'; pick: number }
  | { kind: 'amend'; pick: number; price: Money | null; size: Money | null }

/** 98 to 102 in steps of 0.5: few enough levels that orders meet, cross and queue. */
const priceArb = fc.integer({ min: 196, max: 204 }).map((n) => new Money(n).div(2))
const sizeArb = fc.integer({ min: 1, max: 30 }).map((n) => new Money(n).mul(LOT))
const placeArb = fc
  .record({
    owner: fc.constantFrom(...OWNERS),
    side: fc.constantFrom(...SIDES),
    market: fc.constantFrom(false, false, false, true),
    timeInForce: fc.constantFrom(...TIME_IN_FORCE),
    price: priceArb,
    size: sizeArb,
    quote: fc.option(
      fc.integer({ min: 1, max: 600 }).map((n) => new Money(n)),
      { nil: null },
    ),
    grouped: fc.boolean(),
  })
  .map((step): Step => ({ kind: 'place', ...step }))
const cancelArb = fc.nat().map((pick): Step => ({ kind: 'cancel', pick }))
const amendArb = fc
  .record({
    pick: fc.nat(),
    price: fc.option(priceArb, { nil: null }),
    size: fc.option(sizeArb, { nil: null }),
  })
  .map((step): Step => ({ kind: 'amend', ...step }))
const stepsArb = fc.array(
  fc.oneof({ arbitrary: placeArb, weight: 6 }, { arbitrary: cancelArb, weight: 1 }, { arbitrary: amendArb, weight: 2 }),
  { minLength: 1, maxLength: 60 },
)

/** What an order on the book should show: its whole size and what has filled of it. */
interface Tracked {
  side: Side
  size: Money
  filled: Money
}

const sum = (values: Money[]): Money => values.reduce((total, value) => total.plus(value), new Money(0))
const same = (a: Money, b: Money): void => expect(toPlain(a)).toBe(toPlain(b))

function orderOf(step: Extract<Step, { kind: 'place' }>, id: string): OrderInput {
  const base = { id, ownerId: step.owner, side: step.side, ...(step.grouped ? { tradeGroup: GROUPS[step.owner] } : {}) }
  if (!step.market) return { ...base, type: 'limit', timeInForce: step.timeInForce, price: step.price, size: step.size }
  if (step.side === 'buy' && step.quote) return { ...base, type: 'market', quoteSize: step.quote }
  return { ...base, type: 'market', size: step.size }
}

/** The refusals each kind of order may get; a limit GTC or IOC order is never refused here. */
function allowedRefusals(order: OrderInput): PlaceRefusal[] {
  if (order.type === 'market') return ['no-liquidity']
  if (order.timeInForce === 'FOK') return ['fok-not-filled']
  if (order.timeInForce === 'POST_ONLY') return ['post-only-would-take']
  return []
}

class Run {
  readonly book = new OrderBook({ pairCode: 'BTC_USDT', lotSize: LOT })
  readonly resting = new Map<string, Tracked>()
  readonly ids: string[] = []

  place(step: Extract<Step, { kind: 'place' }>): void {
    const id = `o${this.ids.length}`
    this.ids.push(id)
    const order = orderOf(step, id)
    const seqBefore = new Map(this.ids.map((known) => [known, this.book.order(known)?.seq]))
    const sequence = this.book.sequence
    const depth = this.book.depth(1000)
    const result = this.book.place(order)

    if (!result.ok) {
      expect(allowedRefusals(order)).toContain(result.reason)
      expect(this.book.sequence).toBe(sequence)
      expect(this.book.depth(1000)).toEqual(depth)
      return
    }
    const { fills } = result
    this.checkFills(order, fills, seqBefore)
    // Stopped by self-trade prevention: at a resting order of its owner or its group, which is still there.
    if (result.stop === 'self-trade') {
      const met = result.selfTradeOwnerId ?? ''
      expect(met === order.ownerId || (order.tradeGroup?.has(met) ?? false)).toBe(true)
      expect(this.book.ordersOf(met).some((resting) => resting.side !== order.side)).toBe(true)
    } else expect(result.selfTradeOwnerId).toBeUndefined()
    this.applyFills(fills)

    const filled = sum(fills.map((fill) => fill.size))
    if (order.quoteSize) {
      const spent = sum(fills.map((fill) => fill.quote))
      expect(spent.lte(order.quoteSize)).toBe(true)
      same(spent.plus(result.remaining), order.quoteSize)
      for (const fill of fills) expect(fill.size.mod(LOT).isZero()).toBe(true)
    } else if (order.size) {
      same(filled.plus(result.remaining), order.size)
    }
    if (order.timeInForce === 'FOK') {
      expect(result.status).toBe('filled')
      same(result.remaining, new Money(0))
    }
    if (order.type === 'market' || order.timeInForce === 'IOC' || order.timeInForce === 'FOK') {
      expect(result.resting).toBeNull()
    }
    if (order.timeInForce === 'POST_ONLY') expect(fills).toEqual([])
    if (result.resting && order.size) {
      same(result.resting.filled, filled)
      same(result.resting.size, order.size)
      this.resting.set(id, { side: order.side, size: order.size, filled })
    }
    expect(this.book.sequence).toBe(sequence + fills.length + (result.resting ? 1 : 0))
  }

  cancel(pick: number): void {
    const id = this.ids[pick % this.ids.length]
    if (id === undefined) return
    const tracked = this.resting.get(id)
    const cancelled = this.book.cancel(id)
    if (!tracked) {
      expect(cancelled).toBeNull()
      return
    }
    expect(cancelled).not.toBeNull()
    if (cancelled) same(cancelled.filled, tracked.filled)
    this.resting.delete(id)
  }

  amend(step: Extract<Step, { kind: 'amend' }>): void {
    const id = this.ids[step.pick % this.ids.length]
    if (id === undefined) return
    const tracked = this.resting.get(id)
    const before = this.book.order(id)
    const change = { ...(step.price ? { price: step.price } : {}), ...(step.size ? { size: step.size } : {}) }
    const result = this.book.amend(id, change)
    if (!tracked) {
      expect(result).toEqual({ ok: false, reason: 'not-found' })
      return
    }
    if (!result.ok) {
      expect(this.book.order(id)).toEqual(before)
      return
    }
    same(result.order.filled, tracked.filled)
    if (step.price) same(result.order.price, step.price)
    // A new price or a larger size goes to the back of the queue; a smaller size keeps its place.
    const movesBack =
      (step.price && before && !step.price.eq(before.price)) || (step.size && step.size.gt(tracked.size))
    if (movesBack) expect(result.order.seq).toBe(this.book.sequence)
    else expect(result.order.seq).toBe(before?.seq)
    tracked.size = result.order.size
  }

  /** A market maker's refresh, and the model's copy of it: its old orders gone, the new ones unfilled. */
  replaceQuotes(quotes: { side: Side; price: Money; size: Money }[]): void {
    const sequence = this.book.sequence
    const before = this.book.ordersOf('mm').length
    const rested = this.book.replaceOwnerQuotes('mm', quotes, 'mm-')
    expect(this.book.sequence).toBe(sequence + before + rested)
    for (const id of this.resting.keys()) if (id.startsWith('mm-')) this.resting.delete(id)
    const orders = this.book.ordersOf('mm')
    expect(orders).toHaveLength(rested)
    for (const order of orders) {
      same(order.filled, new Money(0))
      if (!this.ids.includes(order.id)) this.ids.push(order.id)
      this.resting.set(order.id, { side: order.side, size: order.size, filled: order.filled })
    }
  }

  /** Limits, self-trade prevention (its own orders and its trade group's) and price-time priority within one taker's fills. */
  checkFills(order: OrderInput, fills: Fill[], seqBefore: Map<string, number | undefined>): void {
    fills.forEach((fill, index) => {
      expect(fill.takerOrderId).toBe(order.id)
      expect(fill.makerOwnerId).not.toBe(order.ownerId)
      expect(order.tradeGroup?.has(fill.makerOwnerId) ?? false).toBe(false)
      expect(fill.makerSide).not.toBe(order.side)
      same(fill.quote, fill.price.mul(fill.size))
      if (order.price)
        expect(order.side === 'buy' ? fill.price.lte(order.price) : fill.price.gte(order.price)).toBe(true)
      const previous = fills[index - 1]
      if (!previous) return
      // Never a better price later, and within a price the maker that rested first.
      expect(order.side === 'buy' ? fill.price.gte(previous.price) : fill.price.lte(previous.price)).toBe(true)
      if (fill.price.eq(previous.price)) {
        expect(seqBefore.get(fill.makerOrderId) ?? -1).toBeGreaterThan(seqBefore.get(previous.makerOrderId) ?? -1)
      }
      // A taker moves to the next maker only once the one before is used up.
      expect(this.book.order(previous.makerOrderId)).toBeNull()
    })
  }

  /** Each maker's fills come off its resting size exactly. */
  applyFills(fills: Fill[]): void {
    for (const fill of fills) {
      const maker = this.resting.get(fill.makerOrderId)
      expect(maker).toBeDefined()
      if (maker) maker.filled = maker.filled.plus(fill.size)
    }
    for (const [id, tracked] of this.resting) {
      if (tracked.filled.eq(tracked.size)) this.resting.delete(id)
    }
  }

  /** What holds after every step. */
  checkBook(): void {
    const { bid, ask } = this.book.best()
    if (bid && ask) expect(bid.lt(ask)).toBe(true)

    for (const id of this.ids) {
      const tracked = this.resting.get(id)
      const order = this.book.order(id)
      if (!tracked) {
        expect(order).toBeNull()
        continue
      }
      expect(order).not.toBeNull()
      if (!order) continue
      same(order.size, tracked.size)
      same(order.filled, tracked.filled)
      same(order.filled.plus(order.remaining), order.size)
      expect(order.remaining.gt(0)).toBe(true)
    }

    const depth = this.book.depth(1000)
    for (const side of SIDES) {
      const rows = side === 'buy' ? depth.bids : depth.asks
      const prices = rows.map(([price]) => new Money(price))
      prices.slice(1).forEach((price, index) => {
        const better = prices[index]
        if (better) expect(side === 'buy' ? price.lt(better) : price.gt(better)).toBe(true)
      })
      const remainders = [...this.resting.values()]
        .filter((tracked) => tracked.side === side)
        .map((tracked) => tracked.size.minus(tracked.filled))
      same(sum(rows.map(([, size]) => new Money(size))), sum(remainders))
    }
  }
}

describe('order book properties', () => {
  it('keeps every promise after each step of random place, cancel and amend', () => {
    fc.assert(
      fc.property(stepsArb, (steps) => {
        const run = new Run()
        for (const step of steps) {
          if (step.kind === 'place') run.place(step)
          else if (step.kind === 'cancel') run.cancel(step.pick)
          else run.amend(step)
          run.checkBook()
        }
      }),
      runs(200),
    )
  })

  it('rests only orders that do not cross when a market maker replaces its quotes', () => {
    const quoteArb = fc.record({ side: fc.constantFrom(...SIDES), price: priceArb, size: sizeArb })
    fc.assert(
      fc.property(
        fc.array(placeArb, { maxLength: 20 }),
        fc.array(fc.array(quoteArb, { maxLength: 8 }), { minLength: 1, maxLength: 4 }),
        (places, refreshes) => {
          const run = new Run()
          for (const step of places) if (step.kind === 'place') run.place(step)
          for (const quotes of refreshes) {
            run.replaceQuotes(quotes)
            run.checkBook()
          }
        },
      ),
      runs(200),
    )
  })
})
