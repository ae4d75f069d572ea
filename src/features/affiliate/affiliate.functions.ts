/** The signed-in user's KOL application: read and submitted with the session (server side). */
import { createServerFn } from '@tanstack/react-start'
import {
  affiliateApplicationResponseSchema,
  myAffiliateApplicationResponseSchema,
  type AffiliateApplication,
} from '#/contract/index.ts'
import { exchangeMiddleware, type Loaded } from '#/exchange-client/index.ts'
import { validated } from '#/lib/input-rejected.ts'
import { affiliateProgram } from './affiliate-program.ts'
import { applicationInputSchema } from './affiliate.schemas.ts'

/** A visitor has no application: the page asks them to log in. */
export const getMyApplication = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(({ context: { exchange } }): Promise<Loaded<AffiliateApplication | null>> | Loaded<null> =>
    exchange.session.active
      ? exchange.load('/v2/affiliate/applications/me', myAffiliateApplicationResponseSchema)
      : { status: 'ok', data: null },
  )

/** One open application per user: another is refused as 'forbidden' (409). */
export const submitApplication = createServerFn({ method: 'POST' })
  .middleware([exchangeMiddleware])
  .validator(validated(applicationInputSchema))
  .handler(({ data, context: { exchange } }) =>
    exchange.send('POST', '/v2/affiliate/applications', affiliateApplicationResponseSchema, data),
  )

/** The programme's terms: the why-join page's data (prerendered pages take it from their payload). */
export const getAffiliateProgram = createServerFn({ method: 'GET' }).handler(() => affiliateProgram())
