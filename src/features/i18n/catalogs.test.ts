import { msg, plural } from '@lingui/core/macro'
import { describe, expect, it } from 'vitest'
import { i18nFor } from './catalogs.ts'

describe('i18nFor', () => {
  it('renders plurals with the catalog code of a locale (Intl wants a language tag)', () => {
    const count = 5
    const message = msg`${plural(count, { one: '# minute', other: '# minutes' })}`
    expect(i18nFor('ar_AE', '{}')._(message)).toBe('5 minutes')
    expect(i18nFor('en_US', '{}')._(message)).toBe('5 minutes')
  })
})
