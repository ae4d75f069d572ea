/**
 * The checks an order passes before it reaches the book, each refusal with its own reason and the field it
 * concerns: the order's shape (which amounts each type takes), the pair's tick and lot, the order's worth (at its
 * price, or the mark for a market order) between the minimum and maximum, and the price band around the mark. The
 * exchange refuses with them and the order form (issue 19) checks with them, against the rules the exchange serves with
 * each instrument, so the form says what the exchange would.
 */
import { FUTURES } from '#/app.config.ts'
import type { ErrorReason } from './envelope.schemas.ts'
import type { TradingMarket, TradingRules } from './market.schemas.ts'
import { Exact, type Money } from './money.ts'
import type { OrderSide, OrderTimeInForce, PlaceOrderRequest } from './trading.schemas.ts'

/** What an order of a pair must meet: its steps and the exchange's rules (served with the instrument). */
export type OrderRules = { tickSize: string; lotSize: string } & Pick<
  TradingRules,
  'minNotional' | 'maxNotional' | 'priceBandRatio'
>

export interface CheckedOrder {
  side: OrderSide
  type: PlaceOrderRequest['type']
  timeInForce: OrderTimeInForce
  price: Money | null
  size: Money | null
  quoteSize: Money | null
  triggerPrice: Money | null
  triggerBy: 'last' | 'mark' | null
  /** Trailing stops: the callback rate in percent, and the price it starts trailing at (null: at once). */
  callbackRate: Money | null
  activationPrice: Money | null
  reduceOnly: boolean
  takeProfitPrice: Money | null
  stopLossPrice: Money | null
}

export interface Refusal {
  reason: ErrorReason
  field: string
  issue: string
}

export type Checked = { ok: true; order: CheckedOrder } | { ok: false; refusal: Refusal }

const refuse = (reason: ErrorReason, field: string, issue: string): Checked => ({
  ok: false,
  refusal: { reason, field, issue },
})

const onStep = (value: Money, step: Money) => value.gt(0) && value.mod(step).isZero()

/** Whether `price` lies within the band around `mark`. */
export const withinBand = (price: Money, mark: Money, rules: Pick<OrderRules, 'priceBandRatio'>) =>
  price.minus(mark).abs().lte(mark.times(rules.priceBandRatio))

/**
 * The worth checks of an order of `size` valued at `price`. A reduce-only order has no minimum (as on Binance USDⓈ-M):
 * the dust a position has left can always be closed.
 */
export function notionalRefusal(
  size: Money,
  price: Money,
  field: string,
  rules: Pick<OrderRules, 'minNotional' | 'maxNotional'>,
  reduceOnly = false,
): Refusal | undefined {
  const notional = size.times(price)
  if (!reduceOnly && notional.lt(rules.minNotional))
    return { reason: 'min-notional', field, issue: `worth at least ${rules.minNotional} USDT` }
  if (notional.gt(rules.maxNotional))
    return { reason: 'max-notional', field, issue: `worth at most ${rules.maxNotional} USDT` }
  return undefined
}

/** A price on the tick and within the band, else its refusal. */
export function priceRefusal(price: Money, rules: OrderRules, mark: Money, field: string): Refusal | undefined {
  const tick = new Exact(rules.tickSize)
  if (!onStep(price, tick)) return { reason: 'tick-size', field, issue: `a positive multiple of ${tick.toFixed()}` }
  if (!withinBand(price, mark, rules))
    return {
      reason: 'price-band',
      field,
      issue: `within ${new Exact(rules.priceBandRatio).times(100).toFixed()} % of the mark ${mark.toFixed()}`,
    }
  return undefined
}

/** A size on the lot, else its refusal. */
export function sizeRefusal(size: Money, rules: Pick<OrderRules, 'lotSize'>): Refusal | undefined {
  const lot = new Exact(rules.lotSize)
  return onStep(size, lot)
    ? undefined
    : { reason: 'lot-size', field: 'size', issue: `a positive multiple of ${lot.toFixed()}` }
}

const some = (value: string | undefined) => (value === undefined ? null : new Exact(value))

/** Checks an order of a market against its pair's rules at the mark `mark`. */
export function checkOrder(input: PlaceOrderRequest, biz: TradingMarket, rules: OrderRules, mark: Money): Checked {
  const price = some(input.price)
  const size = some(input.size)
  const quoteSize = some(input.quoteSize)
  const triggerPrice = some(input.triggerPrice)
  const limit = input.type === 'limit' || input.type === 'stop-limit'
  const stop = input.type === 'stop-limit' || input.type === 'stop-market'
  const trailing = input.type === 'trailing-stop'
  const callbackRate = some(input.callbackRate)
  const activationPrice = some(input.activationPrice)
  if (trailing && biz === 'spot') return refuse('invalid-input', 'type', 'futures orders only')
  if (!trailing && (callbackRate ?? activationPrice) !== null)
    return refuse('invalid-input', callbackRate ? 'callbackRate' : 'activationPrice', 'trailing stops only')
  if (trailing && callbackRate === null) return refuse('invalid-input', 'callbackRate', 'required for a trailing stop')
  const { min, max } = FUTURES.trailingCallbackPercent
  if (callbackRate && (callbackRate.lt(min) || callbackRate.gt(max)))
    return refuse('callback-rate', 'callbackRate', `from ${min} to ${max} %`)
  if (activationPrice) {
    const refusal = priceRefusal(activationPrice, rules, mark, 'activationPrice')
    if (refusal) return { ok: false, refusal }
  }
  if (biz === 'spot' && input.reduceOnly !== undefined)
    return refuse('invalid-input', 'reduceOnly', 'futures orders only')
  if (biz === 'spot' && input.sizeUnit !== undefined) return refuse('invalid-input', 'sizeUnit', 'futures orders only')
  if (biz === 'futures' && quoteSize !== null)
    return refuse('invalid-input', 'quoteSize', 'futures orders are sized in the coin or sizeUnit')
  const reduceOnly = input.reduceOnly ?? false
  const takeProfitPrice = some(input.takeProfitPrice)
  const stopLossPrice = some(input.stopLossPrice)
  if ((takeProfitPrice ?? stopLossPrice) !== null && (biz === 'spot' || reduceOnly))
    return refuse(
      'invalid-input',
      takeProfitPrice ? 'takeProfitPrice' : 'stopLossPrice',
      'futures orders that open only',
    )
  for (const [value, field] of [
    [takeProfitPrice, 'takeProfitPrice'],
    [stopLossPrice, 'stopLossPrice'],
  ] as const) {
    const refusal = value && priceRefusal(value, rules, mark, field)
    if (refusal) return { ok: false, refusal }
  }
  if (limit && price === null) return refuse('invalid-input', 'price', 'required for a limit order')
  if (!limit && price !== null) return refuse('invalid-input', 'price', 'a market order takes no price')
  if (!limit && input.timeInForce !== undefined && input.timeInForce !== 'IOC')
    return refuse('invalid-input', 'timeInForce', 'a market order is IOC')
  if (stop && triggerPrice === null) return refuse('invalid-input', 'triggerPrice', 'required for a stop order')
  if (!stop && triggerPrice !== null) return refuse('invalid-input', 'triggerPrice', 'only stop orders take a trigger')
  if (!stop && !trailing && input.triggerBy !== undefined)
    return refuse('invalid-input', 'triggerPrice', 'only stop orders take a trigger')
  if (limit && quoteSize !== null) return refuse('invalid-input', 'quoteSize', 'limit orders are sized in the base')
  if (quoteSize !== null && input.side === 'sell')
    return refuse('invalid-input', 'quoteSize', 'a sell is sized in the base')
  if ((size === null) === (quoteSize === null)) return refuse('invalid-input', 'size', 'give size, or quoteSize')
  // A spot stop-market buy's cost is unknown until it triggers, so it is sized by what it may spend (a futures one is
  // sized in the coin: its margin is held at the trigger moved by the price band).
  if (biz === 'spot' && input.type === 'stop-market' && input.side === 'buy' && quoteSize === null)
    return refuse('invalid-input', 'quoteSize', 'a spot stop-market buy is sized in USDT')
  if (price !== null) {
    const refusal = priceRefusal(price, rules, mark, 'price')
    if (refusal) return { ok: false, refusal }
  }
  if (triggerPrice !== null) {
    const refusal = priceRefusal(triggerPrice, rules, mark, 'triggerPrice')
    if (refusal) return { ok: false, refusal }
  }
  if (size !== null) {
    const refusal =
      sizeRefusal(size, rules) ??
      notionalRefusal(size, price ?? triggerPrice ?? activationPrice ?? mark, 'size', rules, reduceOnly)
    if (refusal) return { ok: false, refusal }
  }
  if (quoteSize !== null) {
    const refusal = notionalRefusal(quoteSize, new Exact(1), 'quoteSize', rules)
    if (refusal) return { ok: false, refusal }
  }
  return {
    ok: true,
    order: {
      side: input.side,
      type: input.type,
      timeInForce: limit ? (input.timeInForce ?? 'GTC') : 'IOC',
      price,
      size,
      quoteSize,
      triggerPrice,
      triggerBy: stop || trailing ? (input.triggerBy ?? 'last') : null,
      callbackRate,
      activationPrice,
      reduceOnly,
      takeProfitPrice,
      stopLossPrice,
    },
  }
}

/** The way a plain stop order waits: a buy stop for the price to rise to it, a sell stop for it to fall to it. */
export const stopDirection = (side: OrderSide): 'rise' | 'fall' => (side === 'buy' ? 'rise' : 'fall')

/** Whether a stop order waiting for the price to rise (fall) to `trigger` is reached at `price`. */
export const triggerReached = (direction: 'rise' | 'fall', trigger: Money, price: Money) =>
  direction === 'rise' ? price.gte(trigger) : price.lte(trigger)

/**
 * Where a trailing stop of `side` that has seen `extreme` (the highest price since activation for a sell, the lowest
 * for a buy) is released: that price moved back by `callbackPercent`.
 */
export const trailingTrigger = (side: OrderSide, extreme: Money, callbackPercent: Money): Money =>
  extreme.times(new Exact(1).plus(callbackPercent.div(100).times(side === 'sell' ? -1 : 1))).toDecimalPlaces(18)

/** Whether a take profit (stop loss) of a position of `side` at `price` is on the right side of `mark`. */
export function tpslRefusal(
  side: 1 | -1,
  mark: Money,
  takeProfit: Money | null | undefined,
  stopLoss: Money | null | undefined,
): Refusal | undefined {
  const above = (price: Money) => price.gt(mark)
  if (takeProfit && above(takeProfit) !== (side === 1))
    return {
      reason: 'would-trigger-immediately',
      field: 'takeProfitPrice',
      issue: side === 1 ? 'above the price for a long' : 'below the price for a short',
    }
  if (stopLoss && above(stopLoss) !== (side === -1))
    return {
      reason: 'would-trigger-immediately',
      field: 'stopLossPrice',
      issue: side === 1 ? 'below the price for a long' : 'above the price for a short',
    }
  return undefined
}
