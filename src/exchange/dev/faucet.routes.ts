/**
 * The sandbox's faucet: test USDT for the signed-in user, deposited through the ledger like any
 * deposit — so a fresh account can follow a trader. Served when the exchange is a sandbox
 * (SANDBOX, the default, production included), never on a real deployment.
 */
import type { OpenAPIHono } from '@hono/zod-openapi'
import { DEV } from '#/app.config.ts'
import type { ExchangeContext } from '../context.ts'
import { deposit } from '../copy/engine.ts'
import { marksOf } from '../copy/marks.ts'
import { requireAuth } from '../http/auth.ts'
import { Money } from '../money.ts'

export function devFaucetRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  app.post('/dev/faucet', requireAuth(ctx), async (c) => {
    const userId = c.get('auth').user.id
    await ctx.db.transaction((tx) =>
      deposit(tx, userId, 'USDT', new Money(DEV.faucetUsdt), ctx.now(), marksOf(ctx.market)),
    )
    return c.json({ code: 0, data: { coin: 'USDT', amount: DEV.faucetUsdt }, msg: 'ok' })
  })
}
