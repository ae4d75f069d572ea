/**
 * The analytics receiver (§7 analytics batches): the SDK posts up to 50 events at a time; each is
 * stored once per id, so a batch resent after a lost answer is not counted twice.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { ANALYTICS } from '#/app.config.ts'
import { analyticsBatchResponseSchema, analyticsBatchSchema } from '#/contract/analytics.schemas.ts'
import type { ExchangeContext } from '../context.ts'
import { clientIp, consumeOrRefuse } from '../accounts/rate-limits.ts'
import { COMMON_REFUSALS, jsonBody, ok, okJson, REFUSALS } from '../http/openapi.ts'
import { storeBatch } from './analytics.service.ts'

const batchRoute = createRoute({
  method: 'post',
  path: ANALYTICS.receiverPath,
  tags: ['Public'],
  summary: 'Receive an analytics batch',
  description:
    `Up to ${ANALYTICS.maxEventsPerSend} events, each with a client-made UUID; an id already stored is skipped, ` +
    'so a resent batch adds nothing. `dropped` reports events the SDK had to drop (its queue was full), once per report id. ' +
    'Answers how many events were new. Also accepted from `navigator.sendBeacon` (a JSON blob). ' +
    `At most ${ANALYTICS.receiverBatchesPerMinutePerIp} batches a minute from one address (429 with Retry-After past it).`,
  request: { body: jsonBody(analyticsBatchSchema) },
  responses: { 200: okJson(analyticsBatchResponseSchema, 'Stored'), ...COMMON_REFUSALS, 429: REFUSALS[429] },
})

export function analyticsRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  app.openapi(batchRoute, async (c) => {
    await consumeOrRefuse(ctx.limiters.analyticsByIp, clientIp(c.req.raw.headers))
    const result = await storeBatch(ctx.db, c.req.valid('json'), ctx.now())
    return c.json(ok(result), 200)
  })
}
