import { describe, expect, it } from 'vitest'
import type { Order, TradingPosition } from '#/contract/index.ts'
import { anOrder, aPosition } from '#tests/fixtures/features/trading.ts'
import { snapToTick, tradeLines } from './trade-lines.ts'

/** A futures order of 0.5 BTC at 80,000, 10x. */
const order = (over: Partial<Order>): Order =>
  anOrder({ id: '1', clientOrderId: 'c1', biz: 'futures', size: '0.5', leverage: 10, ...over })

/** A 0.2 BTC long at 81,000.5, 10x isolated. */
const position = (over: Partial<TradingPosition>): TradingPosition =>
  aPosition({
    positionId: '7',
    leverage: 10,
    size: '0.2',
    entryPrice: '81000.5',
    margin: '1620',
    markPrice: '81100',
    unrealizedPnl: '20',
    roe: '0.01',
    liquidationPrice: '73300.1',
    fees: '0',
    openedAt: 0,
    ...over,
  })

describe('the lines the chart draws', () => {
  it('a resting limit order at its price with what is left of it, amended by a drag', () => {
    const partly = order({
      id: '2',
      status: 'partially-filled',
      side: 'sell',
      price: '82000',
      size: '1',
      filled: '0.25',
    })
    const [line] = tradeLines([partly], [], 'BTC_USDT')
    expect(line).toMatchObject({ kind: 'limit', price: '82000', side: 'sell', size: '0.75' })
    expect(line?.drag).toEqual({ via: 'amend', order: partly })
  })

  it("a position's take profit and stop loss at their triggers, replaced by a drag; another stop drawn only", () => {
    const tp = order({ id: '3', type: 'stop-market', status: 'untriggered', price: null, side: 'sell' })
    const lines = tradeLines(
      [
        { ...tp, purpose: 'take-profit', triggerPrice: '90000', size: null },
        { ...tp, id: '4', purpose: 'stop-loss', triggerPrice: '75000', size: '0.1' },
        { ...tp, id: '5', purpose: null, type: 'stop-limit', price: '76000', triggerPrice: '76500' },
      ],
      [],
      'BTC_USDT',
    )
    expect(lines.map((l) => [l.kind, l.price, l.size, l.drag?.via])).toEqual([
      ['take-profit', '90000', null, 'tpsl'],
      ['stop-loss', '75000', '0.1', 'tpsl'],
      ['stop', '76500', '0.5', undefined],
    ])
  })

  it('a trailing stop at its trigger now, named apart from a stop and never dragged', () => {
    const trailing = order({
      type: 'trailing-stop',
      status: 'untriggered',
      price: null,
      triggerPrice: '77220',
      side: 'sell',
    })
    expect(tradeLines([trailing], [], 'BTC_USDT')[0]).toMatchObject({
      kind: 'trailing',
      price: '77220',
      drag: undefined,
    })
  })

  it('a triggered stop-limit rests at its limit price like a limit order', () => {
    const released = order({ type: 'stop-limit', status: 'new', price: '79000', triggerPrice: '79500' })
    expect(tradeLines([released], [], 'BTC_USDT')[0]).toMatchObject({ kind: 'limit', price: '79000' })
  })

  it("the trader's own open position: entry and liquidation, never dragged; not a copy's, not another pair's", () => {
    const lines = tradeLines(
      [order({ pairCode: 'ETH_USDT' })],
      [
        position({}),
        position({ positionId: '8', copyId: '99', entryPrice: '1' }),
        position({ positionId: '9', pairCode: 'ETH_USDT' }),
        position({ positionId: '10', side: 'short', liquidationPrice: null, entryPrice: '82000' }),
      ],
      'BTC_USDT',
    )
    expect(lines.map((l) => [l.kind, l.price, l.side, l.drag])).toEqual([
      ['entry', '81000.5', 'buy', undefined],
      ['liquidation', '73300.1', 'buy', undefined],
      ['entry', '82000', 'sell', undefined],
    ])
  })

  it('no line for an order that has nothing on the book at a price (a market order, a cancelled one)', () => {
    const lines = tradeLines(
      [order({ type: 'market', price: null }), order({ id: '6', status: 'cancelled' })],
      [],
      'BTC_USDT',
    )
    expect(lines).toEqual([])
  })
})

describe('the price a drag ends at', () => {
  it('is the nearest multiple of the tick, with its decimals', () => {
    expect(snapToTick(81234.5678, '0.1')).toBe('81234.6')
    expect(snapToTick(81234.54, '0.1')).toBe('81234.5')
    expect(snapToTick(81234.5, '5')).toBe('81235')
    expect(snapToTick(0.000123456, '0.000001')).toBe('0.000123')
    expect(snapToTick(2000, '0.01')).toBe('2000.00')
  })

  it('is none off the price scale or at zero and below', () => {
    expect(snapToTick(null, '0.1')).toBeUndefined()
    expect(snapToTick(Number.NaN, '0.1')).toBeUndefined()
    expect(snapToTick(0.04, '0.1')).toBeUndefined()
    expect(snapToTick(-3, '0.1')).toBeUndefined()
  })
})
