/**
 * The order form's rules (issue 19), pure: what a draft sends (the contract's PlaceOrderRequest), every refusal the
 * exchange would give it, checked with the exchange's own code and rules (src/contract/order-checks.ts, the rules
 * served with the instrument), the amount at a share of what the side can spend, and the preview: size, value, fee
 * and, on futures, margin and the liquidation price estimate (src/contract/liquidation.ts, the engine's code).
 *
 * Rounding: the amount a share buys is cut down to the lot (it never costs more than the share); margin is held
 * rounded up and the fee paid rounded toward zero (src/contract/rounding.ts), as the engine does.
 */
import type { MarketInstrument, MarginMode, OrderSide, PlaceOrderRequest, TradingMarket } from '#/contract/index.ts'
import { feeFor, floorToLot, marginFor, onePlus } from '#/contract/copy-sizing.ts'
import {
  conversionPrice,
  futuresUnitCode,
  sizeFromUnit,
  sizeToUnit,
  type FuturesUnit,
} from '#/contract/futures-units.ts'
import { bracketsFromWire, leverageAllowed } from '#/contract/brackets.ts'
import { liquidationPrice } from '#/contract/liquidation.ts'
import { Exact, type Money } from '#/contract/money.ts'
import { checkOrder, stopDirection, tpslRefusal, triggerReached, type Refusal } from '#/contract/order-checks.ts'
import { QUOTE_DIGITS } from '../shared/pair.ts'

/** `trailing`: futures only, a trailing stop (released as a market order). */
export type OrderKind = 'limit' | 'market' | 'stop' | 'trailing'
export type AmountIn = 'base' | 'quote'
export type LimitTimeInForce = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY'

export interface OrderDraft {
  side: OrderSide
  kind: OrderKind
  /** Limit: the limit price; stop: the limit price once released (empty: a stop-market order). */
  price: string
  /** Stop: the price that releases it. */
  trigger: string
  /** Trailing stop: the callback rate in percent, and the activation price (empty: trailing at once). */
  callbackRate: string
  activation: string
  /** In the base coin on spot (the quote coin to spend for a spot market buy by total); in the chosen unit on futures. */
  amount: string
  /** Spot market buys: the amount is the base coin to buy, or the quote coin to spend ("spend 100 USDT"). */
  amountIn: AmountIn
  timeInForce: LimitTimeInForce
  /** Futures. */
  reduceOnly: boolean
  takeProfit: string
  stopLoss: string
}

export const emptyDraft = (side: OrderSide = 'buy', kind: OrderKind = 'limit'): OrderDraft => ({
  side,
  kind,
  price: '',
  trigger: '',
  callbackRate: '',
  activation: '',
  amount: '',
  amountIn: 'base',
  timeInForce: 'GTC',
  reduceOnly: false,
  takeProfit: '',
  stopLoss: '',
})

export interface DraftContext {
  biz: TradingMarket
  instrument: MarketInstrument
  /** The mark (the price band and the stops' sides are measured from it). */
  mark: string
  /** The last traded price: what a market order is valued at. */
  last: string
  /** Futures: the unit the amount is typed in. */
  unit: FuturesUnit
  /** Futures: the leverage a position this opens takes. */
  leverage: number
  marginMode: MarginMode
  /**
   * What the side can spend: spot buy the quote coin, spot sell the base coin, futures the futures wallet's USDT.
   * Undefined for a visitor.
   */
  available: string | undefined
  /** Futures: the user's own position of the pair (a reduce-only order needs one of the other side). */
  position: { side: 1 | -1; size: string } | undefined
  /** The book's best prices (a post-only order must not meet them). */
  bestBid: string | undefined
  bestAsk: string | undefined
}

export type DraftField =
  | 'price'
  | 'trigger'
  | 'callbackRate'
  | 'activation'
  | 'amount'
  | 'takeProfit'
  | 'stopLoss'
  | 'timeInForce'
  | 'reduceOnly'

/** Why a field is refused: the exchange's reason codes, and the form's own. */
export type DraftError =
  Refusal['reason'] | 'required' | 'insufficient-balance' | 'reduce-only-would-increase' | 'zero-size'

export type DraftErrors = Partial<Record<DraftField, DraftError>>

const FIELD_OF: Record<string, DraftField> = {
  price: 'price',
  triggerPrice: 'trigger',
  callbackRate: 'callbackRate',
  activationPrice: 'activation',
  size: 'amount',
  quoteSize: 'amount',
  takeProfitPrice: 'takeProfit',
  stopLossPrice: 'stopLoss',
  timeInForce: 'timeInForce',
  reduceOnly: 'reduceOnly',
}

/** The form field an exchange refusal names (undefined: one the form does not show). */
export const draftFieldOf = (path: string): DraftField | undefined => FIELD_OF[path.split('.')[0] ?? path]

const decimal = (value: string): Money | undefined => {
  if (!/^\d+(\.\d*)?$/.test(value)) return undefined
  const d = new Exact(value)
  return d.gt(0) ? d : undefined
}

/** A limit price the draft has: a limit's, or a stop's once released (market and trailing orders have none). */
const limitOf = (draft: OrderDraft) =>
  draft.kind === 'limit' || draft.kind === 'stop' ? decimal(draft.price) : undefined

/** The price that releases the draft: a stop's trigger, or a trailing stop's activation price. */
const triggerOf = (draft: OrderDraft) =>
  draft.kind === 'stop' ? decimal(draft.trigger) : draft.kind === 'trailing' ? decimal(draft.activation) : undefined

/** The price an order is valued at: its limit, else its trigger (a trailing stop's activation), else the last price. */
export function valuationPrice(draft: OrderDraft, context: Pick<DraftContext, 'last'>): Money {
  return limitOf(draft) ?? triggerOf(draft) ?? new Exact(context.last)
}

/** A futures amount in another unit converts at the exchange's price for it (the mark for a market order). */
const unitContext = (draft: OrderDraft, context: DraftContext) => ({
  price: conversionPrice({ limit: limitOf(draft), trigger: triggerOf(draft) }, new Exact(context.mark)),
  contractSize: new Exact(context.instrument.contractSize),
  lotSize: new Exact(context.instrument.lotSize),
  leverage: context.leverage,
})

/** Whether the draft is a spot market buy of a total to spend in the quote coin (the engine's market buy by budget). */
export const spendsQuote = (draft: OrderDraft, context: Pick<DraftContext, 'biz'>) =>
  context.biz === 'spot' && draft.kind === 'market' && draft.side === 'buy' && draft.amountIn === 'quote'

/**
 * The order's size in the base coin (down to the lot), or undefined while the amount is not a number. A total to
 * spend buys an estimated size: the total at the last price, cut to the lot (the book decides the real one).
 */
export function baseSize(draft: OrderDraft, context: DraftContext): Money | undefined {
  const amount = decimal(draft.amount)
  if (!amount) return undefined
  if (spendsQuote(draft, context))
    return floorToLot(amount.div(valuationPrice(draft, context)), new Exact(context.instrument.lotSize))
  if (context.biz === 'spot') return amount
  return sizeFromUnit(amount, context.unit, unitContext(draft, context))
}

/** A typed number as the contract writes it ('100.50' → '100.5', '7.' → '7'); anything else as typed. */
const plain = (value: string): string => {
  const trimmed = value.endsWith('.') ? value.slice(0, -1) : value
  return /^\d+(\.\d+)?$/.test(trimmed) ? new Exact(trimmed).toFixed() : value
}

/** The order type that is sent: a stop is stop-limit with a limit price, else stop-market. */
function typeOf(draft: OrderDraft): PlaceOrderRequest['type'] {
  if (draft.kind === 'stop') return draft.price === '' ? 'stop-market' : 'stop-limit'
  return draft.kind === 'trailing' ? 'trailing-stop' : draft.kind
}

/** What the draft sends. */
export function toRequest(draft: OrderDraft, context: DraftContext, clientOrderId: string): PlaceOrderRequest {
  const type = typeOf(draft)
  const limit = type === 'limit' || type === 'stop-limit'
  const stop = type === 'stop-limit' || type === 'stop-market'
  const request: PlaceOrderRequest = {
    clientOrderId,
    biz: context.biz,
    pairCode: context.instrument.pairCode,
    side: draft.side,
    type,
    ...(limit ? { price: plain(draft.price), timeInForce: draft.timeInForce } : {}),
    ...(stop ? { triggerPrice: plain(draft.trigger) } : {}),
    ...(type === 'trailing-stop'
      ? {
          callbackRate: plain(draft.callbackRate),
          ...(draft.activation === '' ? {} : { activationPrice: plain(draft.activation) }),
        }
      : {}),
  }
  if (context.biz === 'spot') {
    if (spendsQuote(draft, context)) return { ...request, quoteSize: plain(draft.amount) }
    // A stop-market buy is sized by what it may spend: the amount at its trigger.
    if (type === 'stop-market' && draft.side === 'buy') {
      const size = decimal(draft.amount)
      const trigger = decimal(draft.trigger)
      return { ...request, quoteSize: size && trigger ? size.times(trigger).toFixed() : plain(draft.amount) }
    }
    return { ...request, size: plain(draft.amount) }
  }
  const futures: PlaceOrderRequest = {
    ...request,
    size: plain(draft.amount),
    ...(context.unit === 'coin' ? {} : { sizeUnit: futuresUnitCode(context.unit) }),
  }
  if (draft.reduceOnly) return { ...futures, reduceOnly: true }
  return {
    ...futures,
    ...(draft.takeProfit === '' ? {} : { takeProfitPrice: plain(draft.takeProfit) }),
    ...(draft.stopLoss === '' ? {} : { stopLossPrice: plain(draft.stopLoss) }),
  }
}

export interface DraftPreview {
  /** In the base coin. */
  size: Money | undefined
  /** In the quote coin, at the valuation price. */
  value: Money | undefined
  /** The fee at the taker rate (the most it can be), in `feeCoin`. */
  fee: Money | undefined
  feeCoin: string
  /** Futures: the margin the position takes. */
  margin: Money | undefined
  /** Futures: where the position this opens would be liquidated (an estimate; none for reduce-only). */
  liquidation: Money | undefined
  /** What the order spends from the wallet: spot buy its value, spot sell its size, futures margin and fee. */
  cost: Money | undefined
}

export function previewDraft(draft: OrderDraft, context: DraftContext): DraftPreview {
  const { instrument, biz } = context
  const size = baseSize(draft, context)
  const price = valuationPrice(draft, context)
  const rules = instrument.rules
  const feeRate = new Exact(biz === 'spot' ? rules.spotTakerFeeRate : rules.futuresTakerFeeRate)
  const feeCoin = biz === 'spot' && draft.side === 'buy' ? instrument.baseCoin : instrument.quoteCoin
  if (!size || size.isZero())
    return {
      size,
      value: undefined,
      fee: undefined,
      feeCoin,
      margin: undefined,
      liquidation: undefined,
      cost: undefined,
    }
  if (spendsQuote(draft, context)) {
    // The total is what is spent at most; the fee is taken from the coin bought.
    const budget = decimal(draft.amount) ?? new Exact(0)
    const fee = feeFor(new Exact(1), size, feeRate)
    return { size, value: budget, fee, feeCoin, margin: undefined, liquidation: undefined, cost: budget }
  }
  const value = size.times(price)
  if (biz === 'spot') {
    const fee = draft.side === 'buy' ? feeFor(new Exact(1), size, feeRate) : feeFor(price, size, feeRate)
    return {
      size,
      value,
      fee,
      feeCoin,
      margin: undefined,
      liquidation: undefined,
      cost: draft.side === 'buy' ? value : size,
    }
  }
  const fee = feeFor(price, size, feeRate)
  if (draft.reduceOnly) return { size, value, fee, feeCoin, margin: undefined, liquidation: undefined, cost: fee }
  const margin = marginFor(price, size, context.leverage)
  const side = draft.side === 'buy' ? 1 : -1
  // Cross: the wallet's free balance backs it too (an estimate alone on the account: other positions move it).
  const backing =
    context.marginMode === 'cross' && context.available !== undefined
      ? Exact.max(margin, new Exact(context.available).minus(fee))
      : margin
  const liquidation =
    liquidationPrice(
      { size, entryPrice: price, side, margin: backing, leverage: context.leverage },
      bracketsFromWire(instrument.brackets),
    ) ?? undefined
  return { size, value, fee, feeCoin, margin, liquidation, cost: margin.plus(fee) }
}

/**
 * The amount, in the form's unit, that spends `percent` % of what the side can spend, cut to the lot: a spot buy
 * its quote at the valuation price (less the fee), a sell its base; futures the margin and fee the share covers.
 */
export function amountAtPercent(percent: number, draft: OrderDraft, context: DraftContext): string {
  if (context.available === undefined) return ''
  const share = new Exact(context.available).times(percent).div(100)
  const lot = new Exact(context.instrument.lotSize)
  const price = valuationPrice(draft, context)
  if (price.isZero()) return ''
  let size: Money
  if (spendsQuote(draft, context)) return share.toDecimalPlaces(QUOTE_DIGITS, Exact.ROUND_DOWN).toFixed()
  if (context.biz === 'spot') {
    size = draft.side === 'sell' ? floorToLot(share, lot) : floorToLot(share.div(price), lot)
  } else if (draft.reduceOnly && context.position) {
    size = floorToLot(new Exact(context.position.size).times(percent).div(100), lot)
  } else {
    const rate = new Exact(context.instrument.rules.futuresTakerFeeRate)
    // margin + fee = size × price × (1/L + rate) ≤ share
    const perUnit = price.times(onePlus(rate, context.leverage)).div(context.leverage)
    const cost = (of: Money) => marginFor(price, of, context.leverage).plus(feeFor(price, of, rate))
    size = floorToLot(share.div(perUnit), lot)
    // The quotient is rounded: a size that costs the share exactly can come out one lot under it (0.96 USDT at 48×
    // buys 0.0009 BTC at 50,000 exactly; the quotient was 0.000899…).
    if (cost(size.plus(lot)).lte(share)) size = size.plus(lot)
    // Margin rounds up: one lot less while the rounded cost is over the share.
    while (size.gt(0) && cost(size).gt(share)) size = size.minus(lot)
  }
  if (size.lte(0)) return ''
  if (context.biz === 'spot' || context.unit === 'coin') return size.toFixed()
  return sizeToUnit(size, context.unit, unitContext(draft, context)).toFixed()
}

/** Every field's refusal: what the exchange would refuse (its own checks), the balance, and what is missing. */
export function validateDraft(draft: OrderDraft, context: DraftContext): DraftErrors {
  const errors: DraftErrors = {}
  const needsPrice = draft.kind === 'limit'
  if (needsPrice && draft.price === '') errors.price = 'required'
  if (draft.kind === 'stop' && draft.trigger === '') errors.trigger = 'required'
  if (draft.kind === 'trailing' && draft.callbackRate === '') errors.callbackRate = 'required'
  if (draft.amount === '') errors.amount = 'required'
  if (Object.keys(errors).length > 0) return errors
  const size = baseSize(draft, context)
  const quote = spendsQuote(draft, context)
  // A total to spend is checked by the exchange as a total (its minimum order value); a size must buy a lot.
  if (!quote && (!size || size.isZero())) return { amount: 'zero-size' }
  const mark = new Exact(context.mark)
  // The exchange's checks, on the size in the coin (or the total to spend).
  const request = quote
    ? toRequest(draft, context, 'preview')
    : toRequest({ ...draft, amount: (size ?? new Exact(0)).toFixed() }, { ...context, unit: 'coin' }, 'preview')
  const checked = checkOrder(request, context.biz, { ...context.instrument, ...context.instrument.rules }, mark)
  if (!checked.ok) {
    const field = draftFieldOf(checked.refusal.field) ?? 'amount'
    return { [field]: checked.refusal.reason }
  }
  const { order } = checked
  // Stops and trailing stops are measured against the price they watch, as the exchange does: the last price unless
  // the order watches the mark.
  const watched = order.triggerBy === 'mark' ? mark : new Exact(context.last)
  if (order.triggerPrice && triggerReached(stopDirection(order.side), order.triggerPrice, watched))
    return { trigger: 'would-trigger-immediately' }
  // A trailing sell activates when the price rises to its activation price, a buy when it falls to it.
  if (
    order.activationPrice &&
    !order.activationPrice
      .minus(watched)
      .times(order.side === 'sell' ? 1 : -1)
      .gt(0)
  )
    return { activation: 'would-trigger-immediately' }
  if (order.timeInForce === 'POST_ONLY' && order.price) {
    const other = draft.side === 'buy' ? context.bestAsk : context.bestBid
    const takes = other !== undefined && (draft.side === 'buy' ? order.price.gte(other) : order.price.lte(other))
    if (takes) return { price: 'post-only-would-take' }
  }
  if (context.biz === 'futures') {
    if (draft.reduceOnly) {
      const position = context.position
      const closes =
        position && position.side === (draft.side === 'buy' ? -1 : 1) && size !== undefined && size.lte(position.size)
      if (!closes) return { reduceOnly: 'reduce-only-would-increase' }
    } else {
      const tpsl = tpslRefusal(
        draft.side === 'buy' ? 1 : -1,
        order.price ?? mark,
        order.takeProfitPrice,
        order.stopLossPrice,
      )
      if (tpsl) return { [draftFieldOf(tpsl.field) ?? 'takeProfit']: tpsl.reason }
      if (size && !bracketAllows(draft.side, size, order.price ?? mark, context)) return { amount: 'position-bracket' }
    }
  }
  const cost = previewDraft(draft, context).cost
  if (context.available !== undefined && cost && cost.gt(context.available)) errors.amount = 'insufficient-balance'
  return errors
}

/**
 * Whether the position this order leaves on its side (what it opens beyond the position it closes, plus the position of
 * its side) stays within the tier that allows the form's leverage. The exchange counts the side's resting orders too.
 */
function bracketAllows(side: OrderDraft['side'], size: Money, price: Money, context: DraftContext): boolean {
  const position = context.position
  const sign = side === 'buy' ? 1 : -1
  const same = position && position.side === sign ? new Exact(position.size) : new Exact(0)
  const closes = position && position.side !== sign ? new Exact(position.size) : new Exact(0)
  const exposure = same.plus(Exact.max(0, size.minus(closes)))
  return leverageAllowed(bracketsFromWire(context.instrument.brackets), exposure.times(price), context.leverage)
}

export const hasDraftErrors = (errors: DraftErrors) => Object.keys(errors).length > 0

/** The prices the exchange's band allows around the mark now, on the tick (the band's ends rounded inward). */
export function priceBand(context: Pick<DraftContext, 'instrument' | 'mark'>): { low: Money; high: Money } {
  const mark = new Exact(context.mark)
  const tick = new Exact(context.instrument.tickSize)
  const reach = mark.times(context.instrument.rules.priceBandRatio)
  return {
    low: mark.minus(reach).div(tick).ceil().times(tick),
    high: mark.plus(reach).div(tick).floor().times(tick),
  }
}
