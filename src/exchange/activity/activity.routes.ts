/** Public calls of §7: global config, the anniversary campaign and the analytics receiver. */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { desc, eq } from 'drizzle-orm'
import { ANALYTICS } from '#/app.config.ts'
import {
  anniversaryResponseSchema,
  emptyOkSchema,
  globalConfigResponseSchema,
  statisticsQuerySchema,
  type Anniversary,
  type AnniversaryResponse,
} from '#/contract/index.ts'
import { clientIp, consumeOrRefuse } from '../accounts/rate-limits.ts'
import type { ExchangeContext } from '../context.ts'
import { campaigns } from '../db/schema.ts'
import { COMMON_REFUSALS, ok, okJson, REFUSALS } from '../http/openapi.ts'
import { Money, toPlain } from '../money.ts'
import { readFlags } from './global-config.ts'
import { createStatisticsRecorder } from './statistics.ts'

const tags = ['Public']

const globalConfigRoute = createRoute({
  method: 'get',
  path: '/open/global/config',
  tags,
  summary: 'Global config flags',
  description:
    "Every flag of the global config, the strings 'true' / 'false': Hbt_Switch, futuresMenu, p2pMenu (each 'true' " +
    "unless set) and any other flag an operator stored. `Hbt_Switch: 'false'` closes trading bots.",
  responses: { 200: okJson(globalConfigResponseSchema, 'The flags'), 500: COMMON_REFUSALS[500] },
})

const anniversaryRoute = createRoute({
  method: 'get',
  path: '/afs/activity/v1/paging/anniversary/index',
  tags,
  summary: 'Anniversary campaign',
  description: "Answers `code: '0'` (a string). With no campaign stored, showSwitch is false.",
  responses: { 200: okJson(anniversaryResponseSchema, 'The campaign'), 500: COMMON_REFUSALS[500] },
})

const statisticsRoute = createRoute({
  method: 'get',
  path: '/open/activity/statistics',
  tags,
  summary: 'Record an analytics event',
  description:
    'Fire-and-forget receiver: counts the event (per UTC hour and distinct fields, not a row per hit) and answers at once. ' +
    `Counts are kept ${ANALYTICS.statisticsRetentionDays} days. At most ${ANALYTICS.statisticsPerMinutePerIp} hits a minute from one address (429 with Retry-After past it).`,
  request: { query: statisticsQuerySchema },
  responses: {
    200: okJson(emptyOkSchema, 'Counted'),
    400: COMMON_REFUSALS[400],
    429: REFUSALS[429],
    500: COMMON_REFUSALS[500],
  },
})

const NO_CAMPAIGN: Anniversary = {
  showSwitch: false,
  activityId: '',
  title: '',
  subtitle: '',
  startTime: null,
  endTime: null,
  rewardPoolUsdt: '0',
}

export function activityRoutes(app: OpenAPIHono, ctx: ExchangeContext) {
  const statistics = createStatisticsRecorder(ctx.db, ctx.now)

  app.openapi(globalConfigRoute, async (c) => {
    return c.json(ok(await readFlags(ctx.db)), 200)
  })

  app.openapi(anniversaryRoute, async (c) => {
    const [campaign] = await ctx.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.kind, 'anniversary'))
      .orderBy(desc(campaigns.startTime))
      .limit(1)
    const data: Anniversary = campaign
      ? {
          showSwitch: campaign.showSwitch,
          activityId: campaign.id,
          title: campaign.title,
          subtitle: campaign.subtitle,
          startTime: campaign.startTime.toISOString(),
          endTime: campaign.endTime.toISOString(),
          rewardPoolUsdt: toPlain(new Money(campaign.rewardPoolUsdt)),
        }
      : NO_CAMPAIGN
    const body: AnniversaryResponse = { code: '0', data, msg: 'ok' }
    return c.json(body, 200)
  })

  // Stays a GET (§7), so any page can make a browser call it (an <img>): limited per address like the batch receiver.
  app.openapi(statisticsRoute, async (c) => {
    await consumeOrRefuse(ctx.limiters.statisticsByIp, clientIp(c.req.raw.headers))
    await statistics.record(c.req.valid('query'))
    return c.json(ok(null), 200)
  })
}
