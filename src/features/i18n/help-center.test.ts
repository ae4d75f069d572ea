import { describe, expect, it } from 'vitest'
import { HELP_ARTICLES, LOCALES, loadConfig, publicConfig } from '#/app.config.ts'
import { helpArticleUrl, helpCenterHomeUrl, helpCenterUrl, helpDeskUrl } from './help-center.ts'

describe('help-centre links', () => {
  it('map the locale to the help desk language', () => {
    expect(helpCenterUrl('https://help.example.com', 'zh_CN', 'copy-trading', '360001')).toBe(
      'https://help.example.com/zh-cn/copy-trading/360001',
    )
    expect(helpCenterUrl('', 'ar_AE', 'faq', '12')).toBe('/ar/faq/12')
    expect(helpCenterUrl('', 'en_US', 'a b', 'x/y')).toBe('/en-us/a%20b/x%2Fy')
  })

  it('open the named articles in the help language of each locale', () => {
    const base = 'https://help.example.com'
    expect(helpArticleUrl(base, 'en_US', 'marginModes')).toBe('https://help.example.com/en-us/futures/margin-modes')
    expect(helpArticleUrl(base, 'ar_AE', 'riskDisclosure')).toBe('https://help.example.com/ar/legal/risk-disclosure')
    expect(helpArticleUrl(base, 'zh_CN', 'copyStopLoss')).toBe(
      'https://help.example.com/zh-cn/copy-trading/copy-stop-loss',
    )
    expect(helpArticleUrl('', 'zh_TW', 'fees')).toBe('/zh-tw/trading/fees')
  })

  it('have one address per article: no two articles share a catalog and id', () => {
    const addresses = Object.values(HELP_ARTICLES).map(({ catalog, id }) => `${catalog}/${id}`)
    expect(new Set(addresses).size).toBe(addresses.length)
  })

  it('open the help centre home in the locale', () => {
    expect(helpCenterHomeUrl('https://help.example.com', 'ar_AE')).toBe('https://help.example.com/ar')
    expect(helpCenterHomeUrl('', 'zh_CN')).toBe('/zh-cn')
  })
})

describe('help desk', () => {
  it('every locale has a help-desk language code of its own kind (§9)', () => {
    for (const l of LOCALES) expect(l.helpDeskLang).toMatch(/^[a-z]{2}(-[A-Z]{2})?$/)
    expect(LOCALES.find((l) => l.code === 'zh_CN')?.helpDeskLang).toBe('zh-CN')
  })

  it('opens HELP_DESK_URL with the locale help-desk code as lang=, keeping its own query', () => {
    const config = { helpCenterUrl: 'https://help.example.com', helpDeskUrl: 'https://desk.example.com/chat' }
    expect(helpDeskUrl(config, 'ar_AE')).toBe('https://desk.example.com/chat?lang=ar')
    expect(helpDeskUrl(config, 'zh_CN')).toBe('https://desk.example.com/chat?lang=zh-CN')
    expect(helpDeskUrl({ ...config, helpDeskUrl: 'https://desk.example.com/?widget=1&lang=xx' }, 'en_US')).toBe(
      'https://desk.example.com/?widget=1&lang=en-US',
    )
  })

  it('without HELP_DESK_URL opens the help centre home', () => {
    expect(helpDeskUrl({ helpCenterUrl: 'https://help.example.com' }, 'ar_AE')).toBe('https://help.example.com/ar')
    expect(helpDeskUrl({ helpCenterUrl: '', helpDeskUrl: undefined }, 'en_US')).toBe('/en-us')
  })

  it('HELP_DESK_URL and HELP_CENTER_URL reach the browser config; a bad value stops start-up', () => {
    const config = publicConfig(
      loadConfig({ HELP_CENTER_URL: 'https://help.example.com/', HELP_DESK_URL: 'https://desk.example.com/chat' }),
    )
    expect(config.helpCenterUrl).toBe('https://help.example.com')
    expect(helpDeskUrl(config, 'ko_KR')).toBe('https://desk.example.com/chat?lang=ko')
    expect(publicConfig(loadConfig({})).helpDeskUrl).toBeUndefined()
    expect(() => loadConfig({ HELP_DESK_URL: 'javascript:alert(1)' })).toThrow(/HELP_DESK_URL=/)
  })
})
