/** The wallet call of §7 (answers code 200, not 0). */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import {
  walletAccountRequestSchema,
  walletAccountResponseSchema,
  type WalletAccountResponse,
} from '#/contract/index.ts'
import type { ExchangeContext } from '../context.ts'
import { requireAuth } from '../http/auth.ts'
import { AUTH_REFUSALS, BEARER, jsonBody, okJson } from '../http/openapi.ts'
import { walletAccount } from './wallet.service.ts'
import { marksOf } from '../copy/marks.ts'

export function walletRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  const route = createRoute({
    method: 'post',
    path: '/asset/v1/api/wallet/account',
    tags: ['Wallet'],
    summary: 'Balances of wallet types',
    description:
      'Balances as exact decimal strings, each valued in USDT. Wallet type 3 is EXCHANGE: when it is asked for, inUse lists its money ' +
      'working elsewhere at the marks (the open positions it funds, each live copy account with its positions). totalAssetUsdt is the ' +
      'exact sum of the listed values and inUse, so money moved into a copy or held as margin stays in the total.',
    security: BEARER,
    middleware: requireAuth(ctx),
    request: { body: jsonBody(walletAccountRequestSchema) },
    responses: { 200: okJson(walletAccountResponseSchema, 'The balances'), ...AUTH_REFUSALS },
  })

  app.openapi(route, async (c) => {
    const data = await walletAccount(
      ctx.db,
      c.get('auth').user.id,
      c.req.valid('json').walletTypeList,
      marksOf(ctx.market),
    )
    const body: WalletAccountResponse = { code: 200, data, msg: 'ok' }
    return c.json(body, 200)
  })
}
