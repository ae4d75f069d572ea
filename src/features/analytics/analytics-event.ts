/**
 * Building one analytics event (§3 properties) and checking it against the receiver's rules (§5
 * names, §9 limits) before it is queued. An event that breaks a rule is dropped and reported on
 * the development console; nothing here ever throws into the UI.
 */
import { ANALYTICS } from '#/app.config.ts'
import { ANALYTICS_NAME_PATTERN } from '#/contract/activity.schemas.ts'
import {
  analyticsUserIdSchema,
  trackedEventSchema,
  type AnalyticsProperties,
  type TrackedEvent,
} from '#/contract/analytics.schemas.ts'
import type { LandingUtm } from './landing-utm.ts'

export type EventParams = Record<string, string | number | boolean | null>

/** What a caller of `track` may say about an event (the rest comes from the page and the device). */
export interface TrackProperties {
  module_name?: string
  element_name?: string
  pageid?: string
  blockid?: string
  locationid?: string
  events?: string
  /** Sent as JSON; keys follow the name rule of §5. */
  events_param?: EventParams
  /** The kind of event; 'action' unless given ('page' for page views). */
  type?: string
  /** Seconds (e.g. time on a page); capped at a day. */
  duration?: number
}

/** Everything an event takes from outside the call: ids, clock, page, device, landing URL. */
export interface EventEnvironment {
  id: string
  time: number
  distinctId: string
  pageName: string
  siteid: string
  requestSource: 'H5' | 'PC'
  utm: LandingUtm
  referrer: string
}

/** Why an event or a user id was refused; codes only, for the development console. */
export interface AnalyticsProblem {
  code: 'invalid-event' | 'invalid-param-name' | 'invalid-user-id'
  /** Where the problem is: 'event', 'properties.module_name', 'events_param.1x' … */
  at: string
}

export type BuildResult = { ok: true; event: TrackedEvent } | { ok: false; problem: AnalyticsProblem }

export function isAnalyticsName(name: string): boolean {
  return ANALYTICS_NAME_PATTERN.test(name)
}

export function isAnalyticsUserId(userId: string): boolean {
  return analyticsUserIdSchema.safeParse(userId).success
}

export function cutReferrer(referrer: string): string {
  return referrer.slice(0, ANALYTICS.referrerMaxLength)
}

/** Whole seconds between 0 and a day (§9: duration is capped at 86,400 s). */
export function capDuration(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds < 0) return 0
  return Math.min(ANALYTICS.durationCapSeconds, Math.round(seconds))
}

export function buildEvent(name: string, props: TrackProperties, env: EventEnvironment): BuildResult {
  const { events_param: params, duration, type, ...named } = props
  if (params) {
    const bad = Object.keys(params).find((key) => !isAnalyticsName(key))
    if (bad !== undefined) return { ok: false, problem: { code: 'invalid-param-name', at: `events_param.${bad}` } }
  }
  const properties: AnalyticsProperties = {
    page_name: env.pageName.slice(0, ANALYTICS.pageNameMaxLength),
    ...named,
    ...(params ? { events_param: JSON.stringify(params) } : {}),
    siteid: env.siteid,
    type: type ?? 'action',
    request_source: env.requestSource,
    ...env.utm,
    ...(env.referrer ? { referrer: cutReferrer(env.referrer) } : {}),
    ...(duration !== undefined ? { duration: capDuration(duration) } : {}),
  }
  const parsed = trackedEventSchema.safeParse({
    id: env.id,
    event: name,
    time: env.time,
    distinctId: env.distinctId,
    properties,
  })
  if (parsed.success) return { ok: true, event: parsed.data }
  const at = parsed.error.issues[0]?.path.join('.') ?? ''
  return { ok: false, problem: { code: 'invalid-event', at } }
}

/** Refusals are for developers: shown on the console in development, silent in production. */
export function reportProblem(problem: AnalyticsProblem, detail: unknown) {
  if (import.meta.env.DEV) console.warn(`[analytics] dropped (${problem.code} at ${problem.at})`, detail)
}
