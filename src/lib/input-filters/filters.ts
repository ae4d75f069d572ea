/** Input filters of §5 applied while typing. Pure: text in, allowed text out. */

/** Digits only. */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '')
}

/** Captcha / numeric six: digits only, at most 6. */
export function numericSix(value: string): string {
  return digitsOnly(value).slice(0, 6)
}

/** Max six characters. */
export function maxSix(value: string): string {
  return Array.from(value).slice(0, 6).join('')
}
