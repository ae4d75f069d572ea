/**
 * The input filters of §5, applied while typing (see useInputFilter for IME handling).
 * Pure: text in, allowed text out; each is idempotent (filtering twice changes nothing).
 */

import Decimal from 'decimal.js'

const keep = (pattern: RegExp) => (value: string) =>
  Array.from(value)
    .filter((ch) => pattern.test(ch))
    .join('')

/** Digits only. */
export const digitsOnly = keep(/\d/)

/** Captcha / numeric six: digits only, at most 6. */
export function numericSix(value: string): string {
  return digitsOnly(value).slice(0, 6)
}

/** Max six characters. */
export function maxSix(value: string): string {
  return Array.from(value).slice(0, 6).join('')
}

/** Text and symbols: letters, digits, Chinese characters and a few punctuation marks. */
export const textAndSymbols = keep(/[A-Za-z0-9\u4e00-\u9fa5 _.,!?()@#&'-]/)

/** English and symbols: Latin letters, digits and the ASCII symbols. */
export const englishAndSymbols = keep(/[A-Za-z0-9 !@#$%^&*()_+=[\]{};:,./?~|<>'"`\\-]/)

/** Letters and Chinese characters only. */
export const lettersAndChinese = keep(/[A-Za-z\u4e00-\u9fa5]/)

/** Letters and digits only. */
export const lettersAndDigits = keep(/[A-Za-z0-9]/)

/** Digits, hyphen and underscore only. */
export const digitsHyphenUnderscore = keep(/[0-9_-]/)

/** Digits and one decimal point, as typed: leading zeros and a leading dot stripped, decimals capped. */
export function precision(value: string, decimals = 2): string {
  const chars = value.replace(/[^\d.]/g, '')
  const dot = chars.indexOf('.')
  let integer = dot === -1 ? chars : chars.slice(0, dot)
  let fraction = dot === -1 ? undefined : chars.slice(dot + 1).replace(/\./g, '')
  integer = integer.replace(/^0+(?=\d)/, '')
  if (integer === '' && fraction !== undefined) {
    // A leading dot is stripped: '.5' becomes '5'.
    integer = fraction
    fraction = undefined
    integer = integer.replace(/^0+(?=\d)/, '')
  }
  if (fraction === undefined || decimals <= 0) return integer
  return `${integer}.${fraction.slice(0, decimals)}`
}

/** Compared as decimals: amounts never pass through a float. */
function compare(a: string, b: number): number {
  return new Decimal(a === '' || a === '.' ? '0' : a.replace(/\.$/, '')).cmp(b)
}

/** Limit number: the value clamped to [min, max]; while typing only max applies (so '1' can become '15'). */
export function limitNumber(
  value: string,
  { min, max, final = false }: { min?: number; max?: number; final?: boolean },
): string {
  if (value === '' || value === '-' || !/^-?\d*\.?\d*$/.test(value)) return value
  if (max !== undefined && compare(value, max) > 0) return String(max)
  if (final && min !== undefined && compare(value, min) < 0) return String(min)
  return value
}

export interface FuturesFilterOptions {
  positiveOnly?: boolean
  min?: number
  max?: number
  /** Decimal places (default 0). */
  decimals?: number
  /** A price's own number of digits, which wins over `decimals` when given. */
  priceDigits?: number
  /** Longest integer part. */
  integerDigits?: number
  final?: boolean
}

/** Futures amounts and prices: digits, one dot and a leading minus; decimals, integer length and range capped. */
export function futures(value: string, options: FuturesFilterOptions = {}): string {
  const negative = !options.positiveOnly && value.trimStart().startsWith('-')
  const places = options.priceDigits ?? options.decimals ?? 0
  let body = precision(value, places)
  if (options.integerDigits !== undefined) {
    const [integer = '', fraction] = body.split('.')
    body = integer.slice(0, options.integerDigits) + (fraction === undefined ? '' : `.${fraction}`)
  }
  const signed = negative ? `-${body}` : body
  return limitNumber(signed, { min: options.min, max: options.max, final: options.final })
}
