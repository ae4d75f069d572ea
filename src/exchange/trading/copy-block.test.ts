/**
 * Followers trade on the book (issue 27 item 9, audit M4): a lead order's copies follow through one IOC block order on
 * the leader's book, limited to the leader's average price plus COPY.slippageCap, allocated pro rata at its average
 * price; what the book cannot fill is skipped per follower ('depth', 'slippage') and its margin stays in the copy. An
 * order engine on the harness database with a scripted mark: the real books (the simulated maker's ladder) on ETH, and
 * books whose maker is given no price (so it never quotes) where a test lays out every level itself.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COPY, TRADING } from '#/app.config.ts'
import { myCopyDetailResponseSchema, type PlaceOrderRequest } from '#/contract/index.ts'
import { deposit } from '../copy/engine.ts'
import { feeFor, marginFor } from '../copy/position-math.ts'
import { copies, leaderEvents, positions, skippedCopies } from '../db/copy-schema.ts'
import { users } from '../db/users-schema.ts'
import { orders } from '../db/trading-schema.ts'
import { Exact, type Money } from '../money.ts'
import { createTradingBooks, type TradingBooks } from './books.ts'
import { allocateBlock } from './copy-block.ts'
import { houseId } from './house.ts'
import type { OrderEngine } from './order-engine.ts'
import { follower, insertLeader } from '#tests/fixtures/exchange/copy/lead-fixtures.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { ledgerState } from '#tests/fixtures/exchange/ledger.ts'
import { testMarketSeed } from '#tests/fixtures/market-seed.ts'
import { scriptedTrading } from '#tests/fixtures/exchange/scripted-trading.ts'

const ETH = 'ETH_USDT'
const scripted = scriptedTrading({
  [ETH]: '3000',
  SOL_USDT: '168',
  BNB_USDT: '585',
  AVAX_USDT: '35',
  LINK_USDT: '100',
  TON_USDT: '7',
  DOT_USDT: '8',
})
let h: Harness
let makerBooks: TradingBooks
let withMaker: OrderEngine
let bare: OrderEngine
let ids = 0
/** Followers' session tokens: they read their copy as the app does. */
const tokens = new Map<number, string>()

beforeAll(async () => {
  // A fixed clock: the maker's ladder (its sizes vary by the minute) is the same on every run.
  h = await startHarness({
    start: Date.UTC(2026, 10, 23, 12, 0, 30),
    market: { backfillDays: 0, minuteHistoryDays: 1 },
  })
  ;({ engine: withMaker, books: makerBooks } = scripted.engine(h))
  // The maker quotes around its market's price: given none, it never quotes, and only the tests' orders rest there.
  bare = scripted.engine(h, {
    books: createTradingBooks({ mark: () => undefined }, h.context.now, testMarketSeed),
  }).engine
})
afterAll(() => h.close())

async function futuresUser(usdt: string, parentUserId?: number): Promise<number> {
  const id = Number((await h.registerUser()).userId)
  await h.context.db.transaction((tx) => deposit(tx, id, 'USDT', new Exact(usdt), h.context.now()))
  if (parentUserId !== undefined)
    await h.context.db.update(users).set({ parentUserId, userSubType: 2 }).where(eq(users.id, id))
  return id
}

async function leader(engine: OrderEngine, pairCode: string): Promise<number> {
  const id = await futuresUser('100000')
  await insertLeader(h, id)
  await engine.setLeverage(id, { pairCode, leverage: 10 })
  return id
}

/** A follower copying `leaderId` by `ratio` of the leader's size (the leader's leverage), `invest` in the copy. */
async function ratioCopy(leaderId: number, ratio: string, invest = '5000'): Promise<number> {
  const user = await follower(h, leaderId, { wallet: invest, invest, ratio })
  tokens.set(user.id, user.token)
  return user.copyId
}

type Order = Omit<PlaceOrderRequest, 'clientOrderId' | 'biz'>
const place = (engine: OrderEngine, userId: number, input: Order) =>
  engine.place(userId, { clientOrderId: `b${++ids}`, biz: 'futures', ...input })
const ask = (engine: OrderEngine, userId: number, pairCode: string, price: string, size: string) =>
  place(engine, userId, { pairCode, side: 'sell', type: 'limit', price, size })

async function copied(copyId: number) {
  const [position] = await h.context.db
    .select()
    .from(positions)
    .where(and(eq(positions.copyId, copyId), eq(positions.status, 'open')))
  const [copy] = await h.context.db.select().from(copies).where(eq(copies.id, copyId))
  const skips = await h.context.db.select().from(skippedCopies).where(eq(skippedCopies.copyId, copyId))
  return {
    size: new Exact(position?.size ?? 0).toFixed(),
    entry: position ? new Exact(position.entryPrice).toFixed() : null,
    balance: new Exact(copy?.balance ?? 0),
    skips: skips.map((s) => s.reason),
  }
}

/** The house's own position of a pair, signed (a short negative): the maker's side of every match with its quotes. */
async function housePosition(pairCode: string): Promise<Money> {
  const house = await houseId(h.context.db)
  const [row] = await h.context.db
    .select()
    .from(positions)
    .where(and(eq(positions.userId, house ?? 0), eq(positions.pairCode, pairCode), eq(positions.status, 'open')))
  return row ? new Exact(row.size).times(row.side) : new Exact(0)
}

async function orderRow(id: string) {
  const [row] = await h.context.db
    .select()
    .from(orders)
    .where(eq(orders.id, Number(id)))
  return { status: row?.status, filled: new Exact(row?.filled ?? 0).toFixed() }
}

async function openEvent(leaderId: number) {
  const rows = await h.context.db.select().from(leaderEvents).where(eq(leaderEvents.leaderId, leaderId))
  return rows.map((e) => ({
    kind: e.kind,
    price: new Exact(e.price).toFixed(),
    copyPrice: e.copyPrice === null ? null : new Exact(e.copyPrice).toFixed(),
    copied: e.copied,
    skipped: e.skipped,
  }))
}

/** What a copy has left of `invest` once `size` opened at `price` at leverage 10: margin and the taker fee out. */
const left = (invest: string, price: string, size: string) => {
  const p = new Exact(price)
  const s = new Exact(size)
  return new Exact(invest).minus(marginFor(p, s, 10)).minus(feeFor(p, s, h.context.rules.takerFeeRate))
}

async function ledgerWhole() {
  expect(await ledgerState(h.context.db)).toEqual({ zero: true, mismatched: 0 })
}

/** Walks ask levels (best first) for `size` up to `limit`: what it takes from each, and what it filled at what cost. */
function walk(asks: readonly [string, string][], size: Money, limit: Money) {
  let rest = size
  let quote = new Exact(0)
  const taken: [string, Money][] = []
  for (const [price, amount] of asks) {
    if (rest.isZero() || new Exact(price).gt(limit)) break
    const take = Exact.min(rest, new Exact(amount))
    taken.push([price, take])
    quote = quote.plus(take.times(price))
    rest = rest.minus(take)
  }
  return { taken, filled: size.minus(rest), quote }
}

describe('a lead order’s followers trade one block order on the book', () => {
  it('opens them at the block’s average price on the book, not the leader’s, taking the maker’s and a user’s asks', async () => {
    // Before (off the book): the copies opened at the leader's average price, 3000.3, against the market account. Now
    // the block walks what the leader left (the maker's 3000.3 and 3000.75, the user's 3 ETH at 3001.19, then 3001.2):
    // 3000.718725833333333333.
    const lead = await leader(withMaker, ETH)
    const followers = [await ratioCopy(lead, '2'), await ratioCopy(lead, '3'), await ratioCopy(lead, '4')]
    // A user's ask inside the maker's ladder, a tick under its third level: the block meets it on its way up.
    makerBooks.depth('futures', ETH, TRADING.depthLevels)
    const third = makerBooks.book('futures', ETH)?.depth(3).asks[2]?.[0] ?? 'NaN'
    const user = await futuresUser('100000')
    const userAsk = await ask(withMaker, user, ETH, new Exact(third).minus('0.01').toFixed(), '3')
    expect(userAsk.order.status).toBe('new')
    const before = makerBooks.book('futures', ETH)?.depth(100).asks ?? []
    const houseBefore = await housePosition(ETH)
    const bought = await place(withMaker, lead, { pairCode: ETH, side: 'buy', type: 'market', size: '2' })
    const leaderQuote = bought.fills.reduce((sum, f) => sum.plus(f.quote), new Exact(0))
    const leaderPrice = leaderQuote.div(2).toDecimalPlaces(18, Exact.ROUND_HALF_UP)
    // The book the block met: what the leader left of each level; the block's 4 + 6 + 8 ETH within 0.5 % of the
    // leader's price.
    const afterLeader = before.map(([price, amount]): [string, string] => {
      const took = bought.fills
        .filter((f) => new Exact(f.price).eq(price))
        .reduce((s, f) => s.plus(f.size), new Exact(0))
      return [price, new Exact(amount).minus(took).toFixed()]
    })
    const limit = leaderPrice.times(new Exact(1).plus(COPY.slippageCap)).toDecimalPlaces(2, Exact.ROUND_DOWN)
    const block = walk(
      afterLeader.filter(([, amount]) => new Exact(amount).gt(0)),
      new Exact(18),
      limit,
    )
    expect(block.filled.toFixed()).toBe('18')
    const copyPrice = block.quote.div(18).toDecimalPlaces(18, Exact.ROUND_HALF_UP).toFixed()
    expect(new Exact(copyPrice).gt(leaderPrice)).toBe(true)
    const sizes = ['4', '6', '8']
    for (const [index, copyId] of followers.entries()) {
      const size = sizes[index] ?? '0'
      expect(await copied(copyId)).toEqual({
        size,
        entry: copyPrice,
        balance: left('5000', copyPrice, size),
        skips: [],
      })
    }
    // The user's ask was met by the block (as the resting side), and the maker's levels the block walked are gone.
    expect(block.taken.find(([price]) => price === userAsk.order.price)?.[1].toFixed()).toBe('3')
    expect(await orderRow(userAsk.order.id)).toEqual({ status: 'filled', filled: '3' })
    const now = makerBooks.book('futures', ETH)?.depth(100).asks ?? []
    for (const [price, took] of block.taken) {
      const had = new Exact(afterLeader.find(([p]) => p === price)?.[1] ?? 0)
      const has = new Exact(now.find(([p]) => p === price)?.[1] ?? 0)
      expect(had.minus(has).toFixed(), `ask ${price}`).toBe(took.toFixed())
    }
    expect(await openEvent(lead)).toEqual([
      { kind: 'open', price: leaderPrice.toFixed(), copyPrice, copied: 3, skipped: 0 },
    ])
    // The maker's side of the leader's 2 ETH and of the block's 15 (the 18 less the user's 3) is the house's own
    // position, as any trader's (before: nobody's, the market account took it).
    expect((await housePosition(ETH)).minus(houseBefore).toFixed()).toBe('-17')
    await ledgerWhole()
  })
})

describe('a block that meets another lead trader’s resting order', () => {
  it('opens that leader’s position as any fill, and their copies follow with their own block', async () => {
    // Leader A buys 100 TON at 7; A's copy's block (limit 7.035) meets leader B's resting ask at 7.01: B opens short,
    // and B's copy's block sells 100 (limit 6.975) into the bid at 6.99.
    const pair = 'TON_USDT'
    const a = await leader(bare, pair)
    const b = await leader(bare, pair)
    const copyOfA = await ratioCopy(a, '1')
    const copyOfB = await ratioCopy(b, '1')
    const user = await futuresUser('100000')
    await ask(bare, user, pair, '7', '100')
    const resting = await ask(bare, b, pair, '7.01', '100')
    await place(bare, user, { pairCode: pair, side: 'buy', type: 'limit', price: '6.99', size: '1000' })
    await place(bare, a, { pairCode: pair, side: 'buy', type: 'market', size: '100' })
    expect(await orderRow(resting.order.id)).toEqual({ status: 'filled', filled: '100' })
    const opened = async (copyId: number) => {
      const [position] = await h.context.db.select().from(positions).where(eq(positions.copyId, copyId))
      return [position?.side, new Exact(position?.size ?? 0).toFixed(), new Exact(position?.entryPrice ?? 0).toFixed()]
    }
    expect(await opened(copyOfA)).toEqual([1, '100', '7.01'])
    expect(await opened(copyOfB)).toEqual([-1, '100', '6.99'])
    expect(await openEvent(b)).toEqual([{ kind: 'open', price: '7.01', copyPrice: '6.99', copied: 1, skipped: 0 }])
    await ledgerWhole()
  })
})

describe('a short lead order’s block', () => {
  it('sizes the copies at the best bid it can meet, so a fixed amount is never exceeded whatever it fills at', async () => {
    // The leader sells 10 LINK at 100; the block (limit 99.5) meets what is left of that bid, then 99.8. Sized at its
    // limit, a fixed 1,000 USDT at 10x would be 100.5 LINK, whose margin at the fills' average (99.979…) is 1,004.79:
    // more than the fixed amount. Sized at the best bid (100): 100 LINK, 90 at 100 and 10 at 99.8, margin 999.8.
    const pair = 'LINK_USDT'
    const lead = await leader(bare, pair)
    const copy = await follower(h, lead, { invest: '5000', fixedAmount: '1000' })
    const buyer = await futuresUser('100000')
    await place(bare, buyer, { pairCode: pair, side: 'buy', type: 'limit', price: '100', size: '100' })
    await place(bare, buyer, { pairCode: pair, side: 'buy', type: 'limit', price: '99.8', size: '1000' })
    await place(bare, lead, { pairCode: pair, side: 'sell', type: 'market', size: '10' })
    const [position] = await h.context.db.select().from(positions).where(eq(positions.copyId, copy.copyId))
    expect([position?.side, position?.size, position?.entryPrice, position?.margin].map(String)).toEqual([
      '-1',
      '100.000000000000000000',
      '99.980000000000000000',
      '999.800000000000000000',
    ])
    expect((await copied(copy.copyId)).balance.toFixed()).toBe(left('5000', '99.98', '100').toFixed())
    await ledgerWhole()
  })
})

describe('the block’s fills, allocated pro rata at one price', () => {
  it('floors each share to the lot and gives the lots left over to the largest remainders', async () => {
    // SOL's lot is 0.001. The leader buys 10 at 168.00; the copies ask 7, 11 and 13 (ratios 0.7, 1.1, 1.3): 31 SOL,
    // 31,000 lots. Within the limit (168 × 1.005 = 168.84) the book has 16 SOL at 168.50, then 169.00 beyond it.
    // Pro rata, 16,000 lots × 7,000 / 31,000 = 3,612 r 28,000; × 11,000 / 31,000 = 5,677 r 13,000; × 13,000 / 31,000
    // = 6,709 r 21,000: 15,998 lots, 2 left over, to the largest remainders (28,000, then 21,000): 3.613, 5.677 and
    // 6.710 SOL, 16 in all. Each is skipped for the rest, 'slippage': the limit stopped the block with more beyond.
    const pair = 'SOL_USDT'
    const lead = await leader(bare, pair)
    const followers = [await ratioCopy(lead, '0.7'), await ratioCopy(lead, '1.1'), await ratioCopy(lead, '1.3')]
    const seller = await futuresUser('100000')
    await ask(bare, seller, pair, '168', '10')
    const inside = await ask(bare, seller, pair, '168.5', '16')
    const beyond = await ask(bare, seller, pair, '169', '50')
    const bought = await place(bare, lead, { pairCode: pair, side: 'buy', type: 'market', size: '10' })
    expect(bought.fills.map((f) => [f.price, f.size])).toEqual([['168', '10']])
    const shares = ['3.613', '5.677', '6.71']
    for (const [index, copyId] of followers.entries()) {
      const size = shares[index] ?? '0'
      expect(await copied(copyId)).toEqual({
        size,
        entry: '168.5',
        balance: left('5000', '168.5', size),
        skips: ['slippage'],
      })
    }
    expect(await orderRow(inside.order.id)).toEqual({ status: 'filled', filled: '16' })
    expect(await orderRow(beyond.order.id)).toEqual({ status: 'new', filled: '0' })
    expect(await openEvent(lead)).toEqual([{ kind: 'open', price: '168', copyPrice: '168.5', copied: 3, skipped: 3 }])
    await ledgerWhole()
  })

  it('breaks a tie of remainders by the lower copy id', () => {
    const lot = new Exact('0.001')
    const asked = [3, 1, 2].map((id) => ({ id, size: new Exact('0.001') }))
    expect(allocateBlock(asked, new Exact('0.002'), lot).map((s) => s.toFixed())).toEqual(['0', '0.001', '0.001'])
  })
})

describe('what the book cannot fill', () => {
  it('is skipped for the copy, with reason depth, and its margin stays in the copy', async () => {
    // BNB's lot is 0.001. The leader buys 1 at 585; the copies ask 1 (1,000 lots) and 0.001 (1 lot). The book has 0.5
    // more at 586, then nothing: 500 lots, × 1,000 / 1,001 = 499 r 501 and × 1 / 1,001 = 0 r 500; the lot left over
    // goes to the first. The second got nothing: its copy's balance is what it was, to the last decimal.
    const pair = 'BNB_USDT'
    const lead = await leader(bare, pair)
    const whole = await ratioCopy(lead, '1')
    const tiny = await ratioCopy(lead, '0.001')
    const seller = await futuresUser('100000')
    await ask(bare, seller, pair, '585', '1')
    await ask(bare, seller, pair, '586', '0.5')
    await place(bare, lead, { pairCode: pair, side: 'buy', type: 'market', size: '1' })
    expect(await copied(whole)).toEqual({
      size: '0.5',
      entry: '586',
      balance: left('5000', '586', '0.5'),
      skips: ['depth'],
    })
    expect(await copied(tiny)).toEqual({ size: '0', entry: null, balance: new Exact(5000), skips: ['depth'] })
    // The follower reads why on their copy.
    const [row] = await h.context.db.select().from(copies).where(eq(copies.id, tiny))
    const detail = await h.api('GET', `/copy/v1/my/copies/${lead}`, { token: tokens.get(row?.followerId ?? 0) })
    expect(myCopyDetailResponseSchema.parse(detail.body).data.skipped.map((s) => [s.pairCode, s.reason])).toEqual([
      [pair, 'depth'],
    ])
    expect(await openEvent(lead)).toEqual([{ kind: 'open', price: '585', copyPrice: '586', copied: 1, skipped: 2 }])
    await ledgerWhole()
  })
})

describe('a copy past its leverage bracket', () => {
  it('is skipped with reason position-bracket, its balance untouched; a copy within it follows', async () => {
    // DOT's brackets (not BTC's or ETH's): 50× (its maximum) up to 10,000 USDT. Copies at a fixed 50×: 100 DOT at 8
    // (800 USDT) is within; 1,500 DOT (12,000 USDT) is not. Before, the large copy opened at 50× past the tier.
    const pair = 'DOT_USDT'
    const lead = await leader(bare, pair)
    const within = await ratioCopy(lead, '1')
    const past = await ratioCopy(lead, '15')
    await h.context.db
      .update(copies)
      .set({ leverageMode: 'fixed', fixedLeverage: 50 })
      .where(inArray(copies.id, [within, past]))
    const seller = await futuresUser('100000')
    await ask(bare, seller, pair, '8', '2000')
    await place(bare, lead, { pairCode: pair, side: 'buy', type: 'market', size: '100' })
    expect(await copied(within)).toMatchObject({ size: '100', entry: '8', skips: [] })
    expect(await copied(past)).toEqual({
      size: '0',
      entry: null,
      balance: new Exact(5000),
      skips: ['position-bracket'],
    })
    await ledgerWhole()
  })
})

describe('self-trade prevention across the leader’s trade group', () => {
  it('never lets the block meet the leader’s own resting ask, nor a linked account’s', async () => {
    const pair = 'AVAX_USDT'
    const lead = await leader(bare, pair)
    const sub = await futuresUser('100000', lead)
    const copyId = await ratioCopy(lead, '1')
    const seller = await futuresUser('100000')
    await ask(bare, seller, pair, '35', '10')
    // The leader's own ask is next after what the leader buys, a linked account's after it, then another user's.
    const own = await ask(bare, lead, pair, '35.05', '5')
    const linked = await ask(bare, sub, pair, '35.1', '5')
    const other = await ask(bare, seller, pair, '35.15', '50')
    await place(bare, lead, { pairCode: pair, side: 'buy', type: 'market', size: '10' })
    // The block stops at the leader's own ask (expire-taker): nothing filled, the copy skipped for depth.
    expect(await orderRow(own.order.id)).toEqual({ status: 'new', filled: '0' })
    expect(await copied(copyId)).toEqual({ size: '0', entry: null, balance: new Exact(5000), skips: ['depth'] })
    // Without the leader's ask, the next lead order's block stops at the linked account's.
    await bare.cancel(lead, { biz: 'futures', orderId: own.order.id })
    await ask(bare, seller, pair, '35.02', '1')
    await place(bare, lead, { pairCode: pair, side: 'buy', type: 'market', size: '1' })
    expect(await orderRow(linked.order.id)).toEqual({ status: 'new', filled: '0' })
    expect(await orderRow(other.order.id)).toEqual({ status: 'new', filled: '0' })
    expect((await copied(copyId)).skips).toEqual(['depth', 'depth'])
    const mine = await h.context.db
      .select()
      .from(positions)
      .where(and(eq(positions.copyId, copyId), isNull(positions.closedAt)))
    expect(mine).toEqual([])
    await ledgerWhole()
  })
})
