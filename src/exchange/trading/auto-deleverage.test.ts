/**
 * Auto-deleveraging (issue 27 item 6, audit M1): a liquidation's bankrupt rest the insurance fund cannot pay closes
 * against the opposite positions of its pair, in ADL rank order, at its bankruptcy price, no fee on either side; the fund
 * pays what it has first and never goes negative. An order engine on the harness database with scripted marks, as
 * money-safety.test.ts; each test on a pair of its own, so no other test's positions are its counterparties.
 *
 * Before (e5d466c): the fund's row refused to go negative, so the rest's close failed: every pass recorded the
 * liquidation as an incident and the position stayed open past its bankruptcy price.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PlaceOrderRequest } from '#/contract/index.ts'
import { deposit, leaderTrade } from '../copy/engine.ts'
import { copies, leaderEvents, positions } from '../db/copy-schema.ts'
import { incidents as incidentsTable } from '../db/engine-schema.ts'
import { fills, orders } from '../db/trading-schema.ts'
import { createIncidents } from '../incidents.ts'
import { Exact, type Money } from '../money.ts'
import { houseId } from './house.ts'
import { insuranceBalance } from './insurance.ts'
import { setMarginMode } from './leverage.service.ts'
import type { OrderEngine } from './order-engine.ts'
import { openPositions } from './orders-read.ts'
import { reconcile } from '../reconcile/reconcile.ts'
import { follower, insertLeader } from '#tests/fixtures/exchange/copy/lead-fixtures.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { setInsurance } from '#tests/fixtures/exchange/insurance.ts'
import { ledgerState } from '#tests/fixtures/exchange/ledger.ts'
import { noFunding } from '#tests/fixtures/exchange/funding.ts'
import { scriptedTrading } from '#tests/fixtures/exchange/scripted-trading.ts'

let h: Harness
const scripted = scriptedTrading({})
const { prices, market } = scripted
let engine: OrderEngine
let ids = 0
/** The users the engine told their accounts changed (TradingEvents.accounts). */
const told = new Set<number>()

beforeAll(async () => {
  // No history: the simulated leaders hold nothing, so only these tests' positions meet the scripted marks.
  h = await startHarness({ market: { backfillDays: 0, minuteHistoryDays: 1 } })
  engine = scripted.engine(h, {
    incidents: createIncidents(h.context.db, h.context.wallNow, { log: () => undefined, error: () => undefined }),
    events: {
      orders: () => undefined,
      fills: () => undefined,
      accounts: (userIds) => {
        if (userIds !== 'all') for (const id of userIds) told.add(id)
      },
      depth: () => undefined,
      trades: () => undefined,
    },
  }).engine
})
afterAll(() => h.close())

async function futuresUser(usdt: string, pairCode: string, mode: 'isolated' | 'cross' = 'isolated'): Promise<number> {
  const id = Number((await h.registerUser()).userId)
  await h.context.db.transaction((tx) => deposit(tx, id, 'USDT', new Exact(usdt), h.context.now()))
  if (mode === 'cross') await setMarginMode(h.context, id, { pairCode, marginMode: 'cross' })
  return id
}

async function open(userId: number, pairCode: string, side: 'buy' | 'sell', size: string, leverage: number) {
  await engine.setLeverage(userId, { pairCode, leverage })
  const input: PlaceOrderRequest = { clientOrderId: `a${++ids}`, biz: 'futures', pairCode, side, type: 'market', size }
  await engine.place(userId, input)
  return positionOf(userId, pairCode)
}

async function positionOf(userId: number, pairCode: string) {
  const [row] = await h.context.db
    .select()
    .from(positions)
    .where(and(eq(positions.userId, userId), eq(positions.pairCode, pairCode)))
    .orderBy(positions.id)
  if (!row) throw new Error(`user ${userId} has no position on ${pairCode}`)
  return row
}

async function positionById(id: number) {
  const [row] = await h.context.db.select().from(positions).where(eq(positions.id, id))
  if (!row) throw new Error(`no position ${id}`)
  return row
}

/** The `adl` orders of a pair, in the order they were placed (the ADL order). */
async function deleverageOrders(pairCode: string) {
  return h.context.db
    .select()
    .from(orders)
    .where(and(eq(orders.pairCode, pairCode), eq(orders.purpose, 'adl')))
    .orderBy(orders.id)
}

async function openIncidents() {
  return h.context.db.select().from(incidentsTable).where(isNull(incidentsTable.resolvedAt))
}

/** What the independent reconciliation finds different about these positions (reconcile/replay.ts). */
async function differencesOf(ids: readonly number[]) {
  const report = await reconcile(h.context.db)
  const subjects = new Set(ids.map((id) => `position ${id}`))
  return report.differences.filter((d) => subjects.has(d.subject))
}

async function ledgerWhole() {
  expect(await ledgerState(h.context.db)).toEqual({ zero: true, mismatched: 0 })
}

/** Where closing `size` of a position loses exactly `backing`: entry − backing ÷ size for a long (+ for a short). */
const exactBankruptcy = (entry: string, backing: Money, size: string, side: 1 | -1) =>
  new Exact(entry).minus(backing.div(size).times(side))

/**
 * The price it is deleveraged at: its bankruptcy price brought onto the pair's tick on its side (a long's up: it never
 * loses more than its backing there), as every trade's price is.
 */
const bankruptcy = (entry: string, backing: Money, size: string, side: 1 | -1, tick = '0.01') => {
  const ticks = exactBankruptcy(entry, backing, size, side).div(tick)
  return (side === 1 ? ticks.ceil() : ticks.floor()).times(tick)
}

describe('a bankrupt rest the insurance fund cannot pay', () => {
  it('closes: the fund pays what it has, the top-ranked short takes the rest at the bankruptcy price, no fee', async () => {
    const ETH = 'ETH_USDT'
    prices.set(ETH, '3000')
    const victim = await futuresUser('1000', ETH)
    const long = await open(victim, ETH, 'buy', '1', 100)
    // Two shorts: the one at 20× ranks first (its effective leverage is higher at the same PnL %), the 2× second.
    const nimble = await futuresUser('1000', ETH)
    const first = await open(nimble, ETH, 'sell', '0.6', 20)
    const patient = await futuresUser('5000', ETH)
    const second = await open(patient, ETH, 'sell', '1', 2)
    // Each short's resting reduce-only buy of its whole size, far under the price.
    const closing = async (userId: number, size: string) =>
      (
        await engine.place(userId, {
          clientOrderId: `a${++ids}`,
          biz: 'futures',
          pairCode: ETH,
          side: 'buy',
          type: 'limit',
          price: '2700',
          size,
          reduceOnly: true,
        })
      ).order.id
    const [nimbleClose, patientClose] = [await closing(nimble, '0.6'), await closing(patient, '1')]
    await setInsurance(h.context.db, '5', h.context.now())
    told.clear()
    // A gap of 1.7 %, past the 100× long's bankruptcy price: nothing on the book bids up to it, so its whole size is
    // the rest.
    prices.set(ETH, '2950')
    await engine.onPrices()

    expect(await openIncidents()).toEqual([])
    const closed = await positionById(long.id)
    expect([closed.status, closed.closeReason]).toEqual(['closed', 'liquidation'])
    // It loses its margin, exactly: nothing more (nobody paid its loss beyond it), nothing back.
    expect(new Exact(closed.realizedPnl).toFixed()).toBe(new Exact(long.margin).neg().toFixed())
    // Its bankruptcy price: entry − margin ÷ size; deleveraged there, on the tick.
    const price = bankruptcy(long.entryPrice, new Exact(long.margin), long.size, 1)
    // The fund (5 USDT) paid for the lots whose loss past the bankruptcy price it could: (bankruptcy − 2950) per ETH,
    // so 5 ÷ that ETH, down to the lot; the other lots were deleveraged.
    const perEth = exactBankruptcy(long.entryPrice, new Exact(long.margin), long.size, 1).minus('2950')
    const paidFor = new Exact(5).div(perEth).div('0.0001').floor().times('0.0001')
    // Its entry was the maker's ask, 3,000.30: margin 30.003, bankruptcy 2,970.297 (2,970.30 on the tick), 20.297 per
    // ETH past it at 2,950, so 5 USDT pay for 0.2463 ETH.
    expect([price.toFixed(), perEth.toFixed(), paidFor.toFixed()]).toEqual(['2970.3', '20.297', '0.2463'])
    const deleveraged = new Exact(1).minus(paidFor)
    const taken = await deleverageOrders(ETH)
    expect(taken.map((o) => [o.userId, o.positionId, o.status, new Exact(o.filled).toFixed(), o.fee])).toEqual([
      [nimble, first.id, 'filled', '0.6', '0.000000000000000000'],
      [patient, second.id, 'filled', deleveraged.minus('0.6').toFixed(), '0.000000000000000000'],
    ])
    // The first short closed whole at the bankruptcy price, reason adl; its realized PnL is (entry − price) × 0.6
    // (a short gains as the price falls), its fees are its opening fee alone.
    const top = await positionById(first.id)
    expect([top.status, top.closeReason, new Exact(top.exitPrice ?? 0).toFixed()]).toEqual([
      'closed',
      'adl',
      price.toFixed(),
    ])
    expect(new Exact(top.realizedPnl).toFixed()).toBe(new Exact(first.entryPrice).minus(price).times('0.6').toFixed())
    expect(new Exact(top.fees).toFixed()).toBe(new Exact(first.fees).toFixed())
    const rest = await positionById(second.id)
    expect([rest.status, new Exact(rest.size).toFixed()]).toEqual([
      'open',
      new Exact(1).minus(deleveraged.minus('0.6')).toFixed(),
    ])
    // Both sides' fills: at the bankruptcy price, no fee, the liquidation order against each adl order.
    const matched = await h.context.db
      .select({
        userId: fills.userId,
        price: fills.price,
        size: fills.size,
        fee: fills.fee,
        other: fills.counterpartyUserId,
      })
      .from(fills)
      .where(eq(fills.pairCode, ETH))
      .orderBy(fills.id)
    const adlFills = matched.filter((f) => new Exact(f.price).eq(price))
    expect(adlFills.map((f) => [f.userId, new Exact(f.size).toFixed(), new Exact(f.fee).toFixed(), f.other])).toEqual([
      [victim, '0.6', '0', nimble],
      [nimble, '0.6', '0', victim],
      [victim, deleveraged.minus('0.6').toFixed(), '0', patient],
      [patient, deleveraged.minus('0.6').toFixed(), '0', victim],
    ])
    // Their resting closes brought within what is left, as after any fill: the first's cancelled, the second's cut.
    const trimmed = await h.context.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [Number(nimbleClose), Number(patientClose)]))
      .orderBy(orders.id)
    expect(trimmed.map((o) => [o.status, o.cancelReason, new Exact(o.size ?? 0).toFixed()])).toEqual([
      ['cancelled', 'no-position', '0.6'],
      ['new', null, new Exact(1).minus(deleveraged.minus('0.6')).toFixed()],
    ])
    // Both were told their accounts changed, as the liquidated owner was.
    expect([victim, nimble, patient].every((id) => told.has(id))).toBe(true)
    // The fund paid what it had at most and is not negative: 5 USDT, less the shortfall of the lots it paid for.
    const fund = await insuranceBalance(h.context.db)
    expect(fund.gte(0)).toBe(true)
    expect(fund.gte(new Exact(5).minus(perEth.times(paidFor)))).toBe(true)
    await ledgerWhole()
  })
})

describe('the ADL order', () => {
  it('takes three shorts of different PnL and leverage by score, and serves the lights that say so', async () => {
    const SOL = 'SOL_USDT'
    // Three shorts opened as the price falls: at 100 (20×), 90 (5×) and 80 (20×); then a long at 80.
    prices.set(SOL, '100')
    const early = await futuresUser('1000', SOL)
    await open(early, SOL, 'sell', '10', 20)
    prices.set(SOL, '90')
    const wide = await futuresUser('1000', SOL)
    await open(wide, SOL, 'sell', '20', 5)
    prices.set(SOL, '80')
    const late = await futuresUser('1000', SOL)
    await open(late, SOL, 'sell', '10', 20)
    const victim = await futuresUser('1000', SOL)
    const long = await open(victim, SOL, 'buy', '30', 10)
    await setInsurance(h.context.db, '0', h.context.now())
    prices.set(SOL, '60')
    // At 60, each short's score from its stored row, written out: PnL = (entry − 60) × size, PnL % = PnL ÷ (entry ×
    // size), effective leverage = 60 × size ÷ (margin + PnL); in profit, score = PnL % × effective leverage.
    const shorts = await Promise.all([early, wide, late].map((user) => positionOf(user, SOL)))
    const scores = shorts.map((p) => {
      const pnl = new Exact(p.entryPrice).minus(60).times(p.size)
      const percent = pnl.div(new Exact(p.entryPrice).times(p.size))
      const leverage = new Exact(60).times(p.size).div(new Exact(p.margin).plus(pnl))
      return percent.times(leverage)
    })
    // Entries near 100, 90 and 80 (the maker's bid): about 0.53, 0.42 and 0.62. The late one first, then the early one.
    expect(scores.map((s) => s.toDecimalPlaces(2).toFixed())).toEqual(['0.53', '0.42', '0.63'])
    const order = [2, 0, 1]
    // The lights served with the positions: among three, the quintiles 5, 4 and 2 of that order.
    // The simulator's marks, as strings, as the positions' reader takes them.
    const ctx = {
      db: h.context.db,
      market: { mark: (pairCode: string) => market.mark(pairCode), marks: () => new Map(prices) },
      rules: h.context.rules,
    }
    const lights = await Promise.all(
      [early, wide, late].map(async (user) => (await openPositions(ctx, user, 'futures', SOL))[0]?.adlQuantile),
    )
    expect(lights).toEqual([4, 2, 5])
    // The long is bankrupt (nothing backs it): it ranks after the house's own long, what the house kept of the shorts'.
    expect((await openPositions(ctx, victim, 'futures', SOL))[0]?.adlQuantile).toBe(3)

    await engine.onPrices()
    expect(await openIncidents()).toEqual([])
    expect((await positionById(long.id)).status).toBe('closed')
    // The 30 SOL rest, no fund to pay any of it: the late short (10) and the early one (10) closed whole, the wide one
    // gives the last 10 of its 20, in that order, all at the long's bankruptcy price.
    const price = bankruptcy(long.entryPrice, new Exact(long.margin), long.size, 1)
    const taken = await deleverageOrders(SOL)
    expect(taken.map((o) => [o.positionId, new Exact(o.filled).toFixed(), new Exact(o.price ?? 0).toFixed()])).toEqual(
      order.map((index) => [shorts[index]?.id, '10', price.toFixed()]),
    )
    const after = await Promise.all(shorts.map((p) => positionById(p.id)))
    expect(after.map((p) => [p.status, p.closeReason, new Exact(p.size).toFixed()])).toEqual([
      ['closed', 'adl', '0'],
      ['open', null, '10'],
      ['closed', 'adl', '0'],
    ])
    // Alone now on its side, the wide short is first in line.
    expect((await openPositions(ctx, wide, 'futures', SOL))[0]?.adlQuantile).toBe(5)
    expect((await insuranceBalance(h.context.db)).gte(0)).toBe(true)
    await ledgerWhole()
  })
})

describe('counterparties of every kind', () => {
  it('deleverages a copied short and a cross short like any, and mirrors a lead trader’s close to the copies', async () => {
    const BNB = 'BNB_USDT'
    prices.set(BNB, '500')
    // A lead trader short 2 BNB at 5×; its follower copies with 25 USDT at a fixed 20×: 1 BNB.
    const lead = await futuresUser('2000', BNB)
    await insertLeader(h, lead)
    const copier = await follower(h, lead, { invest: '500', fixedAmount: '25' })
    await h.context.db
      .update(copies)
      .set({ leverageMode: 'fixed', fixedLeverage: 20 })
      .where(eq(copies.id, copier.copyId))
    // A second follower at the leader's own 5×: 25 USDT make 0.25 BNB, its score the leader's (the leader, older, first).
    const second = await follower(h, lead, { invest: '500', fixedAmount: '25' })
    const leaderShort = await open(lead, BNB, 'sell', '2', 5)
    const [copied] = await h.context.db.select().from(positions).where(eq(positions.copyId, copier.copyId))
    if (!copied) throw new Error('the copy did not follow')
    const [alongside] = await h.context.db.select().from(positions).where(eq(positions.copyId, second.copyId))
    expect(new Exact(alongside?.size ?? 0).toFixed()).toBe('0.25')
    expect([copied.side, new Exact(copied.size).toFixed(), copied.leverage]).toEqual([-1, '1', 20])
    // A cross short of 1 BNB at 20× on a wallet of 30 USDT: its account backs it with little more than its margin.
    const crossUser = await futuresUser('30', BNB, 'cross')
    const cross = await open(crossUser, BNB, 'sell', '1', 20)
    expect(cross.marginMode).toBe('cross')
    const victim = await futuresUser('2000', BNB)
    const long = await open(victim, BNB, 'buy', '3', 10)
    await setInsurance(h.context.db, '0', h.context.now())
    prices.set(BNB, '400')
    await engine.onPrices()

    expect(await openIncidents()).toEqual([])
    expect((await positionById(long.id)).status).toBe('closed')
    const price = bankruptcy(long.entryPrice, new Exact(long.margin), long.size, 1)
    // At 400 (entries near 500): the copy scores 0.2 × 400 ÷ 125 = 0.64, the cross short about 0.2 × 400 ÷ 130 =
    // 0.62 (its account's equity backs it), the lead trader 0.2 × 800 ÷ 400 = 0.4. The copy and the cross short
    // close whole; the lead trader gives the last 1 of its 2.
    const taken = await deleverageOrders(BNB)
    expect(taken.map((o) => [o.userId, o.positionId, new Exact(o.filled).toFixed()])).toEqual([
      [copier.id, copied.id, '1'],
      [crossUser, cross.id, '1'],
      [lead, leaderShort.id, '1'],
    ])
    const after = await Promise.all([copied, cross, leaderShort].map((p) => positionById(p.id)))
    expect(after.map((p) => [p.status, p.closeReason, new Exact(p.size).toFixed()])).toEqual([
      ['closed', 'adl', '0'],
      ['closed', 'adl', '0'],
      ['open', null, '1'],
    ])
    // The copy's money went back to its copy account, the cross short's to its wallet: each its gain at the price.
    const gain = (p: typeof copied) => new Exact(p.entryPrice).minus(price).times(p.size)
    expect(new Exact(after[0]?.realizedPnl ?? 0).toFixed()).toBe(gain(copied).toFixed())
    expect(new Exact(after[1]?.realizedPnl ?? 0).toFixed()).toBe(gain(cross).toFixed())
    // The lead trader's close is a leader event like any, mirrored: the copy at 20× had closed already; the one at 5×
    // closes the same half, 0.125 BNB, at the same price.
    const [event] = await h.context.db
      .select()
      .from(leaderEvents)
      .where(and(eq(leaderEvents.leaderId, lead), eq(leaderEvents.kind, 'reduce')))
    expect([new Exact(event?.price ?? 0).toFixed(), new Exact(event?.size ?? 0).toFixed(), event?.copied]).toEqual([
      price.toFixed(),
      '1',
      1,
    ])
    const half = await positionById(alongside?.id ?? 0)
    expect([half.status, new Exact(half.size).toFixed(), new Exact(half.exitPrice ?? 0).toFixed()]).toEqual([
      'open',
      '0.125',
      price.toFixed(),
    ])
    // The reconciliation replays them from their adl orders' fills and the leader event: the same figures.
    await expect(differencesOf([leaderShort.id, copied.id, half.id])).resolves.toEqual([])
    await ledgerWhole()
  })
})

describe('a bankrupt rest against the house', () => {
  it('deleverages the house’s opposite position at the bankruptcy price: the house is a trader like any', async () => {
    const AVAX = 'AVAX_USDT'
    prices.set(AVAX, '40')
    const victim = await futuresUser('1000', AVAX)
    // Bought from the maker: the house holds the other side, a 10 AVAX short.
    const long = await open(victim, AVAX, 'buy', '10', 10)
    const house = await houseId(h.context.db)
    const [houseShort] = await h.context.db
      .select()
      .from(positions)
      .where(and(eq(positions.userId, house ?? 0), eq(positions.pairCode, AVAX), eq(positions.status, 'open')))
    expect([houseShort?.side, new Exact(houseShort?.size ?? 0).toFixed()]).toEqual([-1, '10'])
    await setInsurance(h.context.db, '0', h.context.now())
    prices.set(AVAX, '30')
    await engine.onPrices()
    expect(await openIncidents()).toEqual([])
    const closed = await positionById(long.id)
    const price = bankruptcy(long.entryPrice, new Exact(long.margin), long.size, 1)
    expect([closed.status, closed.closeReason, new Exact(closed.exitPrice ?? 0).toFixed()]).toEqual([
      'closed',
      'liquidation',
      price.toFixed(),
    ])
    expect(new Exact(closed.realizedPnl).toFixed()).toBe(new Exact(long.margin).neg().toFixed())
    const taken = await deleverageOrders(AVAX)
    expect(taken.map((o) => [o.positionId, new Exact(o.filled).toFixed()])).toEqual([[houseShort?.id, '10']])
    expect((await positionById(houseShort?.id ?? 0)).closeReason).toBe('adl')
    // The fund paid nothing: it holds only what the price's rounding onto the tick left of the margin (under a tick
    // × the size).
    const fund = await insuranceBalance(h.context.db)
    expect(fund.gte(0) && fund.lt(new Exact('0.01').times(10))).toBe(true)
    await ledgerWhole()
  })
})

describe('a bankrupt rest with no opposite position', () => {
  it('is the market’s at the mark: the empty fund pays nothing and the position closes', async () => {
    // A position with no counterparty at all: opened off the book, as the simulated leaders' history was (the copy
    // engine's own path; the books always have one).
    const DOT = 'DOT_USDT'
    prices.set(DOT, '8')
    const victim = await futuresUser('1000', DOT)
    await insertLeader(h, victim)
    await leaderTrade(h.context.db, h.context.rules, noFunding, {
      eventId: `off-book:${victim}`,
      leaderId: victim,
      biz: 'futures',
      pairCode: DOT,
      price: new Exact(8),
      at: h.context.now(),
      action: { kind: 'open', side: 1, size: new Exact(100), leverage: 10 },
    })
    const long = await positionOf(victim, DOT)
    await setInsurance(h.context.db, '0', h.context.now())
    prices.set(DOT, '6')
    await engine.onPrices()
    expect(await openIncidents()).toEqual([])
    const closed = await positionById(long.id)
    expect([closed.status, closed.closeReason, new Exact(closed.exitPrice ?? 0).toFixed()]).toEqual([
      'closed',
      'liquidation',
      '6',
    ])
    expect(new Exact(closed.realizedPnl).toFixed()).toBe(new Exact(long.margin).neg().toFixed())
    expect(await deleverageOrders(DOT)).toEqual([])
    expect((await insuranceBalance(h.context.db)).toFixed()).toBe('0')
    await ledgerWhole()
  })
})

describe('a lead trader’s bankrupt rest', () => {
  it('is deleveraged and mirrored to the copies not due themselves; a copy past its own price is liquidated on its own', async () => {
    const LINK = 'LINK_USDT'
    prices.set(LINK, '20')
    const shortUser = await futuresUser('2000', LINK)
    const short = await open(shortUser, LINK, 'sell', '200', 5)
    const lead = await futuresUser('2000', LINK)
    await insertLeader(h, lead)
    // One copy at a fixed 2× (20 USDT, sized at the copies' block limit, the leader's price + 0.5 %: 1.98 LINK, its fee
    // paid), far from its liquidation; one at the leader's 10× (9.94 LINK).
    const calm = await follower(h, lead, { invest: '500', fixedAmount: '20' })
    await h.context.db.update(copies).set({ leverageMode: 'fixed', fixedLeverage: 2 }).where(eq(copies.id, calm.copyId))
    const alike = await follower(h, lead, { invest: '500', fixedAmount: '20' })
    const long = await open(lead, LINK, 'buy', '50', 10)
    const copyOf = async (copyId: number) => {
      const [row] = await h.context.db.select().from(positions).where(eq(positions.copyId, copyId))
      if (!row) throw new Error('the copy did not follow')
      return row
    }
    const [calmCopy, alikeCopy] = [await copyOf(calm.copyId), await copyOf(alike.copyId)]
    expect([calmCopy, alikeCopy].map((p) => [new Exact(p.size).toFixed(), p.leverage])).toEqual([
      ['1.98', 2],
      ['9.94', 10],
    ])
    await setInsurance(h.context.db, '0', h.context.now())
    prices.set(LINK, '15')
    await engine.onPrices()

    expect(await openIncidents()).toEqual([])
    const price = bankruptcy(long.entryPrice, new Exact(long.margin), long.size, 1, '0.001')
    const leader = await positionById(long.id)
    const calmAfter = await positionById(calmCopy.id)
    const alikeAfter = await positionById(alikeCopy.id)
    expect([leader.status, leader.closeReason, new Exact(leader.realizedPnl).toFixed()]).toEqual([
      'closed',
      'liquidation',
      new Exact(long.margin).neg().toFixed(),
    ])
    // The 2× copy followed the leader's deleveraged close, at its price; the 10× copy, past its own liquidation price,
    // was liquidated on its own (its rest deleveraged too, at its own bankruptcy price).
    expect([calmAfter.status, calmAfter.closeReason, new Exact(calmAfter.exitPrice ?? 0).toFixed()]).toEqual([
      'closed',
      'leader',
      price.toFixed(),
    ])
    expect([alikeAfter.status, alikeAfter.closeReason, new Exact(alikeAfter.realizedPnl).toFixed()]).toEqual([
      'closed',
      'liquidation',
      new Exact(alikeCopy.margin).neg().toFixed(),
    ])
    const taken = await deleverageOrders(LINK)
    expect(taken.map((o) => [o.positionId, new Exact(o.filled).toFixed()])).toEqual([
      [short.id, '50'],
      [short.id, '9.94'],
    ])
    expect(new Exact((await positionById(short.id)).size).toFixed()).toBe('140.06')
    await expect(differencesOf([long.id, calmCopy.id, alikeCopy.id])).resolves.toEqual([])
    await ledgerWhole()
  })
})
