/** Pure pieces of accounts: masking, normalising, client address, secrets, the development mailer. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createDevMailer } from './mailer.ts'
import { maskAccount, maskEmail, maskMobile, normaliseAccount } from './masking.ts'
import { clientIp } from './rate-limits.ts'
import {
  codeHash,
  newInviteCode,
  newSessionToken,
  randomDigits,
  sameHex,
  SESSION_TOKEN_PATTERN,
  sha256Hex,
} from './secrets.ts'
import { tokenFrom } from './sessions.ts'

describe('masking', () => {
  it('shows first and last character of an email local part, and 3+4 digits of a mobile', () => {
    expect(maskEmail('demo@tandem.dev')).toBe('d***o@tandem.dev')
    expect(maskEmail('a@b.co')).toBe('a***@b.co')
    expect(maskEmail('😀x😀@b.co')).toBe('😀***😀@b.co')
    expect(maskMobile('13812345678')).toBe('138****5678')
    expect(maskMobile('123456')).toBe('12****56')
    expect(maskAccount('mobile', '13800138000')).toBe('138****8000')
  })

  it('never shows more than two characters of the local part', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9_.-]{1,30}$/), (local) => {
        const masked = maskEmail(`${local}@example.com`)
        expect(masked.endsWith('@example.com')).toBe(true)
        const shown = masked.slice(0, masked.lastIndexOf('@'))
        expect(shown).toContain('***')
        expect(shown.replace('***', '').length).toBeLessThanOrEqual(2)
      }),
    )
  })

  it('normalises emails to lower case only', () => {
    expect(normaliseAccount('email', 'Demo@Tandem.DEV')).toBe('demo@tandem.dev')
    expect(normaliseAccount('mobile', '13800138000')).toBe('13800138000')
  })
})

describe('client address', () => {
  it('takes the first forwarded entry, then x-real-ip, then local', () => {
    expect(clientIp(new Headers({ 'x-forwarded-for': ' 1.2.3.4 , 10.0.0.1' }))).toBe('1.2.3.4')
    expect(clientIp(new Headers({ 'x-real-ip': '5.6.7.8' }))).toBe('5.6.7.8')
    expect(clientIp(new Headers())).toBe('local')
  })
})

describe('secrets', () => {
  it('makes 43-character base64url tokens and 6-digit codes', () => {
    const tokens = new Set(Array.from({ length: 200 }, newSessionToken))
    expect(tokens.size).toBe(200)
    for (const token of tokens) expect(token).toMatch(SESSION_TOKEN_PATTERN)
    for (let i = 0; i < 200; i++) expect(randomDigits(6)).toMatch(/^\d{6}$/)
    expect(newInviteCode()).toMatch(/^[A-HJ-NP-Z2-9]{8}$/)
  })

  it('hashes codes with their salt and compares in constant time', () => {
    const hash = codeHash('salt', '123456')
    expect(hash).not.toContain('123456')
    expect(sameHex(hash, codeHash('salt', '123456'))).toBe(true)
    expect(sameHex(hash, codeHash('other', '123456'))).toBe(false)
    expect(sameHex(hash, 'abcd')).toBe(false)
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it('reads the token from Authorization: Bearer or a token header', () => {
    const token = newSessionToken()
    expect(tokenFrom(new Headers({ authorization: `Bearer ${token}` }))).toBe(token)
    expect(tokenFrom(new Headers({ authorization: `bearer  ${token} ` }))).toBe(token)
    expect(tokenFrom(new Headers({ token }))).toBe(token)
    expect(tokenFrom(new Headers({ authorization: 'Bearer short' }))).toBeUndefined()
    expect(tokenFrom(new Headers())).toBeUndefined()
  })
})

describe('development mailer', () => {
  it('logs each code and keeps the newest first, per address, bounded', async () => {
    const lines: string[] = []
    const mailer = createDevMailer(
      { log: (line: string) => lines.push(line), error: () => undefined },
      () => new Date('2025-01-01T00:00:00Z'),
    )
    for (let i = 0; i < 510; i++) {
      await mailer.send(
        { type: 'email', address: `a${i % 2}@x.io` },
        { subject: 's', text: 't', code: String(i).padStart(6, '0'), purpose: 'register' },
      )
    }
    expect(lines[0]).toContain('000000')
    expect(mailer.messages('a1@x.io', 2).map((m) => m.code)).toEqual(['000509', '000507'])
    expect(mailer.messages(undefined, 1000)).toHaveLength(500)
    expect(mailer.messages()).toHaveLength(50)
    expect(mailer.messages('a0@x.io')[0]).toEqual({
      address: 'a0@x.io',
      code: '000508',
      purpose: 'register',
      sentAt: '2025-01-01T00:00:00.000Z',
    })
  })
})
