/**
 * The exchange's HTTP app: Hono + zod-openapi routes, the OpenAPI 3.1 document and its reference
 * page, and one error handler that writes every refusal as the error envelope.
 */
import { OpenAPIHono } from '@hono/zod-openapi'
import { HTTPException } from 'hono/http-exception'
import type { MiddlewareHandler } from 'hono'
import { API_LIMITS } from '#/app.config.ts'
import type { ErrorReason } from '#/contract/index.ts'
import { accountRoutes } from '../accounts/accounts.routes.ts'
import { loginChangeRoutes } from '../accounts/login-change.routes.ts'
import { securityRoutes } from '../accounts/security.routes.ts'
import { activityRoutes } from '../activity/activity.routes.ts'
import { devAnalyticsRoutes } from '../analytics/analytics-dev.routes.ts'
import { analyticsRoutes } from '../analytics/analytics.routes.ts'
import { affiliateRoutes } from '../affiliate/affiliate.routes.ts'
import type { ExchangeContext } from '../context.ts'
import type { TradingEvents } from '../trading/order-engine.ts'
import type { OptionalAuthEnv } from './auth.ts'
import { copyReadRoutes } from '../copy/api/read.routes.ts'
import { copyFollowRoutes } from '../copy/api/follow.routes.ts'
import { copyLeadRoutes } from '../copy/api/lead.routes.ts'
import { whatIfRoutes } from '../copy/api/what-if.routes.ts'
import { devFaucetRoutes } from '../dev/faucet.routes.ts'
import { devInboxRoutes } from '../dev/inbox.routes.ts'
import { devHouseRoutes } from '../dev/house.routes.ts'
import { marketRoutes } from '../market/market.routes.ts'
import { favouritesRoutes } from '../market/favourites.routes.ts'
import { ticketRoutes } from '../realtime/tickets.ts'
import { profileRoutes } from '../profile/profile.routes.ts'
import { ratesRoutes } from '../wallet/rates.routes.ts'
import { walletRoutes } from '../wallet/wallet.routes.ts'
import { tradingRoutes } from '../trading/trading.routes.ts'
import { bodyReader } from './body.ts'
import { InsufficientFunds } from '../copy/book.ts'
import { ApiFailure, failureResponse, notFound } from './errors.ts'
import { htmlPage } from './html.ts'
import { referenceHtml } from './reference-page.ts'
import { validationHook } from './validation.ts'

const API_INFO = {
  title: 'Tandem reference exchange API',
  version: '1.0.0',
  description:
    'Success: `{ code, data, msg }`. Refusal: HTTP 4xx/5xx with `{ code: <status>, data, msg, reason }`. ' +
    'Paths are relative to the spot (`/spotapi`) or futures (`/futuresapi`) base.',
}

/** API answers carry personal data: never cached, never sniffed. */
const apiHeaders: MiddlewareHandler = async (c, next) => {
  await next()
  c.res.headers.set('cache-control', 'no-store')
  c.res.headers.set('x-content-type-options', 'nosniff')
  c.res.headers.set('referrer-policy', 'no-referrer')
}

const REASON_BY_STATUS: Record<number, ErrorReason> = {
  400: 'invalid-input',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  413: 'payload-too-large',
  415: 'invalid-input',
  429: 'rate-limited',
}

/**
 * What goes to the log for an unexpected error. Drizzle's query errors carry the statement's
 * parameters (accounts, hashes) in their message: the parameters are cut, the cause is kept.
 */
export function loggable(error: unknown): unknown {
  if (!(error instanceof Error)) return error
  const at = error.message.indexOf('\nparams:')
  if (at === -1) return error
  const cleaned = new Error(error.message.slice(0, at), { cause: error.cause })
  cleaned.name = error.name
  cleaned.stack = `${cleaned.name}: ${cleaned.message}`
  return cleaned
}

/**
 * A signed-in caller's write may change their money, positions or copies (a transfer, a follow, a copied position
 * closed): once it succeeded, their private state channels are read again.
 */
const accountWrites =
  (events: TradingEvents): MiddlewareHandler<OptionalAuthEnv> =>
  async (c, next) => {
    await next()
    if (c.req.method === 'GET' || c.res.status >= 400) return
    const auth = c.get('auth')
    if (auth) events.accounts([auth.user.id])
  }

export function createApp(ctx: ExchangeContext): OpenAPIHono {
  const app = new OpenAPIHono({ defaultHook: validationHook })
  app.use('*', apiHeaders)
  app.use('*', accountWrites(ctx.events))
  app.use('*', bodyReader(API_LIMITS.maxBodyBytes))

  accountRoutes(app, ctx)
  loginChangeRoutes(app, ctx)
  securityRoutes(app, ctx)
  profileRoutes(app, ctx)
  walletRoutes(app, ctx)
  tradingRoutes(app, ctx)
  ratesRoutes(app, ctx)
  activityRoutes(app, ctx)
  analyticsRoutes(app, ctx)
  affiliateRoutes(app, ctx)
  marketRoutes(app, ctx.market, ctx.books, ctx.tape, ctx)
  favouritesRoutes(app, ctx)
  // Copy trading
  copyFollowRoutes(app, ctx)
  copyLeadRoutes(app, ctx)
  copyReadRoutes(app, ctx)
  whatIfRoutes(app, ctx)
  ticketRoutes(app, ctx)

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'The session token from register or login (a `token` header is accepted too).',
  })
  // Routes are fixed once built, so the document is generated once, on first request.
  let document: ReturnType<typeof app.getOpenAPI31Document> | undefined
  const openApiDocument = () => (document ??= app.getOpenAPI31Document({ openapi: '3.1.0', info: API_INFO }))

  app.get('/openapi.json', (c) => c.json(openApiDocument()))
  app.get('/reference', () => {
    const { title, body } = referenceHtml(openApiDocument())
    return htmlPage(title, body)
  })
  // Codes kept in memory are readable there; outside production the inbox lists everyone's.
  if (ctx.inbox) devInboxRoutes(app, ctx.inbox, { listAll: ctx.devPages })
  if (ctx.sandbox) devFaucetRoutes(app, ctx)
  if (ctx.devPages) devAnalyticsRoutes(app, ctx)
  if (ctx.devPages) devHouseRoutes(app, ctx)

  app.notFound(() => failureResponse(notFound()))
  app.onError((error) => {
    if (error instanceof ApiFailure) return failureResponse(error)
    // A wallet, copy or margin the engine found short: the caller's money, told as such (never the ledger's key).
    if (error instanceof InsufficientFunds) {
      ctx.logger.error('[exchange] insufficient funds past the checks', loggable(error))
      return failureResponse(new ApiFailure(400, 'insufficient-balance'))
    }
    if (error instanceof HTTPException && error.status < 500) {
      return failureResponse(new ApiFailure(error.status, REASON_BY_STATUS[error.status] ?? 'invalid-input'))
    }
    ctx.logger.error('[exchange] unhandled error', loggable(error))
    return failureResponse(new ApiFailure(500, 'internal'))
  })
  return app
}
