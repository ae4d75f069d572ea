import { describe, expect, it } from 'vitest'
import { canonicalPath, staticSegmentsOf } from './canonical-path.ts'

const segments = staticSegmentsOf([
  '/{-$locale}/copy-trading/gemw/$id',
  '/{-$locale}/copy-trading/futures-trader/$id',
  '/{-$locale}/login',
  '/{-$locale}/affiliate-register/why-join-{$product}',
])

describe('staticSegmentsOf', () => {
  it('keeps static segments and drops params', () => {
    expect([...segments].sort()).toEqual(['affiliate-register', 'copy-trading', 'futures-trader', 'gemw', 'login'])
  })
})

describe('canonicalPath', () => {
  it.each([
    ['/', '/'],
    ['/copy-trading/gemw', '/copy-trading/gemw'],
    ['/copy-trading/gemw/', '/copy-trading/gemw'],
    ['/Copy-Trading/GEMW', '/copy-trading/gemw'],
    ['/zh_cn/copy-trading/gemw/', '/zh_CN/copy-trading/gemw'],
    ['/EN_US/LOGIN', '/en_US/login'],
    ['/copy-trading/gemw/AbC123', '/copy-trading/gemw/AbC123'],
    ['//evil.example/', '/evil.example'],
    ['/copy-trading//gemw', '/copy-trading/gemw'],
    ['/zh_CN/', '/zh_CN'],
    ['/unknown/Path/', '/unknown/Path'],
  ])('%s → %s', (input, expected) => {
    expect(canonicalPath(input, segments)).toBe(expected)
  })

  it('never produces a protocol-relative path', () => {
    for (const input of ['//x', '///x/', '/\\/x', '////evil.example//a']) {
      expect(canonicalPath(input, segments).startsWith('//')).toBe(false)
    }
  })
})
