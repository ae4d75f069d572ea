/**
 * Issue 28, S2 8: the orders channel carries every order the engine creates or ends for a user, not only those the
 * user placed: a market order's take profit and stop loss, the ones a new TP/SL replaces, and those a close or a
 * liquidation cancels. The terminal's open orders, built from the pushes alone (the web's own merge), agree with the
 * exchange's open orders after each step, with no reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order, PlaceOrderRequest } from '#/contract/index.ts'
import { mergeOpenOrders } from '#/features/trading/live/useAccountStreams.ts'
import type { OrderEngine, TradingEvents } from './order-engine.ts'
import { openOrders } from './orders-read.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { fundedUser } from '#tests/fixtures/exchange/copy/lead-fixtures.ts'
import { scriptedTrading } from '#tests/fixtures/exchange/scripted-trading.ts'

const PAIR = 'ETH_USDT'
const scripted = scriptedTrading({ [PAIR]: '3000' })
let h: Harness
let engine: OrderEngine
/** Each user's open orders as the terminal holds them: the first read, then only what the channel pushed. */
const screens = new Map<number, Order[]>()
const events: TradingEvents = {
  orders: (userId, list) => screens.set(userId, mergeOpenOrders(screens.get(userId) ?? [], list)),
  fills: () => undefined,
  accounts: () => undefined,
  depth: () => undefined,
  trades: () => undefined,
}
let ids = 0

beforeAll(async () => {
  h = await startHarness()
  engine = scripted.engine(h, { events }).engine
})
afterAll(() => h.close())

const order = (userId: number, input: Omit<PlaceOrderRequest, 'clientOrderId' | 'biz' | 'pairCode'>) =>
  engine.place(userId, { clientOrderId: `push${++ids}`, biz: 'futures', pairCode: PAIR, ...input })

/** What the terminal shows, as [purpose, trigger] sorted, next to what the exchange holds. */
async function screenAndExchange(userId: number) {
  const shown = (screens.get(userId) ?? []).map((o) => [o.purpose, o.triggerPrice]).sort()
  const held = (await openOrders(h.context.db, userId, 'futures')).map((o) => [o.purpose, o.triggerPrice]).sort()
  return { shown, held }
}

describe('the orders channel follows what the engine does to a user’s orders', () => {
  it('shows a market order’s take profit and stop loss, their replacement, and drops them when the position closes', async () => {
    scripted.prices.set(PAIR, '3000')
    const trader = (await fundedUser(h, 10_000)).id
    screens.set(trader, [])
    await order(trader, {
      side: 'buy',
      type: 'market',
      size: '1',
      takeProfitPrice: '3100',
      stopLossPrice: '2900',
    })
    const both = [
      ['stop-loss', '2900'],
      ['take-profit', '3100'],
    ]
    expect(await screenAndExchange(trader)).toEqual({ shown: both, held: both })

    await engine.setPositionTpsl(trader, { pairCode: PAIR, stopLossPrice: '2950' })
    const moved = [
      ['stop-loss', '2950'],
      ['take-profit', '3100'],
    ]
    expect(await screenAndExchange(trader)).toEqual({ shown: moved, held: moved })

    await order(trader, { side: 'sell', type: 'market', size: '1', reduceOnly: true })
    expect(await screenAndExchange(trader)).toEqual({ shown: [], held: [] })
  })

  it('drops a liquidated position’s take profit and stop loss', async () => {
    scripted.prices.set(PAIR, '3000')
    const trader = (await fundedUser(h, 1_000)).id
    screens.set(trader, [])
    await engine.setLeverage(trader, { pairCode: PAIR, leverage: 50 })
    await order(trader, { side: 'buy', type: 'market', size: '1', takeProfitPrice: '3300' })
    expect((await screenAndExchange(trader)).shown).toEqual([['take-profit', '3300']])
    scripted.prices.set(PAIR, '2900')
    await engine.onPrices()
    expect(await screenAndExchange(trader)).toEqual({ shown: [], held: [] })
  })
})
