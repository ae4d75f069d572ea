import { describe, expect, it } from 'vitest'
import { availableLanguages, parseLanguageList, preferredLocale } from './available-languages.ts'

describe('available languages', () => {
  it('reads language lists case-insensitively, in table order, ignoring unknown codes', () => {
    expect(parseLanguageList(['ja_jp', 'en_US', 'xx_XX', 3, 'ar_AE'])).toEqual(['en_US', 'ja_JP', 'ar_AE'])
  })

  it('uses every language when the server offers none', () => {
    expect(availableLanguages([], undefined)).toHaveLength(13)
  })

  it('narrows the offer by clientSupperLanguage', () => {
    expect(availableLanguages(['en_US', 'zh_CN', 'ja_JP'], 'zh_CN,ja_JP,ko_KR')).toEqual(['zh_CN', 'ja_JP'])
  })

  it('ignores a clientSupperLanguage that leaves nothing', () => {
    expect(availableLanguages(['en_US', 'zh_CN'], 'xx,yy')).toEqual(['en_US', 'zh_CN'])
  })

  it('keeps the current locale when available, else en_US, else the first available', () => {
    const current = 'ja_JP'
    expect(preferredLocale({ preferred: undefined, current, available: ['en_US', 'ja_JP'] })).toBe('ja_JP')
    expect(preferredLocale({ preferred: undefined, current, available: ['zh_CN', 'en_US'] })).toBe('en_US')
    expect(preferredLocale({ preferred: undefined, current, available: ['zh_CN', 'ko_KR'] })).toBe('zh_CN')
  })

  it("shows the user's preferred language when it is available (§4), else falls back as without one", () => {
    expect(preferredLocale({ preferred: 'fr_FR', current: 'en_US', available: ['en_US', 'fr_FR'] })).toBe('fr_FR')
    expect(preferredLocale({ preferred: 'fr_FR', current: 'ja_JP', available: ['en_US', 'ja_JP'] })).toBe('ja_JP')
    expect(preferredLocale({ preferred: 'fr_FR', current: 'ja_JP', available: ['ko_KR', 'zh_CN'] })).toBe('ko_KR')
  })
})
