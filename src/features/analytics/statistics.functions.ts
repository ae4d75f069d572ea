/** The fire-and-forget activity statistics call of §7 (page events; the full analytics SDK builds on it). */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod/mini'
import { serverApi } from '../auth/api.server.ts'

const utm = z.optional(z.string().check(z.maxLength(200)))

export const statisticsInputSchema = z.object({
  event: z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/)),
  type: z.string().check(z.maxLength(50)),
  request_source: z.enum(['H5', 'PC']),
  utm_source: utm,
  utm_medium: utm,
  utm_campaign: utm,
  utm_term: utm,
  utm_content: utm,
})
export type StatisticsInput = z.infer<typeof statisticsInputSchema>

export const recordStatistics = createServerFn({ method: 'POST' })
  .validator(statisticsInputSchema)
  .handler(async ({ data }) => {
    await serverApi()('/open/activity/statistics', { query: data })
    return null
  })
