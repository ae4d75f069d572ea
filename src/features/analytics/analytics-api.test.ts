// @vitest-environment jsdom
/**
 * The analytics API in front of its sender: the sender (XState machine, delivery) is loaded only
 * when its first send is due (the interval, a full batch, a sign-in with events waiting for it, a
 * mode change, the page hidden), and every event made before then reaches the receiver once, in
 * order, with its own time. A page left before the sender came beacons its events at once, or
 * keeps them for the next page when the beacon is refused; an opted-out user sends nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ANALYTICS } from '#/app.config.ts'
import { analyticsBatchSchema, type TrackedEvent } from '#/contract/analytics.schemas.ts'
import { identify, startAnalytics, track, trackPageView, type SenderLoader } from './analytics.ts'
import { restoreQueue } from './analytics-queue.ts'
import { memoryStorage } from '#tests/fixtures/features/analytics/analytics-test-kit.ts'

const OPTIONS = { product: 'tandem', endpoint: '/spotapi/open/analytics/batch' }
const T0 = 1_800_000_000_000
// Imported ahead, so the loader answers as fast as a cached chunk (fake timers cannot wait for a real import).
const senderModule = await import('./analytics-sender.ts')

describe('the analytics API before and after its sender arrives', () => {
  let posted: TrackedEvent[]
  let beaconed: TrackedEvent[]
  let beaconAccepts: boolean
  let loads: number
  let failLoad: boolean
  let storage: ReturnType<typeof memoryStorage>
  let stop: () => void
  const loader = (): SenderLoader => ({
    load: () => {
      loads += 1
      return failLoad
        ? Promise.reject(new Error('Failed to fetch dynamically imported module'))
        : Promise.resolve(senderModule)
    },
    storage,
  })
  const leavePage = () => {
    window.dispatchEvent(new Event('pagehide'))
    stop()
  }

  beforeEach(() => {
    vi.useFakeTimers({ now: T0 })
    posted = []
    beaconed = []
    beaconAccepts = true
    loads = 0
    failLoad = false
    storage = memoryStorage()
    localStorage.clear()
    history.replaceState(null, '', '/copy-trading/futures')
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      if (typeof init.body === 'string') posted.push(...analyticsBatchSchema.parse(JSON.parse(init.body)).events)
      return Promise.resolve(Response.json({ code: 0 }))
    })
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (_url: string, body: Blob) => {
        if (beaconAccepts)
          void body.text().then((text) => beaconed.push(...analyticsBatchSchema.parse(JSON.parse(text)).events))
        return beaconAccepts
      },
    })
    stop = startAnalytics(OPTIONS, loader())
  })
  afterEach(() => {
    stop()
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('loads nothing until the interval, then sends every event with the time it happened', async () => {
    trackPageView('/copy-trading/futures', '/copy-trading/futures')
    await vi.advanceTimersByTimeAsync(2_000)
    track('theme_switch', { module_name: 'header', element_name: 'theme_toggle', events_param: { theme: 'dark' } })
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs - 2_001)
    expect([loads, posted.length]).toEqual([0, 0])
    await vi.advanceTimersByTimeAsync(1)
    expect(loads).toBe(1)
    expect(posted.map((e) => [e.event, e.properties.page_name, e.time - T0])).toEqual([
      ['page_view', '/copy-trading/futures', 0],
      ['theme_switch', '/copy-trading/futures', 2_000],
    ])
    // From now on events go straight to the sender.
    track('after')
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs)
    expect(posted.map((e) => e.event)).toContain('after')
    expect(loads).toBe(1)
  })

  it('loads at once when a full batch waits', async () => {
    trackPageView('/a', '/a')
    await vi.advanceTimersByTimeAsync(3_000)
    trackPageView('/b', '/b')
    for (let i = 0; i < ANALYTICS.batchSize - 3; i += 1) track(`click_${i}`)
    expect(loads).toBe(1)
    await vi.advanceTimersByTimeAsync(0)
    expect(posted.slice(0, 3).map((e) => [e.event, e.properties.page_name])).toEqual([
      ['page_view', '/a'],
      ['page_leave', '/a'],
      ['page_view', '/b'],
    ])
    expect(posted[1]?.properties.duration).toBe(3)
  })

  it('a sign-in with an event waiting for it loads the sender and sends the event with the user id', async () => {
    track('login', { module_name: 'auth' }, { needsLogin: true })
    await vi.advanceTimersByTimeAsync(100)
    expect(loads).toBe(0)
    identify('10042')
    await vi.advanceTimersByTimeAsync(0)
    expect(posted.map((e) => [e.event, e.userId])).toEqual([['login', '10042']])
  })

  it('a signed-in page view alone waits for the interval, and goes with the user id', async () => {
    identify('10042')
    trackPageView('/', '/')
    await vi.advanceTimersByTimeAsync(100)
    expect(loads).toBe(0)
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs)
    expect(posted.map((e) => [e.event, e.userId])).toEqual([['page_view', '10042']])
  })

  it('a page left before the sender came beacons its events at once, its leave included', async () => {
    trackPageView('/copy-trading/futures', '/copy-trading/futures')
    await vi.advanceTimersByTimeAsync(4_000)
    track('language_switch', { events_param: { from: 'en_US', to: 'ar_AE' } })
    leavePage()
    await vi.advanceTimersByTimeAsync(0)
    expect(beaconed.map((e) => e.event)).toEqual(['page_view', 'language_switch', 'page_leave'])
    expect(beaconed[2]?.properties.duration).toBe(4)
    expect(storage.data.has(ANALYTICS.queueStorageKey)).toBe(false)
  })

  it('when the beacon is refused the events wait in the stored queue, and the next page sends them once', async () => {
    beaconAccepts = false
    trackPageView('/copy-trading/futures', '/copy-trading/futures')
    track('login', {}, { needsLogin: true })
    leavePage()
    const stored = restoreQueue(storage, ANALYTICS.queueStorageKey, ANALYTICS.queueCap)
    expect([stored.queue.map((e) => e.event), stored.loginQueue.map((e) => e.event)]).toEqual([
      ['page_view', 'page_leave'],
      ['login'],
    ])

    stop = startAnalytics(OPTIONS, loader())
    identify('10042')
    trackPageView('/ar_AE/copy-trading/futures', '/ar_AE/copy-trading/futures')
    await vi.advanceTimersByTimeAsync(2 * ANALYTICS.intervalMs)
    expect(posted.map((e) => [e.event, e.userId])).toEqual([
      ['page_view', undefined],
      ['page_leave', undefined],
      ['login', '10042'],
      ['page_view', '10042'],
    ])
    expect(new Set(posted.map((e) => e.id)).size).toBe(posted.length)
  })

  it('an opted-out user beacons and keeps nothing', async () => {
    storage.data.set(ANALYTICS.consentStorageKey, 'out')
    trackPageView('/', '/')
    track('click')
    leavePage()
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs)
    expect([beaconed, posted, storage.data.has(ANALYTICS.queueStorageKey)]).toEqual([[], [], false])
  })

  it('a sender that fails to load is tried again at the next interval', async () => {
    failLoad = true
    track('click')
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs)
    expect([loads, posted.length]).toEqual([1, 0])
    failLoad = false
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs)
    expect(loads).toBe(2)
    expect(posted.map((e) => e.event)).toEqual(['click'])
  })
})
