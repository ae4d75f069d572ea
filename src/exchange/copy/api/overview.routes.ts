/** Public reads of copy trading's landing page: the platform overview and the on-chain wallets. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import {
  apiErrorSchema,
  chainWalletDetailResponseSchema,
  chainWalletListQuerySchema,
  chainWalletPageResponseSchema,
  chainWalletPathSchema,
  copyOverviewResponseSchema,
  overviewQuerySchema,
} from '#/contract/index.ts'
import type { ExchangeContext } from '#/exchange/context.ts'
import { marksOf } from '../marks.ts'
import { COMMON_REFUSALS, ok, okJson } from '#/exchange/http/openapi.ts'
import { chainWalletDetail, copyOverview, listChainWallets } from './overview.service.ts'

const tags = ['Copy trading']
const REFUSALS = { 400: COMMON_REFUSALS[400], 500: COMMON_REFUSALS[500] } as const
const UNKNOWN_WALLET = {
  description: "'not-found': no such wallet on that chain",
  content: { 'application/json': { schema: apiErrorSchema } },
}

const overviewRoute = createRoute({
  method: 'get',
  path: '/copy/v1/overview',
  tags,
  summary: 'Copy trading at a glance',
  description:
    'Platform figures: open and paused lead traders, users copying now, the realized PnL of every copy (net of fees and funding) and the USDT in active copies. ' +
    'Top 5 lead traders of the market (`biz`, default futures) per category on 30-day statistics: highest ROI, best copier PnL, largest AUM, ' +
    'steadiest (lowest maximum drawdown among leaders with at least 5 trades in 30 days) and newest.',
  request: { query: overviewQuerySchema },
  responses: { 200: okJson(copyOverviewResponseSchema, 'The overview'), ...REFUSALS },
})

const walletsRoute = createRoute({
  method: 'get',
  path: '/copy/v1/chain-wallets',
  tags,
  summary: 'On-chain smart-money wallets',
  description:
    "Wallets users can copy: chain, address and label with the wallet's 30-day statistics and sparkline. Sorted like the leader list (default roi).",
  request: { query: chainWalletListQuerySchema },
  responses: { 200: okJson(chainWalletPageResponseSchema, 'A page of wallets'), ...REFUSALS },
})

const walletRoute = createRoute({
  method: 'get',
  path: '/copy/v1/chain-wallets/{chain}/{address}',
  tags,
  summary: 'An on-chain wallet',
  description:
    'The wallet with its 30-day card, its statistics of every period (7d, 30d, 90d, all) and its newest 50 trades, open ones at the current mark.',
  request: { params: chainWalletPathSchema },
  responses: { 200: okJson(chainWalletDetailResponseSchema, 'The wallet'), 404: UNKNOWN_WALLET, ...REFUSALS },
})

export function overviewRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  app.openapi(overviewRoute, async (c) =>
    c.json(ok(await copyOverview(ctx.db, ctx.now(), marksOf(ctx.market), c.req.valid('query').biz)), 200),
  )

  app.openapi(walletsRoute, async (c) =>
    c.json(ok(await listChainWallets(ctx.db, ctx.now(), marksOf(ctx.market), c.req.valid('query'))), 200),
  )

  app.openapi(walletRoute, async (c) => {
    const { chain, address } = c.req.valid('param')
    return c.json(ok(await chainWalletDetail(ctx.db, ctx.now(), ctx.market, ctx.rules, chain, address)), 200)
  })
}
