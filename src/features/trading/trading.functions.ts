/**
 * The terminal's calls to the exchange (issue 19), with the session (server side): orders placed, amended and
 * cancelled; open orders, order history and fills; positions, leverage, margin mode, take profit / stop loss and
 * isolated margin; one copied position closed. Each decodes what its route declares (tests/unit/server-functions-contract). Reads answer `Loaded`, writes `Sent`, decoded through the contract.
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import {
  amendOrderRequestSchema,
  cancelAllRequestSchema,
  cancelAllResponseSchema,
  copyPositionResponseSchema,
  fillsResponseSchema,
  futuresLeverageResponseSchema,
  idSchema,
  marginModeRequestSchema,
  marginModeResponseSchema,
  orderHistoryResponseSchema,
  orderRefSchema,
  orderResponseSchema,
  ordersResponseSchema,
  pairCodeSchema,
  placeOrderRequestSchema,
  placeOrderResponseSchema,
  positionFundingResponseSchema,
  positionMarginRequestSchema,
  positionResponseSchema,
  positionsResponseSchema,
  positionTpslRequestSchema,
  setLeverageRequestSchema,
  tradingMarketSchema,
} from '#/contract/index.ts'
import { validated } from '#/lib/input-rejected.ts'
import { exchangeMiddleware } from '#/exchange-client/index.ts'
import { TRADING_PAGES } from '#/app.config.ts'

const marketQuery = z.object({ biz: tradingMarketSchema, pairCode: pairCodeSchema.optional() })
const pagedQuery = marketQuery.extend({ page: z.number().int().min(1).max(TRADING_PAGES.maxPage) })
const query = (data: { biz: string; pairCode?: string | undefined }, extra = '') =>
  `biz=${data.biz}${data.pairCode ? `&pairCode=${encodeURIComponent(data.pairCode)}` : ''}${extra}`

/** A visitor has no orders: nothing is asked of the exchange, and the view shows the sign-in prompt. */
const SIGNED_OUT = { status: 'unavailable' } as const

export const listOpenOrders = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(marketQuery))
  .handler(async ({ data, context: { exchange } }) => {
    if (!exchange.session.active) return SIGNED_OUT
    return exchange.load(`/trade/v1/orders/open?${query(data)}`, ordersResponseSchema)
  })

export const listOrderHistory = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(pagedQuery))
  .handler(async ({ data, context: { exchange } }) => {
    if (!exchange.session.active) return SIGNED_OUT
    return exchange.load(
      `/trade/v1/orders/history?${query(data, `&page=${data.page}&pageSize=${TRADING_PAGES.pageSize}`)}`,
      orderHistoryResponseSchema,
    )
  })

export const listFills = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(pagedQuery))
  .handler(async ({ data, context: { exchange } }) => {
    if (!exchange.session.active) return SIGNED_OUT
    return exchange.load(
      `/trade/v1/fills?${query(data, `&page=${data.page}&pageSize=${TRADING_PAGES.pageSize}`)}`,
      fillsResponseSchema,
    )
  })

export const listPositions = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(marketQuery))
  .handler(async ({ data, context: { exchange } }) => {
    if (!exchange.session.active) return SIGNED_OUT
    return exchange.load(`/trade/v1/positions?${query(data)}`, positionsResponseSchema)
  })

export const getLeverage = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ pairCode: pairCodeSchema })))
  .handler(async ({ data, context: { exchange } }) => {
    if (!exchange.session.active) return SIGNED_OUT
    return exchange.load(
      `/trade/v1/leverage?pairCode=${encodeURIComponent(data.pairCode)}`,
      futuresLeverageResponseSchema,
    )
  })

export const getMarginMode = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ pairCode: pairCodeSchema })))
  .handler(async ({ data, context: { exchange } }) => {
    if (!exchange.session.active) return SIGNED_OUT
    return exchange.load(
      `/trade/v1/margin-mode?pairCode=${encodeURIComponent(data.pairCode)}`,
      marginModeResponseSchema,
    )
  })

export const placeOrder = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(placeOrderRequestSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('POST', '/trade/v1/orders', placeOrderResponseSchema, data),
  )

export const amendOrder = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(amendOrderRequestSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('POST', '/trade/v1/orders/amend', orderResponseSchema, data),
  )

export const cancelOrder = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(orderRefSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('POST', '/trade/v1/orders/cancel', orderResponseSchema, data),
  )

export const cancelAllOrders = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(cancelAllRequestSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('POST', '/trade/v1/orders/cancel-all', cancelAllResponseSchema, data),
  )

export const setLeverage = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(setLeverageRequestSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('POST', '/trade/v1/leverage', futuresLeverageResponseSchema, data),
  )

export const setMarginMode = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(marginModeRequestSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('POST', '/trade/v1/margin-mode', marginModeResponseSchema, data),
  )

export const setPositionTpsl = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(positionTpslRequestSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('POST', '/trade/v1/positions/tpsl', ordersResponseSchema, data),
  )

export const changePositionMargin = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(positionMarginRequestSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('POST', '/trade/v1/positions/margin', positionResponseSchema, data),
  )

/** One copied position closed at the mark, into its copy (or, kept after a copy ended, the wallet). */
export const closeCopiedPosition = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ positionId: idSchema })))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('POST', `/copy/v1/positions/${data.positionId}/close`, copyPositionResponseSchema, undefined),
  )

/** A futures position's funding payments, newest first (not found: not the caller's). */
export const listPositionFunding = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .validator(validated(z.object({ positionId: idSchema })))
  .handler(async ({ data, context: { exchange } }) => {
    if (!exchange.session.active) return SIGNED_OUT
    return exchange.load(`/trade/v1/positions/${data.positionId}/funding`, positionFundingResponseSchema)
  })
