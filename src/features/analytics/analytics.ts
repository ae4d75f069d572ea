/**
 * The analytics SDK's API, what the app calls: one instance per page, started by `useAnalytics`
 * in the app layout; before that, and on the server, every call is a no-op. Nothing here throws.
 *
 *   track('follow', { module_name: 'copy_trading', element_name: 'follow_button', events_param: { leaderId } })
 *   track('login', { module_name: 'auth' }, { needsLogin: true })   // waits for the user id, then goes
 *
 * Events are built here at once (§3 properties, §5 names). The sending half (the XState machine of
 * modes, batching and retries, in analytics-sender.ts) is loaded only when its first send is due:
 * the batch interval after the start, a full batch, a sign-in with events waiting for it, a change
 * of mode, or the page hidden. Until then events and identity changes wait here and are handed
 * over in the order they happened. A page left before the sender came beacons its events (unless
 * the user opted out) and keeps the rest in the sender's stored queue, which the next page sends.
 */
import { ANALYTICS } from '#/app.config.ts'
import { deviceContext, ensureDeviceId, randomUuid, type DeviceContext } from '#/features/device/index.ts'
import { sendBeacon } from './analytics-beacon.ts'
import {
  maySendAnalytics,
  readConsent,
  storeConsent,
  subscribeConsent,
  type ConsentChoice,
} from './analytics-consent.ts'
import { buildEvent, capDuration, isAnalyticsUserId, reportProblem, type TrackProperties } from './analytics-event.ts'
import {
  browserStorage,
  capped,
  persistQueue,
  restoreQueue,
  takeBatch,
  withoutIds,
  type KeyValueStore,
} from './analytics-queue.ts'
import type { Sender, startSender } from './analytics-sender.ts'
import { analyticsSettings, type AnalyticsSettings } from './analytics-settings.ts'
import type { AnalyticsEvent, AnalyticsMode } from './analytics.machine.ts'
import { isListable, startTabQueue, type TabLocks, type TabQueue } from './analytics-tabs.ts'
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

/** Where the sender comes from, the storage and the tabs' locks: the browser's, or a test's. */
export interface SenderLoader {
  load: () => Promise<{ startSender: typeof startSender }>
  storage: KeyValueStore | undefined
  /** The Web Locks that coordinate tabs; the browser's when not given. */
  locks?: TabLocks | undefined
}

interface Session {
  options: AnalyticsOptions
  /** The options' settings over the defaults: the sender is started with these too. */
  settings: AnalyticsSettings
  storage: KeyValueStore | undefined
  /** This tab's stored queue (its own key), shared with the sender. */
  tabs: TabQueue
  device: DeviceContext
  distinctId: string
  /** Events and identity changes made before the sender came, oldest first. */
  pending: AnalyticsEvent[]
  sender: Sender | undefined
  load: () => void
}

let session: Session | undefined
let page = { name: '', url: '', enteredAt: 0 }
let referrer = ''

/** The receiver's address: ANALYTICS_URL as configured, else the exchange's receiver below the spot base. */
export function analyticsEndpoint(config: {
  api: { spotBase: string }
  analytics: { url?: string | undefined }
}): string {
  return config.analytics.url ?? `${config.api.spotBase.replace(/\/+$/, '')}${ANALYTICS.receiverPath}`
}

const browserLoader = (): SenderLoader => ({ load: () => import('./analytics-sender.ts'), storage: browserStorage() })

/** Whether the sender would want to send now: a full batch, or a sign-in that releases events waiting for it. */
function sendDue(current: Session, latest: AnalyticsEvent): boolean {
  if (latest.type.startsWith('mode.')) return true
  const events = current.pending.filter((e) => e.type === 'track')
  if (latest.type === 'identity.set') return events.some((e) => e.needsLogin)
  return events.length >= current.settings.batchSize
}

function deliver(event: AnalyticsEvent) {
  const current = session
  if (!current) return
  if (current.sender) return current.sender.send(event)
  current.pending.push(event)
  if (sendDue(current, event)) current.load()
}

/**
 * The user's choice, as the machine keeps it: no events at all after an opt-out, or before an opt-in when one is
 * required. Checked when an event is made, so what happened before an opt-in is never sent after it.
 */
function mayCollect(current: Session): boolean {
  return maySendAnalytics(readConsent(current.storage), current.options.requireOptIn ?? false)
}

/**
 * The page goes away (or is hidden) before the sender came: what waits is beaconed now, as the
 * sender would, and what is left (events waiting for a sign-in, more than a beacon takes) joins
 * the sender's stored queue. Identity changes stay pending for a sender of this page.
 */
function handOver(current: Session) {
  const { storage } = current
  const events = current.pending.some((e) => e.type === 'track')
  if (!events) return
  const cap = current.settings.queueCap
  const stored = restoreQueue(storage, current.tabs.key, cap)
  let { queue, loginQueue, dropped } = stored
  let userId: string | undefined
  for (const e of current.pending) {
    if (e.type === 'identity.set' && isAnalyticsUserId(e.userId)) {
      userId = e.userId
      const released = capped(
        queue,
        loginQueue.map((held) => ({ ...held, userId })),
        cap,
      )
      queue = released.list
      loginQueue = []
      dropped += released.dropped
    } else if (e.type === 'identity.clear') userId = undefined
    else if (e.type === 'track') {
      const held = e.needsLogin && userId === undefined
      const next = capped(held ? loginQueue : queue, [userId === undefined ? e.event : { ...e.event, userId }], cap)
      if (held) loginQueue = next.list
      else queue = next.list
      dropped += next.dropped
    }
  }
  current.pending = current.pending.filter((e) => e.type !== 'track')
  if (!mayCollect(current)) return
  const batch = takeBatch(queue, current.settings.maxEventsPerSend, current.settings.maxBatchBytes)
  if (
    batch.length > 0 &&
    sendBeacon({ endpoint: current.options.endpoint, body: JSON.stringify({ sentAt: Date.now(), events: batch }) })
  )
    queue = withoutIds(queue, batch)
  persistQueue(storage, current.tabs.key, { queue, loginQueue, dropped, dropReport: stored.dropReport })
}

/**
 * Starts the SDK once per page (later calls are ignored until the cleanup it answers has run).
 * `loader` is for tests: where the sender comes from, and the storage.
 */
export function startAnalytics(
  options: AnalyticsOptions,
  loader: SenderLoader | undefined = typeof window === 'undefined' ? undefined : browserLoader(),
): () => void {
  if (session || !loader) return () => undefined
  let loading = false
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const current: Session = {
    options,
    settings: analyticsSettings({
      ...options.settings,
      ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
    }),
    storage: loader.storage,
    tabs: startTabQueue(randomUuid(), isListable(loader.storage) ? loader.storage : undefined, loader.locks),
    device: deviceContext(options.product),
    distinctId: ensureDeviceId(),
    pending: [],
    sender: undefined,
    load: () => {
      if (loading) return
      loading = true
      clearTimeout(timer)
      loader
        .load()
        .then(({ startSender }) => {
          if (stopped) return
          const sender = startSender({
            endpoint: options.endpoint,
            newId: randomUuid,
            storage: loader.storage,
            requireOptIn: options.requireOptIn,
            settings: current.settings,
            tabs: current.tabs,
          })
          current.sender = sender
          for (const event of current.pending) sender.send(event)
          current.pending = []
          sender.send({ type: 'flush' })
        })
        .catch(() => {
          // Its chunk did not load (offline, a new deploy): try again at the next interval.
          loading = false
          timer = setTimeout(current.load, current.settings.intervalMs)
        })
    },
  }
  session = current
  referrer = document.referrer
  page = { name: '', url: '', enteredAt: 0 }
  timer = setTimeout(current.load, current.settings.intervalMs)
  const hidden = () => {
    if (current.sender) current.sender.send({ type: 'page.hidden' })
    else {
      handOver(current)
      current.load()
    }
  }
  // pagehide covers closing and navigating away (and the back-forward cache); a hidden tab may never come back.
  const onPageHide = () => {
    leavePage()
    hidden()
  }
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') hidden()
  }
  window.addEventListener('pagehide', onPageHide)
  document.addEventListener('visibilitychange', onVisibility)
  // A choice made here, in another tab or by a native shell reaches the sender at once.
  const unsubscribe = subscribeConsent((choice) => {
    if (choice && session === current) setAnalyticsMode(choice === 'in' ? 'opt-in' : 'stop')
  })
  return () => {
    stopped = true
    unsubscribe()
    clearTimeout(timer)
    window.removeEventListener('pagehide', onPageHide)
    document.removeEventListener('visibilitychange', onVisibility)
    current.sender?.stop()
    current.tabs.release()
    if (session === current) session = undefined
  }
}

/** Records an event with the current page's super property and the device's properties. */
export function track(name: string, properties: TrackProperties = {}, options: TrackOptions = {}): void {
  try {
    if (!session || !mayCollect(session)) return
    const built = buildEvent(name, properties, {
      id: randomUuid(),
      time: Date.now(),
      distinctId: session.distinctId,
      pageName: page.name,
      siteid: session.device.siteid,
      requestSource: session.device.requestSource,
      utm: landingUtm(),
      referrer: name === 'page_view' ? referrer : '',
    })
    if (built.ok) deliver({ type: 'track', event: built.event, needsLogin: options.needsLogin })
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
  if (!session) return
  if (page.name) {
    leavePage()
    referrer = page.url
  }
  page = { name: pageName, url, enteredAt: Date.now() }
  track('page_view', { type: 'page' })
}

/** §4: on login the identity is the user id (events waiting for login go out with it). */
export function identify(userId: string): void {
  deliver({ type: 'identity.set', userId })
}

/** §4: on logout the identity is cleared; the device id stays. */
export function clearIdentity(): void {
  deliver({ type: 'identity.clear' })
}

/**
 * §4 modes: 'pause' keeps collecting without sending; 'stop' is the opt-out; 'opt-in' (re)starts collecting. The sender
 * is loaded to apply it.
 */
export function setAnalyticsMode(mode: 'pause' | 'resume' | 'stop' | 'opt-in'): void {
  deliver({
    type:
      mode === 'pause'
        ? 'mode.pause'
        : mode === 'resume'
          ? 'mode.resume'
          : mode === 'stop'
            ? 'mode.stop'
            : 'mode.optin',
  })
}

/**
 * The user's choice (§4): stored for the next pages, and applied to this page's sender at once ('out' stops and clears
 * what waits, 'in' starts collecting).
 */
export function setAnalyticsConsent(choice: ConsentChoice): void {
  storeConsent(choice, session?.storage)
}

/** The sender's mode; undefined before it was loaded. */
export function analyticsMode(): AnalyticsMode | undefined {
  return session?.sender?.mode()
}
