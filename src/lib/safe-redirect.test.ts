import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from './safe-redirect.ts'

describe('safeRedirectPath', () => {
  it.each(['/', '/copy-trading/gemw', '/zh_CN/copy-trading/my?tab=1#x'])('keeps %s', (path) => {
    expect(safeRedirectPath(path)).toBe(path)
  })

  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'data:text/html,x',
    'copy-trading',
    '/\t/evil.example',
    '/\n/evil.example',
    '',
    '/'.padEnd(3000, 'a'),
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeUndefined()
  })

  it('refuses non-strings', () => {
    expect(safeRedirectPath(['/a'])).toBeUndefined()
    expect(safeRedirectPath({ a: 1 })).toBeUndefined()
    expect(safeRedirectPath(undefined)).toBeUndefined()
  })
})
