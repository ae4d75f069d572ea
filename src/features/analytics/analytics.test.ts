// @vitest-environment jsdom
/**
 * The SDK's public API in a browser-like page: events carry the §3 properties (page_name super
 * property, siteid, request_source, utm of the landing URL, referrer cut at 200, duration capped
 * at a day); names that break §5 are dropped with a development warning and never throw.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ANALYTICS } from '#/app.config.ts'
import { analyticsBatchSchema, type TrackedEvent } from '#/contract/analytics.schemas.ts'
import { buildEvent, capDuration, cutReferrer, type EventEnvironment } from './analytics-event.ts'
import {
  analyticsEndpoint,
  analyticsMode,
  clearIdentity,
  identify,
  setAnalyticsMode,
  startAnalytics,
  track,
  trackPageView,
  type AnalyticsOptions,
} from './analytics.ts'
import { pageNameOf } from './useAnalytics.ts'

// The sender, imported ahead: the loader answers at once, as a cached chunk would (fake timers cannot wait for a real
// import).
const senderModule = await import('./analytics-sender.ts')
const start = (options: AnalyticsOptions) =>
  startAnalytics(options, { load: () => Promise.resolve(senderModule), storage: localStorage })

const ENV: EventEnvironment = {
  id: '00000000-0000-4000-8000-000000000001',
  time: 1,
  distinctId: 'device',
  pageName: '/copy-trading',
  siteid: 'tandem-Web',
  requestSource: 'PC',
  utm: { utm_source: 'news' },
  referrer: '',
}

describe('building an event', () => {
  it.each(['a', 'login', 'Copy_Follow_2', `a${'b'.repeat(49)}`])('accepts the name %s', (name) => {
    expect(buildEvent(name, {}, ENV).ok).toBe(true)
  })

  it.each(['', '1st', '_x', 'has-dash', 'has space', 'ä', `a${'b'.repeat(50)}`])('refuses the name %j', (name) => {
    expect(buildEvent(name, {}, ENV)).toEqual({ ok: false, problem: { code: 'invalid-event', at: 'event' } })
  })

  it('checks module and element names and the keys of events_param too', () => {
    expect(buildEvent('x', { module_name: 'copy-trading' }, ENV)).toMatchObject({
      ok: false,
      problem: { at: 'properties.module_name' },
    })
    expect(buildEvent('x', { element_name: '9' }, ENV)).toMatchObject({
      ok: false,
      problem: { at: 'properties.element_name' },
    })
    expect(buildEvent('x', { events_param: { 'leader-id': 1 } }, ENV)).toEqual({
      ok: false,
      problem: { code: 'invalid-param-name', at: 'events_param.leader-id' },
    })
  })

  it('carries every property of §3, events_param as JSON', () => {
    const props = {
      module_name: 'copy_trading',
      element_name: 'follow_button',
      pageid: 'p1',
      blockid: 'b1',
      locationid: 'l1',
      events: 'follow',
      events_param: { leaderId: '42', ratio: 1.5 },
    }
    const built = buildEvent('follow', props, ENV)
    expect(built.ok && built.event.properties).toEqual({
      page_name: '/copy-trading',
      module_name: 'copy_trading',
      element_name: 'follow_button',
      pageid: 'p1',
      blockid: 'b1',
      locationid: 'l1',
      events: 'follow',
      events_param: '{"leaderId":"42","ratio":1.5}',
      siteid: 'tandem-Web',
      type: 'action',
      request_source: 'PC',
      utm_source: 'news',
    })
  })

  it('cuts the referrer at 200 characters and caps the duration at 86,400 s', () => {
    expect(cutReferrer('r'.repeat(300))).toHaveLength(ANALYTICS.referrerMaxLength)
    expect([capDuration(12.4), capDuration(86_401), capDuration(-3), capDuration(Number.NaN)]).toEqual([
      12, 86_400, 0, 0,
    ])
    const built = buildEvent(
      'page_leave',
      { duration: 10 ** 9 },
      { ...ENV, referrer: `https://example.com/${'x'.repeat(300)}` },
    )
    expect(built.ok && [built.event.properties.referrer?.length, built.event.properties.duration]).toEqual([
      200, 86_400,
    ])
  })
})

describe('the SDK in a page', () => {
  let posted: TrackedEvent[]
  let stop: () => void
  let beacons: number

  beforeEach(() => {
    vi.useFakeTimers()
    posted = []
    beacons = 0
    localStorage.clear()
    sessionStorage.clear()
    history.replaceState(null, '', '/copy-trading?utm_source=news&utm_campaign=spring')
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      if (typeof init.body === 'string') posted.push(...analyticsBatchSchema.parse(JSON.parse(init.body)).events)
      return Promise.resolve(Response.json({ code: 0 }))
    })
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => ((beacons += 1), true) })
    stop = start({ product: 'tandem', endpoint: '/spotapi/open/analytics/batch', batchSize: 1 })
  })
  afterEach(() => {
    stop()
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('records page views with page_name, siteid, request_source and the landing utm; page leaves with their duration', async () => {
    trackPageView('/copy-trading', '/copy-trading?utm_source=news')
    history.replaceState(null, '', '/login')
    await vi.advanceTimersByTimeAsync(42_000)
    trackPageView('/login', '/login')
    track('theme_switch', { module_name: 'header', element_name: 'theme_toggle', events_param: { theme: 'dark' } })
    await vi.advanceTimersByTimeAsync(0)
    expect(posted.map((e) => [e.event, e.properties.page_name])).toEqual([
      ['page_view', '/copy-trading'],
      ['page_leave', '/copy-trading'],
      ['page_view', '/login'],
      ['theme_switch', '/login'],
    ])
    expect(posted[1]?.properties.duration).toBe(42)
    expect(posted[2]?.properties.referrer).toBe('/copy-trading?utm_source=news')
    for (const event of posted) {
      expect(event.properties).toMatchObject({
        siteid: 'tandem-Web',
        request_source: 'PC',
        utm_source: 'news',
        utm_campaign: 'spring',
      })
    }
  })

  it('sets and clears the identity; modes by name', async () => {
    identify('10042')
    track('login', {}, { needsLogin: true })
    clearIdentity()
    track('logout')
    await vi.advanceTimersByTimeAsync(0)
    expect(posted.map((e) => [e.event, e.userId])).toEqual([
      ['login', '10042'],
      ['logout', undefined],
    ])
    setAnalyticsMode('pause')
    expect(analyticsMode()).toBe('pause')
    setAnalyticsMode('resume')
    setAnalyticsMode('stop')
    expect(analyticsMode()).toBe('stop')
    setAnalyticsMode('opt-in')
    expect(analyticsMode()).toBe('normal')
  })

  it('drops an invalid event with a development warning and never throws', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(() => track('bad-name')).not.toThrow()
    expect(() => track('x', { events_param: { 'a b': 1 } })).not.toThrow()
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs)
    expect(posted).toEqual([])
    expect(warn).toHaveBeenCalledTimes(2)
    warn.mockRestore()
  })

  it('beacons what waits when the page is hidden', async () => {
    stop()
    stop = start({ product: 'tandem', endpoint: '/x', batchSize: 30 })
    track('click_a')
    window.dispatchEvent(new Event('pagehide'))
    expect(beacons).toBe(1)
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs)
    expect(posted).toEqual([])
  })
})

describe('configuration', () => {
  it('posts to the exchange receiver below the spot base, or to ANALYTICS_URL', () => {
    expect(analyticsEndpoint({ api: { spotBase: '/spotapi' }, analytics: {} })).toBe('/spotapi/open/analytics/batch')
    expect(
      analyticsEndpoint({ api: { spotBase: 'https://spotapi.example.com/' }, analytics: { url: undefined } }),
    ).toBe('https://spotapi.example.com/open/analytics/batch')
    expect(
      analyticsEndpoint({ api: { spotBase: '/spotapi' }, analytics: { url: 'https://collect.example.com/b' } }),
    ).toBe('https://collect.example.com/b')
  })

  it('names pages by their route without the locale', () => {
    expect(['/{-$locale}', '/{-$locale}/', '/{-$locale}/copy-trading/gemw/$id', undefined].map(pageNameOf)).toEqual([
      '/',
      '/',
      '/copy-trading/gemw/$id',
      '/',
    ])
  })
})
