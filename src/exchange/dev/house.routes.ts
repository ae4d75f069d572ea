/**
 * The house's statement (trading/house.ts) as JSON for developers (devPages only): what the market maker's account holds
 * at the marks, what it was funded with, and what it made.
 */
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { ExchangeContext } from '../context.ts'
import { marksOf } from '../copy/marks.ts'
import { toPlain } from '../money.ts'
import { houseStatement } from '../trading/house.ts'

export function devHouseRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  app.get('/dev/house.json', async (c) => {
    const s = await houseStatement(ctx.db, marksOf(ctx.market))
    return c.json({
      code: 0,
      data: {
        userId: String(s.userId),
        futures: {
          wallet: toPlain(s.futures.wallet),
          margin: toPlain(s.futures.margin),
          unrealizedPnl: toPlain(s.futures.unrealizedPnl),
          equity: toPlain(s.futures.equity),
        },
        spot: {
          coins: s.spot.coins.map((c) => ({ coin: c.coin, amount: toPlain(c.amount), worth: toPlain(c.worth) })),
          equity: toPlain(s.spot.equity),
        },
        equity: toPlain(s.equity),
        funded: toPlain(s.funded),
        pnl: toPlain(s.pnl),
        realizedPnl: toPlain(s.realizedPnl),
        fees: toPlain(s.fees),
        funding: toPlain(s.funding),
      },
      msg: 'ok',
    })
  })
}
