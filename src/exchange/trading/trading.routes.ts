/**
 * The trading calls, one set for both markets (`biz` in the body or query): place, amend, cancel one, cancel all, open
 * orders, order history and fills. Spot is open; futures orders come with the futures engine. Placing, amending and
 * cancelling are limited per user (TRADING.requestsPerSecondPerUser).
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import {
  amendOrderRequestSchema,
  apiErrorSchema,
  cancelAllRequestSchema,
  cancelAllResponseSchema,
  fillsResponseSchema,
  openOrdersQuerySchema,
  orderHistoryResponseSchema,
  orderRefSchema,
  orderResponseSchema,
  ordersResponseSchema,
  placeOrderRequestSchema,
  placeOrderResponseSchema,
  positionsQuerySchema,
  positionFundingResponseSchema,
  positionPathSchema,
  positionTpslRequestSchema,
  positionMarginRequestSchema,
  positionResponseSchema,
  positionsResponseSchema,
  futuresLeverageQuerySchema,
  marginModeQuerySchema,
  marginModeRequestSchema,
  marginModeResponseSchema,
  futuresLeverageResponseSchema,
  setLeverageRequestSchema,
  tradingHistoryQuerySchema,
} from '#/contract/index.ts'
import { consumeOrRefuse } from '../accounts/rate-limits.ts'
import type { ExchangeContext } from '../context.ts'
import { requireAuth } from '../http/auth.ts'
import { AUTH_REFUSALS, BEARER, jsonBody, ok, okJson, refusal, REFUSALS } from '../http/openapi.ts'
import { ApiFailure } from '../http/errors.ts'
import { positionFunding } from './position-funding.ts'
import { fillHistory, openOrders, openPositions, orderHistory } from './orders-read.ts'
import { leverageSettings, marginModeSetting, setMarginMode } from './leverage.service.ts'

const tags = ['Trading']
const NO_SUCH_ORDER = {
  description: "'not-found': no such order of the caller's",
  content: { 'application/json': { schema: apiErrorSchema } },
}
const WRITE_REFUSALS = { ...AUTH_REFUSALS, 409: REFUSALS[409], 429: REFUSALS[429] }
const PLACE_REASONS =
  "'insufficient-balance', 'tick-size', 'lot-size', 'min-notional', 'max-notional', 'price-band', " +
  "'would-trigger-immediately', 'post-only-would-take', 'fok-not-filled', 'no-liquidity', 'too-many-orders'"

export function tradingRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  const auth = requireAuth(ctx)
  const limited = async (userId: number) => consumeOrRefuse(ctx.limiters.tradingByUser, String(userId))

  const place = createRoute({
    method: 'post',
    path: '/trade/v1/orders',
    tags,
    summary: 'Place an order',
    description:
      'A limit (GTC, IOC, FOK, POST_ONLY), market, stop-limit or stop-market order. Limit orders rest in price-time ' +
      'priority; a market order walks the book (its fills show the slippage). A buy freezes USDT (limit price × size, ' +
      'or the quote it may spend), a sell the base; fees are charged in the coin received (maker and taker rates). ' +
      'A stop buy is released when the price rises to its trigger, a stop sell when it falls to it. The same ' +
      `clientOrderId placed again answers that order with replayed: true. Refusals (400): ${PLACE_REASONS}.`,
    security: BEARER,
    middleware: auth,
    request: { body: jsonBody(placeOrderRequestSchema) },
    responses: { 200: okJson(placeOrderResponseSchema, 'The order and its fills'), ...WRITE_REFUSALS },
  })
  app.openapi(place, async (c) => {
    const userId = c.get('auth').user.id
    await limited(userId)
    return c.json(ok(await ctx.trading.place(userId, c.req.valid('json'))), 200)
  })

  const amend = createRoute({
    method: 'post',
    path: '/trade/v1/orders/amend',
    tags,
    summary: 'Amend a resting limit order',
    description:
      'A new price (to the back of its new level) or whole size (larger: to the back; smaller: keeps its place). A ' +
      "price that would trade at once is refused ('amend-would-take'); more size needs the funds ('insufficient-balance'); " +
      "an order no longer open answers 409 'order-not-open'.",
    security: BEARER,
    middleware: auth,
    request: { body: jsonBody(amendOrderRequestSchema) },
    responses: { 200: okJson(orderResponseSchema, 'The order as amended'), 404: NO_SUCH_ORDER, ...WRITE_REFUSALS },
  })
  app.openapi(amend, async (c) => {
    const userId = c.get('auth').user.id
    await limited(userId)
    return c.json(ok(await ctx.trading.amend(userId, c.req.valid('json'))), 200)
  })

  const cancel = createRoute({
    method: 'post',
    path: '/trade/v1/orders/cancel',
    tags,
    summary: 'Cancel an order',
    description:
      "By orderId or clientOrderId; what it held frozen returns to available. An order no longer open answers 409 'order-not-open'.",
    security: BEARER,
    middleware: auth,
    request: { body: jsonBody(orderRefSchema) },
    responses: { 200: okJson(orderResponseSchema, 'The cancelled order'), 404: NO_SUCH_ORDER, ...WRITE_REFUSALS },
  })
  app.openapi(cancel, async (c) => {
    const userId = c.get('auth').user.id
    await limited(userId)
    return c.json(ok(await ctx.trading.cancel(userId, c.req.valid('json'))), 200)
  })

  const cancelAll = createRoute({
    method: 'post',
    path: '/trade/v1/orders/cancel-all',
    tags,
    summary: 'Cancel every open order',
    description: 'Of one pair, or of every pair of the market; answers the orders cancelled.',
    security: BEARER,
    middleware: auth,
    request: { body: jsonBody(cancelAllRequestSchema) },
    responses: { 200: okJson(cancelAllResponseSchema, 'The cancelled orders'), ...WRITE_REFUSALS },
  })
  app.openapi(cancelAll, async (c) => {
    const userId = c.get('auth').user.id
    await limited(userId)
    const { biz, pairCode } = c.req.valid('json')
    return c.json(ok({ cancelled: await ctx.trading.cancelAll(userId, biz, pairCode) }), 200)
  })

  const open = createRoute({
    method: 'get',
    path: '/trade/v1/orders/open',
    tags,
    summary: 'Open orders',
    description: 'Resting and untriggered orders of the market (or one pair), newest first.',
    security: BEARER,
    middleware: auth,
    request: { query: openOrdersQuerySchema },
    responses: { 200: okJson(ordersResponseSchema, 'The open orders'), ...AUTH_REFUSALS },
  })
  app.openapi(open, async (c) => {
    const { biz, pairCode } = c.req.valid('query')
    return c.json(ok(await openOrders(ctx.db, c.get('auth').user.id, biz, pairCode)), 200)
  })

  const history = createRoute({
    method: 'get',
    path: '/trade/v1/orders/history',
    tags,
    summary: 'Order history',
    description: 'Every order of the market (or one pair), open and ended, newest first; paged.',
    security: BEARER,
    middleware: auth,
    request: { query: tradingHistoryQuerySchema },
    responses: { 200: okJson(orderHistoryResponseSchema, 'A page of orders'), ...AUTH_REFUSALS },
  })
  app.openapi(history, async (c) =>
    c.json(ok(await orderHistory(ctx.db, c.get('auth').user.id, c.req.valid('query'))), 200),
  )

  const fillList = createRoute({
    method: 'get',
    path: '/trade/v1/fills',
    tags,
    summary: 'Fills',
    description: 'Every fill of the caller’s orders in the market (or one pair), newest first; paged.',
    security: BEARER,
    middleware: auth,
    request: { query: tradingHistoryQuerySchema },
    responses: { 200: okJson(fillsResponseSchema, 'A page of fills'), ...AUTH_REFUSALS },
  })
  app.openapi(fillList, async (c) =>
    c.json(ok(await fillHistory(ctx.db, c.get('auth').user.id, c.req.valid('query'))), 200),
  )

  const leverageRead = createRoute({
    method: 'get',
    path: '/trade/v1/leverage',
    tags,
    summary: 'Futures leverage of a pair',
    description:
      'The leverage a futures order that opens each side takes (a buy opens long, a sell short): the last one chosen, ' +
      'else 10. An open position keeps the leverage it was opened with.',
    security: BEARER,
    middleware: auth,
    request: { query: futuresLeverageQuerySchema },
    responses: { 200: okJson(futuresLeverageResponseSchema, 'The leverage per side'), ...AUTH_REFUSALS },
  })
  app.openapi(leverageRead, async (c) =>
    c.json(ok(await leverageSettings(ctx, c.get('auth').user.id, c.req.valid('query').pairCode)), 200),
  )

  const leverageWrite = createRoute({
    method: 'post',
    path: '/trade/v1/leverage',
    tags,
    summary: 'Choose the futures leverage of a pair',
    description:
      "For one side or both; 1 up to the pair's maximum, else 400 'leverage-too-high'. The position of a side it " +
      'applies to takes the initial margin of the new leverage from the wallet when it needs more, and the open ' +
      "orders that open that side hold at it; 400 'insufficient-margin' (nothing changed) when the wallet cannot pay.",
    security: BEARER,
    middleware: auth,
    request: { body: jsonBody(setLeverageRequestSchema) },
    responses: { 200: okJson(futuresLeverageResponseSchema, 'The leverage per side'), ...WRITE_REFUSALS },
  })
  app.openapi(leverageWrite, async (c) => {
    const userId = c.get('auth').user.id
    await limited(userId)
    const request = c.req.valid('json')
    await ctx.trading.setLeverage(userId, request)
    return c.json(ok(await leverageSettings(ctx, userId, request.pairCode)), 200)
  })

  const marginModeRead = createRoute({
    method: 'get',
    path: '/trade/v1/margin-mode',
    tags,
    summary: 'Futures margin mode of a pair',
    description:
      'The mode the next position of the pair opens in: isolated (the position can lose its margin, no more) or cross ' +
      '(the futures wallet’s available balance and the other cross positions back it; liquidated together when the ' +
      'account’s equity falls to their maintenance margin). Isolated until chosen.',
    security: BEARER,
    middleware: auth,
    request: { query: marginModeQuerySchema },
    responses: { 200: okJson(marginModeResponseSchema, 'The margin mode'), ...AUTH_REFUSALS },
  })
  app.openapi(marginModeRead, async (c) =>
    c.json(ok(await marginModeSetting(ctx, c.get('auth').user.id, c.req.valid('query').pairCode)), 200),
  )

  const marginModeWrite = createRoute({
    method: 'post',
    path: '/trade/v1/margin-mode',
    tags,
    summary: 'Choose the futures margin mode of a pair',
    description:
      "Only while flat on the pair: with a position or an open order, 400 'not-flat'. A lead trader trades isolated " +
      "(cross: 400 'margin-mode').",
    security: BEARER,
    middleware: auth,
    request: { body: jsonBody(marginModeRequestSchema) },
    responses: { 200: okJson(marginModeResponseSchema, 'The margin mode'), ...WRITE_REFUSALS },
  })
  app.openapi(marginModeWrite, async (c) => {
    const userId = c.get('auth').user.id
    await limited(userId)
    return c.json(ok(await setMarginMode(ctx, userId, c.req.valid('json'))), 200)
  })

  const positionList = createRoute({
    method: 'get',
    path: '/trade/v1/positions',
    tags,
    summary: 'Open positions',
    description:
      'The caller’s open positions of the market (or one pair) at the mark: their own (copyId null, the one their ' +
      'orders trade, with its liquidation price) and those their copies hold (copyId named).',
    security: BEARER,
    middleware: auth,
    request: { query: positionsQuerySchema },
    responses: { 200: okJson(positionsResponseSchema, 'The open positions'), ...AUTH_REFUSALS },
  })
  app.openapi(positionList, async (c) => {
    const { biz, pairCode } = c.req.valid('query')
    return c.json(ok(await openPositions(ctx, c.get('auth').user.id, biz, pairCode)), 200)
  })

  const tpsl = createRoute({
    method: 'post',
    path: '/trade/v1/positions/tpsl',
    tags,
    summary: 'Take profit and stop loss of a futures position',
    description:
      'Each a reduce-only market order released when the mark (or the last price) reaches it: of `size`, or the whole ' +
      'position. A price replaces the one set before, null removes it. One on the wrong side of the price is refused ' +
      "('would-trigger-immediately'); without an open position, 'reduce-only-would-increase'.",
    security: BEARER,
    middleware: auth,
    request: { body: jsonBody(positionTpslRequestSchema) },
    responses: { 200: okJson(ordersResponseSchema, 'The take-profit and stop-loss orders set'), ...WRITE_REFUSALS },
  })
  app.openapi(tpsl, async (c) => {
    const userId = c.get('auth').user.id
    await limited(userId)
    return c.json(ok(await ctx.trading.setPositionTpsl(userId, c.req.valid('json'))), 200)
  })

  const funding = createRoute({
    method: 'get',
    path: '/trade/v1/positions/{positionId}/funding',
    tags,
    summary: 'Funding payments of a futures position',
    description:
      'Each funding time the position was open at, newest first: what it paid (negative) or received, from its margin ' +
      '(and, for the caller’s own cross position, their futures wallet), with the rate and mark of that time.',
    security: BEARER,
    middleware: auth,
    request: { params: positionPathSchema },
    responses: {
      200: okJson(positionFundingResponseSchema, 'The payments'),
      ...AUTH_REFUSALS,
      404: refusal("'not-found': not a futures position of the caller"),
    },
  })
  app.openapi(funding, async (c) => {
    const payments = await positionFunding(ctx.db, c.get('auth').user.id, Number(c.req.valid('param').positionId))
    if (!payments) throw new ApiFailure(404, 'not-found')
    return c.json(ok(payments), 200)
  })

  const margin = createRoute({
    method: 'post',
    path: '/trade/v1/positions/margin',
    tags,
    summary: 'Add or remove isolated margin',
    description:
      'Moves USDT between the futures wallet and the margin of the caller’s own futures position of a pair; its ' +
      'liquidation price moves with it. Removing keeps the initial margin at the mark (size × mark ÷ leverage, plus an ' +
      "unrealized loss): more is refused with 'insufficient-balance', as is adding more than the wallet has.",
    security: BEARER,
    middleware: auth,
    request: { body: jsonBody(positionMarginRequestSchema) },
    responses: { 200: okJson(positionResponseSchema, 'The position after the change'), ...WRITE_REFUSALS },
  })
  app.openapi(margin, async (c) => {
    const userId = c.get('auth').user.id
    await limited(userId)
    return c.json(ok(await ctx.trading.changeMargin(userId, c.req.valid('json'))), 200)
  })
}
