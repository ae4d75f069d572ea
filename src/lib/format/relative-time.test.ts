import { setupI18n, type Messages } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { messages as arMessages } from '../../../locales/ar_AE/messages.po'
import { messages as enMessages } from '../../../locales/en_US/messages.po'
import { messages as ruMessages } from '../../../locales/ru_RU/messages.po'
import { formatRelativeTime } from './relative-time.ts'

function i18nOf(locale: string, messages: Messages) {
  return setupI18n({ locale: locale.replace('_', '-'), messages: { [locale.replace('_', '-')]: messages } })
}

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0)
const S = 1000
const M = 60 * S
const H = 60 * M
const D = 24 * H

describe('relative time (§9 words)', () => {
  const en = i18nOf('en_US', enMessages)
  it.each([
    [-10 * S, 'a few seconds ago'],
    [-60 * S, 'a minute ago'],
    [-5 * M, '5 minutes ago'],
    [-60 * M, 'an hour ago'],
    [-5 * H, '5 hours ago'],
    [-30 * H, 'a day ago'],
    [-10 * D, '10 days ago'],
    [-35 * D, 'a month ago'],
    [-100 * D, '3 months ago'],
    [-400 * D, 'a year ago'],
    [-800 * D, '2 years ago'],
    [10 * S, 'in a few seconds'],
    [3 * H, 'in 3 hours'],
  ])('%i ms → %s', (offset, expected) => {
    expect(formatRelativeTime(en, NOW + offset, NOW)).toBe(expected)
  })

  it('is translated, with each language’s plural forms', () => {
    const ru = i18nOf('ru_RU', ruMessages)
    expect(formatRelativeTime(ru, NOW - 5 * M, NOW)).toBe('5 минут назад')
    expect(formatRelativeTime(ru, NOW - 21 * M, NOW)).toBe('21 минуту назад')
    expect(formatRelativeTime(ru, NOW - 3 * H, NOW)).toBe('3 часа назад')
    const ar = i18nOf('ar_AE', arMessages)
    expect(formatRelativeTime(ar, NOW + 10 * S, NOW)).toMatch(/^بعد /)
  })
})
