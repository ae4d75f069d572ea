/**
 * Trading calls (`/trade/v1/…`, one set for both markets, `biz` saying which): placing, amending and cancelling
 * orders, open orders, order history and fills; and moving money between wallets. Every amount is an exact decimal
 * string; times are epoch milliseconds.
 */
import { z } from 'zod'
import { okEnvelope } from './envelope.schemas.ts'
import { pageOf, pageQuerySchema, positionSchema } from './copy-common.schemas.ts'
import { pairCodeSchema, tradingMarketSchema } from './market.schemas.ts'
import { decimalStringSchema, signedDecimalStringSchema } from './wallet.schemas.ts'
import { futuresUnitOf } from './futures-units.ts'

export const ORDER_SIDES = ['buy', 'sell'] as const
/**
 * `trailing-stop` (futures): a market order released when the price turns back by its callback rate from the best price
 * it reached since its activation (Binance USDⓈ-M's TRAILING_STOP_MARKET).
 */
export const ORDER_TYPES = ['limit', 'market', 'stop-limit', 'stop-market', 'trailing-stop'] as const
export const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK', 'POST_ONLY'] as const
export const TRIGGER_SOURCES = ['last', 'mark'] as const
/**
 * What a futures order is for, when the exchange placed it for a position: its take profit or stop loss, its
 * liquidation (an IOC order no worse than the position's bankruptcy price), or its auto-deleveraging (`adl`: the
 * position closed against a liquidation the insurance fund could not pay, at that liquidation's bankruptcy price, no
 * fee).
 */
export const ORDER_PURPOSES = ['take-profit', 'stop-loss', 'liquidation', 'adl'] as const
/** How a futures position is margined: by its own margin alone, or by the whole futures wallet (cross). */
export const MARGIN_MODES = ['isolated', 'cross'] as const
export type MarginMode = (typeof MARGIN_MODES)[number]
export const marginModeSchema = z.enum(MARGIN_MODES).meta({ id: 'MarginMode' })
export const ORDER_STATUSES = ['untriggered', 'new', 'partially-filled', 'filled', 'cancelled'] as const
/** Why an order ended before it filled whole. */
export const CANCEL_REASONS = [
  'user',
  'ioc',
  'fok',
  'self-trade',
  'no-liquidity',
  'budget',
  'no-position',
  'replaced',
  /** A market order reached its price protection (TRADING.marketProtectionRatio from the mark). */
  'price-protection',
  /** A close reached its position's bankruptcy price: no close fills past it (the liquidation path takes over). */
  'bankruptcy-price',
  /** Its position was liquidated: the owner's open orders of the pair were cancelled first. */
  'liquidation',
] as const

export type OrderSide = (typeof ORDER_SIDES)[number]
export type OrderType = (typeof ORDER_TYPES)[number]
export type OrderTimeInForce = (typeof TIME_IN_FORCE)[number]
export type OrderStatus = (typeof ORDER_STATUSES)[number]
export type CancelReason = (typeof CANCEL_REASONS)[number]
export type OrderPurpose = (typeof ORDER_PURPOSES)[number]

const amount = decimalStringSchema.max(40)
const idString = z.string().regex(/^[1-9]\d{0,17}$/)
/** The caller's own key of an order: placing the same one twice places it once. */
export const clientOrderIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/)

export const placeOrderRequestSchema = z
  .strictObject({
    clientOrderId: clientOrderIdSchema,
    biz: tradingMarketSchema,
    pairCode: pairCodeSchema,
    side: z.enum(ORDER_SIDES),
    type: z.enum(ORDER_TYPES),
    /** Limit and stop-limit orders; GTC when absent. Market orders take none. */
    timeInForce: z.enum(TIME_IN_FORCE).optional(),
    /** Limit and stop-limit orders: the worst price to trade at, on the pair's tick. */
    price: amount.optional(),
    /** The base amount, on the pair's lot. A market buy has this or quoteSize. */
    size: amount.optional(),
    /** Market (and stop-market) buys: spend at most this much USDT. */
    quoteSize: amount.optional(),
    /** Stop orders: the price that releases them, on the tick. */
    triggerPrice: amount.optional(),
    /** Stop orders: compared with the last traded price (default) or the mark. */
    triggerBy: z.enum(TRIGGER_SOURCES).optional(),
    /**
     * Trailing stops: how far, in percent (FUTURES.trailingCallbackPercent), the price turns back from its best since
     * activation before the order is released.
     */
    callbackRate: amount.optional(),
    /**
     * Trailing stops: the price at which it starts trailing (above the price now for a sell, below for a buy); without
     * one it trails from the price at placement.
     */
    activationPrice: amount.optional(),
    /** Futures: only shrink the position (market, IOC or FOK only: it never rests). */
    reduceOnly: z.boolean().optional(),
    /**
     * Futures: the unit `size` is in (§3): 0 coin (default), 1 sheets (contracts), 2 USDT value, 3 margin; converted
     * to the coin at the order's price (the mark for a market order), down to the lot.
     */
    /** Futures, an order that may open: the take profit and stop loss it sets on the whole position once it fills. */
    takeProfitPrice: amount.optional(),
    stopLossPrice: amount.optional(),
    sizeUnit: z
      .number()
      .int()
      .refine((code) => futuresUnitOf(code) !== undefined, { error: 'one of 0 (coin), 1 (sheet), 2 (bi), 3 (margin)' })
      .optional(),
  })
  .meta({ id: 'PlaceOrderRequest' })
export type PlaceOrderRequest = z.infer<typeof placeOrderRequestSchema>

export const orderSchema = z
  .object({
    id: idString,
    clientOrderId: z.string(),
    biz: tradingMarketSchema,
    pairCode: z.string(),
    side: z.enum(ORDER_SIDES),
    type: z.enum(ORDER_TYPES),
    timeInForce: z.enum(TIME_IN_FORCE),
    price: decimalStringSchema.nullable(),
    size: decimalStringSchema.nullable(),
    quoteSize: decimalStringSchema.nullable(),
    triggerPrice: decimalStringSchema.nullable(),
    triggerBy: z.enum(TRIGGER_SOURCES).nullable(),
    /** Trailing stops: the callback rate in percent and the activation price (null: trailing from placement). */
    callbackRate: decimalStringSchema.nullable(),
    activationPrice: decimalStringSchema.nullable(),
    /**
     * Trailing stops: the best price (highest for a sell, lowest for a buy) since activation; null until activated.
     * Its triggerPrice is then this price moved back by the callback rate.
     */
    trailExtreme: decimalStringSchema.nullable(),
    status: z.enum(ORDER_STATUSES),
    cancelReason: z.enum(CANCEL_REASONS).nullable(),
    /** Base filled so far, and the quote it cost or brought. */
    filled: decimalStringSchema,
    filledQuote: decimalStringSchema,
    /** filledQuote ÷ filled, to 18 decimals half up; null before a fill. */
    averagePrice: decimalStringSchema.nullable(),
    fee: decimalStringSchema,
    feeCoin: z.string(),
    reduceOnly: z.boolean(),
    /** A position's take profit or stop loss (reduce-only, released at its trigger); null for other orders. */
    purpose: z.enum(ORDER_PURPOSES).nullable(),
    takeProfitPrice: decimalStringSchema.nullable(),
    stopLossPrice: decimalStringSchema.nullable(),
    /** Futures: the leverage a position it opens takes. */
    leverage: z.number().int().nullable(),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
  })
  .meta({ id: 'Order' })
export type Order = z.infer<typeof orderSchema>

export const fillSchema = z
  .object({
    id: idString,
    /** Shared by the two sides of one match. */
    tradeId: idString,
    orderId: idString,
    biz: tradingMarketSchema,
    pairCode: z.string(),
    side: z.enum(ORDER_SIDES),
    role: z.enum(['maker', 'taker']),
    price: decimalStringSchema,
    size: decimalStringSchema,
    quote: decimalStringSchema,
    fee: decimalStringSchema,
    feeCoin: z.string(),
    time: z.number().int(),
  })
  .meta({ id: 'Fill' })
export type OrderFill = z.infer<typeof fillSchema>

export const placedOrderSchema = z
  .object({
    order: orderSchema,
    /** This order's fills as it was placed (a resting order's later fills come on the fills channel). */
    fills: z.array(fillSchema),
    /** True when the clientOrderId was placed before: the answer is that order, nothing new was placed. */
    replayed: z.boolean(),
  })
  .meta({ id: 'PlacedOrder' })
export type PlacedOrder = z.infer<typeof placedOrderSchema>
export const placeOrderResponseSchema = okEnvelope(placedOrderSchema).meta({ id: 'PlaceOrderResponse' })

/** One order, by the exchange's id or the caller's. */
export const orderRefSchema = z
  .strictObject({
    biz: tradingMarketSchema,
    orderId: idString.optional(),
    clientOrderId: clientOrderIdSchema.optional(),
  })
  .refine((r) => (r.orderId === undefined) !== (r.clientOrderId === undefined), {
    message: 'exactly one of orderId and clientOrderId',
    path: ['orderId'],
  })
  .meta({ id: 'OrderRef' })
export type OrderRef = z.infer<typeof orderRefSchema>

export const amendOrderRequestSchema = z
  .strictObject({
    biz: tradingMarketSchema,
    orderId: idString,
    /** A new limit price (the order goes to the back of its new level). */
    price: amount.optional(),
    /** A new whole size, filled part included (larger: to the back of its level; smaller: keeps its place). */
    size: amount.optional(),
  })
  .refine((r) => r.price !== undefined || r.size !== undefined, { message: 'price or size', path: ['price'] })
  .meta({ id: 'AmendOrderRequest' })
export type AmendOrderRequest = z.infer<typeof amendOrderRequestSchema>

export const cancelAllRequestSchema = z
  .strictObject({ biz: tradingMarketSchema, pairCode: pairCodeSchema.optional() })
  .meta({ id: 'CancelAllRequest' })
export type CancelAllRequest = z.infer<typeof cancelAllRequestSchema>

export const orderResponseSchema = okEnvelope(orderSchema).meta({ id: 'OrderResponse' })
export const cancelAllResponseSchema = okEnvelope(z.object({ cancelled: z.array(orderSchema) })).meta({
  id: 'CancelAllResponse',
})

export const openOrdersQuerySchema = z
  .object({ biz: tradingMarketSchema, pairCode: pairCodeSchema.optional() })
  .meta({ id: 'OpenOrdersQuery' })
export type OpenOrdersQuery = z.infer<typeof openOrdersQuerySchema>
export const ordersResponseSchema = okEnvelope(z.array(orderSchema)).meta({ id: 'OrdersResponse' })

export const tradingHistoryQuerySchema = pageQuerySchema
  .extend({ biz: tradingMarketSchema, pairCode: pairCodeSchema.optional() })
  .meta({ id: 'TradingHistoryQuery' })
export type TradingHistoryQuery = z.infer<typeof tradingHistoryQuerySchema>
export const orderHistoryResponseSchema = okEnvelope(pageOf(orderSchema)).meta({ id: 'OrderHistoryResponse' })
export const fillsResponseSchema = okEnvelope(pageOf(fillSchema)).meta({ id: 'FillsResponse' })

/** The wallets money moves between: 1 spot, 3 the futures (EXCHANGE) wallet. */
export const TRANSFER_WALLETS = [1, 3] as const
const transferWallet = z.union([z.literal(1), z.literal(3)])

export const walletTransferRequestSchema = z
  .strictObject({
    /** The caller's key: the same transfer sent twice moves the money once. */
    clientTransferId: clientOrderIdSchema,
    from: transferWallet,
    to: transferWallet,
    coin: z
      .string()
      .regex(/^[A-Za-z0-9]{1,20}$/)
      .transform((c) => c.toUpperCase()),
    amount,
  })
  .refine((r) => r.from !== r.to, { message: 'two different wallets', path: ['to'] })
  .meta({ id: 'WalletTransferRequest' })
export type WalletTransferRequest = z.infer<typeof walletTransferRequestSchema>

export const walletTransferSchema = z
  .object({
    from: z.number().int(),
    to: z.number().int(),
    coin: z.string(),
    amount: decimalStringSchema,
    /** True when this clientTransferId was done before: nothing moved this time. */
    replayed: z.boolean(),
  })
  .meta({ id: 'WalletTransfer' })
export type WalletTransfer = z.infer<typeof walletTransferSchema>
export const walletTransferResponseSchema = okEnvelope(walletTransferSchema).meta({ id: 'WalletTransferResponse' })

/** A pair's futures leverage per side; the one an order that opens that side takes. */
export const futuresLeverageSchema = z
  .object({
    pairCode: z.string(),
    long: z.number().int().min(1),
    short: z.number().int().min(1),
    max: z.number().int(),
  })
  .meta({ id: 'FuturesLeverage' })
export type FuturesLeverage = z.infer<typeof futuresLeverageSchema>
export const futuresLeverageResponseSchema = okEnvelope(futuresLeverageSchema).meta({ id: 'FuturesLeverageResponse' })
export const futuresLeverageQuerySchema = z.object({ pairCode: pairCodeSchema }).meta({ id: 'FuturesLeverageQuery' })
export const setLeverageRequestSchema = z
  .strictObject({
    pairCode: pairCodeSchema,
    /** Both sides when absent. */
    side: z.enum(['long', 'short']).optional(),
    /** 1 up to the pair's maximum ('leverage-too-high' above it). */
    leverage: z.number().int().min(1).max(1000),
  })
  .meta({ id: 'SetLeverageRequest' })
export type SetLeverageRequest = z.infer<typeof setLeverageRequestSchema>

/** A position as the trading calls show it: the user's own, or one a copy holds (its copy named). */
export const tradingPositionSchema = positionSchema
  .extend({
    /** The copy that holds it; null for the user's own position (the one their orders trade). */
    copyId: z
      .string()
      .regex(/^[1-9]\d{0,17}$/)
      .nullable(),
    marginMode: marginModeSchema,
  })
  .meta({ id: 'TradingPosition' })
export type TradingPosition = z.infer<typeof tradingPositionSchema>
export const positionsQuerySchema = z
  .object({ biz: tradingMarketSchema.default('futures'), pairCode: pairCodeSchema.optional() })
  .meta({ id: 'PositionsQuery' })
export const positionsResponseSchema = okEnvelope(z.array(tradingPositionSchema)).meta({ id: 'PositionsResponse' })

/**
 * A futures position's take profit and stop loss, each released at its trigger (the mark by default) as a reduce-only
 * market order: of `size`, or the whole position when absent. A price replaces the one set before; null removes it.
 */
export const positionTpslRequestSchema = z
  .strictObject({
    pairCode: pairCodeSchema,
    takeProfitPrice: amount.nullable().optional(),
    stopLossPrice: amount.nullable().optional(),
    size: amount.optional(),
    triggerBy: z.enum(TRIGGER_SOURCES).optional(),
  })
  .refine((r) => r.takeProfitPrice !== undefined || r.stopLossPrice !== undefined, {
    message: 'takeProfitPrice or stopLossPrice',
    path: ['takeProfitPrice'],
  })
  .meta({ id: 'PositionTpslRequest' })
export type PositionTpslRequest = z.infer<typeof positionTpslRequestSchema>

/** Moves USDT between the futures wallet and a futures position's isolated margin. */
export const positionMarginRequestSchema = z
  .strictObject({
    pairCode: pairCodeSchema,
    /** add: from the wallet into the margin; remove: back, while the position keeps its initial margin at the mark. */
    change: z.enum(['add', 'remove']),
    amount,
  })
  .meta({ id: 'PositionMarginRequest' })
export type PositionMarginRequest = z.infer<typeof positionMarginRequestSchema>
export const positionResponseSchema = okEnvelope(tradingPositionSchema).meta({ id: 'PositionResponse' })

/**
 * A pair's futures margin mode: the mode its next position opens in. It changes only while the user is flat on the
 * pair (no position, no open order); a lead trader's positions are isolated (copies mirror a position's own margin).
 */
export const marginModeQuerySchema = z.object({ pairCode: pairCodeSchema }).meta({ id: 'MarginModeQuery' })
export const marginModeRequestSchema = z
  .strictObject({ pairCode: pairCodeSchema, marginMode: marginModeSchema })
  .meta({ id: 'MarginModeRequest' })
export type MarginModeRequest = z.infer<typeof marginModeRequestSchema>
export const marginModeResponseSchema = okEnvelope(
  z.object({ pairCode: pairCodeSchema, marginMode: marginModeSchema }),
).meta({ id: 'MarginModeResponse' })
export type MarginModeResponse = z.infer<typeof marginModeResponseSchema>

/**
 * One funding payment of a futures position (issue 28 item 5): at a funding time, what the position paid (negative) or
 * received, and the rate and mark it was paid at.
 */
export const positionFundingSchema = z
  .object({
    time: z.number().int(),
    amount: signedDecimalStringSchema,
    /** The interval's rate (positive: longs paid shorts), and the pair's mark at the time. */
    rate: signedDecimalStringSchema.nullable(),
    mark: decimalStringSchema.nullable(),
  })
  .meta({ id: 'PositionFunding' })
export type PositionFunding = z.infer<typeof positionFundingSchema>
export const positionFundingResponseSchema = okEnvelope(z.array(positionFundingSchema)).meta({
  id: 'PositionFundingResponse',
})
