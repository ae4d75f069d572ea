/**
 * The house is a trader (issue 27, item 6; audit H1, M1): the market maker's quotes, its sweep and the market flow
 * trade from the house account's own wallets and positions, and never commit more than it holds. Before, their side of
 * every fill was the `market` account (futures PnL, spot coins), which could go anywhere: no position, no margin, no
 * funding, never liquidated. An order engine on the harness database, a scripted mark, the real books, as
 * money-safety.test.ts.
 */
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { COPY, FUTURES, HOUSE, TRADING } from '#/app.config.ts'
import type { PlaceOrderRequest } from '#/contract/index.ts'
import { externalKey, MARKET, spotMarketKey, walletKey } from '../copy/book.ts'
import { deposit } from '../copy/engine.ts'
import { feeFor, marginFor } from '../copy/position-math.ts'
import { persistChange } from '../copy/store.ts'
import { ledgerAccounts, positions } from '../db/copy-schema.ts'
import { balances, users } from '../db/schema.ts'
import { fills, futuresMarginModes } from '../db/trading-schema.ts'
import { Exact, type Money } from '../money.ts'
import type { TradingBooks } from './books.ts'
import { scratchBook } from './closing.ts'
import { ensureHouse, houseId, houseStatement, readHouse } from './house.ts'
import type { OrderEngine } from './order-engine.ts'
import { feeOn, SPOT_FEES } from './spot-settlement.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { scriptedTrading } from '#tests/fixtures/exchange/scripted-trading.ts'
import { fundedUser, insertLeader } from '#tests/fixtures/exchange/copy/lead-fixtures.ts'
import { ledgerState } from '#tests/fixtures/exchange/ledger.ts'

const ETH = 'ETH_USDT'
const BTC = 'BTC_USDT'
let h: Harness
let house: number
const scripted = scriptedTrading({ [ETH]: '3000', [BTC]: '60000' })
const { prices, flow, market } = scripted
let books: TradingBooks
let engine: OrderEngine
let ids = 0

beforeAll(async () => {
  // No history: the simulated leaders hold nothing, so only these tests trade with the house.
  h = await startHarness({ market: { backfillDays: 0, minuteHistoryDays: 1 } })
  house = (await houseId(h.context.db)) ?? 0
  ;({ engine, books } = scripted.engine(h))
})
afterAll(() => h.close())

type Order = Omit<PlaceOrderRequest, 'clientOrderId' | 'pairCode'> & { pairCode?: string }
const place = (userId: number, { pairCode = ETH, ...input }: Order) =>
  engine.place(userId, { clientOrderId: `h${++ids}`, pairCode, ...input })

async function available(userId: number, walletType: number, coin: string): Promise<Money> {
  const [row] = await h.context.db
    .select({ available: balances.available })
    .from(balances)
    .where(and(eq(balances.userId, userId), eq(balances.walletType, walletType), eq(balances.coin, coin)))
  return new Exact(row?.available ?? 0)
}

async function ledgerBalance(key: string): Promise<Money> {
  const [row] = await h.context.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, key))
  return new Exact(row?.balance ?? 0)
}

/** The house's own futures positions of a pair, oldest first. */
const housePositions = (pair = ETH) =>
  h.context.db
    .select()
    .from(positions)
    .where(and(eq(positions.userId, house), eq(positions.pairCode, pair), isNull(positions.copyId)))
    .orderBy(positions.id)

/** The house's position of the pair, signed (long +, short −). */
async function houseSize(pair = ETH): Promise<Money> {
  const open = (await housePositions(pair)).filter((p) => p.status === 'open')
  return open.reduce<Money>((sum, p) => sum.plus(new Exact(p.size).times(p.side)), new Exact(0))
}

/** Moves `change` into the house's wallet through the ledger (out of it when negative), and tells the engine. */
async function moveHouseWallet(walletType: number, coin: string, change: Money) {
  const have = await available(house, walletType, coin)
  await h.context.db.transaction(async (tx) => {
    const book = scratchBook()
    const wallet = walletKey(house, walletType, coin)
    book.accounts.set(wallet, have)
    if (change.gt(0)) book.transfer(externalKey(coin), wallet, change, 'test')
    else book.transfer(wallet, externalKey(coin), change.neg(), 'test')
    await persistChange(tx, book.takeChange(), h.context.now())
  })
  // Each engine minute reads what the house holds again.
  await engine.onPrices()
}

/** Leaves `amount` in the house's wallet; answers how to give back what was taken. */
async function setHouseWallet(walletType: number, coin: string, amount: string): Promise<() => Promise<void>> {
  const taken = (await available(house, walletType, coin)).minus(amount)
  await moveHouseWallet(walletType, coin, taken.neg())
  return () => moveHouseWallet(walletType, coin, taken)
}

const sideSize = (levels: readonly [string, string][]) =>
  levels.reduce<Money>((sum, [, s]) => sum.plus(s), new Exact(0))
const sideCost = (levels: readonly [string, string][]) =>
  levels.reduce<Money>((sum, [p, s]) => sum.plus(new Exact(p).times(s)), new Exact(0))

async function ledgerWhole() {
  expect(await ledgerState(h.context.db)).toEqual({ zero: true, mismatched: 0 })
}

describe('the house account', () => {
  it('is a locked user made once, funded by the published amounts, cross on every pair at the house leverage', async () => {
    const [row] = await h.context.db.select().from(users).where(eq(users.id, house))
    expect([row?.account, row?.passwordHash]).toEqual([HOUSE.account, '!'])
    expect(await ensureHouse(h.context.db, h.context.now(), (pairCode) => market.mark(pairCode))).toBe(house)
    expect((await available(house, 3, 'USDT')).toFixed()).toBe(HOUSE.futuresUsdt)
    expect((await available(house, 1, 'USDT')).toFixed()).toBe(HOUSE.spotUsdt)
    // A coin's start is HOUSE.spotCoinUsdt worth at its price then, on the lot: about 5,000,000 USDT of each.
    const eth = await available(house, 1, 'ETH')
    const price = new Exact(h.context.market.mark(ETH) ?? 0)
    expect(eth.times(price).lte(HOUSE.spotCoinUsdt)).toBe(true)
    expect(eth.plus('0.0001').times(price).gt(HOUSE.spotCoinUsdt)).toBe(true)
    const modes = await h.context.db.select().from(futuresMarginModes).where(eq(futuresMarginModes.userId, house))
    expect(new Set(modes.map((m) => m.mode))).toEqual(new Set(['cross']))
    await ledgerWhole()
  })
})

describe('futures against the house', () => {
  it('a user’s buy opens a house short with real margin and the maker fee; the close closes both; market never moves', async () => {
    prices.set(ETH, '3000')
    const user = await fundedUser(h, 10_000)
    const marketBefore = await ledgerBalance(MARKET)
    const walletBefore = await available(house, 3, 'USDT')
    const bought = await place(user.id, { biz: 'futures', side: 'buy', type: 'market', size: '1' })
    const [fill] = bought.fills
    expect(bought.fills.length).toBe(1)
    const ask = new Exact(fill?.price ?? 0)
    const [short] = await housePositions()
    expect([short?.side, short?.size, short?.entryPrice, short?.marginMode, short?.leverage, short?.status]).toEqual([
      -1,
      '1.000000000000000000',
      ask.toFixed(18),
      'cross',
      HOUSE.leverage,
      'open',
    ])
    // Its margin at the house leverage and the maker fee on the quote's fill, from the house's futures wallet.
    const margin = marginFor(ask, new Exact(1), HOUSE.leverage)
    const openFee = feeFor(ask, new Exact(1), new Exact(FUTURES.makerFeeRate))
    expect(new Exact(short?.margin ?? 0).toFixed()).toBe(margin.toFixed())
    expect(new Exact(short?.fees ?? 0).toFixed()).toBe(openFee.toFixed())
    expect((await available(house, 3, 'USDT')).toFixed()).toBe(walletBefore.minus(margin).minus(openFee).toFixed())
    // The house's side of the match is a fill of its own: the same trade id, no order.
    const sides = await h.context.db
      .select()
      .from(fills)
      .where(eq(fills.tradeId, Number(fill?.tradeId)))
    expect(sides.map((f) => [f.userId, f.orderId === null, f.side, f.role, f.counterpartyUserId]).sort()).toEqual(
      [
        [house, true, 'sell', 'maker', null],
        [user.id, false, 'buy', 'taker', null],
      ].sort(),
    )
    const sold = await place(user.id, { biz: 'futures', side: 'sell', type: 'market', size: '1', reduceOnly: true })
    const bid = new Exact(sold.fills[0]?.price ?? 0)
    const [closed] = await housePositions()
    expect([closed?.status, new Exact(closed?.realizedPnl ?? 0).toFixed()]).toEqual([
      'closed',
      ask.minus(bid).toFixed(),
    ])
    const [mine] = await h.context.db
      .select()
      .from(positions)
      .where(and(eq(positions.userId, user.id), eq(positions.pairCode, ETH)))
    expect([mine?.status, new Exact(mine?.realizedPnl ?? 0).toFixed()]).toEqual(['closed', bid.minus(ask).toFixed()])
    // Both sides' PnL clear through the market account, each the other's: it ends where it began.
    expect((await ledgerBalance(MARKET)).toFixed()).toBe(marketBefore.toFixed())
    await ledgerWhole()
  })

  it('the maker’s sweep and the market flow against a user’s resting order move the house’s position', async () => {
    prices.set(ETH, '3000')
    const user = await fundedUser(h, 10_000)
    const before = await houseSize()
    // A bid under the maker's: the price falls through it, the maker's sweep sells it at its own price.
    const bid = await place(user.id, { biz: 'futures', side: 'buy', type: 'limit', price: '2990', size: '0.4' })
    prices.set(ETH, '2980')
    await engine.onPrices()
    expect((await houseSize()).toFixed()).toBe(before.minus('0.4').toFixed())
    const swept = await h.context.db
      .select()
      .from(fills)
      .where(eq(fills.orderId, Number(bid.order.id)))
    const sweep = await h.context.db
      .select()
      .from(fills)
      .where(and(eq(fills.tradeId, swept[0]?.tradeId ?? 0), eq(fills.userId, house)))
    expect(sweep.map((f) => [f.side, f.role, f.price, f.size])).toEqual([
      ['sell', 'taker', '2990.000000000000000000', '0.400000000000000000'],
    ])
    // An ask inside the maker's spread, at the top: a market flow buy meets it, the house buys.
    const bestAsk = new Exact(books.depth('futures', ETH, 1)?.asks[0]?.[0] ?? 0)
    const ask = bestAsk.minus('0.01').toFixed()
    await place(user.id, { biz: 'futures', side: 'sell', type: 'limit', price: ask, size: '0.25', reduceOnly: true })
    flow.set(ETH, [{ id: 'house-flow', time: h.context.now().getTime(), price: ask, size: '0.25', side: 'buy' }])
    await engine.onPrices()
    flow.delete(ETH)
    expect((await houseSize()).toFixed()).toBe(before.minus('0.4').plus('0.25').toFixed())
    const bought = await h.context.db
      .select()
      .from(fills)
      .where(and(eq(fills.userId, house), eq(fills.price, ask)))
    expect(bought.map((f) => [f.side, f.role, f.size, f.fee])).toEqual([
      [
        'buy',
        'taker',
        '0.250000000000000000',
        // The flow takes: the taker fee.
        new Exact(ask).times('0.25').times(COPY.takerFeeRate).toFixed(18),
      ],
    ])
    await ledgerWhole()
  })

  it('quotes no more than the house’s margin allows, and its wallet never goes negative', async () => {
    prices.set(BTC, '60000')
    // 1,200 USDT of margin: 100 for each of the 12 futures books, at 5× less the taker fee about 498.75 USDT a side.
    const restore = await setHouseWallet(3, 'USDT', '1200')
    const depth = books.depth('futures', BTC, TRADING.depthLevels)
    const cost = new Exact(1).div(HOUSE.leverage).plus(COPY.takerFeeRate)
    for (const side of [depth?.bids ?? [], depth?.asks ?? []]) {
      expect(sideCost(side).times(cost).lte(100)).toBe(true)
      // Within a lot of it (0.00001 BTC, 0.6 USDT at most): the rest of the ladder is left out, not more.
      expect(sideCost(side).times(cost).gt(99)).toBe(true)
    }
    const user = await fundedUser(h, 50_000)
    const bought = await place(user.id, { biz: 'futures', pairCode: BTC, side: 'buy', type: 'market', size: '0.1' })
    const filled = new Exact(bought.order.filled)
    expect([bought.order.status, bought.order.cancelReason]).toEqual(['cancelled', 'no-liquidity'])
    expect(filled.toFixed()).toBe(sideSize(depth?.asks ?? []).toFixed())
    // Every fill margined whole at the house leverage, from what the wallet had.
    const [short] = await housePositions(BTC)
    expect(new Exact(short?.margin ?? 0).toFixed()).toBe(
      bought.fills
        .reduce<Money>(
          (sum, f) => sum.plus(marginFor(new Exact(f.price), new Exact(f.size), HOUSE.leverage)),
          new Exact(0),
        )
        .toFixed(),
    )
    expect((await available(house, 3, 'USDT')).gte(0)).toBe(true)
    // What is left re-sizes the ladder: the side that grows the short shrinks again, the side that closes it holds the
    // short besides.
    const after = books.depth('futures', BTC, TRADING.depthLevels)
    expect(sideCost(after?.asks ?? []).lt(sideCost(depth?.asks ?? []))).toBe(true)
    expect(sideSize(after?.bids ?? []).gte(new Exact(short?.size ?? 0))).toBe(true)
    await restore()
    await ledgerWhole()
  })
})

describe('spot against the house', () => {
  it('moves the house’s coins and USDT, fees included, not the market’s', async () => {
    prices.set(ETH, '3000')
    const user = await fundedUser(h, 0)
    await h.context.db.transaction((tx) =>
      deposit(tx, user.id, 'USDT', new Exact(10_000), h.context.now(), undefined, null, 1),
    )
    const eth = await available(house, 1, 'ETH')
    const usdt = await available(house, 1, 'USDT')
    const marketEth = await ledgerBalance(spotMarketKey('ETH'))
    const bought = await place(user.id, { biz: 'spot', side: 'buy', type: 'market', size: '1' })
    const quote = bought.fills.reduce<Money>((sum, f) => sum.plus(f.quote), new Exact(0))
    // The house sold from its resting quotes: the maker fee on each fill, in the USDT it received.
    const fee = bought.fills.reduce<Money>(
      (sum, f) => sum.plus(feeOn(new Exact(f.quote), SPOT_FEES.maker)),
      new Exact(0),
    )
    expect((await available(house, 1, 'ETH')).toFixed()).toBe(eth.minus(1).toFixed())
    expect((await available(house, 1, 'USDT')).toFixed()).toBe(usdt.plus(quote).minus(fee).toFixed())
    expect((await ledgerBalance(spotMarketKey('ETH'))).toFixed()).toBe(marketEth.toFixed())
    await ledgerWhole()
  })

  it('asks no more of a coin than the house holds', async () => {
    prices.set(ETH, '3000')
    const restore = await setHouseWallet(1, 'ETH', '0.5')
    const depth = books.depth('spot', ETH, TRADING.depthLevels)
    expect(sideSize(depth?.asks ?? []).toFixed()).toBe('0.5')
    const user = await fundedUser(h, 0)
    await h.context.db.transaction((tx) =>
      deposit(tx, user.id, 'USDT', new Exact(10_000), h.context.now(), undefined, null, 1),
    )
    const bought = await place(user.id, { biz: 'spot', side: 'buy', type: 'market', size: '2' })
    expect([bought.order.filled, bought.order.cancelReason]).toEqual(['0.5', 'no-liquidity'])
    expect((await available(house, 1, 'ETH')).toFixed()).toBe('0')
    // It bought nothing back: an empty ask side, a full bid side.
    const after = books.depth('spot', ETH, TRADING.depthLevels)
    expect([after?.asks.length, (after?.bids.length ?? 0) > 0]).toEqual([0, true])
    await restore()
    await ledgerWhole()
  })

  it('meets a spot lead trader’s order like a user’s: its coins move, the lead position’s clear through market', async () => {
    prices.set(ETH, '3000')
    const leader = await fundedUser(h, 10_000)
    await insertLeader(h, leader.id, { biz: 'spot' })
    const eth = await available(house, 1, 'ETH')
    const marketEth = await ledgerBalance(spotMarketKey('ETH'))
    const bought = await place(leader.id, { biz: 'spot', side: 'buy', type: 'market', size: '0.5' })
    expect(bought.order.status).toBe('filled')
    expect((await available(house, 1, 'ETH')).toFixed()).toBe(eth.minus('0.5').toFixed())
    // The lead position holds no coin: what the house sold it is the position's, on its clearing account.
    expect((await ledgerBalance(spotMarketKey('ETH'))).toFixed()).toBe(marketEth.plus('0.5').toFixed())
    const [position] = await h.context.db
      .select()
      .from(positions)
      .where(and(eq(positions.userId, leader.id), eq(positions.biz, 'spot')))
    expect(new Exact(position?.size ?? 0).toFixed()).toBe('0.5')
    await ledgerWhole()
  })
})

describe('the house’s statement', () => {
  it('reads its equity and PnL at the marks: what it holds less what it was funded with', async () => {
    const statement = await houseStatement(h.context.db, market.marks())
    const read = await readHouse(h.context.db)
    expect(statement.userId).toBe(read.userId)
    expect(statement.equity.toFixed()).toBe(statement.futures.equity.plus(statement.spot.equity).toFixed())
    expect(statement.pnl.toFixed()).toBe(statement.equity.minus(statement.funded).toFixed())
    // The tests above traded a few USDT's worth: it made or lost little of its many millions.
    expect(statement.funded.gt(HOUSE.futuresUsdt)).toBe(true)
    expect(statement.pnl.abs().lt(1000)).toBe(true)
    // The same read for developers, at the market's marks.
    const served = await h.api('GET', '/dev/house.json')
    const body = z
      .object({ data: z.object({ userId: z.string(), equity: z.string(), funded: z.string(), pnl: z.string() }) })
      .parse(served.body).data
    expect([served.status, body.userId]).toEqual([200, String(house)])
    expect(new Exact(body.equity).minus(body.funded).toFixed()).toBe(new Exact(body.pnl).toFixed())
  })
})
