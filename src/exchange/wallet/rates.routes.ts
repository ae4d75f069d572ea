/**
 * Fiat rates for the pricing-currency display (§3). The reference exchange quotes fixed demo rates;
 * a real deployment feeds this call from its rate provider.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { fiatRatesResponseSchema, type FiatRatesResponse } from '#/contract/index.ts'
import type { ExchangeContext } from '../context.ts'
import { COMMON_REFUSALS, okJson } from '../http/openapi.ts'

export const DEMO_FIAT_RATES: Readonly<Record<string, string>> = {
  USD: '1',
  EUR: '0.92',
  CNY: '7.1',
  TWD: '31.5',
  KRW: '1350',
  VND: '25400',
  TRY: '34.2',
  RUB: '92.5',
  UAH: '41.2',
  JPY: '151.3',
  GBP: '0.79',
  AED: '3.6725',
  INR: '83.4',
  BRL: '5.05',
}

export function ratesRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  const route = createRoute({
    method: 'get',
    path: '/open/fiat/rates',
    tags: ['Public'],
    summary: 'Fiat rates of one USDT',
    description: 'How much of each pricing currency one USDT buys, as exact decimal strings.',
    responses: { 200: okJson(fiatRatesResponseSchema, 'The rates'), 500: COMMON_REFUSALS[500] },
  })
  app.openapi(route, (c) => {
    const body: FiatRatesResponse = {
      code: 0,
      data: { base: 'USDT', rates: { ...DEMO_FIAT_RATES }, updatedAt: ctx.now().toISOString() },
      msg: 'ok',
    }
    return c.json(body, 200)
  })
}
