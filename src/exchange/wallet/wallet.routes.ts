/** The wallet calls: balances (§7, answers code 200, not 0) and a wallet's movements. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import {
  walletHistoryQuerySchema,
  walletHistoryResponseSchema,
  walletAccountRequestSchema,
  walletAccountResponseSchema,
  walletTransferRequestSchema,
  walletTransferResponseSchema,
  walletTypesOf,
  type WalletAccountResponse,
} from '#/contract/index.ts'
import type { ExchangeContext } from '../context.ts'
import { requireAuth } from '../http/auth.ts'
import { consumeOrRefuse } from '../accounts/rate-limits.ts'
import { AUTH_REFUSALS, BEARER, jsonBody, ok, okJson, REFUSALS } from '../http/openapi.ts'
import { transferBetweenWallets } from './transfer.service.ts'
import { walletAccount } from './wallet.service.ts'
import { walletHistory } from './wallet-history.service.ts'
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
      walletTypesOf(c.req.valid('json')),
      marksOf(ctx.market),
    )
    const body: WalletAccountResponse = { code: 200, data, msg: 'ok' }
    return c.json(body, 200)
  })

  const historyRoute = createRoute({
    method: 'get',
    path: '/asset/v1/api/wallet/history',
    tags: ['Wallet'],
    summary: 'Movements of a wallet',
    description:
      'Every movement into (+) or out of (−) the caller’s wallet of one type (default 3, EXCHANGE), of every coin or one, ' +
      'newest first: deposits, withdrawals, money moved into and out of copies, profit share received, margin set aside and ' +
      'released by the caller’s own positions, and their trading fees. Optionally of one kind; paged (pageSize 1-100).',
    security: BEARER,
    middleware: requireAuth(ctx),
    request: { query: walletHistoryQuerySchema },
    responses: { 200: okJson(walletHistoryResponseSchema, 'The movements'), ...AUTH_REFUSALS },
  })

  const transferRoute = createRoute({
    method: 'post',
    path: '/asset/v1/api/wallet/transfer',
    tags: ['Wallet'],
    summary: 'Move money between own wallets',
    description:
      'From spot (1) to the futures wallet (3) or back, instantly and exactly. Only available money moves (what orders ' +
      "hold frozen and positions hold as margin stays), else 400 'insufficient-balance'. The same clientTransferId " +
      'sent again moves nothing and answers replayed: true.',
    security: BEARER,
    middleware: requireAuth(ctx),
    request: { body: jsonBody(walletTransferRequestSchema) },
    responses: { 200: okJson(walletTransferResponseSchema, 'The transfer'), ...AUTH_REFUSALS, 429: REFUSALS[429] },
  })

  app.openapi(transferRoute, async (c) => {
    const userId = c.get('auth').user.id
    await consumeOrRefuse(ctx.limiters.tradingByUser, String(userId))
    const done = await transferBetweenWallets(ctx.db, userId, c.req.valid('json'), ctx.now(), marksOf(ctx.market))
    ctx.events.accounts([userId])
    return c.json(ok(done), 200)
  })

  app.openapi(historyRoute, async (c) =>
    c.json(ok(await walletHistory(ctx.db, c.get('auth').user.id, c.req.valid('query'))), 200),
  )
}
