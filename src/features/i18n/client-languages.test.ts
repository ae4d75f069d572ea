import { describe, expect, it } from 'vitest'
import { clientLanguagesCookie } from './client-languages.server.ts'

describe("a native shell's language list kept for the session (§2 clientSupperLanguage)", () => {
  it('keeps the known codes of a landing address in a session cookie (no Max-Age)', () => {
    expect(clientLanguagesCookie(new URL('http://x.test/?clientSupperLanguage=ar_ae,en_US,xx'))).toBe(
      'client_languages=en_US,ar_AE; Path=/; SameSite=Lax',
    )
    expect(clientLanguagesCookie(new URL('https://x.test/ja_JP/?clientSupperLanguage=ja_JP'))).toBe(
      'client_languages=ja_JP; Path=/; SameSite=Lax; Secure',
    )
  })

  it('lifts the restriction for an empty or wholly unknown list, and says nothing without one', () => {
    expect(clientLanguagesCookie(new URL('http://x.test/?clientSupperLanguage='))).toBe(
      'client_languages=; Path=/; Max-Age=0; SameSite=Lax',
    )
    expect(clientLanguagesCookie(new URL('http://x.test/?clientSupperLanguage=xx,yy'))).toContain('Max-Age=0')
    expect(clientLanguagesCookie(new URL('http://x.test/copy-trading/gemw'))).toBeUndefined()
  })
})
