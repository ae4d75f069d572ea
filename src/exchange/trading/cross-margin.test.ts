/**
 * Cross margin: the account (the futures wallet's available balance and every cross position) backs each cross
 * position, so its liquidation price is further than the isolated one; when the account's equity falls to its
 * maintenance, every cross position is liquidated at the mark, the wallet pays what a position's margin could not, and
 * the insurance fund what the wallet could not (counted). The ledger stays whole.
 */
import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testMarketSeed } from '#tests/fixtures/market-seed.ts'
import type { PlaceOrderRequest } from '#/contract/index.ts'
import { defaultRules } from '../copy/rules.ts'
import { Book, INSURANCE, MARKET, type PositionState } from '../copy/book.ts'
import { liquidate } from '../copy/positions.ts'
import { deposit } from '../copy/engine.ts'
import { liquidationPrice, unrealizedPnl } from '../copy/position-math.ts'
import { ledgerTransfers, positions } from '../db/copy-schema.ts'
import { balances } from '../db/schema.ts'
import { orders } from '../db/trading-schema.ts'
import { Exact, type Money } from '../money.ts'
import { createTradingBooks } from './books.ts'
import { crossAccount } from './cross-margin.ts'
import { setMarginMode } from './leverage.service.ts'
import { createOrderEngine, type OrderEngine } from './order-engine.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { ledgerState } from '#tests/fixtures/exchange/ledger.ts'
import { fundingOn } from '#tests/fixtures/exchange/funding.ts'

const PAIR = 'ETH_USDT'
/** The brackets of the pair: every position here is in the first tier (maintenance 0.5 %, no amount). */
const BRACKETS = defaultRules().instrument('ETH_USDT').brackets
const RULES = defaultRules()
let h: Harness
const prices = new Map<string, string>([[PAIR, '3000']])
const market = { mark: (pairCode: string) => prices.get(pairCode), marks: () => new Map(prices) }
let engine: OrderEngine
let ids = 0

beforeAll(async () => {
  // No history: the simulated leaders hold nothing, so only these tests' positions meet the scripted marks. A fixed
  // engine time: the maker's ladder sizes vary by the minute, and so do the liquidation's fills. At this minute the
  // cross liquidation below fills in several pieces at its bankruptcy price; when the first fills' liquidation fee
  // came out of the wallet, the later ones' losses went past it and the fund paid 5.76 (88.33 to the fund, not 94.08).
  h = await startHarness({ market: { backfillDays: 0, minuteHistoryDays: 1 }, start: Date.UTC(2026, 11, 3, 12, 8) })
  engine = createOrderEngine({
    db: h.context.db,
    market,
    books: createTradingBooks(market, h.context.now, testMarketSeed),
    now: h.context.now,
    rules: h.context.rules,
    funding: fundingOn(market, h.context.now),
  })
})
afterAll(() => h.close())

async function crossUser(usdt: string): Promise<number> {
  const id = Number((await h.registerUser()).userId)
  await h.context.db.transaction((tx) => deposit(tx, id, 'USDT', new Exact(usdt), h.context.now()))
  await setMarginMode(h.context, id, { pairCode: PAIR, marginMode: 'cross' })
  return id
}

const place = (userId: number, input: Omit<PlaceOrderRequest, 'clientOrderId' | 'biz' | 'pairCode'>) =>
  engine.place(userId, { clientOrderId: `x${++ids}`, biz: 'futures', pairCode: PAIR, ...input })

async function wallet(userId: number) {
  const [row] = await h.context.db
    .select({ available: balances.available })
    .from(balances)
    .where(and(eq(balances.userId, userId), eq(balances.walletType, 3), eq(balances.coin, 'USDT')))
  return new Exact(row?.available ?? 0)
}

async function position(userId: number) {
  const [row] = await h.context.db.select().from(positions).where(eq(positions.userId, userId))
  if (!row) throw new Error('no position')
  return row
}

/**
 * What the insurance fund gained (less what it paid) from one user's liquidations: the transfers named by that user's
 * liquidation orders, its positions' bankrupt rests and its cross account's rest. Not the fund's balance: another
 * position of the pair due at the same mark (the harness's seeded leaders, other tests' users) moves it too.
 */
async function insuranceFrom(userId: number): Promise<Money> {
  const result = await h.context.db.execute(sql`
    select coalesce(sum(case when t.credit = ${INSURANCE} then t.amount else -t.amount end), 0)::text as net
    from ${ledgerTransfers} t
    where (t.credit = ${INSURANCE} or t.debit = ${INSURANCE})
      and (t.ref like ${`liq:cross:${userId}:%`}
        or exists (select 1 from ${orders} o where o.user_id = ${userId} and t.ref like 'liq:order:' || o.id || ':%')
        or exists (select 1 from ${positions} p where p.user_id = ${userId} and t.ref like 'liq:rest:' || p.id || ':%'))`)
  const [row] = z.object({ rows: z.array(z.object({ net: z.string() })) }).parse(result).rows
  return new Exact(row?.net ?? 0)
}

async function ledgerWhole() {
  expect(await ledgerState(h.context.db)).toEqual({ zero: true, mismatched: 0 })
}

const state = (over: Partial<PositionState>): PositionState => ({
  id: 1,
  userId: 1,
  copyId: null,
  sourcePositionId: null,
  biz: 'futures',
  pairCode: 'BTC_USDT',
  side: 1,
  leverage: 10,
  size: new Exact(1),
  entryPrice: new Exact(100),
  margin: new Exact(10),
  takeProfitPrice: null,
  stopLossPrice: null,
  liquidationPrice: null,
  status: 'open',
  unmanaged: false,
  marginMode: 'cross',
  closedSize: new Exact(0),
  exitPrice: null,
  realizedPnl: new Exact(0),
  fees: new Exact(0),
  funding: new Exact(0),
  openedAt: new Date(0),
  closedAt: null,
  closeReason: null,
  ...over,
})

describe('the cross account', () => {
  it('backs each position with the wallet and what the others hold over their maintenance', () => {
    const long = state({ id: 1, pairCode: 'BTC_USDT', side: 1, size: new Exact(2), entryPrice: new Exact(100) })
    const short = state({ id: 2, pairCode: 'ETH_USDT', side: -1, size: new Exact(1), entryPrice: new Exact(50) })
    const marks = new Map([
      ['BTC_USDT', new Exact(90)],
      ['ETH_USDT', new Exact(40)],
    ])
    const account = crossAccount(new Exact(5), [long, short], marks, () => BRACKETS)
    // 5 + (10 − 20) + (10 + 10) = 15; maintenance 0.005 × (180 + 40) = 1.1.
    expect([account.equity.toFixed(), account.maintenance.toFixed()]).toEqual(['15', '1.1'])
    // The long: its margin 10, the wallet 5, the short's 20 over its 0.2 maintenance.
    const backedLong = liquidationPrice({ ...long, margin: new Exact(10 + 5 + 19.8) }, BRACKETS)
    expect(account.levels.get(1)?.toFixed()).toBe(backedLong?.toFixed())
    // The short: its margin 10, the wallet 5, the long's −10 (after its 0.9 maintenance).
    const backedShort = liquidationPrice({ ...short, margin: new Exact(10 + 5 - 10 - 0.9) }, BRACKETS)
    expect(account.levels.get(2)?.toFixed()).toBe(backedShort?.toFixed())
    // The long, backed by the short's profit, is further than alone; the short, weighed down by the long's loss, nearer.
    expect(backedLong?.lt(liquidationPrice(long, BRACKETS) ?? 0)).toBe(true)
    expect(backedShort?.lt(liquidationPrice(short, BRACKETS) ?? 0)).toBe(true)
  })
})

describe('an isolated liquidation through a gap', () => {
  it('loses the margin and no more: the insurance fund pays the market the shortfall, counted on its account', () => {
    const book = new Book(() => 1)
    const long = state({ id: 7, marginMode: 'isolated', size: new Exact(1), entryPrice: new Exact(100) })
    book.loadPosition(long)
    // Liquidation is near 90.45; the mark gapped to 80: a loss of 20 on a margin of 10.
    liquidate(book, RULES, long, new Exact(80), new Date(0), 'gap')
    expect([long.status, long.margin.toFixed(), long.realizedPnl.toFixed()]).toEqual(['closed', '0', '-10'])
    expect([book.balance(MARKET).toFixed(), book.balance(INSURANCE).toFixed()]).toEqual(['20', '-10'])
    // Liquidated at its level (no gap), the insurance fund pays nothing.
    const other = state({ id: 8, marginMode: 'isolated', size: new Exact(1), entryPrice: new Exact(100) })
    book.loadPosition(other)
    liquidate(book, RULES, other, new Exact(95), new Date(0), 'level')
    // Liquidated at its level (no gap), the insurance fund pays nothing: it gets the liquidation fee (95 × 0.005) and
    // what the margin had left after the loss and the fee (10 − 5 − 0.475), 5 in all.
    expect([other.realizedPnl.toFixed(), other.fees.toFixed()]).toEqual(['-9.525', '0.475'])
    expect(book.balance(INSURANCE).toFixed()).toBe('-5')
  })
})

describe('cross liquidation', () => {
  it('holds past the isolated level, then is liquidated on the book: the account’s rest funds the insurance fund', async () => {
    prices.set(PAIR, '3000')
    const user = await crossUser('10000')
    await place(user, { side: 'buy', type: 'market', size: '10' })
    await engine.setPositionTpsl(user, { pairCode: PAIR, takeProfitPrice: '3200' })
    const opened = await position(user)
    const brackets = h.context.rules.instrument(PAIR).brackets
    const alone = liquidationPrice(
      {
        size: new Exact(opened.size),
        entryPrice: new Exact(opened.entryPrice),
        side: 1,
        margin: new Exact(opened.margin),
        leverage: opened.leverage,
      },
      brackets,
    )
    const level = new Exact(opened.liquidationPrice ?? 'NaN')
    expect(level.lt(alone ?? 0)).toBe(true)
    // Under the isolated level, over the cross one: it holds.
    prices.set(
      PAIR,
      level
        .plus(level.minus(alone ?? 0).div(-2))
        .toDecimalPlaces(2)
        .toFixed(),
    )
    await engine.onPrices()
    expect((await position(user)).status).toBe('open')
    // Through the cross level: the account is at its maintenance. A liquidation order sells on the book, no worse than
    // the account's bankruptcy price; everything the account had left, up to its maintenance, goes to the insurance
    // fund (as an isolated margin's rest does), the liquidation fee with it.
    const mark = level.minus(1).toDecimalPlaces(2)
    prices.set(PAIR, mark.toFixed())
    const before = await wallet(user)
    await engine.onPrices()
    const closed = await position(user)
    expect([closed.status, closed.closeReason]).toEqual(['closed', 'liquidation'])
    const [liquidation] = await h.context.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user), eq(orders.purpose, 'liquidation')))
    expect(liquidation?.positionId).toBe(opened.id)
    expect((await wallet(user)).toFixed()).toBe('0')
    // The owner paid the whole loss at the fills' prices (margin, then wallet); the fund took the rest.
    const left = before.plus(opened.margin).plus(closed.realizedPnl)
    expect((await insuranceFrom(user)).toFixed()).toBe(left.toFixed())
    const tpsl = await h.context.db.select().from(orders).where(eq(orders.userId, user))
    expect(tpsl.filter((o) => o.purpose !== null && o.purpose !== 'liquidation').map((o) => o.status)).toEqual([
      'cancelled',
    ])
    await ledgerWhole()
  })

  it('sends what the account cannot pay to the insurance fund when the price gaps through', async () => {
    prices.set(PAIR, '3000')
    const user = await crossUser('5000')
    await place(user, { side: 'buy', type: 'market', size: '10' })
    const opened = await position(user)
    const available = await wallet(user)
    // A gap far under the level: the account owes more than it holds.
    const mark = new Exact('2400')
    prices.set(PAIR, mark.toFixed())
    const equity = available
      .plus(opened.margin)
      .plus(unrealizedPnl({ size: new Exact(opened.size), entryPrice: new Exact(opened.entryPrice), side: 1 }, mark))
    expect(equity.lt(0)).toBe(true)
    await engine.onPrices()
    expect((await position(user)).closeReason).toBe('liquidation')
    expect((await wallet(user)).toFixed()).toBe('0')
    // The fund took the liquidation fee and paid the market what the account could not: its net is the equity (< 0).
    expect((await insuranceFrom(user)).toFixed()).toBe(equity.toFixed())
    await ledgerWhole()
  })
})
