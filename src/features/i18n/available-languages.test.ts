import { describe, expect, it } from 'vitest'
import { availableLanguages, parseLanguageList, resolveLocale } from './available-languages.ts'

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
    expect(resolveLocale('ja_JP', ['en_US', 'ja_JP'])).toBe('ja_JP')
    expect(resolveLocale('ja_JP', ['zh_CN', 'en_US'])).toBe('en_US')
    expect(resolveLocale('ja_JP', ['zh_CN', 'ko_KR'])).toBe('zh_CN')
  })
})
