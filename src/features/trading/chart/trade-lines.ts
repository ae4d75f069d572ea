/**
 * What the price chart draws of the trader's own trading (issue 28): a line per resting limit order, per stop order at
 * its trigger (a position's take profit and stop loss among them), and the futures position's entry and liquidation
 * prices; which of them a drag amends, and how; and the price a drag ends at, snapped to the pair's tick. Pure: the
 * chart layer draws what this answers.
 */
import type { Order, OrderSide, TradingPosition } from '#/contract/index.ts'
import { Exact } from '#/contract/money.ts'
import { fromPlot } from '#/lib/format/number.ts'

export type TradeLineKind = 'limit' | 'stop' | 'trailing' | 'take-profit' | 'stop-loss' | 'entry' | 'liquidation'

/** How dragging a line changes what it stands for: the order's limit price, or the position's TP or SL trigger. */
export type TradeLineDrag = { via: 'amend'; order: Order } | { via: 'tpsl'; order: Order }

export interface TradeLine {
  key: string
  kind: TradeLineKind
  /** The exact price the line is drawn at. */
  price: string
  /** The order's side, or the position's (long buys, short sells): the line's colour. */
  side: OrderSide
  /** What rests at the line (an order's unfilled part), or the position's size; null: the whole position. */
  size: string | null
  drag: TradeLineDrag | undefined
}

const resting = (order: Order) => order.status === 'new' || order.status === 'partially-filled'

function orderLine(order: Order): TradeLine | undefined {
  const base = { key: `order:${order.id}`, side: order.side }
  if (order.status === 'untriggered' && order.triggerPrice !== null) {
    // A position's TP/SL is replaced at a new trigger; the exchange amends no other order's trigger, so those are drawn only.
    if (order.purpose === 'take-profit' || order.purpose === 'stop-loss')
      return {
        ...base,
        kind: order.purpose,
        price: order.triggerPrice,
        size: order.size,
        drag: { via: 'tpsl', order },
      }
    // A trailing stop's line is its trigger now, moving with the price it follows.
    const kind = order.type === 'trailing-stop' ? 'trailing' : 'stop'
    return { ...base, kind, price: order.triggerPrice, size: order.size, drag: undefined }
  }
  if (resting(order) && order.price !== null && order.size !== null)
    return {
      ...base,
      kind: 'limit',
      price: order.price,
      // What is on the book at this price: the part not yet filled.
      size: new Exact(order.size).minus(order.filled).toFixed(),
      drag: { via: 'amend', order },
    }
  return undefined
}

/**
 * The lines of one pair: its open orders, then the trader's own open position (not one a copy holds: those are
 * closed on their own, not by the trader's orders).
 */
export function tradeLines(
  orders: readonly Order[],
  positions: readonly TradingPosition[],
  pairCode: string,
): TradeLine[] {
  const lines = orders.filter((o) => o.pairCode === pairCode).flatMap((o) => orderLine(o) ?? [])
  for (const position of positions) {
    if (position.pairCode !== pairCode || position.status !== 'open' || position.copyId !== null) continue
    const side = position.side === 'long' ? 'buy' : 'sell'
    const of = { side, size: position.size, drag: undefined } as const
    lines.push({ key: `entry:${position.positionId}`, kind: 'entry', price: position.entryPrice, ...of })
    if (position.liquidationPrice !== null)
      lines.push({
        key: `liquidation:${position.positionId}`,
        kind: 'liquidation',
        price: position.liquidationPrice,
        ...of,
      })
  }
  return lines
}

/**
 * The price a drag points at: the chart's price at the pointer (a float, what the library plots), to the nearest
 * multiple of the tick, as an exact decimal with the tick's decimals; undefined off the scale or at zero and below.
 */
export function snapToTick(value: number | null, tick: string): string | undefined {
  if (value === null || !Number.isFinite(value)) return undefined
  const step = new Exact(tick)
  const snapped = new Exact(fromPlot(value)).div(step).toDecimalPlaces(0, Exact.ROUND_HALF_UP).times(step)
  if (snapped.lte(0)) return undefined
  return snapped.toFixed(Math.max(0, step.decimalPlaces()))
}
