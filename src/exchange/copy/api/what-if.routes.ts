/** The "what-if" call: a leader's recorded trades replayed against settings the caller is considering. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { and, eq, ne } from 'drizzle-orm'
import { WHAT_IF } from '#/app.config.ts'
import { leaderPathSchema, whatIfRequestSchema, whatIfResponseSchema } from '#/contract/index.ts'
import { clientIp } from '#/exchange/accounts/rate-limits.ts'
import type { ExchangeContext } from '#/exchange/context.ts'
import { leaders } from '#/exchange/db/copy-schema.ts'
import { notFound } from '#/exchange/http/errors.ts'
import { COMMON_REFUSALS, jsonBody, ok, okJson, REFUSALS } from '#/exchange/http/openapi.ts'
import { Exact, toPlain } from '#/exchange/money.ts'
import { q } from '../position-math.ts'
import { UNKNOWN_LEADER } from './follow-docs.ts'
import { assertSettings } from './follow-settings.ts'
import { ratioString } from './wire.ts'

export function whatIfRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  const route = createRoute({
    method: 'post',
    path: '/copy/v1/leaders/{leaderId}/what-if',
    tags: ['Copy trading'],
    summary: 'What copying this leader would have returned',
    description:
      "Replays the leader's recorded trades of the period against the given settings and investment with the engine's own rules: sizing and caps, " +
      'hourly marks (take profit, stop loss, copy stop loss, liquidation), taker fees, funding every 8 hours and profit share every Monday. ' +
      'Trades on positions the leader opened before the period are not copied. Nothing is stored. ' +
      'The trades replayed end at the start of the current engine hour (that replay is kept for the hour); on every answer, cached or not, ' +
      'what the copy still holds is valued at the current marks: the last point of the equity series is now, and PnL, ROI and drawdown include it. ' +
      `At most ${WHAT_IF.replaysPerAddress} replays at once from one address, and a bounded queue over all: past either, 429 with Retry-After.`,
    request: { params: leaderPathSchema, body: jsonBody(whatIfRequestSchema) },
    responses: {
      200: okJson(whatIfResponseSchema, 'The replayed result'),
      ...COMMON_REFUSALS,
      404: UNKNOWN_LEADER,
      429: REFUSALS[429],
    },
  })

  app.openapi(route, async (c) => {
    const { leaderId } = c.req.valid('param')
    const body = c.req.valid('json')
    assertSettings(body, body.investment)
    const [leader] = await ctx.db
      .select()
      .from(leaders)
      .where(and(eq(leaders.userId, Number(leaderId)), ne(leaders.status, 'cancelled')))
    if (!leader) throw notFound()
    const answer = await ctx.whatIf.answer({
      leader: {
        userId: leader.userId,
        biz: leader.biz,
        profitShareRate: leader.profitShareRate,
        instruments: leader.instruments,
      },
      request: body,
      clientIp: clientIp(c.req.raw.headers),
    })
    return c.json(
      ok({
        period: body.period,
        investment: toPlain(new Exact(body.investment)),
        pnl: toPlain(q(new Exact(answer.pnl))),
        roi: ratioString(new Exact(answer.roi)),
        maxDrawdown: ratioString(new Exact(answer.maxDrawdown)),
        fees: toPlain(new Exact(answer.fees)),
        profitShare: toPlain(new Exact(answer.profitShare)),
        copied: answer.copied,
        skipped: answer.skipped,
        equity: answer.equity.map((e) => ({ time: e.time, equity: toPlain(q(new Exact(e.equity))) })),
      }),
      200,
    )
  })
}
