/**
 * The order book as a trader sees it (issue 18, item 1): slippage through levels, time priority, partial fills that
 * rest, IOC, FOK, post-only, self-trade prevention, amend priority, quote-budget market buys, depth, sequence, cancel.
 */
import { describe, expect, it } from 'vitest'
import { Money, toPlain } from '#/contract/money.ts'
import { OrderBook, type Fill, type OrderInput, type Placed, type PlaceResult, type Side } from './order-book.ts'

const m = (value: string | number): Money => new Money(value)

function newBook(lotSize = '0.001'): OrderBook {
  return new OrderBook({ pairCode: 'BTC_USDT', lotSize: m(lotSize) })
}

function limit(id: string, ownerId: string, side: Side, price: string, size: string, extra: Partial<OrderInput> = {}) {
  return { id, ownerId, side, type: 'limit', price: m(price), size: m(size), ...extra } satisfies OrderInput
}

function accepted(result: PlaceResult): Placed {
  if (!result.ok) throw new Error(`refused: ${result.reason}`)
  return result
}

/** Fills as the strings a trade history would show. */
function shown(fills: Fill[]): { maker: string; price: string; size: string; quote: string }[] {
  return fills.map((fill) => ({
    maker: fill.makerOrderId,
    price: toPlain(fill.price),
    size: toPlain(fill.size),
    quote: toPlain(fill.quote),
  }))
}

/** Best bid and ask as strings (Decimals of the two clones are not toEqual to each other). */
function bestShown(book: OrderBook): { bid: string | null; ask: string | null } {
  const { bid, ask } = book.best()
  return { bid: bid && toPlain(bid), ask: ask && toPlain(ask) }
}

/** Rests orders from `maker-*` owners that never self-trade with the takers of a test. */
function seed(book: OrderBook, orders: [string, Side, string, string][]): void {
  for (const [id, side, price, size] of orders) accepted(book.place(limit(id, `maker-${id}`, side, price, size)))
}

describe('matching', () => {
  it('walks a market buy through three levels at a worse average price than the best ask (slippage)', () => {
    const book = newBook()
    seed(book, [
      ['a1', 'sell', '100', '1'],
      ['a2', 'sell', '101', '2'],
      ['a3', 'sell', '103', '1'],
      ['a4', 'sell', '104', '5'],
    ])
    const result = accepted(book.place({ id: 't', ownerId: 'taker', side: 'buy', type: 'market', size: m('3.5') }))

    expect(shown(result.fills)).toEqual([
      { maker: 'a1', price: '100', size: '1', quote: '100' },
      { maker: 'a2', price: '101', size: '2', quote: '202' },
      { maker: 'a3', price: '103', size: '0.5', quote: '51.5' },
    ])
    const spent = result.fills.reduce((sum, fill) => sum.plus(fill.quote), m(0))
    expect(toPlain(spent.div('3.5'))).toBe('101')
    expect(result).toMatchObject({ status: 'filled', resting: null })
    expect(toPlain(result.remaining)).toBe('0')
    expect(toPlain(book.order('a3')?.remaining ?? m(-1))).toBe('0.5')
    expect(book.depth(5).asks).toEqual([
      ['103', '0.5'],
      ['104', '5'],
    ])
  })

  it('fills a limit order at the resting price, not its own better limit', () => {
    const book = newBook()
    seed(book, [['a1', 'sell', '100', '1']])
    const result = accepted(book.place(limit('t', 'taker', 'buy', '105', '1')))
    expect(shown(result.fills)).toEqual([{ maker: 'a1', price: '100', size: '1', quote: '100' }])
  })

  it('fills a market sell against the highest bids first', () => {
    const book = newBook()
    seed(book, [
      ['b1', 'buy', '99', '1'],
      ['b2', 'buy', '100', '1'],
    ])
    const result = accepted(book.place({ id: 't', ownerId: 'taker', side: 'sell', type: 'market', size: m('1.5') }))
    expect(shown(result.fills).map((fill) => [fill.maker, fill.price, fill.size])).toEqual([
      ['b2', '100', '1'],
      ['b1', '99', '0.5'],
    ])
    expect(result.fills.every((fill) => fill.makerSide === 'buy')).toBe(true)
  })

  it('fills orders at one price in the order they rested (time priority)', () => {
    const book = newBook()
    seed(book, [
      ['first', 'sell', '100', '1'],
      ['second', 'sell', '100', '1'],
      ['third', 'sell', '100', '1'],
    ])
    const one = accepted(book.place(limit('t1', 'taker', 'buy', '100', '1.5')))
    expect(shown(one.fills).map((fill) => [fill.maker, fill.size])).toEqual([
      ['first', '1'],
      ['second', '0.5'],
    ])
    // A partly filled order keeps its place: the rest of `second` still goes before `third`.
    const two = accepted(book.place(limit('t2', 'taker', 'buy', '100', '1')))
    expect(shown(two.fills).map((fill) => [fill.maker, fill.size])).toEqual([
      ['second', '0.5'],
      ['third', '0.5'],
    ])
  })

  it('rests the unfilled part of a GTC limit order at its limit after a partial fill', () => {
    const book = newBook()
    seed(book, [['a1', 'sell', '100', '1']])
    const result = accepted(book.place(limit('t', 'taker', 'buy', '101', '3')))
    expect(shown(result.fills)).toEqual([{ maker: 'a1', price: '100', size: '1', quote: '100' }])
    expect(result.status).toBe('partially-filled-resting')
    expect(toPlain(result.remaining)).toBe('2')
    expect(result.resting).toMatchObject({ id: 't', side: 'buy' })
    const resting = book.order('t')
    expect(
      resting && [toPlain(resting.price), toPlain(resting.size), toPlain(resting.filled), toPlain(resting.remaining)],
    ).toEqual(['101', '3', '1', '2'])
    expect(bestShown(book)).toEqual({ bid: '101', ask: null })
  })

  it('rests a limit order that crosses nothing', () => {
    const book = newBook()
    seed(book, [['a1', 'sell', '100', '1']])
    const result = accepted(book.place(limit('t', 'taker', 'buy', '99', '1')))
    expect(result).toMatchObject({ status: 'resting', fills: [] })
    expect(book.depth(1)).toMatchObject({ bids: [['99', '1']], asks: [['100', '1']] })
  })

  it('cancels what an IOC order cannot fill at once', () => {
    const book = newBook()
    seed(book, [['a1', 'sell', '100', '1']])
    const partly = accepted(book.place(limit('t1', 'taker', 'buy', '100', '3', { timeInForce: 'IOC' })))
    expect(partly).toMatchObject({ status: 'partially-filled-cancelled', resting: null })
    expect(toPlain(partly.remaining)).toBe('2')
    expect(bestShown(book)).toEqual({ bid: null, ask: null })

    seed(book, [['a2', 'sell', '102', '1']])
    const none = accepted(book.place(limit('t2', 'taker', 'buy', '101', '1', { timeInForce: 'IOC' })))
    expect(none).toMatchObject({ status: 'cancelled', fills: [], resting: null })
    expect(book.order('t2')).toBeNull()
  })

  it('fills a FOK order completely or not at all', () => {
    const book = newBook()
    seed(book, [
      ['a1', 'sell', '100', '1'],
      ['a2', 'sell', '101', '1'],
      ['a3', 'sell', '102', '5'],
    ])
    const before = book.depth(10)
    // 2 are available up to 101: not enough for 2.5, so nothing trades.
    expect(book.place(limit('t1', 'taker', 'buy', '101', '2.5', { timeInForce: 'FOK' }))).toEqual({
      ok: false,
      reason: 'fok-not-filled',
    })
    expect(book.depth(10)).toEqual(before)

    const whole = accepted(book.place(limit('t2', 'taker', 'buy', '101', '2', { timeInForce: 'FOK' })))
    expect(whole.status).toBe('filled')
    expect(shown(whole.fills).map((fill) => [fill.maker, fill.size])).toEqual([
      ['a1', '1'],
      ['a2', '1'],
    ])
  })

  it('does not count the FOK owner’s own resting orders, nor what is behind them, as liquidity', () => {
    const book = newBook()
    seed(book, [['a1', 'sell', '100', '1']])
    accepted(book.place(limit('own', 'taker', 'sell', '100', '5')))
    seed(book, [['a2', 'sell', '100', '5']])
    expect(book.place(limit('t', 'taker', 'buy', '100', '2', { timeInForce: 'FOK' }))).toEqual({
      ok: false,
      reason: 'fok-not-filled',
    })
    expect(accepted(book.place(limit('t2', 'taker', 'buy', '100', '1', { timeInForce: 'FOK' }))).status).toBe('filled')
  })

  it('refuses a post-only order that would take, and rests one that would not', () => {
    const book = newBook()
    seed(book, [['a1', 'sell', '100', '1']])
    expect(book.place(limit('t1', 'taker', 'buy', '100', '1', { timeInForce: 'POST_ONLY' }))).toEqual({
      ok: false,
      reason: 'post-only-would-take',
    })
    expect(book.place(limit('t2', 'taker', 'buy', '101', '1', { timeInForce: 'POST_ONLY' }))).toEqual({
      ok: false,
      reason: 'post-only-would-take',
    })
    const maker = accepted(book.place(limit('t3', 'taker', 'buy', '99.5', '1', { timeInForce: 'POST_ONLY' })))
    expect(maker).toMatchObject({ status: 'resting', fills: [] })
    expect(bestShown(book)).toEqual({ bid: '99.5', ask: '100' })
  })

  it('refuses a market order against an empty side', () => {
    const book = newBook()
    seed(book, [['b1', 'buy', '100', '1']])
    expect(book.place({ id: 't', ownerId: 'taker', side: 'buy', type: 'market', size: m(1) })).toEqual({
      ok: false,
      reason: 'no-liquidity',
    })
    expect(book.place({ id: 't', ownerId: 'taker', side: 'buy', type: 'market', quoteSize: m(100) })).toEqual({
      ok: false,
      reason: 'no-liquidity',
    })
  })

  it('cancels what a market order cannot fill once the other side runs out', () => {
    const book = newBook()
    seed(book, [['a1', 'sell', '100', '1']])
    const result = accepted(book.place({ id: 't', ownerId: 'taker', side: 'buy', type: 'market', size: m(3) }))
    expect(result).toMatchObject({ status: 'partially-filled-cancelled', resting: null })
    expect(toPlain(result.remaining)).toBe('2')
  })
})

describe('self-trade prevention (expire taker)', () => {
  it('keeps the fills before the taker meets its own order, cancels the rest and leaves the resting order', () => {
    const book = newBook()
    seed(book, [['a1', 'sell', '100', '1']])
    accepted(book.place(limit('own', 'alice', 'sell', '100', '1')))
    seed(book, [['a2', 'sell', '101', '1']])
    const result = accepted(book.place(limit('t', 'alice', 'buy', '101', '3')))

    expect(shown(result.fills).map((fill) => [fill.maker, fill.size])).toEqual([['a1', '1']])
    expect(result).toMatchObject({ status: 'partially-filled-cancelled', resting: null })
    expect(toPlain(result.remaining)).toBe('2')
    // The GTC remainder did not rest, and neither alice's ask nor the one behind it traded.
    expect(book.order('t')).toBeNull()
    expect(toPlain(book.order('own')?.remaining ?? m(-1))).toBe('1')
    expect(toPlain(book.order('a2')?.remaining ?? m(-1))).toBe('1')
  })

  it('cancels a taker outright when the best order is its owner’s', () => {
    const book = newBook()
    accepted(book.place(limit('own', 'alice', 'sell', '100', '1')))
    const result = accepted(book.place({ id: 't', ownerId: 'alice', side: 'buy', type: 'market', size: m(1) }))
    expect(result).toMatchObject({ status: 'cancelled', fills: [], stop: 'self-trade', selfTradeOwnerId: 'alice' })
  })

  it('stops a taker at an order of its trade group as at its own, and says whose it met', () => {
    const book = newBook()
    seed(book, [['a1', 'sell', '100', '1']])
    accepted(book.place(limit('linked', 'bob', 'sell', '100', '1')))
    seed(book, [['a2', 'sell', '100.5', '1']])
    const group = new Set(['bob'])
    const result = accepted(book.place(limit('t', 'alice', 'buy', '101', '3', { tradeGroup: group })))

    expect(shown(result.fills).map((fill) => fill.maker)).toEqual(['a1'])
    expect(result).toMatchObject({
      status: 'partially-filled-cancelled',
      resting: null,
      stop: 'self-trade',
      selfTradeOwnerId: 'bob',
    })
    // Bob's ask and the one behind it stay whole, and alice's GTC remainder did not rest.
    expect(toPlain(book.order('linked')?.remaining ?? m(-1))).toBe('1')
    expect(toPlain(book.order('a2')?.remaining ?? m(-1))).toBe('1')
    expect(book.order('t')).toBeNull()
    // Without the group, the same order trades with bob: the group is what stops it.
    const free = accepted(book.place(limit('t2', 'alice', 'buy', '100', '1')))
    expect(shown(free.fills).map((fill) => fill.maker)).toEqual(['linked'])
    expect(free.selfTradeOwnerId).toBeUndefined()
  })

  it('stops a market order of the group at the best ask: nothing fills', () => {
    const book = newBook()
    accepted(book.place(limit('linked', 'bob', 'sell', '100', '1')))
    seed(book, [['a1', 'sell', '101', '1']])
    const result = accepted(
      book.place({ id: 't', ownerId: 'alice', side: 'buy', type: 'market', size: m(1), tradeGroup: new Set(['bob']) }),
    )
    expect(result).toMatchObject({ status: 'cancelled', fills: [], stop: 'self-trade', selfTradeOwnerId: 'bob' })
  })

  it('does not count a trade group’s resting orders, nor what is behind them, as FOK liquidity', () => {
    const book = newBook()
    seed(book, [['a1', 'sell', '100', '1']])
    accepted(book.place(limit('linked', 'bob', 'sell', '100', '5')))
    seed(book, [['a2', 'sell', '100', '5']])
    const group = new Set(['bob'])
    expect(book.place(limit('t', 'alice', 'buy', '100', '2', { timeInForce: 'FOK', tradeGroup: group }))).toEqual({
      ok: false,
      reason: 'fok-not-filled',
    })
    // Refused: nothing traded, bob's order is whole.
    expect(toPlain(book.order('linked')?.remaining ?? m(-1))).toBe('5')
    const whole = accepted(
      book.place(limit('t2', 'alice', 'buy', '100', '1', { timeInForce: 'FOK', tradeGroup: group })),
    )
    expect(whole.status).toBe('filled')
    expect(shown(whole.fills).map((fill) => fill.maker)).toEqual(['a1'])
  })

  it('tells whether an order could meet an owner outside a set, within its limit', () => {
    const book = newBook()
    accepted(book.place(limit('mm1', 'maker', 'sell', '100', '1')))
    accepted(book.place(limit('own', 'alice', 'sell', '100.5', '1')))
    accepted(book.place(limit('other', 'bob', 'sell', '101', '1')))
    const house = new Set(['maker', 'alice'])
    // Bob's ask is past a buy limited at 100.5, within one at 101 and within a market order.
    expect(book.reachesOwnerOutside('buy', m('100.5'), house)).toBe(false)
    expect(book.reachesOwnerOutside('buy', m('101'), house)).toBe(true)
    expect(book.reachesOwnerOutside('buy', null, house)).toBe(true)
    expect(book.reachesOwnerOutside('buy', null, new Set(['maker', 'alice', 'bob']))).toBe(false)
    // The other side has nothing.
    expect(book.reachesOwnerOutside('sell', null, new Set())).toBe(false)
  })

  it('lets a resting order of the group be met by an owner outside it', () => {
    const book = newBook()
    accepted(book.place(limit('linked', 'bob', 'sell', '100', '1')))
    const result = accepted(book.place(limit('t', 'carol', 'buy', '100', '1', { tradeGroup: new Set(['dave']) })))
    expect(result).toMatchObject({ status: 'filled', stop: undefined, selfTradeOwnerId: undefined })
  })
})

describe('quote-budget market buys', () => {
  it('never spends more than the budget and rounds each level down to the lot', () => {
    const book = newBook('0.001')
    seed(book, [
      ['a1', 'sell', '100', '0.5'],
      ['a2', 'sell', '101', '10'],
    ])
    const result = accepted(book.place({ id: 't', ownerId: 'taker', side: 'buy', type: 'market', quoteSize: m(100) }))
    // 100 buys 0.5 at 100 (50), then 50 ÷ 101 = 0.49504… rounded down to 0.495 (49.995).
    expect(shown(result.fills)).toEqual([
      { maker: 'a1', price: '100', size: '0.5', quote: '50' },
      { maker: 'a2', price: '101', size: '0.495', quote: '49.995' },
    ])
    expect(result.status).toBe('filled')
    expect(toPlain(result.remaining)).toBe('0.005')
  })

  it('spends the budget exactly when it divides into lots', () => {
    const book = newBook('0.01')
    seed(book, [['a1', 'sell', '250', '10']])
    const result = accepted(book.place({ id: 't', ownerId: 'taker', side: 'buy', type: 'market', quoteSize: m(25) }))
    expect(shown(result.fills)).toEqual([{ maker: 'a1', price: '250', size: '0.1', quote: '25' }])
    expect(toPlain(result.remaining)).toBe('0')
  })

  it('buys nothing when the budget is less than one lot at the best price', () => {
    const book = newBook('0.001')
    seed(book, [['a1', 'sell', '100', '1']])
    const result = accepted(
      book.place({ id: 't', ownerId: 'taker', side: 'buy', type: 'market', quoteSize: m('0.09') }),
    )
    expect(result).toMatchObject({ status: 'cancelled', fills: [] })
    expect(toPlain(result.remaining)).toBe('0.09')
  })

  it('returns the unspent budget when the asks run out', () => {
    const book = newBook('0.001')
    seed(book, [['a1', 'sell', '100', '1']])
    const result = accepted(book.place({ id: 't', ownerId: 'taker', side: 'buy', type: 'market', quoteSize: m(500) }))
    expect(result.status).toBe('partially-filled-cancelled')
    expect(toPlain(result.remaining)).toBe('400')
  })
})

describe('amend', () => {
  function threeAsks(): OrderBook {
    const book = newBook()
    seed(book, [
      ['x', 'sell', '100', '2'],
      ['y', 'sell', '100', '1'],
      ['z', 'sell', '101', '1'],
    ])
    return book
  }
  const firstMaker = (book: OrderBook): string | undefined =>
    accepted(book.place(limit(`probe-${book.sequence}`, 'taker', 'buy', '101', '0.1'))).fills[0]?.makerOrderId

  it('keeps time priority when the size goes down', () => {
    const book = threeAsks()
    const result = book.amend('x', { size: m('1.5') })
    expect(result.ok && toPlain(result.order.size)).toBe('1.5')
    expect(firstMaker(book)).toBe('x')
    expect(book.depth(1).asks).toEqual([['100', '2.4']])
  })

  it('loses time priority when the size goes up', () => {
    const book = threeAsks()
    expect(book.amend('x', { size: m(3) }).ok).toBe(true)
    expect(firstMaker(book)).toBe('y')
  })

  it('loses time priority when the price changes, even back to the same level', () => {
    const book = threeAsks()
    expect(book.amend('x', { price: m('100.5') }).ok).toBe(true)
    expect(book.amend('x', { price: m(100) }).ok).toBe(true)
    expect(firstMaker(book)).toBe('y')
    expect(book.depth(1).asks).toEqual([['100', '2.9']])
  })

  it('refuses a size at or below what has already filled', () => {
    const book = threeAsks()
    accepted(book.place(limit('t', 'taker', 'buy', '100', '1')))
    expect(book.amend('x', { size: m(1) })).toEqual({ ok: false, reason: 'invalid-order' })
    expect(book.amend('x', { size: m('0.5') })).toEqual({ ok: false, reason: 'invalid-order' })
    const result = book.amend('x', { size: m('1.5') })
    expect(result.ok && [toPlain(result.order.filled), toPlain(result.order.remaining)]).toEqual(['1', '0.5'])
  })

  it('refuses a price that would cross the other side and keeps the order as it was', () => {
    const book = threeAsks()
    seed(book, [['b', 'buy', '99', '1']])
    const before = book.order('b')
    const sequence = book.sequence
    expect(book.amend('b', { price: m(100) })).toEqual({ ok: false, reason: 'amend-would-take' })
    expect(book.order('b')).toEqual(before)
    expect(book.sequence).toBe(sequence)
  })

  it('refuses unknown orders and empty amendments', () => {
    const book = threeAsks()
    expect(book.amend('nope', { size: m(1) })).toEqual({ ok: false, reason: 'not-found' })
    expect(book.amend('x', {})).toEqual({ ok: false, reason: 'invalid-order' })
  })
})

describe('depth, sequence and cancel', () => {
  it('aggregates each price level, best first, and cuts at the asked number of levels', () => {
    const book = newBook()
    seed(book, [
      ['b1', 'buy', '99', '1'],
      ['b2', 'buy', '98', '2'],
      ['b3', 'buy', '99', '0.25'],
      ['b4', 'buy', '97', '1'],
      ['a1', 'sell', '101', '1.5'],
      ['a2', 'sell', '101.0', '1.5'],
      ['a3', 'sell', '102', '1'],
    ])
    expect(book.depth(2)).toEqual({
      bids: [
        ['99', '1.25'],
        ['98', '2'],
      ],
      asks: [
        ['101', '3'],
        ['102', '1'],
      ],
      sequence: 7,
    })
    expect(book.depth(0)).toEqual({ bids: [], asks: [], sequence: 7 })
  })

  it('adds one to the sequence for each rest, fill, cancel and amend, and nothing for a refusal', () => {
    const book = newBook()
    expect(book.sequence).toBe(0)
    seed(book, [
      ['a1', 'sell', '100', '1'],
      ['a2', 'sell', '101', '1'],
    ])
    expect(book.sequence).toBe(2)
    // Two fills, then the remainder rests.
    accepted(book.place(limit('t', 'taker', 'buy', '101', '3')))
    expect(book.sequence).toBe(5)
    book.amend('t', { size: m('2.5') })
    expect(book.sequence).toBe(6)
    // Refusals: post-only into the bid, FOK for more than the bid holds, a duplicate id, an amend to the size already filled.
    book.place(limit('p', 'seller', 'sell', '1', '1', { timeInForce: 'POST_ONLY' }))
    book.place(limit('p', 'seller', 'sell', '101', '1', { timeInForce: 'FOK' }))
    book.place(limit('t', 'seller', 'sell', '200', '1'))
    book.amend('t', { size: m(2) })
    expect(book.sequence).toBe(6)
    book.cancel('t')
    expect(book.sequence).toBe(7)
    expect(book.cancel('t')).toBeNull()
    expect(book.sequence).toBe(7)
  })

  it('cancels a resting order, partly filled or not, and frees its level', () => {
    const book = newBook()
    seed(book, [
      ['a1', 'sell', '100', '2'],
      ['a2', 'sell', '101', '1'],
    ])
    accepted(book.place(limit('t', 'taker', 'buy', '100', '0.5')))
    const cancelled = book.cancel('a1')
    expect(cancelled && [cancelled.id, toPlain(cancelled.filled), toPlain(cancelled.remaining)]).toEqual([
      'a1',
      '0.5',
      '1.5',
    ])
    expect(book.cancel('a1')).toBeNull()
    expect(book.order('a1')).toBeNull()
    expect(bestShown(book).ask).toBe('101')
    expect(book.depth(5).asks).toEqual([['101', '1']])
  })
})

describe('replacing a market maker’s quotes', () => {
  it('cancels the owner’s orders, rests the new ladder without matching and skips quotes that would cross', () => {
    const book = newBook()
    accepted(book.place(limit('old-1', 'mm', 'buy', '95', '1')))
    accepted(book.place(limit('old-2', 'mm', 'sell', '105', '1')))
    seed(book, [
      ['b1', 'buy', '99', '1'],
      ['a1', 'sell', '102', '1'],
    ])
    const rested = book.replaceOwnerQuotes(
      'mm',
      [
        { side: 'buy', price: m(98), size: m(2) },
        { side: 'buy', price: m(102), size: m(1) },
        { side: 'sell', price: m(101), size: m(2) },
        { side: 'sell', price: m(98), size: m(1) },
      ],
      'mm-',
    )
    expect(rested).toBe(2)
    expect(book.order('old-1')).toBeNull()
    expect(book.order('old-2')).toBeNull()
    expect(
      book
        .ordersOf('mm')
        .map((order) => order.id)
        .sort(),
    ).toEqual(['mm-0', 'mm-2'])
    expect(book.depth(5)).toMatchObject({
      bids: [
        ['99', '1'],
        ['98', '2'],
      ],
      asks: [
        ['101', '2'],
        ['102', '1'],
      ],
    })
  })

  it('reuses its own ids from one refresh to the next', () => {
    const book = newBook()
    expect(book.replaceOwnerQuotes('mm', [{ side: 'buy', price: m(98), size: m(1) }], 'mm-')).toBe(1)
    expect(book.replaceOwnerQuotes('mm', [{ side: 'buy', price: m(97), size: m(1) }], 'mm-')).toBe(1)
    expect(book.depth(5).bids).toEqual([['97', '1']])
  })
})

describe('order checks', () => {
  it('refuses orders of the wrong shape', () => {
    const book = newBook()
    seed(book, [['a1', 'sell', '100', '1']])
    const market = { id: 't', ownerId: 'taker', type: 'market' } satisfies Partial<OrderInput>
    const shapes: OrderInput[] = [
      { ...market, side: 'buy', size: m(1), quoteSize: m(100) },
      { ...market, side: 'buy' },
      { ...market, side: 'sell', quoteSize: m(100) },
      { ...market, side: 'buy', size: m(1), price: m(100) },
      { ...market, side: 'buy', size: m(1), timeInForce: 'GTC' },
      { id: 't', ownerId: 'taker', side: 'buy', type: 'limit', size: m(1) },
      { id: 't', ownerId: 'taker', side: 'buy', type: 'limit', price: m(100) },
      { ...limit('t', 'taker', 'buy', '100', '1'), quoteSize: m(100) },
      limit('', 'taker', 'buy', '100', '1'),
    ]
    for (const shape of shapes) expect(book.place(shape)).toEqual({ ok: false, reason: 'invalid-order' })
    expect(book.sequence).toBe(1)
  })

  it('refuses an id already resting on the book', () => {
    const book = newBook()
    seed(book, [['a1', 'sell', '100', '1']])
    expect(book.place(limit('a1', 'taker', 'buy', '100', '1'))).toEqual({ ok: false, reason: 'duplicate-order-id' })
  })

  it('throws on a price or size that is not positive', () => {
    const book = newBook()
    expect(() => book.place(limit('t', 'taker', 'buy', '0', '1'))).toThrow(RangeError)
    expect(() => book.place(limit('t', 'taker', 'buy', '100', '-1'))).toThrow(RangeError)
    expect(() => book.replaceOwnerQuotes('mm', [{ side: 'buy', price: m(1), size: m(0) }], 'mm-')).toThrow(RangeError)
    expect(() => newBook('0')).toThrow(RangeError)
  })
})
