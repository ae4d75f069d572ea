import { msg, plural } from '@lingui/core/macro'
import { describe, expect, it } from 'vitest'
import { i18nFor, loadCatalog, loadPageCatalog } from './catalogs.ts'

describe('catalogs', () => {
  it('renders plurals with the catalog code of a locale (Intl wants a language tag)', async () => {
    const count = 5
    const message = msg`${plural(count, { one: '# minute', other: '# minutes' })}`
    expect((await loadCatalog('ar_AE'))._(message)).toBe('5 minutes')
    expect((await loadCatalog('en_US'))._(message)).toBe('5 minutes')
  })

  it('loads a catalog once: concurrent and later loads share one instance, which i18nFor then answers', async () => {
    expect(() => i18nFor('ko_KR')).toThrow(/before it has loaded/)
    const [first, second] = await Promise.all([loadCatalog('ko_KR'), loadCatalog('ko_KR')])
    expect(second).toBe(first)
    expect(await loadCatalog('ko_KR')).toBe(first)
    expect(i18nFor('ko_KR')).toBe(first)
    expect(first.locale).toBe('ko_KR')
  })

  it('takes the page catalog from the locale prefix of the path, English without one', async () => {
    expect((await loadPageCatalog('/zh_CN/copy-trading/gemw')).locale).toBe('zh_CN')
    expect((await loadPageCatalog('/copy-trading/gemw')).locale).toBe('en_US')
  })
})
