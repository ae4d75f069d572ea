/**
 * The analytics SDK's public API. One instance per page, started by `useAnalytics` in the app
 * layout; before that, and on the server, every call is a no-op. Nothing here throws.
 *
 *   track('follow', { module_name: 'copy_trading', element_name: 'follow_button', events_param: { leaderId } })
 *   track('login', { module_name: 'auth' }, { needsLogin: true })   // waits for the user id, then goes
 */
import { createActor } from 'xstate'
import { ANALYTICS } from '../../../app.config.ts'
import { deviceContext, type DeviceContext } from '../device/device-context.ts'
import { ensureDeviceId, randomUuid } from '../device/device-id.ts'
import { buildEvent, capDuration, reportProblem, type TrackProperties } from './analytics-event.ts'
import { browserStorage } from './analytics-queue.ts'
import { analyticsMachine, modeOf, type AnalyticsActor, type AnalyticsMode, type AnalyticsSettings } from './analytics.machine.ts'
import { landingUtm } from './landing-utm.ts'

export type { TrackProperties, EventParams } from './analytics-event.ts'
export type { AnalyticsMode } from './analytics.machine.ts'

export interface AnalyticsOptions {
  /** The product code: siteid is `{product}-H5` or `{product}-Web`. */
  product: string
  /** Where batches go: ANALYTICS_URL, or the receiver below the spot API base. */
  endpoint: string
  batchSize?: number
  requireOptIn?: boolean
  settings?: Partial<AnalyticsSettings>
}

export interface TrackOptions {
  /** Hold the event until the user id is known (e.g. 'login' right after the form succeeds). */
  needsLogin?: boolean
}

interface Page {
  name: string
  url: string
  enteredAt: number
}

let actor: AnalyticsActor | undefined
/** Read once at start: the kind of device does not change during a page's life (and a page going away may not say it right). */
let device: DeviceContext | undefined
let distinctId = ''
let page: Page = { name: '', url: '', enteredAt: 0 }
let referrer = ''

/** The receiver's address: ANALYTICS_URL as configured, else the exchange's receiver below the spot base. */
export function analyticsEndpoint(config: { api: { spotBase: string }; analytics: { url?: string | undefined } }): string {
  return config.analytics.url ?? `${config.api.spotBase.replace(/\/+$/, '')}${ANALYTICS.receiverPath}`
}

/** Starts the SDK once per page (later calls are ignored); answers the cleanup that stops it. */
export function startAnalytics(options: AnalyticsOptions): () => void {
  if (actor || typeof window === 'undefined') return () => undefined
  device = deviceContext(options.product)
  distinctId = ensureDeviceId()
  referrer = document.referrer
  const started = createActor(analyticsMachine, {
    input: {
      endpoint: options.endpoint,
      newId: randomUuid,
      storage: browserStorage(),
      requireOptIn: options.requireOptIn,
      settings: { ...options.settings, ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}) },
    },
  })
  actor = started
  started.start()
  // pagehide covers closing and navigating away (and the back-forward cache); a hidden tab may never come back.
  const onPageHide = () => {
    leavePage()
    started.send({ type: 'page.hidden' })
  }
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') started.send({ type: 'page.hidden' })
  }
  window.addEventListener('pagehide', onPageHide)
  document.addEventListener('visibilitychange', onVisibility)
  return () => {
    window.removeEventListener('pagehide', onPageHide)
    document.removeEventListener('visibilitychange', onVisibility)
    started.stop()
    if (actor === started) actor = undefined
  }
}

/** Records an event with the current page's super property and the device's properties. */
export function track(name: string, properties: TrackProperties = {}, options: TrackOptions = {}): void {
  try {
    if (!actor || !device) return
    const built = buildEvent(name, properties, {
      id: randomUuid(),
      time: Date.now(),
      distinctId,
      pageName: page.name,
      siteid: device.siteid,
      requestSource: device.requestSource,
      utm: landingUtm(),
      referrer: name === 'page_view' ? referrer : '',
    })
    if (built.ok) actor.send({ type: 'track', event: built.event, needsLogin: options.needsLogin })
    else reportProblem(built.problem, { name, properties })
  } catch (error) {
    // Analytics never breaks the page.
    if (import.meta.env.DEV) console.warn('[analytics] track failed', error)
  }
}

/** The time spent on the page being left, capped at a day (§9). */
function leavePage() {
  if (!page.name) return
  track('page_leave', { type: 'page', duration: capDuration((Date.now() - page.enteredAt) / 1000) })
  page = { ...page, enteredAt: Date.now() }
}

/**
 * A page view: the previous page's leave (with its duration), then the new page's view. The super
 * property page_name changes to the new page; the referrer is the previous page's address, or the
 * document's referrer for the landing page.
 */
export function trackPageView(pageName: string, url: string): void {
  if (!actor) return
  if (page.name) {
    leavePage()
    referrer = page.url
  }
  page = { name: pageName, url, enteredAt: Date.now() }
  track('page_view', { type: 'page' })
}

/** §4: on login the identity is the user id (events waiting for login go out with it). */
export function identify(userId: string): void {
  actor?.send({ type: 'identity.set', userId })
}

/** §4: on logout the identity is cleared; the device id stays. */
export function clearIdentity(): void {
  actor?.send({ type: 'identity.clear' })
}

/** §4 modes: 'pause' keeps collecting without sending; 'stop' is the opt-out; 'opt-in' (re)starts collecting. */
export function setAnalyticsMode(mode: 'pause' | 'resume' | 'stop' | 'opt-in'): void {
  actor?.send({ type: mode === 'pause' ? 'mode.pause' : mode === 'resume' ? 'mode.resume' : mode === 'stop' ? 'mode.stop' : 'mode.optin' })
}

export function analyticsMode(): AnalyticsMode | undefined {
  return actor ? modeOf(actor.getSnapshot()) : undefined
}
