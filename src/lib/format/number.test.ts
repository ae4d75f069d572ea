import Decimal from 'decimal.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  abbreviate,
  foldedParts,
  foldZeros,
  unfoldZeros,
  formatNumber,
  formatPercent,
  fromPlot,
  quotient,
  trimZeros,
  truncateFixed,
} from './number.ts'
import { runs } from '#tests/fixtures/properties.ts'

const en = { tag: 'en-US' }
const RUNS = runs(1000)
/** Decimal strings of up to 20 significant digits, as prices and sizes arrive from the exchange. */
const decimalString = fc
  .tuple(
    fc.boolean(),
    fc.bigInt({ min: 0n, max: 10n ** 12n }),
    fc.integer({ min: 0, max: 12 }),
    fc.bigInt({ min: 0n, max: 10n ** 8n - 1n }),
  )
  .map(([negative, integer, zeros, fraction]) => `${negative ? '-' : ''}${integer}.${'0'.repeat(zeros)}${fraction}`)

describe('truncation', () => {
  it('never rounds up and keeps exactly the digits asked', () => {
    fc.assert(
      fc.property(decimalString, fc.integer({ min: 0, max: 10 }), (value, digits) => {
        const fixed = truncateFixed(new Decimal(value), digits)
        expect(new Decimal(fixed).abs().lte(new Decimal(value).abs())).toBe(true)
        expect(new Decimal(value).minus(fixed).abs().lt(new Decimal(10).pow(-digits))).toBe(true)
        expect(fixed.split('.')[1]?.length ?? 0).toBe(digits)
      }),
      RUNS,
    )
  })

  it.each([
    ['1.999', 2, '1.99'],
    ['-1.999', 2, '-1.99'],
    ['0.00019', 4, '0.0001'],
    ['123', 2, '123.00'],
    ['19371.5275', 2, '19371.52'],
    ['-0.0059', 2, '-0.00'],
    ['0', 2, '0.00'],
    ['-0', 2, '0.00'],
  ])('%s to %i decimals → %s', (value, digits, expected) => {
    expect(truncateFixed(new Decimal(value), digits)).toBe(expected)
  })
})

describe('abbreviation (K, M, B, T, Q, truncated toward zero like every figure)', () => {
  it.each([
    ['999', '999.00', ''],
    ['1000', '1.00', 'K'],
    ['19371.5275', '19.37', 'K'],
    ['1234567', '1.23', 'M'],
    ['1235000', '1.23', 'M'],
    ['1239999', '1.23', 'M'],
    ['999995', '999.99', 'K'],
    ['999999.999', '999.99', 'K'],
    ['2500000000', '2.50', 'B'],
    ['7300000000000', '7.30', 'T'],
    ['5000000000000000', '5.00', 'Q'],
    ['5000000000000000000', '5000.00', 'Q'],
    ['-1500', '-1.50', 'K'],
    ['-1239999', '-1.23', 'M'],
    ['-999995', '-999.99', 'K'],
  ])('%s → %s%s', (value, fixed, unit) => {
    expect(abbreviate(new Decimal(value), 2)).toEqual({ fixed, unit })
  })

  it('never shows more than the value, within one step of the shown digits', () => {
    const scale: Record<string, number> = { '': 0, K: 3, M: 6, B: 9, T: 12, Q: 15 }
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), (n) => {
        const { fixed, unit } = abbreviate(new Decimal(n.toString()), 2)
        const back = new Decimal(fixed).times(new Decimal(10).pow(scale[unit] ?? 0))
        const step = new Decimal(10).pow((scale[unit] ?? 0) - 2)
        expect(back.abs().lte(new Decimal(n.toString()).abs())).toBe(true)
        expect(new Decimal(n.toString()).minus(back).abs().lt(step)).toBe(true)
      }),
      RUNS,
    )
  })

  it('agrees with the full figure: the compact form is the full one cut at the unit', () => {
    fc.assert(
      fc.property(decimalString, (value) => {
        const d = new Decimal(value)
        const { fixed, unit } = abbreviate(d, 2)
        if (unit === '') return
        const full = truncateFixed(d, 0).replace('-', '')
        const shown = fixed.replace('-', '').replace('.', '')
        expect(full.startsWith(shown.replace(/^0+(?=\d)/, ''))).toBe(true)
      }),
      RUNS,
    )
  })
})

describe('zero folding', () => {
  it('folds runs of 4+ zeros when there are 8+ decimals', () => {
    expect(foldZeros('0.00000123')).toBe('0.0{5}123')
    expect(foldZeros('0.00001230')).toBe('0.0{4}1230')
    expect(foldZeros('0.000123')).toBe('0.000123')
    expect(foldZeros('12.00010001')).toBe('12.00010001')
  })

  it('never folds trailing zeros (issue 28: 10,000.0₈ read as 10,000.08)', () => {
    expect(foldZeros('10000.00000000')).toBe('10000.00000000')
    expect(foldZeros('1.10000000')).toBe('1.10000000')
    expect(foldZeros('-817.32000000')).toBe('-817.32000000')
    expect(foldZeros('-0.00010000')).toBe('-0.00010000')
    expect(foldZeros('0.00001230')).toBe('0.0{4}1230')
    expect(formatNumber('10000', { ...en, digits: 8 })).toBe('10,000.00000000')
    expect(formatNumber('10000', { ...en, digits: 8, minDigits: 2 })).toBe('10,000.00')
    expect(formatNumber('-817.32', { ...en, digits: 8, minDigits: 2 })).toBe('-817.32')
    expect(formatNumber('-0.0001', { ...en, digits: 8, minDigits: 2 })).toBe('-0.0001')
    expect(formatNumber('0.00005', { ...en, digits: 8, minDigits: 2 })).toBe('0.00005')
    expect(formatNumber('0.00000005', { ...en, digits: 8, minDigits: 2 })).toBe('0.0{7}5')
  })

  it('folds a run only where a significant digit follows it', () => {
    fc.assert(
      fc.property(decimalString, fc.integer({ min: 8, max: 12 }), (value, digits) => {
        const fixed = truncateFixed(new Decimal(value), digits)
        const folded = foldZeros(fixed)
        // Every fold stands before a digit 1–9: none at the end, none before another zero.
        expect(folded).not.toMatch(/0\{\d+\}(?![1-9])/)
        // The trailing zeros are all still written.
        const trailing = /0*$/.exec(fixed)?.[0] ?? ''
        expect(folded.endsWith(trailing)).toBe(true)
        // And every run of 4+ zeros a significant digit follows is folded.
        expect(folded.split('.')[1] ?? '').not.toMatch(/0{4,}[1-9]/)
      }),
      RUNS,
    )
  })

  it('trims trailing zeros to the decimals asked, and keeps the value', () => {
    expect(trimZeros('10000.00000000', 2)).toBe('10000.00')
    expect(trimZeros('0.00005000', 2)).toBe('0.00005')
    expect(trimZeros('5.00', 0)).toBe('5')
    fc.assert(
      fc.property(decimalString, fc.integer({ min: 0, max: 4 }), (value, min) => {
        const fixed = truncateFixed(new Decimal(value), 8)
        const trimmed = trimZeros(fixed, min)
        expect(new Decimal(trimmed).eq(fixed)).toBe(true)
        const decimals = trimmed.split('.')[1] ?? ''
        expect(decimals.length).toBeGreaterThanOrEqual(Math.min(min, 8))
        if (decimals.length > min) expect(decimals.endsWith('0')).toBe(false)
      }),
      RUNS,
    )
  })

  it('unfolds a folded text back to every digit', () => {
    expect(unfoldZeros('0.0{5}123')).toBe('0.00000123')
    expect(unfoldZeros('1,234.10{7}')).toBe('1,234.10000000')
    expect(unfoldZeros('12.5')).toBe('12.5')
  })

  it('gives the parts of an accessible rendering', () => {
    expect(foldedParts('0.0{5}123')).toEqual([{ text: '0.' }, { zeros: 5 }, { text: '123' }])
  })

  it('keeps the value: unfolding gives the same digits back', () => {
    fc.assert(
      fc.property(decimalString, (value) => {
        const fixed = truncateFixed(new Decimal(value), 10)
        const unfolded = foldZeros(fixed).replace(/0\{(\d+)\}/g, (_, n: string) => '0'.repeat(Number(n)))
        expect(unfolded).toBe(fixed)
      }),
      RUNS,
    )
  })
})

describe('formatNumber', () => {
  it('shows -- for empty or invalid', () => {
    expect(formatNumber('', { digits: 2, ...en })).toBe('--')
    expect(formatNumber(null, { digits: 2, ...en })).toBe('--')
    expect(formatNumber('NaN', { digits: 2, ...en })).toBe('--')
    expect(formatNumber('abc', { digits: 2, ...en })).toBe('--')
  })

  it('folds tiny and abbreviates huge values with indent, shows every digit with normal', () => {
    expect(formatNumber('0.00000123', { digits: 8, ...en })).toBe('0.0{5}123')
    expect(formatNumber('0.00000123', { digits: 8, ...en, notation: 'normal' })).toBe('0.00000123')
    expect(formatNumber('1234567890', { digits: 2, ...en, compact: true })).toBe('1.23B')
    expect(formatNumber('1234567890', { digits: 2, ...en, compact: true, notation: 'normal' })).toBe('1,234,567,890.00')
  })

  it('groups per locale and signs when asked', () => {
    expect(formatNumber('1234.5', { digits: 2, tag: 'de-DE' })).toBe('1.234,50')
    expect(formatNumber('12.5', { digits: 2, ...en, signed: true })).toBe('+12.50')
    expect(formatNumber('-12.5', { digits: 2, ...en, signed: true })).toBe('-12.50')
    expect(formatNumber('0', { digits: 2, ...en, signed: true })).toBe('0.00')
  })

  it('writes only digits, grouping, sign, braces and unit letters', () => {
    fc.assert(
      fc.property(decimalString, fc.integer({ min: 0, max: 10 }), fc.boolean(), (value, digits, compact) => {
        expect(formatNumber(value, { digits, ...en, compact, signed: true })).toMatch(/^[+-]?[\d,.{}]+[KMBTQ]?$/)
      }),
      RUNS,
    )
  })

  it('formats percentages of ratios', () => {
    expect(formatPercent('0.123456', { digits: 2, ...en, signed: true })).toBe('+12.34%')
    expect(formatPercent('-0.5', { digits: 2, ...en, signed: true })).toBe('-50.00%')
    expect(formatPercent(undefined, { digits: 2, ...en })).toBe('--')
  })

  it('truncates percentages toward zero, never rounds them', () => {
    expect(formatPercent('0.009999', { digits: 2, ...en, signed: true })).toBe('+0.99%')
    expect(formatPercent('-0.009999', { digits: 2, ...en, signed: true })).toBe('-0.99%')
    expect(formatPercent('-0.005834', { digits: 2, ...en, signed: true })).toBe('-0.58%')
    // Issue 17: −0.0059 % (a ratio of −0.000059) keeps its sign at two decimals.
    expect(formatPercent('-0.000059', { digits: 2, ...en, signed: true })).toBe('-0.00%')
    expect(formatPercent('-0.000059', { digits: 2, ...en })).toBe('-0.00%')
    expect(formatPercent('0.00004', { digits: 2, ...en, signed: true })).toBe('+0.00%')
    expect(formatPercent('0', { digits: 2, ...en, signed: true })).toBe('0.00%')
    // More digits than the app-wide Decimal's 20: scaling by 100 must not round them up first.
    expect(formatPercent('0.0999999999999999999999999', { digits: 2, ...en })).toBe('9.99%')
  })

  it('shows the same figure full and compact, both cut toward zero (issue 17)', () => {
    expect(formatNumber('19371.5275', { digits: 2, ...en, signed: true })).toBe('+19,371.52')
    expect(formatNumber('19371.5275', { digits: 2, ...en, signed: true, compact: true })).toBe('+19.37K')
    expect(formatNumber('1239999.99', { digits: 2, ...en, signed: true, compact: true })).toBe('+1.23M')
    expect(formatNumber('-1239999.99', { digits: 2, ...en, signed: true, compact: true })).toBe('-1.23M')
    expect(formatNumber('999999999.999', { digits: 2, ...en, compact: true })).toBe('999.99M')
    expect(formatNumber('999999999999999999999999', { digits: 2, ...en, compact: true })).toBe('999,999,999.99Q')
  })
})

describe('compact figures (§5: K, M, B, T, Q from 1,000, truncated toward zero like every figure)', () => {
  const compact = (value: string | null, digits = 2, signed = false) =>
    formatNumber(value, { digits, ...en, compact: true, signed })

  it('abbreviates from the first thousand', () => {
    expect(compact('999')).toBe('999.00')
    expect(compact('999', 0)).toBe('999')
    expect(compact('1000')).toBe('1.00K')
    expect(compact('1234')).toBe('1.23K')
    expect(compact('12345')).toBe('12.34K')
    expect(compact('100000', 0)).toBe('100K')
    expect(compact('1500000000000000')).toBe('1.50Q')
  })

  it('never rounds up into a larger figure or the next unit', () => {
    expect(compact('1239')).toBe('1.23K')
    expect(compact('1999', 0)).toBe('1K')
    expect(compact('999999')).toBe('999.99K')
    expect(compact('999999.99')).toBe('999.99K')
    expect(compact('999999999')).toBe('999.99M')
  })

  it('keeps the sign: a gain never shows more than it is, a loss never less', () => {
    expect(compact('19371.5275', 2, true)).toBe('+19.37K')
    expect(compact('-19371.5275', 2, true)).toBe('-19.37K')
    expect(compact('-1000')).toBe('-1.00K')
    expect(compact('-999.999')).toBe('-999.99')
  })

  it('leaves small values whole and folded, and empty as --', () => {
    expect(compact('0.00000123', 8)).toBe('0.0{5}123')
    expect(compact('12.5')).toBe('12.50')
    expect(compact(null)).toBe('--')
    expect(compact('')).toBe('--')
  })

  it('shows every digit with the normal notation', () => {
    expect(formatNumber('12345', { digits: 2, ...en, compact: true, notation: 'normal' })).toBe('12,345.00')
  })
})

describe('amounts beyond what a float holds', () => {
  it('keeps every digit', () => {
    expect(formatNumber('12345678901234567.123456789', { digits: 4, tag: 'en-US', notation: 'normal' })).toBe(
      '12,345,678,901,234,567.1234',
    )
  })

  it('groups per locale', () => {
    expect(formatNumber('1234567.5', { digits: 2, tag: 'fr-FR', notation: 'normal' })).toMatch(/^1\s234\s567,50$/)
  })

  it('keeps the sign of negative amounts, also when they truncate to zero', () => {
    expect(formatNumber('-12.349', { digits: 2, tag: 'en-US' })).toBe('-12.34')
    expect(formatNumber('-0.001', { digits: 2, tag: 'en-US' })).toBe('-0.00')
    expect(formatNumber('-0.001', { digits: 2, tag: 'en-US', signed: true })).toBe('-0.00')
    expect(formatNumber('0.001', { digits: 2, tag: 'en-US', signed: true })).toBe('+0.00')
    expect(formatNumber('0.001', { digits: 2, tag: 'en-US' })).toBe('0.00')
    expect(formatNumber('-0.000000001', { digits: 8, tag: 'en-US' })).toBe('-0.00000000')
  })
})

describe('display arithmetic', () => {
  it('divides toward zero and refuses a zero divisor', () => {
    const shown = (d: Decimal | undefined, digits: number) => formatNumber(d?.toFixed(), { digits, ...en })
    expect(shown(quotient('2', '3'), 4)).toBe('0.6666')
    expect(shown(quotient('-2', '3'), 4)).toBe('-0.6666')
    expect(shown(quotient('59.99999999999999999999999', '60'), 1)).toBe('0.9')
    expect(quotient('1', '0')).toBeUndefined()
  })

  it('reads a chart value without its float noise', () => {
    expect(fromPlot(0.06999999999999999)).toBe('0.07')
    expect(fromPlot(0.1 + 0.2)).toBe('0.3')
    expect(fromPlot(-1234.5)).toBe('-1234.5')
    expect(fromPlot(Number.NaN)).toBe('')
  })
})
