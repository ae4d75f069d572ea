import Decimal from 'decimal.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  digitsHyphenUnderscore,
  digitsOnly,
  englishAndSymbols,
  lettersAndChinese,
  lettersAndDigits,
  maxSix,
  numericSix,
  readNumber,
  textAndSymbols,
  toAsciiDigits,
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
    // A code typed on an Arabic or Persian keyboard is the same code.
    expect(numericSix('١٢٣۴۵۶')).toBe('123456')
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

describe('readNumber', () => {
  it.each([
    ['1,5', 8, '1.5'],
    ['1.5', 8, '1.5'],
    ['0,01', 8, '0.01'],
    ['٠٫٠١', 8, '0.01'],
    ['۱۲۳', 0, '123'],
    ['１２', 0, '12'],
    ['.5', 2, '0.5'],
    ['007.50', 2, '7.5'],
    ['12,', 2, '12'],
    ['', 2, ''],
    [',', 2, ''],
    ['0,0', 2, '0'],
  ])('%j (%i decimals) reads %j', (text, decimals, value) => {
    expect(readNumber(text, decimals)).toEqual({ ok: true, value })
  })

  it.each([
    ['-0.01', 8, 'minus'],
    ['−5', 8, 'minus'],
    ['1e3', 8, 'exponent'],
    ['1E-3', 8, 'exponent'],
    ['1.2.3', 8, 'second-point'],
    ['1,000.5', 8, 'second-point'],
    ['1 000', 8, 'grouping'],
    ['1\u202f000', 8, 'grouping'],
    ['1٬000', 8, 'grouping'],
    ['12a', 8, 'not-a-digit'],
    ['12.345', 2, 'decimals'],
    ['12.5', 0, 'whole'],
  ])('%j (%i decimals) is refused: %s', (text, decimals, refusal) => {
    expect(readNumber(text, decimals)).toEqual({ ok: false, refusal })
  })

  it('reads digits and one point as the decimal they write, and refuses anything else', () => {
    fc.assert(
      fc.property(typed, fc.integer({ min: 0, max: 8 }), (text, decimals) => {
        const read = readNumber(text, decimals)
        const ascii = toAsciiDigits(text).replace(/[\u066b\uff0e\uff0c]/g, '.')
        const number = new RegExp(decimals > 0 ? `^\\d*([.,]\\d{0,${decimals}})?$` : '^\\d*$')
        expect(read.ok).toBe(number.test(ascii))
        if (read.ok && /\d/.test(ascii)) expect(new Decimal(read.value).eq(ascii.replace(',', '.'))).toBe(true)
      }),
      RUNS,
    )
  })
})
