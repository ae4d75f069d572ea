/** KOL (affiliate) applications of the signed-in user. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import {
  affiliateApplicationRequestSchema,
  affiliateApplicationResponseSchema,
  myAffiliateApplicationResponseSchema,
} from '#/contract/index.ts'
import type { ExchangeContext } from '../context.ts'
import { requireAuth } from '../http/auth.ts'
import { AUTH_REFUSALS, BEARER, jsonBody, ok, okJson, REFUSALS } from '../http/openapi.ts'
import { latestApplication, submitApplication } from './affiliate.service.ts'

const tags = ['Affiliate']

export function affiliateRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  const middleware = requireAuth(ctx)

  const submitRoute = createRoute({
    method: 'post',
    path: '/v2/affiliate/applications',
    tags,
    summary: 'Apply to the affiliate (KOL) programme',
    description: "One open application (submitted or under review) per user; another answers 409 'forbidden'.",
    security: BEARER,
    middleware,
    request: { body: jsonBody(affiliateApplicationRequestSchema) },
    responses: {
      200: okJson(affiliateApplicationResponseSchema, 'The stored application'),
      ...AUTH_REFUSALS,
      409: REFUSALS[409],
    },
  })

  const mineRoute = createRoute({
    method: 'get',
    path: '/v2/affiliate/applications/me',
    tags,
    summary: 'My latest application',
    description: 'null when the user never applied.',
    security: BEARER,
    middleware,
    responses: {
      200: okJson(myAffiliateApplicationResponseSchema, 'The latest application or null'),
      ...AUTH_REFUSALS,
    },
  })

  app.openapi(submitRoute, async (c) => {
    const application = await submitApplication(ctx.db, c.get('auth').user.id, c.req.valid('json'), ctx.now())
    return c.json(ok(application), 200)
  })

  app.openapi(mineRoute, async (c) => {
    return c.json(ok(await latestApplication(ctx.db, c.get('auth').user.id)), 200)
  })
}
