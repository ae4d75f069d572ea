import Decimal from 'decimal.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  digitsHyphenUnderscore,
  digitsOnly,
  englishAndSymbols,
  futures,
  lettersAndChinese,
  lettersAndDigits,
  limitNumber,
  maxSix,
  numericSix,
  precision,
  textAndSymbols,
} from './filters.ts'
import { runs } from '#tests/fixtures/properties.ts'

const RUNS = runs(1000)
/** Anything a user (or a paste) can put in a field: ASCII, Chinese, emoji, Arabic, control characters. */
const typed = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.constantFrom(...'0123456789..--+eE ,_', '中', '文', '😀', 'ب', '\u0000', '\n'), maxLength: 30 }),
)

const CHARACTER_FILTERS: Array<[string, (v: string) => string, RegExp]> = [
  ['digitsOnly', digitsOnly, /^\d*$/],
  ['numericSix', numericSix, /^\d{0,6}$/],
  ['textAndSymbols', textAndSymbols, /^[A-Za-z0-9\u4e00-\u9fa5 _.,!?()@#&'-]*$/],
  ['englishAndSymbols', englishAndSymbols, /^[\x20-\x7e]*$/],
  ['lettersAndChinese', lettersAndChinese, /^[A-Za-z\u4e00-\u9fa5]*$/],
  ['lettersAndDigits', lettersAndDigits, /^[A-Za-z0-9]*$/],
  ['digitsHyphenUnderscore', digitsHyphenUnderscore, /^[0-9_-]*$/],
]

describe('character filters', () => {
  for (const [name, filter, allowed] of CHARACTER_FILTERS) {
    it(`${name}: only allowed characters, idempotent, order kept`, () => {
      fc.assert(
        fc.property(typed, (value) => {
          const out = filter(value)
          expect(out).toMatch(allowed)
          expect(filter(out)).toBe(out)
        }),
        RUNS,
      )
    })
  }

  it('examples', () => {
    expect(digitsOnly('a1b2c3')).toBe('123')
    expect(numericSix('12a3456789')).toBe('123456')
    expect(maxSix('交易员abcdef')).toBe('交易员abc')
    expect(textAndSymbols('Hi, 交易员! <b>😀')).toBe('Hi, 交易员! b')
    expect(lettersAndChinese('abc 中文 123')).toBe('abc中文')
    expect(digitsHyphenUnderscore('a-1_2 b')).toBe('-1_2')
  })

  it('maxSix keeps at most six characters, counting emoji as one', () => {
    fc.assert(
      fc.property(typed, (value) => {
        expect(Array.from(maxSix(value)).length).toBeLessThanOrEqual(6)
        expect(maxSix(maxSix(value))).toBe(maxSix(value))
      }),
      RUNS,
    )
  })
})

describe('precision', () => {
  it.each([
    ['12.345', 2, '12.34'],
    ['007.5', 2, '7.5'],
    ['0.05', 2, '0.05'],
    ['.5', 2, '5'],
    ['1.2.3', 2, '1.23'],
    ['1,000.5', 2, '1000.5'],
    ['12.', 2, '12.'],
    ['12.9', 0, '12'],
    ['abc', 2, ''],
  ])('%j with %i decimals → %j', (value, decimals, expected) => {
    expect(precision(value, decimals)).toBe(expected)
  })

  it('digits and at most one dot, never more decimals than allowed, no leading zeros, idempotent', () => {
    fc.assert(
      fc.property(typed, fc.integer({ min: 0, max: 8 }), (value, decimals) => {
        const out = precision(value, decimals)
        expect(out).toMatch(/^\d*\.?\d*$/)
        expect(out.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(decimals)
        expect(out).not.toMatch(/^0\d/)
        expect(out.startsWith('.')).toBe(false)
        expect(precision(out, decimals)).toBe(out)
      }),
      RUNS,
    )
  })
})

describe('limit number', () => {
  it('caps at max while typing and raises to min once the value is final', () => {
    expect(limitNumber('150', { min: 10, max: 100 })).toBe('100')
    expect(limitNumber('1', { min: 10, max: 100 })).toBe('1')
    expect(limitNumber('1', { min: 10, max: 100, final: true })).toBe('10')
    expect(limitNumber('', { min: 10, max: 100, final: true })).toBe('')
  })

  it('never leaves the range once final', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 100000 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 51, max: 5000 }),
        (n, min, max) => {
          const out = limitNumber(String(n), { min, max, final: true })
          expect(new Decimal(out).gte(min) && new Decimal(out).lte(max)).toBe(true)
        },
      ),
      RUNS,
    )
  })
})

describe('futures', () => {
  it.each([
    ['-12.345', { decimals: 2 }, '-12.34'],
    ['-12.345', { decimals: 2, positiveOnly: true }, '12.34'],
    ['12.9', {}, '12'],
    ['123456.78', { priceDigits: 1, integerDigits: 4 }, '1234.7'],
    ['250', { max: 125 }, '125'],
    ['3', { min: 5, final: true }, '5'],
  ])('%j with %j → %j', (value, options, expected) => {
    expect(futures(value, options)).toBe(expected)
  })

  it('keeps only digits, a dot and a leading minus; decimals and integer length within bounds; idempotent', () => {
    fc.assert(
      fc.property(
        typed,
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 8 }),
        fc.boolean(),
        (value, decimals, integerDigits, positiveOnly) => {
          const out = futures(value, { decimals, integerDigits, positiveOnly })
          expect(out).toMatch(positiveOnly ? /^\d*\.?\d*$/ : /^-?\d*\.?\d*$/)
          const [integer = '', fraction = ''] = out.replace('-', '').split('.')
          expect(fraction.length).toBeLessThanOrEqual(decimals)
          expect(integer.length).toBeLessThanOrEqual(integerDigits)
          expect(futures(out, { decimals, integerDigits, positiveOnly })).toBe(out)
        },
      ),
      RUNS,
    )
  })
})
