import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dateTimeFormat, type DateTimeOptions, type DateTimeStyle } from './date-time.ts'

const formatDateTime = (at: number, tag: string, style: DateTimeStyle, options: DateTimeOptions = {}) =>
  dateTimeFormat(tag, style, options).format(at)

/** 2026-11-28 13:38:34 UTC: an afternoon, where a 12-hour clock shows 1:38 PM. */
const AT = Date.UTC(2026, 10, 28, 13, 38, 34)
const zone = process.env.TZ

beforeAll(() => {
  process.env.TZ = 'UTC'
})
afterAll(() => {
  process.env.TZ = zone
})

describe('the one date and time formatter', () => {
  it.each([
    ['en-US', 'dateTime', '11/28/2026, 13:38:34'],
    ['en-US', 'minute', 'Nov 28, 2026, 13:38'],
    ['en-US', 'time', '13:38:34'],
    ['fr-FR', 'dateTime', '28/11/2026 13:38:34'],
    ['fr-FR', 'minute', '28 nov. 2026, 13:38'],
    ['ar-AE', 'dateTime', '28\u200f/11\u200f/2026، 13:38:34'],
  ] as const)('writes %s %s on a 24-hour clock: %s', (tag, style, expected) => {
    expect(formatDateTime(AT, tag, style)).toBe(expected)
  })

  it('never shows a 12-hour clock, the leader pages included (they showed 1:38 PM)', () => {
    for (const tag of ['en-US', 'en-GB', 'zh-CN', 'ko-KR', 'ar-AE', 'hi-IN'])
      for (const style of ['dateTime', 'minute', 'time', 'dayMonthTime'] as const)
        expect(formatDateTime(AT, tag, style)).toMatch(/13:38/)
  })

  it('takes the catalog code as well as the language tag, and UTC where asked', () => {
    expect(formatDateTime(AT, 'fr_FR', 'time')).toBe('13:38:34')
    process.env.TZ = 'Asia/Tokyo'
    expect(formatDateTime(AT, 'en-US', 'time', { timeZone: 'UTC' })).toBe('13:38:34')
    process.env.TZ = 'UTC'
  })
})

describe('the same text on the server and in the browser', () => {
  it('writes ICU thin and narrow no-break spaces as plain spaces (Node put U+2009 in zh-TW, Chromium a space)', () => {
    for (const tag of ['zh-TW', 'en-US', 'fr-FR', 'ja-JP', 'ar-AE'])
      for (const style of ['dateTime', 'minute', 'date', 'time', 'dayMonthTime'] as const)
        expect(formatDateTime(AT, tag, style, { timeZone: 'UTC' })).not.toMatch(/[\u2009\u202f]/)
    expect(formatDateTime(AT, 'zh-TW', 'minute', { timeZone: 'UTC' })).toBe('2026/11/28 13:38')
  })

  it('writes the zone it is given', () => {
    expect(formatDateTime(AT, 'en-US', 'time', { timeZone: 'Asia/Shanghai' })).toBe('21:38:34')
  })
})
