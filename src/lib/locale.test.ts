import { describe, expect, it } from 'vitest'
import { LOCALES } from '#/app.config.ts'
import { findLocale, localizedPath, locatePath, withLocalePrefix } from './locale.ts'

describe('the locale table', () => {
  it('has the 13 languages of §1, each once', () => {
    expect(LOCALES.map((l) => l.code)).toEqual([
      'en_US',
      'zh_CN',
      'zh_TW',
      'ko_KR',
      'vi_VN',
      'tr_TR',
      'pt_PT',
      'ru_RU',
      'uk_UA',
      'ja_JP',
      'fr_FR',
      'es_ES',
      'ar_AE',
    ])
  })

  it('writes Arabic right-to-left and every other language left-to-right', () => {
    expect(LOCALES.filter((l) => l.dir === 'rtl').map((l) => l.code)).toEqual(['ar_AE'])
  })

  it('gives each language its default pricing currency (§3)', () => {
    const fiat = Object.fromEntries(LOCALES.map((l) => [l.code, l.fiatCurrency]))
    expect(fiat).toEqual({
      en_US: 'USD',
      zh_CN: 'CNY',
      zh_TW: 'TWD',
      ko_KR: 'KRW',
      vi_VN: 'VND',
      tr_TR: 'TRY',
      pt_PT: 'EUR',
      ru_RU: 'RUB',
      uk_UA: 'UAH',
      ja_JP: 'JPY',
      fr_FR: 'EUR',
      es_ES: 'EUR',
      ar_AE: 'EUR',
    })
  })

  it('has a BCP-47 tag, a label and a catalog file for each', () => {
    for (const l of LOCALES) {
      expect(l.tag).toMatch(/^[a-z]{2}-[A-Z]{2}$/)
      expect(l.tag.replace('-', '_')).toBe(l.code)
      expect(l.label.length).toBeGreaterThan(1)
      expect(l.file).toBe(`locales/${l.code}/messages.po`)
    }
  })
})

describe('locale paths', () => {
  it('finds a locale case-insensitively', () => {
    expect(findLocale('zh_cn')).toBe('zh_CN')
    expect(findLocale('AR_AE')).toBe('ar_AE')
    expect(findLocale('zh-CN')).toBeUndefined()
    expect(findLocale('copy-trading')).toBeUndefined()
    expect(findLocale(undefined)).toBeUndefined()
  })

  it('splits a path into its locale and the rest', () => {
    expect(locatePath('/')).toEqual({ locale: 'en_US', prefix: undefined, rest: '/' })
    expect(locatePath('/copy-trading/gemw')).toEqual({ locale: 'en_US', prefix: undefined, rest: '/copy-trading/gemw' })
    expect(locatePath('/zh_CN')).toEqual({ locale: 'zh_CN', prefix: 'zh_CN', rest: '/' })
    expect(locatePath('/en_US/login')).toEqual({ locale: 'en_US', prefix: 'en_US', rest: '/login' })
    expect(locatePath('/ar_ae/copy-trading')).toEqual({ locale: 'ar_AE', prefix: 'ar_AE', rest: '/copy-trading' })
  })

  it('joins a prefix and a path, English without one in canonical URLs', () => {
    expect(withLocalePrefix(undefined, '/login')).toBe('/login')
    expect(withLocalePrefix('zh_CN', '/')).toBe('/zh_CN')
    expect(withLocalePrefix('en_US', '/login')).toBe('/en_US/login')
    expect(localizedPath('en_US', '/login')).toBe('/login')
    expect(localizedPath('ja_JP', '/login')).toBe('/ja_JP/login')
  })
})
