/**
 * Trailing stops on futures (issue 28 item 5), with scripted prices: a sell trails the highest price since its
 * activation and is released as a market sell when the price falls its callback rate below it, a buy the lowest and a
 * rise; before its activation price is reached it does not trail; what it has seen is on its row, so another engine
 * (a restart) trails on from there; a reduce-only one is sized to what the position has left; a callback rate outside
 * FUTURES.trailingCallbackPercent and an activation price already reached are refused. The owner's open orders show
 * each move of the trigger as it happens; an order that cannot be tracked is recorded and never stops the others.
 */
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order, PlaceOrderRequest } from '#/contract/index.ts'
import { mergeOpenOrders } from '#/features/trading/live/useAccountStreams.ts'
import { positions } from '../db/copy-schema.ts'
import { incidents as incidentsTable } from '../db/engine-schema.ts'
import { orders } from '../db/trading-schema.ts'
import { createIncidents } from '../incidents.ts'
import { Exact } from '../money.ts'
import type { OrderEngine, TradingEvents } from './order-engine.ts'
import { openOrders } from './orders-read.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { ledgerState } from '#tests/fixtures/exchange/ledger.ts'
import { fundedUser } from '#tests/fixtures/exchange/copy/lead-fixtures.ts'
import { scriptedTrading } from '#tests/fixtures/exchange/scripted-trading.ts'

const PAIR = 'ETH_USDT'
const trading = scriptedTrading({ [PAIR]: '3000' })
let h: Harness
let engine: OrderEngine
let ids = 0
/** An engine of its own (its own books), on the harness's database, at the price this test sets. */
const newEngine = () => trading.engine(h).engine

beforeAll(async () => {
  h = await startHarness()
  engine = newEngine()
})
afterAll(() => h.close())

type Input = Omit<PlaceOrderRequest, 'clientOrderId' | 'biz' | 'pairCode'>
const place = (userId: number, input: Input, on = engine) =>
  on.place(userId, { clientOrderId: `t${++ids}`, biz: 'futures', pairCode: PAIR, ...input })

/** Sets the price and lets the engine see it. */
async function priceTo(price: string, on = engine) {
  trading.prices.set(PAIR, price)
  await on.onPrices()
}

/** The user's waiting trailing stop as the open-orders call serves it, or undefined once it is gone. */
async function trailing(userId: number) {
  const open = await openOrders(h.context.db, userId, 'futures')
  const found = open.find((o) => o.type === 'trailing-stop')
  return found && { status: found.status, extreme: found.trailExtreme, trigger: found.triggerPrice }
}

async function position(userId: number) {
  const rows = await h.context.db
    .select()
    .from(positions)
    .where(and(eq(positions.userId, userId), eq(positions.pairCode, PAIR), eq(positions.status, 'open')))
  return rows.map((p) => [p.side, new Exact(p.size).toFixed()])
}

async function ledgerWhole() {
  expect(await ledgerState(h.context.db)).toEqual({ zero: true, mismatched: 0 })
}

describe('a trailing stop sell', () => {
  it('trails the highest price from placement and sells at market once the price falls its callback rate below it', async () => {
    await priceTo('3000')
    const trader = await fundedUser(h, 10_000)
    await place(trader.id, { side: 'buy', type: 'market', size: '1' })
    const placed = await place(trader.id, {
      side: 'sell',
      type: 'trailing-stop',
      size: '1',
      callbackRate: '1',
      triggerBy: 'mark',
      reduceOnly: true,
    })
    expect(placed.order).toMatchObject({
      status: 'untriggered',
      callbackRate: '1',
      activationPrice: null,
      trailExtreme: '3000',
      triggerPrice: '2970',
    })
    await priceTo('3100')
    expect(await trailing(trader.id)).toEqual({ status: 'untriggered', extreme: '3100', trigger: '3069' })
    // A dip that keeps above the trigger moves nothing: the highest stays 3,100.
    await priceTo('3070')
    expect(await trailing(trader.id)).toEqual({ status: 'untriggered', extreme: '3100', trigger: '3069' })
    expect(await position(trader.id)).toEqual([[1, '1']])
    await priceTo('3069')
    expect(await trailing(trader.id)).toBeUndefined()
    expect(await position(trader.id)).toEqual([])
    await ledgerWhole()
  })

  it('keeps what it has seen across a restart: another engine trails on from the highest price on its row', async () => {
    await priceTo('3000')
    const trader = await fundedUser(h, 10_000)
    await place(trader.id, { side: 'buy', type: 'market', size: '1' })
    await place(trader.id, {
      side: 'sell',
      type: 'trailing-stop',
      size: '1',
      callbackRate: '2',
      triggerBy: 'mark',
      reduceOnly: true,
    })
    await priceTo('3200')
    expect(await trailing(trader.id)).toEqual({ status: 'untriggered', extreme: '3200', trigger: '3136' })
    // 3,140 is 2 % below neither 3,000 nor 3,140 itself: only the highest kept from before releases it here.
    const restarted = newEngine()
    await priceTo('3140', restarted)
    expect(await trailing(trader.id)).toEqual({ status: 'untriggered', extreme: '3200', trigger: '3136' })
    await priceTo('3136', restarted)
    expect(await trailing(trader.id)).toBeUndefined()
    expect(await position(trader.id)).toEqual([])
    engine = restarted
    await ledgerWhole()
  })

  it('reduce-only, closes only what the position has left when it is released', async () => {
    await priceTo('3000')
    const trader = await fundedUser(h, 10_000)
    await place(trader.id, { side: 'buy', type: 'market', size: '1' })
    await place(trader.id, {
      side: 'sell',
      type: 'trailing-stop',
      size: '1',
      callbackRate: '0.5',
      triggerBy: 'mark',
      reduceOnly: true,
    })
    await place(trader.id, { side: 'sell', type: 'market', size: '0.6', reduceOnly: true })
    expect(await position(trader.id)).toEqual([[1, '0.4']])
    await priceTo('2985')
    // Released for the 0.4 left, not the 1 it was placed for: no short of 0.6 opened.
    expect(await trailing(trader.id)).toBeUndefined()
    expect(await position(trader.id)).toEqual([])
    await ledgerWhole()
  })
})

describe('a trailing stop buy with an activation price', () => {
  it('does not trail before the price falls to its activation price, then trails the lowest and buys on the rise', async () => {
    await priceTo('3000')
    const trader = await fundedUser(h, 10_000)
    const placed = await place(trader.id, {
      side: 'buy',
      type: 'trailing-stop',
      size: '1',
      callbackRate: '2',
      activationPrice: '2900',
      triggerBy: 'mark',
    })
    expect(placed.order).toMatchObject({ activationPrice: '2900', trailExtreme: null, triggerPrice: null })
    // Trailing from 3,000 it would have bought at 3,060: not active yet, it waits.
    await priceTo('2950')
    await priceTo('3100')
    expect(await trailing(trader.id)).toEqual({ status: 'untriggered', extreme: null, trigger: null })
    expect(await position(trader.id)).toEqual([])
    await priceTo('2890')
    expect(await trailing(trader.id)).toEqual({ status: 'untriggered', extreme: '2890', trigger: '2947.8' })
    await priceTo('2850')
    expect(await trailing(trader.id)).toEqual({ status: 'untriggered', extreme: '2850', trigger: '2907' })
    await priceTo('2906')
    expect(await position(trader.id)).toEqual([])
    await priceTo('2907')
    expect(await trailing(trader.id)).toBeUndefined()
    expect(await position(trader.id)).toEqual([[1, '1']])
    await ledgerWhole()
  })
})

describe('a trailing stop refused', () => {
  it('with a callback rate outside 0.1 to 10 %, naming the range, and with an activation price already reached', async () => {
    await priceTo('3000')
    const trader = await fundedUser(h, 10_000)
    const trail = (over: Partial<Input>) =>
      place(trader.id, {
        side: 'sell',
        type: 'trailing-stop',
        size: '1',
        callbackRate: '1',
        triggerBy: 'mark',
        ...over,
      })
    for (const callbackRate of ['0.05', '11'])
      await expect(trail({ callbackRate })).rejects.toMatchObject({
        reason: 'callback-rate',
        fields: [{ path: 'callbackRate', issue: 'from 0.1 to 10 %' }],
      })
    await expect(trail({ activationPrice: '2990' })).rejects.toMatchObject({
      reason: 'would-trigger-immediately',
      fields: [{ path: 'activationPrice' }],
    })
    await expect(trail({ side: 'buy', activationPrice: '3010' })).rejects.toMatchObject({
      reason: 'would-trigger-immediately',
      fields: [{ path: 'activationPrice' }],
    })
    await expect(
      engine.place(trader.id, {
        clientOrderId: `t${++ids}`,
        biz: 'spot',
        pairCode: PAIR,
        side: 'sell',
        type: 'trailing-stop',
        size: '1',
        callbackRate: '1',
      }),
    ).rejects.toMatchObject({ reason: 'invalid-input', fields: [{ path: 'type' }] })
    expect(await openOrders(h.context.db, trader.id, 'futures')).toEqual([])
  })
})

describe('a trailing stop as its owner watches it', () => {
  it('shows each move of its trigger in the open orders at once; one that cannot be tracked never stops the others', async () => {
    await priceTo('3000')
    const screens = new Map<number, Order[]>()
    const events: TradingEvents = {
      orders: (userId, list) => screens.set(userId, mergeOpenOrders(screens.get(userId) ?? [], list)),
      fills: () => undefined,
      accounts: () => undefined,
      depth: () => undefined,
      trades: () => undefined,
    }
    const incidents = createIncidents(h.context.db, h.context.wallNow, { log: () => undefined, error: () => undefined })
    const watched = trading.engine(h, { events, incidents }).engine
    const shown = (userId: number) => screens.get(userId)?.find((o) => o.type === 'trailing-stop')?.triggerPrice
    const [good, bad] = [await fundedUser(h, 10_000), await fundedUser(h, 10_000)]
    const stops: number[] = []
    for (const trader of [good, bad]) {
      await place(trader.id, { side: 'buy', type: 'market', size: '1' }, watched)
      const placed = await place(
        trader.id,
        { side: 'sell', type: 'trailing-stop', size: '1', callbackRate: '1', triggerBy: 'mark', reduceOnly: true },
        watched,
      )
      stops.push(Number(placed.order.id))
    }
    await priceTo('3100', watched)
    expect(shown(good.id)).toBe('3069')
    // A row no trigger can be written for (a callback rate no check would pass: its trigger overflows the column)
    // fails the one statement for every book; each order is then tracked apart, and the incident names this one.
    await h.context.db
      .update(orders)
      .set({ callbackRate: '100000000000000000' })
      .where(eq(orders.id, stops[1] ?? 0))
    await priceTo('3200', watched)
    expect(shown(good.id)).toBe('3168')
    expect(await trailing(good.id)).toEqual({ status: 'untriggered', extreme: '3200', trigger: '3168' })
    const open = await h.context.db.select().from(incidentsTable).where(isNull(incidentsTable.resolvedAt))
    expect(open.map((i) => [i.kind, i.subject])).toEqual([['trailing', 'books']])
    expect(open[0]?.cause).toContain(`order ${stops[1]}: `)
    // Mended, it trails on with the next price, and its incident is resolved.
    await h.context.db
      .update(orders)
      .set({ callbackRate: '1' })
      .where(eq(orders.id, stops[1] ?? 0))
    await priceTo('3300', watched)
    expect(shown(bad.id)).toBe('3267')
    expect(await incidents.open()).toBe(0)
  })
})
