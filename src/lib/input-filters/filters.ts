/**
 * The input filters of §5, applied while typing (see useInputFilter for IME handling), and the reading of a typed
 * number (readNumber, used by NumberField).
 * Pure: text in, allowed text out; each filter is idempotent (filtering twice changes nothing).
 */

const keep = (pattern: RegExp) => (value: string) =>
  Array.from(toAsciiDigits(value))
    .filter((ch) => pattern.test(ch))
    .join('')

/** Arabic-Indic (٠–٩), Persian (۰–۹) and full-width (０–９) digits as ASCII ones: the same number on any keyboard. */
export function toAsciiDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19]/g, (ch) => {
    const code = ch.charCodeAt(0)
    const zero = code >= 0xff10 ? 0xff10 : code >= 0x06f0 ? 0x06f0 : 0x0660
    return String(code - zero)
  })
}

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

/*
 * Typed numbers (amounts, prices, leverage, percentages, counts). A departure from §5, whose filters read "digits
 * and one dot only" and "clamp to min and max while typing": dropping a character or clamping changes the number the
 * user meant ("1,5" became 15, "-0.01" a buy of 0.01, "1e3" 13, leverage "5" after a backspace 15). §5 says what
 * may be typed; these rules keep that purpose without ever changing a number:
 *  - both "," and "." are the decimal point (French "1,5" and English "1.5" are 1.5), the Arabic decimal separator
 *    "٫" too, and Arabic-Indic and Persian digits read as ASCII ones; no grouping separators are taken while typing;
 *  - a character the field cannot take (a minus sign, an exponent, a second decimal point, a grouping mark, a letter)
 *    or a decimal beyond the field's precision is refused with a message at the field, which keeps its last valid text;
 *  - nothing is clamped: a value outside its range stays as typed and the form refuses it on submit, naming the limit.
 * The methodology page says the same to users (its "Typing numbers" section).
 */

/** Why a typed text is not a number the field takes (NumberField turns the code into a message). */
export type NumberRefusal = 'minus' | 'exponent' | 'not-a-digit' | 'second-point' | 'grouping' | 'decimals' | 'whole'

export type ReadNumber = { ok: true; value: string } | { ok: false; refusal: NumberRefusal }

const POINTS = new Set(['.', ',', '\u066b', '\uff0e', '\uff0c'])
const GROUPING = new Set([' ', '\u00a0', '\u202f', '\u2009', '\u066c', "'", '\u2019', '_'])
const MINUS = new Set(['-', '\u2212', '\u2010', '\u2011', '\u2013', '+'])

/**
 * A typed number as the plain decimal it means ('0,50' → '0.5', '٠٫٠١' → '0.01', '1,' → '1', '' → ''), or why it
 * is refused. `decimals` is the field's precision (0: whole numbers).
 */
export function readNumber(text: string, decimals: number): ReadNumber {
  let integer = ''
  let fraction: string | undefined
  for (const ch of Array.from(toAsciiDigits(text))) {
    if (ch >= '0' && ch <= '9') {
      if (fraction === undefined) integer += ch
      else fraction += ch
    } else if (POINTS.has(ch)) {
      if (decimals === 0) return { ok: false, refusal: 'whole' }
      if (fraction !== undefined) return { ok: false, refusal: 'second-point' }
      fraction = ''
    } else if (GROUPING.has(ch)) return { ok: false, refusal: 'grouping' }
    else if (MINUS.has(ch)) return { ok: false, refusal: 'minus' }
    else if (ch === 'e' || ch === 'E') return { ok: false, refusal: 'exponent' }
    else return { ok: false, refusal: 'not-a-digit' }
  }
  if (fraction !== undefined && fraction.length > decimals) return { ok: false, refusal: 'decimals' }
  const whole = integer.replace(/^0+(?=\d)/, '')
  const rest = fraction === undefined ? '' : fraction.replace(/0+$/, '')
  if (whole === '' && rest === '') return { ok: true, value: fraction !== undefined && fraction !== '' ? '0' : '' }
  return { ok: true, value: rest === '' ? whole || '0' : `${whole || '0'}.${rest}` }
}
