/**
 * The trading audit's findings (issue 27, ../shared/research/trading-audit.md), one regression each, written from its
 * description: each failed on 8cbd711 as the audit says and passes now. An order engine on the harness database, a
 * scripted mark, the real books (the simulated maker's ladder), as cross-margin.test.ts.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { COPY, FUTURES, TRADING } from '#/app.config.ts'
import type { PlaceOrderRequest } from '#/contract/index.ts'
import { INSURANCE } from '../copy/book.ts'
import { deposit } from '../copy/engine.ts'
import { feeFor } from '../copy/position-math.ts'
import { positions } from '../db/copy-schema.ts'
import { balances } from '../db/schema.ts'
import { fills, orders } from '../db/trading-schema.ts'
import { incidents as incidentsTable } from '../db/engine-schema.ts'
import { ApiFailure } from '../http/errors.ts'
import { createIncidents } from '../incidents.ts'
import { Exact } from '../money.ts'
import { transferBetweenWallets } from '../wallet/transfer.service.ts'
import { walletAccount } from '../wallet/wallet.service.ts'
import { createTradingBooks } from './books.ts'
import { setMarginMode } from './leverage.service.ts'
import { createOrderEngine, type OrderEngine } from './order-engine.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { scriptedTrading } from '#tests/fixtures/exchange/scripted-trading.ts'
import { testMarketSeed } from '#tests/fixtures/market-seed.ts'
import { ledgerState } from '#tests/fixtures/exchange/ledger.ts'
import { fundingOn } from '#tests/fixtures/exchange/funding.ts'

const ETH = 'ETH_USDT'
const BTC = 'BTC_USDT'
let h: Harness
const scripted = scriptedTrading({ [ETH]: '3000', [BTC]: '60000' })
const { prices, flow, market } = scripted
let engine: OrderEngine
let ids = 0

const newEngine = () => scripted.engine(h).engine

beforeAll(async () => {
  // No history: the simulated leaders hold nothing, so only these tests' positions meet the scripted marks.
  h = await startHarness({ market: { backfillDays: 0, minuteHistoryDays: 1 } })
  engine = newEngine()
})
afterAll(() => h.close())

async function futuresUser(usdt: string, mode: 'isolated' | 'cross' = 'isolated', pair = ETH): Promise<number> {
  const id = Number((await h.registerUser()).userId)
  await h.context.db.transaction((tx) => deposit(tx, id, 'USDT', new Exact(usdt), h.context.now()))
  if (mode === 'cross') await setMarginMode(h.context, id, { pairCode: pair, marginMode: 'cross' })
  return id
}

type FuturesOrder = Omit<PlaceOrderRequest, 'clientOrderId' | 'biz' | 'pairCode'> & { pairCode?: string }

const place = (userId: number, { pairCode = ETH, ...input }: FuturesOrder) =>
  engine.place(userId, { clientOrderId: `m${++ids}`, biz: 'futures', pairCode, ...input })

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work
  } catch (error) {
    if (error instanceof ApiFailure) return error.reason
    throw error
  }
  return 'accepted'
}

async function wallet(userId: number, walletType = 3) {
  const [row] = await h.context.db
    .select({ available: balances.available, frozen: balances.frozen })
    .from(balances)
    .where(and(eq(balances.userId, userId), eq(balances.walletType, walletType), eq(balances.coin, 'USDT')))
  return { available: new Exact(row?.available ?? 0), frozen: new Exact(row?.frozen ?? 0) }
}

async function positionOf(userId: number, pair = ETH) {
  const rows = await h.context.db
    .select()
    .from(positions)
    .where(and(eq(positions.userId, userId), eq(positions.pairCode, pair)))
    .orderBy(positions.id)
  return rows.at(-1)
}

/** What the insurance fund gained (lost: negative) by the transfers whose ref matches `like`. */
async function insuranceFlows(like: string) {
  const result = await h.context.db.execute(sql`
    select coalesce(sum(case when credit = ${INSURANCE} then amount else -amount end), 0)::text as total
    from ledger_transfers where (credit = ${INSURANCE} or debit = ${INSURANCE}) and ref like ${like}`)
  const [row] = z.object({ rows: z.array(z.object({ total: z.string() })) }).parse(result).rows
  return new Exact(row?.total ?? 0)
}

async function fillsOf(orderId: string) {
  return h.context.db
    .select()
    .from(fills)
    .where(eq(fills.orderId, Number(orderId)))
}

async function ledgerWhole() {
  expect(await ledgerState(h.context.db)).toEqual({ zero: true, mismatched: 0 })
}

describe('C1: a user’s own isolated position at its liquidation price', () => {
  it('is liquidated on the book at the mark, its margin’s rest to the insurance fund (M1)', async () => {
    prices.set(ETH, '3000')
    const user = await futuresUser('1000')
    await engine.setLeverage(user, { pairCode: ETH, leverage: 10 })
    await place(user, { side: 'buy', type: 'market', size: '1' })
    const opened = await positionOf(user)
    if (!opened?.liquidationPrice) throw new Error('no position')
    // The mark reaches the liquidation price: the engine's one path closes it on the book, no worse than bankruptcy.
    prices.set(ETH, new Exact(opened.liquidationPrice).toDecimalPlaces(2, Exact.ROUND_DOWN).toFixed())
    await engine.onPrices()
    const closed = await positionOf(user)
    expect([closed?.status, closed?.closeReason]).toEqual(['closed', 'liquidation'])
    const [liquidation] = await h.context.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user), eq(orders.purpose, 'liquidation')))
    expect(liquidation?.positionId).toBe(opened.id)
    const sold = await fillsOf(String(liquidation?.id))
    expect(sold.length).toBeGreaterThan(0)
    // No fill past the bankruptcy price (entry less the margin per coin).
    const bankruptcy = new Exact(opened.entryPrice).minus(new Exact(opened.margin).div(opened.size))
    for (const fill of sold) expect(new Exact(fill.price).gte(bankruptcy)).toBe(true)
    // The whole margin is gone; what the loss left of it went to the insurance fund (fee and surplus), none to the user.
    const loss = sold.reduce(
      (sum, f) => sum.plus(new Exact(opened.entryPrice).minus(f.price).times(f.size)),
      new Exact(0),
    )
    const funded = await insuranceFlows(`liq:order:${liquidation?.id}:%`)
    expect(funded.toFixed()).toBe(new Exact(opened.margin).minus(loss).toFixed())
    expect(funded.gt(0)).toBe(true)
    await ledgerWhole()
  })
})

describe('C2: a cross position closed under water by an order', () => {
  it('pays its whole loss: what its margin cannot, the wallet does', async () => {
    prices.set(ETH, '3000')
    const user = await futuresUser('10000', 'cross')
    await engine.setLeverage(user, { pairCode: ETH, leverage: 100 })
    await place(user, { side: 'buy', type: 'market', size: '1' })
    prices.set(ETH, '2700')
    await engine.onPrices()
    expect((await positionOf(user))?.status).toBe('open')
    const closed = await place(user, { side: 'sell', type: 'market', size: '1', reduceOnly: true })
    expect(closed.order.status).toBe('filled')
    const [buy] = await h.context.db
      .select()
      .from(fills)
      .where(and(eq(fills.userId, user), eq(fills.side, 'buy')))
    if (!buy) throw new Error('no opening fill')
    const sells = closed.fills
    const exit = sells.reduce((sum, f) => sum.plus(new Exact(f.price).times(f.size)), new Exact(0))
    const loss = new Exact(buy.price).minus(exit)
    const fees = new Exact(buy.fee).plus(sells.reduce((sum, f) => sum.plus(f.fee), new Exact(0)))
    // About 300 lost at 100x: the audit's account kept 9 968 (charged 31.51); now it is charged the whole loss.
    expect(loss.gt(250)).toBe(true)
    expect((await wallet(user)).available.toFixed()).toBe(new Exact(10000).minus(loss).minus(fees).toFixed())
    await ledgerWhole()
  })
})

describe('C3: a leverage raised over an open position and a resting order', () => {
  it('re-margins them, so the order fills and the book keeps trading', async () => {
    prices.set(ETH, '3000')
    const attacker = await futuresUser('200')
    await engine.setLeverage(attacker, { pairCode: ETH, leverage: 1 })
    await place(attacker, { side: 'buy', type: 'market', size: '0.01' })
    await engine.setLeverage(attacker, { pairCode: ETH, leverage: 100 })
    expect((await positionOf(attacker))?.leverage).toBe(100)
    const bid = await place(attacker, { side: 'buy', type: 'limit', price: '2999.9', size: '1' })
    expect(bid.order.status).toBe('new')
    // The rest of the futures wallet moves out: the order's hold stays, so its fill needs nothing more.
    const free = (await wallet(attacker)).available
    await transferBetweenWallets(
      h.context.db,
      attacker,
      { clientTransferId: `t${++ids}`, from: 3, to: 1, coin: 'USDT', amount: free.toFixed() },
      h.context.now(),
      market.marks(),
    )
    const victim = await futuresUser('5000')
    const sold = await place(victim, { side: 'sell', type: 'market', size: '0.5' })
    expect(sold.order.status).toBe('filled')
    // The maker's quotes cross the rest of the bid when the mark dips: the sweep fills it, and others trade on.
    prices.set(ETH, '2985')
    await engine.onPrices()
    const third = await futuresUser('5000')
    expect((await place(third, { side: 'buy', type: 'market', size: '0.1' })).order.status).toBe('filled')
    expect((await positionOf(attacker))?.size).toBe(new Exact('1.01').toFixed(18))
    await ledgerWhole()
  })

  it('is refused when the wallet cannot pay the margin a lower leverage needs, and nothing changes', async () => {
    prices.set(ETH, '3000')
    const user = await futuresUser('100')
    await engine.setLeverage(user, { pairCode: ETH, leverage: 50 })
    await place(user, { side: 'buy', type: 'market', size: '1' })
    const before = await positionOf(user)
    expect(await refusal(engine.setLeverage(user, { pairCode: ETH, leverage: 2 }))).toBe('insufficient-margin')
    const after = await positionOf(user)
    expect([after?.leverage, after?.margin]).toEqual([before?.leverage, before?.margin])
  })
})

describe('C4: two reduce-only stops of one position released by one move', () => {
  it('close the position once; the second is cancelled as no-position, and the next move runs clean', async () => {
    prices.set(ETH, '3000')
    const user = await futuresUser('5000')
    await engine.setLeverage(user, { pairCode: ETH, leverage: 10 })
    await place(user, { side: 'buy', type: 'market', size: '1' })
    await engine.setPositionTpsl(user, { pairCode: ETH, stopLossPrice: '2950' })
    const stop = await place(user, {
      side: 'sell',
      type: 'stop-market',
      size: '1',
      triggerPrice: '2940',
      triggerBy: 'mark',
      reduceOnly: true,
    })
    prices.set(ETH, '2930')
    await engine.onPrices()
    await engine.onPrices()
    expect((await positionOf(user))?.status).toBe('closed')
    const stops = await h.context.db
      .select({ id: orders.id, status: orders.status, reason: orders.cancelReason })
      .from(orders)
      .where(and(eq(orders.userId, user), eq(orders.reduceOnly, true)))
      .orderBy(orders.id)
    expect(stops.map((s) => s.status).sort()).toEqual(['cancelled', 'filled'])
    expect(stops.find((s) => s.status === 'cancelled')?.reason).toBe('no-position')
    expect(stops.some((s) => String(s.id) === stop.order.id)).toBe(true)
    await ledgerWhole()
  })
  it('watching the last price, both are released by the trade that reached them, though the first one’s fill moves the last price back', async () => {
    prices.set(ETH, '3000')
    const user = await futuresUser('5000')
    await engine.setLeverage(user, { pairCode: ETH, leverage: 10 })
    await place(user, { side: 'buy', type: 'market', size: '1' })
    const stop = {
      side: 'sell',
      type: 'stop-market',
      size: '1',
      triggerPrice: '2990',
      triggerBy: 'last',
      reduceOnly: true,
    } as const
    const placed = [await place(user, stop), await place(user, stop)]
    // The mark falls and a trade prints at 2985 inside the maker's new spread: the last price reaches both stops.
    prices.set(ETH, '2985')
    await engine.onPrices()
    const buyer = await futuresUser('5000')
    const seller = await futuresUser('5000')
    await place(buyer, { side: 'buy', type: 'limit', price: '2985', size: '0.01' })
    await place(seller, { side: 'sell', type: 'limit', price: '2985', size: '0.01', timeInForce: 'IOC' })
    // The mark is back at 3000 when the engine looks: the first stop sells at the maker's bid near 3000 (above 2990).
    prices.set(ETH, '3000')
    await engine.onPrices()
    const rows = await h.context.db
      .select({ id: orders.id, status: orders.status, reason: orders.cancelReason })
      .from(orders)
      .where(and(eq(orders.userId, user), eq(orders.type, 'stop-market')))
      .orderBy(orders.id)
    expect(rows.map((r) => String(r.id))).toEqual(placed.map((p) => p.order.id))
    expect(rows.map((r) => [r.status, r.reason]).sort()).toEqual([
      ['cancelled', 'no-position'],
      ['filled', null],
    ])
    expect((await positionOf(user))?.status).toBe('closed')
    await ledgerWhole()
  })
})

describe('H2: closes past the bankruptcy price and market orders without protection', () => {
  it('a close stops at the bankruptcy price: the loss never outgrows the margin, nobody mints', async () => {
    prices.set(ETH, '3000')
    const a = await futuresUser('2000')
    const b = await futuresUser('400000')
    await engine.setLeverage(a, { pairCode: ETH, leverage: 100 })
    // 16 ETH (48,000 USDT): within the first leverage bracket, which allows 100x up to 50,000.
    await place(a, { side: 'buy', type: 'market', size: '16' })
    const opened = await positionOf(a)
    if (!opened) throw new Error('no position')
    const bankruptcy = new Exact(opened.entryPrice).minus(new Exact(opened.margin).div(opened.size))
    // B rests a bid far under the bankruptcy price, inside the band: A's close may not reach it.
    await place(b, { side: 'buy', type: 'limit', price: '2700', size: '100' })
    expect(await refusal(place(a, { side: 'sell', type: 'limit', price: '2700', size: '16', reduceOnly: true }))).toBe(
      'bankruptcy-price',
    )
    const start = (await wallet(a)).available.plus((await wallet(b)).available).plus((await wallet(b)).frozen)
    const sold = await place(a, { side: 'sell', type: 'market', size: '16', reduceOnly: true })
    expect(sold.fills.length).toBeGreaterThan(0)
    for (const fill of sold.fills) expect(new Exact(fill.price).gte(bankruptcy)).toBe(true)
    if (!sold.order.filled || new Exact(sold.order.filled).lt(16))
      expect(sold.order.cancelReason).toBe('bankruptcy-price')
    await engine.cancelAll(b, 'futures', ETH)
    const end = (await wallet(a)).available.plus((await wallet(b)).available)
    const margin = new Exact((await positionOf(a))?.margin ?? 0)
    // The two accounts together never end with more than they began with (the audit's pair gained 22 701).
    expect(end.plus(margin).lte(start.plus(opened.margin))).toBe(true)
    await ledgerWhole()
  })

  it('a market order stops at its price protection from the mark', async () => {
    // A price of its own: the maker's whole ask side is gone afterwards until the price moves.
    prices.set(BTC, '60500')
    const whale = await futuresUser('10000000', 'isolated', BTC)
    await engine.setLeverage(whale, { pairCode: BTC, leverage: 10 })
    // A user's ask past the protection (63,525) yet inside the price band (66,550): the sweep must stop short of it.
    const far = await futuresUser('100000', 'isolated', BTC)
    const beyond = await place(far, { pairCode: BTC, side: 'sell', type: 'limit', price: '65000', size: '1' })
    // More than the maker's whole ask side: without protection it would walk every level, then the far ask.
    const placed = await place(whale, { pairCode: BTC, side: 'buy', type: 'market', size: '80' })
    const band = new Exact(60500).times(new Exact(1).plus(TRADING.marketProtectionRatio))
    expect(placed.fills.length).toBeGreaterThan(0)
    for (const fill of placed.fills) expect(new Exact(fill.price).lte(band)).toBe(true)
    expect(new Exact(placed.order.filled).lt(80)).toBe(true)
    expect(placed.order.cancelReason).toBe('price-protection')
    const [left] = await h.context.db
      .select({ status: orders.status, filled: orders.filled })
      .from(orders)
      .where(eq(orders.id, Number(beyond.order.id)))
    expect([left?.status, new Exact(left?.filled ?? 0).toFixed()]).toEqual(['new', '0'])
    await engine.cancelAll(far, 'futures', BTC)
  })
})

describe('H3: a transfer out of a futures wallet under water', () => {
  it('is limited to the maximum withdrawable: the cross position’s loss stays the owner’s', async () => {
    prices.set(ETH, '3000')
    const user = await futuresUser('10000', 'cross')
    await engine.setLeverage(user, { pairCode: ETH, leverage: 100 })
    await place(user, { side: 'buy', type: 'market', size: '1' })
    prices.set(ETH, '2700')
    await engine.onPrices()
    const all = (await wallet(user)).available
    const move = (amount: string) =>
      transferBetweenWallets(
        h.context.db,
        user,
        { clientTransferId: `t${++ids}`, from: 3, to: 1, coin: 'USDT', amount },
        h.context.now(),
        market.marks(),
      )
    expect(await refusal(move(all.toFixed()))).toBe('above-max-withdrawable')
    // What may leave is served with the wallet, and moves.
    const account = await walletAccount(h.context.db, user, [3], market.marks())
    const transferable = new Exact(account.list.find((b) => b.coin === 'USDT')?.transferable ?? 'NaN')
    expect(transferable.lt(all)).toBe(true)
    await move(transferable.toFixed())
    await engine.onPrices()
    // The position is still backed: not liquidated, its loss still the owner's to pay.
    expect((await positionOf(user))?.status).toBe('open')
    await ledgerWhole()
  })
})

describe('M2: a stop watching the last price', () => {
  it('waits while only the mark moves, and triggers on a trade at its price', async () => {
    prices.set(BTC, '60000')
    const user = await futuresUser('20000', 'isolated', BTC)
    await place(user, { pairCode: BTC, side: 'buy', type: 'market', size: '0.1' })
    const stop = await place(user, {
      pairCode: BTC,
      side: 'sell',
      type: 'stop-market',
      size: '0.1',
      triggerPrice: '59000',
      triggerBy: 'last',
      reduceOnly: true,
    })
    prices.set(BTC, '58900')
    await engine.onPrices()
    const [waiting] = await h.context.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(stop.order.id)))
    expect(waiting?.status).toBe('untriggered')
    // A trade on the book at the new price: the last price reaches the trigger.
    const buyer = await futuresUser('20000', 'isolated', BTC)
    const seller = await futuresUser('20000', 'isolated', BTC)
    await place(buyer, { pairCode: BTC, side: 'buy', type: 'limit', price: '58900.5', size: '0.01' })
    await place(seller, {
      pairCode: BTC,
      side: 'sell',
      type: 'limit',
      price: '58900.5',
      size: '0.01',
      timeInForce: 'IOC',
    })
    await engine.onPrices()
    const [released] = await h.context.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(stop.order.id)))
    expect(released?.status).toBe('filled')
  })
})

describe('L1–L3: stop-market buys, resting reduce-only, dust, maker fees, refusals', () => {
  it('takes a futures stop-market buy sized in the coin (a short’s protective stop)', async () => {
    prices.set(ETH, '3000')
    const user = await futuresUser('5000')
    await place(user, { side: 'sell', type: 'market', size: '0.5' })
    const stop = await place(user, {
      side: 'buy',
      type: 'stop-market',
      size: '0.5',
      triggerPrice: '3100',
      triggerBy: 'mark',
      reduceOnly: true,
    })
    expect(stop.order.status).toBe('untriggered')
  })

  it('rests a reduce-only limit, closes dust under the minimum, and holds no margin for a closing order', async () => {
    prices.set(ETH, '3000')
    const user = await futuresUser('5000')
    await engine.setLeverage(user, { pairCode: ETH, leverage: 10 })
    await place(user, { side: 'buy', type: 'market', size: '1.001' })
    const frozen = (await wallet(user)).frozen
    // A plain closing limit order holds nothing: it closes what the position has.
    const plain = await place(user, { side: 'sell', type: 'limit', price: '3150', size: '0.002' })
    expect(plain.order.status).toBe('new')
    expect((await wallet(user)).frozen.toFixed()).toBe(frozen.toFixed())
    await engine.cancel(user, { biz: 'futures', orderId: plain.order.id })
    const takeProfit = await place(user, { side: 'sell', type: 'limit', price: '3100', size: '1', reduceOnly: true })
    expect(takeProfit.order.status).toBe('new')
    // 0.001 ETH is worth 3 USDT, under the 5 USDT minimum: reduce-only closes it all the same.
    const dust = await place(user, { side: 'sell', type: 'market', size: '0.001', reduceOnly: true })
    expect(dust.order.status).toBe('filled')
    // A second resting reduce-only order may not close more than the position has left beside the first.
    expect(
      await refusal(place(user, { side: 'sell', type: 'limit', price: '3200', size: '0.5', reduceOnly: true })),
    ).toBe('reduce-only-would-increase')
  })

  it('charges a futures maker the maker rate and a taker the taker rate', async () => {
    prices.set(ETH, '3000')
    const maker = await futuresUser('5000')
    const taker = await futuresUser('5000')
    const resting = await place(maker, { side: 'sell', type: 'limit', price: '3000.1', size: '0.1' })
    expect(resting.order.status).toBe('new')
    const took = await place(taker, { side: 'buy', type: 'limit', price: '3000.1', size: '0.1', timeInForce: 'IOC' })
    const [makerFill] = await fillsOf(resting.order.id)
    const [takerFill] = took.fills
    expect(makerFill?.fee).toBe(
      feeFor(new Exact('3000.1'), new Exact('0.1'), new Exact(FUTURES.makerFeeRate)).toFixed(18),
    )
    expect(takerFill?.fee).toBe(feeFor(new Exact('3000.1'), new Exact('0.1'), new Exact(COPY.takerFeeRate)).toFixed())
  })
})

describe('the market flow across a restart', () => {
  it('is sent to a book once: a new engine on the same database does not send the same minute again', async () => {
    prices.set(ETH, '3000')
    const user = await futuresUser('5000')
    const bid = await place(user, { side: 'buy', type: 'limit', price: '2999.9', size: '0.05' })
    const time = h.context.now().getTime()
    flow.set(ETH, [{ id: 'f1', time, price: '2999', size: '0.02', side: 'sell' }])
    await engine.onPrices()
    const filled = async () =>
      new Exact(
        (
          await h.context.db
            .select()
            .from(orders)
            .where(eq(orders.id, Number(bid.order.id)))
        )[0]?.filled ?? 0,
      )
    expect((await filled()).toFixed()).toBe('0.02')
    // Another process (or this one restarted) starts with no memory of what was sent.
    engine = newEngine()
    await engine.onPrices()
    expect((await filled()).toFixed()).toBe('0.02')
    flow.delete(ETH)
  })
})

describe('one failing book never stops the others', () => {
  it('is recorded as an incident and retried, while the other books’ stops and liquidations run', async () => {
    prices.set(ETH, '3000')
    prices.set(BTC, '60000')
    let broken = true
    const incidents = createIncidents(h.context.db, h.context.wallNow, { log: () => undefined, error: () => undefined })
    const isolated = createOrderEngine({
      db: h.context.db,
      market,
      books: createTradingBooks(market, h.context.now, testMarketSeed),
      now: h.context.now,
      rules: h.context.rules,
      funding: fundingOn(market, h.context.now),
      incidents,
      flow: {
        trades: (pairCode) => {
          if (broken && pairCode === BTC) throw new Error('the BTC flow is broken')
          return []
        },
      },
    })
    const user = await futuresUser('5000')
    await isolated.place(user, {
      clientOrderId: `m${++ids}`,
      biz: 'futures',
      pairCode: ETH,
      side: 'buy',
      type: 'market',
      size: '1',
    })
    await isolated.setPositionTpsl(user, { pairCode: ETH, stopLossPrice: '2950' })
    // BTC comes after ETH in no particular order: whatever its place, ETH's stop runs.
    prices.set(ETH, '2940')
    await isolated.onPrices()
    expect((await positionOf(user))?.status).toBe('closed')
    // Both BTC books (spot and futures) failed, each recorded with its cause; the process goes on.
    const open = await h.context.db.select().from(incidentsTable).where(isNull(incidentsTable.resolvedAt))
    expect(open.map((i) => [i.kind, i.subject, i.cause]).sort()).toEqual([
      ['book', 'futures:BTC_USDT', 'Error: the BTC flow is broken'],
      ['book', 'spot:BTC_USDT', 'Error: the BTC flow is broken'],
    ])
    expect(await incidents.open()).toBe(2)
    // Fixed: the next pass resolves it.
    broken = false
    await isolated.onPrices()
    expect(await incidents.open()).toBe(0)
  })
})
