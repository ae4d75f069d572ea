import { describe, expect, it } from 'vitest'
import { helpCenterUrl } from './help-center.ts'

describe('help-centre links', () => {
  it('map the locale to the help desk language', () => {
    expect(helpCenterUrl('https://help.example.com', 'zh_CN', 'copy-trading', '360001')).toBe(
      'https://help.example.com/zh-cn/copy-trading/360001',
    )
    expect(helpCenterUrl('', 'ar_AE', 'faq', '12')).toBe('/ar/faq/12')
    expect(helpCenterUrl('', 'en_US', 'a b', 'x/y')).toBe('/en-us/a%20b/x%2Fy')
  })
})
