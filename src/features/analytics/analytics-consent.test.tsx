// @vitest-environment jsdom
/**
 * The user's analytics choice (§4): with opt-in required nothing is collected until the banner's
 * Accept, and nothing made before it is sent after it; an opt-out (the preferences setting, or a
 * native shell through window.TandemWeb) stops and clears at once; the choice survives a reload
 * and reaches other tabs.
 */
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ANALYTICS } from '#/app.config.ts'
import { analyticsBatchSchema } from '#/contract/analytics.schemas.ts'
import { AnalyticsConsentBanner } from './AnalyticsConsentBanner.tsx'
import { AnalyticsConsentSetting } from './AnalyticsConsentSetting.tsx'
import { maySendAnalytics, readConsent } from './analytics-consent.ts'
import { analyticsPageApi } from './analytics-page-api.ts'
import { analyticsMode, setAnalyticsConsent, startAnalytics, track, type AnalyticsOptions } from './analytics.ts'

const senderModule = await import('./analytics-sender.ts')
const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })
const OPTIONS = { product: 'tandem', endpoint: '/spotapi/open/analytics/batch' }

let posted: string[]
let stop: () => void = () => undefined
const start = (options: Partial<AnalyticsOptions> = {}) => {
  stop = startAnalytics(
    { ...OPTIONS, ...options },
    { load: () => Promise.resolve(senderModule), storage: localStorage },
  )
}
/** A full interval passes: whatever may be sent is sent. */
const sendAll = async () => {
  await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs + 1)
}
const trackNamed = (...names: string[]) => {
  for (const name of names) track(name, { type: 'action' })
}

beforeEach(() => {
  vi.useFakeTimers()
  posted = []
  localStorage.clear()
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    if (typeof init.body === 'string')
      posted.push(...analyticsBatchSchema.parse(JSON.parse(init.body)).events.map((e) => e.event))
    return Promise.resolve(Response.json({ code: 0 }))
  })
})

afterEach(() => {
  stop()
  cleanup()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('the rule', () => {
  it('collects without a choice unless opt-in is required; never after an opt-out', () => {
    expect(maySendAnalytics(undefined, false)).toBe(true)
    expect(maySendAnalytics(undefined, true)).toBe(false)
    expect(maySendAnalytics('in', true)).toBe(true)
    expect(maySendAnalytics('out', false)).toBe(false)
  })
})

describe('opt-in required (ANALYTICS_OPT_IN)', () => {
  it('sends nothing before consent, and nothing made before it after it; events made after Accept flow', async () => {
    start({ requireOptIn: true })
    trackNamed('before_one', 'before_two')
    await vi.advanceTimersByTimeAsync(ANALYTICS.intervalMs / 2)
    expect(posted).toEqual([])
    // Accepted before the sender was loaded: the events made before must not ride in with it.
    setAnalyticsConsent('in')
    await vi.advanceTimersByTimeAsync(0)
    expect(analyticsMode()).toBe('normal')
    trackNamed('after_one')
    await sendAll()
    expect(posted).toEqual(['after_one'])
    expect(localStorage.getItem(ANALYTICS.consentStorageKey)).toBe('in')
  })

  it('a stored Accept applies on the next page before anything is sent', async () => {
    localStorage.setItem(ANALYTICS.consentStorageKey, 'in')
    start({ requireOptIn: true })
    trackNamed('first')
    await sendAll()
    expect(posted).toEqual(['first'])
  })

  it('Decline stores the opt-out: nothing is sent, on this page or the next', async () => {
    start({ requireOptIn: true })
    setAnalyticsConsent('out')
    trackNamed('declined')
    await sendAll()
    stop()
    start({ requireOptIn: true })
    trackNamed('next_page')
    await sendAll()
    expect(posted).toEqual([])
    expect(readConsent()).toBe('out')
  })
})

describe('opting out where no opt-in is required', () => {
  it('stops at once, clears what waited, and survives a reload; opting back in collects again', async () => {
    start()
    trackNamed('kept_one')
    await sendAll()
    trackNamed('waiting')
    setAnalyticsConsent('out')
    trackNamed('after_out')
    await sendAll()
    expect(posted).toEqual(['kept_one'])
    expect(localStorage.getItem(ANALYTICS.queueStorageKey)).toBeNull()
    stop()
    start()
    trackNamed('reloaded')
    await sendAll()
    expect(posted).toEqual(['kept_one'])
    setAnalyticsConsent('in')
    await vi.advanceTimersByTimeAsync(0)
    trackNamed('back_in')
    await sendAll()
    expect(posted).toEqual(['kept_one', 'back_in'])
  })

  it('follows a choice made in another tab (storage event)', async () => {
    start()
    trackNamed('one')
    await sendAll()
    localStorage.setItem(ANALYTICS.consentStorageKey, 'out')
    window.dispatchEvent(new StorageEvent('storage', { key: ANALYTICS.consentStorageKey, newValue: 'out' }))
    await vi.advanceTimersByTimeAsync(0)
    expect(analyticsMode()).toBe('stop')
    trackNamed('two')
    await sendAll()
    expect(posted).toEqual(['one'])
  })
})

describe('window.TandemWeb for native shells', () => {
  it('reads the choice (null before one) and sets it', async () => {
    start()
    expect(analyticsPageApi.analyticsConsent()).toBeNull()
    expect(analyticsPageApi.setAnalyticsConsent('out')).toBe('out')
    expect(analyticsPageApi.analyticsConsent()).toBe('out')
    await vi.advanceTimersByTimeAsync(0)
    expect(analyticsMode()).toBe('stop')
    analyticsPageApi.setAnalyticsConsent('in')
    expect(analyticsPageApi.analyticsConsent()).toBe('in')
  })

  it('refuses anything but in or out with the reason, and changes nothing', () => {
    expect(() => analyticsPageApi.setAnalyticsConsent('maybe')).toThrow("analytics consent must be 'in' or 'out'")
    expect(() => analyticsPageApi.setAnalyticsConsent(true)).toThrow(TypeError)
    expect(analyticsPageApi.analyticsConsent()).toBeNull()
  })
})

const inI18n = (node: ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>)

describe('the consent banner', () => {
  it('asks when opt-in is required and no choice was made; Accept stores it and hides the banner', () => {
    inI18n(<AnalyticsConsentBanner required />)
    const banner = screen.getByRole('region', { name: 'Usage analytics' })
    expect(banner.textContent).toContain('usage analytics')
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(readConsent()).toBe('in')
    expect(screen.queryByRole('region', { name: 'Usage analytics' })).toBeNull()
  })

  it('Decline stores the opt-out and hides the banner', () => {
    inI18n(<AnalyticsConsentBanner required />)
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }))
    expect(readConsent()).toBe('out')
    expect(screen.queryByTestId('analytics-consent')).toBeNull()
  })

  it('is not shown when no opt-in is required, or once a choice was made', () => {
    inI18n(<AnalyticsConsentBanner required={false} />)
    expect(screen.queryByTestId('analytics-consent')).toBeNull()
    cleanup()
    localStorage.setItem(ANALYTICS.consentStorageKey, 'out')
    inI18n(<AnalyticsConsentBanner required />)
    expect(screen.queryByTestId('analytics-consent')).toBeNull()
  })

  it('uses only logical (direction-aware) sides, so it lays out right to left as well', () => {
    inI18n(<AnalyticsConsentBanner required />)
    const classes = [screen.getByTestId('analytics-consent'), ...screen.getAllByRole('button')]
      .map((element) => element.className)
      .join(' ')
    expect(classes).not.toMatch(/(^|\s)(left|right|ml|mr|pl|pr|text-left|text-right)-/)
  })
})

describe('the preferences setting', () => {
  it('shows on without a choice when no opt-in is required; unticking opts out', () => {
    inI18n(<AnalyticsConsentSetting required={false} />)
    const box = screen.getByRole('checkbox', { name: 'Share usage analytics' })
    expect(box).toHaveProperty('checked', true)
    fireEvent.click(box)
    expect(readConsent()).toBe('out')
    expect(box).toHaveProperty('checked', false)
  })

  it('shows off without a choice when opt-in is required; ticking opts in', () => {
    inI18n(<AnalyticsConsentSetting required />)
    const box = screen.getByRole('checkbox', { name: 'Share usage analytics' })
    expect(box).toHaveProperty('checked', false)
    fireEvent.click(box)
    expect(readConsent()).toBe('in')
    expect(box).toHaveProperty('checked', true)
  })
})
