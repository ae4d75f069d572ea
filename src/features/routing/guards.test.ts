import { isRedirect } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { runGuards, type GuardInput } from './guards.ts'

const base: GuardInput = {
  prefix: undefined,
  rest: '/copy-trading/my',
  href: '/copy-trading/my?tab=open#list',
  searchStr: '?tab=open',
  loggedIn: false,
  features: { futures: true, hbtSwitch: true },
}

function redirectOf(names: readonly string[], input: GuardInput): string | undefined {
  try {
    runGuards(names, input)
    return undefined
  } catch (thrown) {
    if (isRedirect(thrown)) return thrown.options.href
    throw thrown
  }
}

describe('route guards', () => {
  it('throws "Unknown route middleware" for a name not in the registry', () => {
    expect(() => runGuards(['nope'], base)).toThrow('Unknown route middleware')
    expect(() => runGuards(['toString'], base)).toThrow('Unknown route middleware')
  })

  it('passes with no guards', () => {
    expect(redirectOf([], base)).toBeUndefined()
  })

  describe('auth-route', () => {
    it('sends a visitor to login with the full path to return to', () => {
      expect(redirectOf(['auth-route'], base)).toBe('/login?redirectUrl=%2Fcopy-trading%2Fmy%3Ftab%3Dopen%23list')
    })
    it('keeps the locale prefix', () => {
      expect(redirectOf(['auth-route'], { ...base, prefix: 'zh_CN', href: '/zh_CN/copy-trading/my' })).toBe(
        '/zh_CN/login?redirectUrl=%2Fzh_CN%2Fcopy-trading%2Fmy',
      )
    })
    it('lets a logged-in user through', () => {
      expect(redirectOf(['auth-route'], { ...base, loggedIn: true })).toBeUndefined()
    })
  })

  describe('futures-redirect', () => {
    const off = { ...base, features: { futures: false, hbtSwitch: true } }
    it('sends futures pages to their spot twins when futures are not offered', () => {
      expect(redirectOf(['futures-redirect'], { ...off, rest: '/copy-trading/futures', searchStr: '?sort=roi' })).toBe(
        '/copy-trading/spot?sort=roi',
      )
      expect(
        redirectOf(['futures-redirect'], {
          ...off,
          prefix: 'ko_KR',
          rest: '/copy-trading/futures-trader/42',
          searchStr: '',
        }),
      ).toBe('/ko_KR/copy-trading/spot-trader/42')
      expect(redirectOf(['futures-redirect'], { ...off, rest: '/futures/ETH_USDT', searchStr: '?interval=1h' })).toBe(
        '/spot/ETH_USDT?interval=1h',
      )
    })
    it('does nothing when futures are offered', () => {
      expect(redirectOf(['futures-redirect'], { ...base, rest: '/copy-trading/futures' })).toBeUndefined()
    })
  })

  describe('trading-bots', () => {
    it('sends bot pages home with a notice when Hbt_Switch is off', () => {
      expect(
        redirectOf(['trading-bots'], { ...base, prefix: 'ar_AE', features: { futures: true, hbtSwitch: false } }),
      ).toBe('/ar_AE?notice=bots-closed')
    })
    it('does nothing when bots are open', () => {
      expect(redirectOf(['trading-bots'], base)).toBeUndefined()
    })
  })

  it('runs guards in order: the first redirect wins', () => {
    const input = { ...base, rest: '/copy-trading/futures', features: { futures: false, hbtSwitch: true } }
    expect(redirectOf(['auth-route', 'futures-redirect'], input)).toMatch(/^\/login/)
    expect(redirectOf(['futures-redirect', 'auth-route'], input)).toBe('/copy-trading/spot?tab=open')
  })
})
