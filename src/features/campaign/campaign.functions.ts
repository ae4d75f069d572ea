/** The anniversary campaign (§3, §7): shown only while the exchange's showSwitch is on. */
import { createServerFn } from '@tanstack/react-start'
import { anniversaryResponseSchema } from '#/contract/index.ts'
import { exchangeMiddleware } from '#/exchange-client/index.ts'

/** A banner the page does without when the exchange has none to show. */
export const getAnniversaryCampaign = createServerFn({ method: 'GET' })
  .middleware([exchangeMiddleware])
  .handler(({ context: { exchange } }) =>
    exchange.load('/afs/activity/v1/paging/anniversary/index', anniversaryResponseSchema, { essential: false }),
  )
