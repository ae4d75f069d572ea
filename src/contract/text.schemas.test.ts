/** The shared text rules, checked against plain definitions with generated input. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  emailSchema,
  mobileSchema,
  MULTI_LINE,
  newPasswordSchema,
  registrationEmailSchema,
  SINGLE_LINE,
} from './text.schemas.ts'
import { runs } from '#tests/fixtures/properties.ts'

/** The rule in words: no code point in C0, DEL or C1, and no unpaired surrogate. */
function isCleanText(value: string, allowBreaks: boolean): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0
    // Iterating by code point leaves an unpaired surrogate on its own.
    if (code >= 0xd800 && code <= 0xdfff) return false
    const control = code <= 0x1f || (code >= 0x7f && code <= 0x9f)
    if (control && !(allowBreaks && (char === '\n' || char === '\r' || char === '\t'))) return false
  }
  return true
}

const anyText = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)) }),
)

describe('text rules', () => {
  it('single-line text refuses exactly control characters and lone surrogates', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        expect(SINGLE_LINE.test(value)).toBe(isCleanText(value, false))
      }),
      runs(2000),
    )
  })

  it('multi-line text also keeps line breaks and tabs', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        expect(MULTI_LINE.test(value)).toBe(isCleanText(value, true))
      }),
      runs(2000),
    )
  })

  it('emails follow §5, registration without plus', () => {
    for (const ok of ['a@b.co', 'first.last-1_x@mail.example.com', 'UPPER@Example.COM']) {
      expect(emailSchema.safeParse(ok).success, ok).toBe(true)
      expect(registrationEmailSchema.safeParse(ok).success, ok).toBe(true)
    }
    expect(emailSchema.safeParse('first+tag@example.com').success).toBe(true)
    expect(registrationEmailSchema.safeParse('first+tag@example.com').success).toBe(false)
    for (const bad of ['no-at.example.com', 'a@localhost', 'a b@x.io', 'a@x..io', "o'neil@x.io", '@x.io', 'a@.io']) {
      expect(emailSchema.safeParse(bad).success, bad).toBe(false)
    }
  })

  it('mobiles are 6 to 20 digits', () => {
    expect(mobileSchema.safeParse('123456').success).toBe(true)
    for (const bad of ['12345', '+8613800138000', '138 0013 8000', '１２３４５６', '1'.repeat(21)])
      expect(mobileSchema.safeParse(bad).success, bad).toBe(false)
  })

  it('new passwords need 8-64 characters, a letter and a digit', () => {
    for (const ok of ['Demo12345', 'пароль123', '12345678a', `${'a'.repeat(63)}1`])
      expect(newPasswordSchema.safeParse(ok).success, ok).toBe(true)
    for (const bad of ['Demo123', 'abcdefgh', '12345678', `${'a'.repeat(64)}1`, 'Tab\t12345'])
      expect(newPasswordSchema.safeParse(bad).success, bad).toBe(false)
  })
})
