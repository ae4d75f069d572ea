import { describe, expect, it } from 'vitest'
import { brandModelOf, deviceNameOf, isMobileUserAgent, systemVersionOf } from './user-agent.ts'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1'
const ANDROID_WEBVIEW =
  'Mozilla/5.0 (Linux; Android 14; SM-G991B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.0.0 Mobile Safari/537.36'
const ANDROID_REDUCED =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15'
const LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36'

describe('user agent reading', () => {
  it('names the system and its version', () => {
    expect(systemVersionOf(IPHONE)).toBe('iOS 17.2')
    expect(systemVersionOf(ANDROID_WEBVIEW)).toBe('Android 14')
    expect(systemVersionOf(WINDOWS)).toBe('Windows 10')
    expect(systemVersionOf(MAC)).toBe('macOS 10.15.7')
    expect(systemVersionOf(LINUX)).toBe('Linux')
    expect(systemVersionOf('curl/8.0')).toBe('')
  })

  it('names brand and model where the user agent says them', () => {
    expect(brandModelOf(IPHONE)).toBe('Apple iPhone')
    expect(brandModelOf(ANDROID_WEBVIEW)).toBe('SM-G991B')
    expect(brandModelOf(ANDROID_REDUCED)).toBe('')
    expect(brandModelOf(MAC)).toBe('Apple Macintosh')
    expect(brandModelOf(WINDOWS)).toBe('')
  })

  it('builds a device name from model or system, and browser', () => {
    expect(deviceNameOf(ANDROID_WEBVIEW)).toBe('SM-G991B / Chrome 126')
    expect(deviceNameOf(WINDOWS)).toBe('Windows 10 / Chrome 126')
    expect(deviceNameOf(IPHONE)).toBe('Apple iPhone / Safari 17')
  })

  it('tells phones and tablets from desktops', () => {
    expect([IPHONE, ANDROID_WEBVIEW, ANDROID_REDUCED].every(isMobileUserAgent)).toBe(true)
    expect([WINDOWS, MAC, LINUX].some(isMobileUserAgent)).toBe(false)
  })
})
