import { describe, expect, it } from 'vitest'
import { HELP_ARTICLES, LOCALES } from '#/app.config.ts'
import {
  findHelpArticle,
  HELP_ARTICLE_KEYS,
  HELP_FIGURES,
  HELP_RATES,
  HELP_TEXTS,
  localeOfHelpLanguage,
} from './help-articles.ts'

describe("the app's own help centre", () => {
  it('has an article for every help link the app shows, found by its address', () => {
    expect(HELP_ARTICLE_KEYS).toEqual(Object.keys(HELP_ARTICLES))
    for (const article of HELP_ARTICLE_KEYS) {
      const { catalog, id } = HELP_ARTICLES[article]
      expect(findHelpArticle(catalog, id)).toBe(article)
      expect(HELP_TEXTS[article].paragraphs.length).toBeGreaterThan(0)
    }
    expect(findHelpArticle('trading', 'no-such-article')).toBeUndefined()
    expect(findHelpArticle('futures', 'fees')).toBeUndefined()
  })

  it('quotes only figures it is given (no placeholder is left unfilled)', () => {
    const known = new Set([...Object.keys(HELP_RATES), ...Object.keys(HELP_FIGURES), 'product'])
    for (const { title, paragraphs } of Object.values(HELP_TEXTS))
      for (const text of [title, ...paragraphs]) {
        expect(text.message).toBeTruthy()
        for (const [, name] of (text.message ?? '').matchAll(/\{(\w+)\}/g)) expect(known).toContain(name)
      }
  })

  it('maps each help language back to its locale', () => {
    expect(localeOfHelpLanguage('en-us')).toBe('en_US')
    expect(localeOfHelpLanguage('ar')).toBe('ar_AE')
    expect(localeOfHelpLanguage('zh-tw')).toBe('zh_TW')
    expect(localeOfHelpLanguage('xx')).toBeUndefined()
    for (const { code, helpLang } of LOCALES) expect(localeOfHelpLanguage(helpLang)).toBe(code)
  })
})
