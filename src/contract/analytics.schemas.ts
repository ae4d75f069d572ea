/**
 * Analytics batches (§3 properties, §5 names, §7 batches, §9 limits): what the SDK posts to a
 * receiver and what the reference exchange's receiver answers.
 */
import { z } from 'zod'
import { ANALYTICS } from '#/app.config.ts'
import { ANALYTICS_NAME_PATTERN } from './activity.schemas.ts'
import { okEnvelope } from './envelope.schemas.ts'
import { singleLine } from './text.schemas.ts'

const name = z.string().regex(ANALYTICS_NAME_PATTERN)
const value = singleLine(1, ANALYTICS.valueMaxLength)
const utm = singleLine(0, ANALYTICS.utmMaxLength).optional()

/** The properties of §3: page_name is the super property every event carries. */
export const analyticsPropertiesSchema = z
  .object({
    page_name: singleLine(0, ANALYTICS.pageNameMaxLength),
    module_name: name.optional(),
    element_name: name.optional(),
    pageid: value.optional(),
    blockid: value.optional(),
    locationid: value.optional(),
    events: value.optional(),
    /** The event's parameters, serialized as JSON by the SDK. */
    events_param: singleLine(0, ANALYTICS.paramsMaxLength).optional(),
    /** `{product}-H5` or `{product}-Web`. */
    siteid: singleLine(1, 64),
    type: value,
    request_source: z.enum(['H5', 'PC']),
    utm_source: utm,
    utm_medium: utm,
    utm_campaign: utm,
    utm_term: utm,
    utm_content: utm,
    referrer: singleLine(0, ANALYTICS.referrerMaxLength).optional(),
    /** Seconds, capped at a day. */
    duration: z.number().min(0).max(ANALYTICS.durationCapSeconds).optional(),
  })
  .meta({ id: 'AnalyticsProperties' })
export type AnalyticsProperties = z.infer<typeof analyticsPropertiesSchema>

/** §5: the signed-in user's id, 1 to 63 characters. */
export const analyticsUserIdSchema = singleLine(1, ANALYTICS.userIdMaxLength)

export const trackedEventSchema = z
  .object({
    /** A UUID made by the SDK: a batch sent twice stores each event once. */
    id: z.uuid(),
    event: name,
    /** Milliseconds since the epoch, on the client's clock. */
    time: z.number().int().min(0),
    /** The anonymous device id. */
    distinctId: singleLine(1, 64),
    userId: analyticsUserIdSchema.optional(),
    properties: analyticsPropertiesSchema,
  })
  .meta({ id: 'TrackedEvent' })
export type TrackedEvent = z.infer<typeof trackedEventSchema>

/** The most one drop report may count (the SDK reports more in the next). */
export const MAX_DROP_REPORT = 1_000_000

/** Events the SDK dropped (queue over its cap, or refused batches); the id makes a resent report count once. */
export const dropReportSchema = z
  .object({ id: z.uuid(), count: z.number().int().min(1).max(MAX_DROP_REPORT) })
  .meta({ id: 'AnalyticsDropReport' })
export type DropReport = z.infer<typeof dropReportSchema>

export const analyticsBatchSchema = z
  .object({
    sentAt: z.number().int().min(0),
    events: z.array(trackedEventSchema).max(ANALYTICS.maxEventsPerSend),
    dropped: dropReportSchema.optional(),
  })
  .meta({ id: 'AnalyticsBatch' })
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>

export const analyticsBatchResultSchema = z
  .object({
    received: z.number().int(),
    /** Events not seen before; the rest were duplicates of events already stored. */
    stored: z.number().int(),
    duplicates: z.number().int(),
    /** The dropped count of this batch's report, 0 when it had none or the report was counted before. */
    droppedCounted: z.number().int(),
  })
  .meta({ id: 'AnalyticsBatchResult' })
export type AnalyticsBatchResult = z.infer<typeof analyticsBatchResultSchema>
export const analyticsBatchResponseSchema = okEnvelope(analyticsBatchResultSchema).meta({
  id: 'AnalyticsBatchResponse',
})
export type AnalyticsBatchResponse = z.infer<typeof analyticsBatchResponseSchema>
