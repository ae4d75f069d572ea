/** The one statistics window: the last N UTC calendar days, today so far included. */
import { describe, expect, it } from 'vitest'
import { windowDays, windowFirstDay, windowStart } from './stats-window.ts'

describe('windowStart', () => {
  const now = Date.parse('2025-11-24T19:08:00.000Z')

  it('starts "7 days" at 00:00 UTC six days before today: 11-18 00:00 at 11-24 19:08', () => {
    expect(new Date(windowStart('7d', now) ?? 0).toISOString()).toBe('2025-11-18T00:00:00.000Z')
    expect(windowFirstDay('30d', now)).toBe('2025-10-26')
    expect(windowFirstDay('90d', new Date(now))).toBe('2025-08-27')
    expect(windowStart('all', now)).toBeNull()
  })

  it('moves at UTC midnight, not with the hour', () => {
    expect(windowFirstDay('7d', Date.parse('2025-11-24T00:00:00.000Z'))).toBe('2025-11-18')
    expect(windowFirstDay('7d', Date.parse('2025-11-24T23:59:59.999Z'))).toBe('2025-11-18')
    expect(windowFirstDay('7d', Date.parse('2025-11-25T00:00:00.000Z'))).toBe('2025-11-19')
  })

  it('lists exactly N days, today last', () => {
    expect(windowDays('7d', now)).toEqual([
      '2025-11-18',
      '2025-11-19',
      '2025-11-20',
      '2025-11-21',
      '2025-11-22',
      '2025-11-23',
      '2025-11-24',
    ])
    expect(windowDays('30d', now)).toHaveLength(30)
    expect(windowDays('all', now)).toBeNull()
  })
})
