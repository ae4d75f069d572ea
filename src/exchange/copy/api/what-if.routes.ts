/** The "what-if" call: a leader's recorded trades replayed against settings the caller is considering. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { and, eq, ne } from 'drizzle-orm'
import { COPY } from '../../../../app.config.ts'
import { leaderPathSchema, whatIfRequestSchema, whatIfResponseSchema } from '../../../contract/index.ts'
import type { ExchangeContext } from '../../context.ts'
import { leaders } from '../../db/copy-schema.ts'
import { notFound } from '../../http/errors.ts'
import { COMMON_REFUSALS, jsonBody, ok, okJson } from '../../http/openapi.ts'
import { Exact, Money, toPlain } from '../../money.ts'
import { q } from '../position-math.ts'
import { whatIf } from '../what-if.ts'
import { UNKNOWN_LEADER } from './follow-docs.ts'
import { assertSettings } from './follow-settings.ts'
import { ratioString } from './wire.ts'

const optional = (value: string | null) => (value === null ? null : new Exact(value))

export function whatIfRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  const route = createRoute({
    method: 'post',
    path: '/copy/v1/leaders/{leaderId}/what-if',
    tags: ['Copy trading'],
    summary: 'What copying this leader would have returned',
    description:
      "Replays the leader's recorded trades of the period against the given settings and investment with the engine's own rules: sizing and caps, " +
      'hourly marks (take profit, stop loss, copy stop loss, liquidation), taker fees, funding every 8 hours and profit share every Monday. ' +
      'Trades on positions the leader opened before the period are not copied. Nothing is stored.',
    request: { params: leaderPathSchema, body: jsonBody(whatIfRequestSchema) },
    responses: { 200: okJson(whatIfResponseSchema, 'The replayed result'), ...COMMON_REFUSALS, 404: UNKNOWN_LEADER },
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
    const investment = new Exact(body.investment)
    const result = await whatIf(ctx.db, ctx.market, ctx.rules, {
      leaderId: leader.userId,
      biz: leader.biz,
      rate: new Money(leader.profitShareRate),
      allowedInstruments: leader.instruments,
      settings: {
        mode: body.mode,
        fixedAmount: optional(body.fixedAmount),
        ratio: optional(body.ratio),
        maxPerOrder: optional(body.maxPerOrder),
        leverageMode: body.leverageMode,
        fixedLeverage: body.fixedLeverage,
        takeProfitRatio: optional(body.takeProfitRatio),
        stopLossRatio: optional(body.stopLossRatio),
        copyStopLossRatio: optional(body.copyStopLossRatio),
      },
      investment,
      days: COPY.periods[body.period],
      now: ctx.now(),
    })
    return c.json(
      ok({
        period: body.period,
        investment: toPlain(investment),
        pnl: toPlain(q(result.pnl)),
        roi: ratioString(result.roi),
        maxDrawdown: ratioString(result.maxDrawdown),
        fees: toPlain(result.fees),
        profitShare: toPlain(result.profitShare),
        copied: result.copied,
        skipped: result.skipped,
        equity: result.equity.map((e) => ({ time: e.time, equity: toPlain(q(e.equity)) })),
      }),
      200,
    )
  })
}
