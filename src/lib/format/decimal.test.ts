import { describe, expect, it } from 'vitest'
import { formatDecimal } from './decimal.ts'

describe('formatDecimal', () => {
  it('truncates, never rounds up', () => {
    expect(formatDecimal('1234.56789', 4, 'en-US')).toBe('1,234.5678')
    expect(formatDecimal('0.99999', 2, 'en-US')).toBe('0.99')
  })

  it('keeps precision beyond what a float holds', () => {
    expect(formatDecimal('12345678901234567.123456789', 4, 'en-US')).toBe('12,345,678,901,234,567.1234')
  })

  it('groups and separates per locale', () => {
    expect(formatDecimal('1234567.5', 2, 'de-DE')).toBe('1.234.567,50')
    expect(formatDecimal('1234567.5', 2, 'fr-FR')).toMatch(/^1\s234\s567,50$/)
  })

  it('shows -- for empty or invalid values', () => {
    expect(formatDecimal('', 2, 'en-US')).toBe('--')
    expect(formatDecimal(undefined, 2, 'en-US')).toBe('--')
    expect(formatDecimal('abc', 2, 'en-US')).toBe('--')
  })

  it('keeps the sign of negative amounts, not of a truncated zero', () => {
    expect(formatDecimal('-12.349', 2, 'en-US')).toBe('-12.34')
    expect(formatDecimal('-0.001', 2, 'en-US')).toBe('0.00')
  })
})
