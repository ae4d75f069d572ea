/** The fire-and-forget activity statistics call of §7 (page events), alongside the analytics batches. */
import { createServerFn } from '@tanstack/react-start'
import { statisticsQuerySchema } from '../../contract/activity.schemas.ts'
import { serverApi } from '../auth/api.server.ts'

export const recordStatistics = createServerFn({ method: 'POST' })
  .validator(statisticsQuerySchema)
  .handler(async ({ data }) => {
    await serverApi()('/open/activity/statistics', { query: data })
    return null
  })
