/** Accounts end to end: codes, registration, sessions, login limits and every refusal. */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNTS } from '../../../app.config.ts'
import {
  apiErrorSchema,
  securityConfigResponseSchema,
  sendCodeResponseSchema,
  sessionResponseSchema,
  topsInfoResponseSchema,
} from '../../contract/index.ts'
import { affiliateApplications, sessions, users, verificationCodes } from '../db/schema.ts'
import { startHarness, unique, type ApiResult, type Harness } from '../testing/harness.ts'
import { sha256Hex } from './secrets.ts'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.close())

const reasonOf = (result: ApiResult) => apiErrorSchema.parse(result.body).reason
const sendCode = (account: string, accountType = 'email') =>
  h.api('POST', '/v2/users/verify-code/send', { body: { accountType, account, purpose: 'register' } })
const register = (body: Record<string, unknown>) => h.api('POST', '/v2/users/register', { body: { accountType: 'email', ...body } })

describe('registration and the session it opens', () => {
  it('sends a code, registers, and the token opens the signed-in calls', async () => {
    const account = `${unique('Flow')}@Example.com`
    const sent = await sendCode(account)
    expect(sendCodeResponseSchema.parse(sent.body).data).toEqual({ sent: true, expiresIn: ACCOUNTS.verificationCodeTtlSeconds })
    const code = await h.latestCode(account.toLowerCase())
    expect(code).toMatch(/^\d{6}$/)
    expect(sent.text).not.toContain(code)

    const registered = await register({ account, password: 'Flow12345', code })
    expect(registered.status, registered.text).toBe(200)
    const session = sessionResponseSchema.parse(registered.body).data
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Date.parse(session.expiresAt) - h.context.now().getTime()).toBe(ACCOUNTS.sessionTtlSeconds * 1000)

    const security = await h.api('GET', '/v2/users/security/config', { token: session.token })
    expect(securityConfigResponseSchema.parse(security.body).data).toEqual({ changeLogin: true, standAloneLogin: true, userSubType: 1 })
    const tops = topsInfoResponseSchema.parse((await h.api('POST', '/open/seckill/user/tops-info', { token: session.token })).body).data
    expect(tops.userInfo.userId).toBe(session.userId)
    expect(tops.userInfo.account).toMatch(/^f\*\*\*[0-9a-f]@example\.com$/)
    expect(tops.availableLanguage).toHaveLength(13)

    // Emails are stored in lower case: the mixed-case address logs in either way.
    expect((await h.login(account.toUpperCase().replace('EXAMPLE.COM', 'example.com'), 'Flow12345')).status).toBe(200)

    const logout = await h.api('POST', '/v2/users/logout', { token: session.token })
    expect(logout.body).toEqual({ code: 0, data: null, msg: 'ok' })
    const after = await h.api('GET', '/v2/users/security/config', { token: session.token })
    expect(after.status).toBe(401)
    expect(reasonOf(after)).toBe('unauthorized')
  })

  it('stores only hashes of codes, passwords and tokens', async () => {
    const user = await h.registerUser({ password: 'Hash12345' })
    const [row] = await h.context.db.select().from(users).where(eq(users.account, user.account))
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
    const [session] = await h.context.db.select().from(sessions).where(eq(sessions.tokenHash, sha256Hex(user.token)))
    expect(session?.userId).toBe(Number(user.userId))
    const codes = await h.context.db.select().from(verificationCodes).where(eq(verificationCodes.address, user.account))
    expect(codes).toHaveLength(1)
    expect(JSON.stringify(codes)).not.toMatch(/"\d{6}"/)
    expect(codes[0]?.consumedAt).not.toBeNull()
  })

  it('accepts the token in a `token` header too, and refuses garbage tokens', async () => {
    const user = await h.registerUser()
    const viaHeader = await h.api('GET', '/v2/users/security/config', { headers: { token: user.token } })
    expect(viaHeader.status).toBe(200)
    for (const authorization of ['Bearer nope', 'Basic abc', `Bearer ${user.token}x`, '']) {
      const result = await h.api('GET', '/v2/users/security/config', { headers: { authorization } })
      expect(result.status).toBe(401)
    }
  })

  it('ends a session when it expires', async () => {
    const user = await h.registerUser()
    h.advance(ACCOUNTS.sessionTtlSeconds * 1000 - 1000)
    expect((await h.api('GET', '/v2/users/security/config', { token: user.token })).status).toBe(200)
    h.advance(2000)
    const expired = await h.api('GET', '/v2/users/security/config', { token: user.token })
    expect(expired.status).toBe(401)
    expect(expired.body).toEqual({ code: 401, data: null, msg: 'Unauthorized', reason: 'unauthorized' })
  })

  it('records the inviter of an invite code and refuses an unknown one', async () => {
    const account = `${unique('invited')}@example.com`
    await sendCode(account)
    const code = await h.latestCode(account)
    const unknown = await register({ account, password: 'Invite123', code, inviteCode: 'NOSUCH99' })
    expect(unknown.status).toBe(400)
    expect(apiErrorSchema.parse(unknown.body).data).toEqual({ fields: [{ path: 'inviteCode', issue: 'not_found' }] })
    expect((await register({ account, password: 'Invite123', code, inviteCode: 'demo2345' })).status).toBe(200)
    const [demo] = await h.context.db.select().from(users).where(eq(users.account, 'demo@tandem.dev'))
    const [row] = await h.context.db.select().from(users).where(eq(users.account, account))
    expect(row?.invitedBy).toBe(demo?.id)
  })

  it('marks a user invited by an approved affiliate as a rebate user, and nobody else', async () => {
    const inviteWith = async (inviteCode: string) => {
      const account = `${unique('rebate')}@example.com`
      await sendCode(account)
      const session = sessionResponseSchema.parse((await register({ account, password: 'Invite123', code: await h.latestCode(account), inviteCode })).body)
      const tops = topsInfoResponseSchema.parse((await h.api('POST', '/open/seckill/user/tops-info', { token: session.data.token, body: {} })).body)
      return tops.data.userInfo.rebateUser
    }
    const [trader] = await h.context.db.select().from(users).where(eq(users.inviteCode, 'TRADER23'))
    if (!trader) throw new Error('the demo trader is seeded')
    expect(await inviteWith('TRADER23')).toBe(false)
    const application = { userId: trader.id, name: 'Trader', contactType: 'email' as const, contactValue: 'trader@tandem.dev', channels: [], region: 'AE', message: '' }
    await h.context.db.insert(affiliateApplications).values({ ...application, status: 'under_review' })
    expect(await inviteWith('TRADER23')).toBe(false)
    await h.context.db.update(affiliateApplications).set({ status: 'approved' }).where(eq(affiliateApplications.userId, trader.id))
    expect(await inviteWith('TRADER23')).toBe(true)
  })
})

describe('demo accounts', () => {
  it('the sub-account is userSubType 2 and may not change its login', async () => {
    const session = sessionResponseSchema.parse((await h.login('sub@tandem.dev', 'Sub12345')).body).data
    const security = securityConfigResponseSchema.parse((await h.api('GET', '/v2/users/security/config', { token: session.token })).body)
    expect(security.data).toEqual({ changeLogin: false, standAloneLogin: true, userSubType: 2 })
    const tops = topsInfoResponseSchema.parse((await h.api('POST', '/open/seckill/user/tops-info', { token: session.token })).body)
    expect(tops.data.userInfo).toMatchObject({ userSubType: 2, account: 's***b@tandem.dev', accountType: 'email' })
  })

  it('the mobile account logs in and is shown masked', async () => {
    const login = await h.login('13800138000', 'Mobile12345', 'mobile')
    const session = sessionResponseSchema.parse(login.body).data
    const tops = topsInfoResponseSchema.parse((await h.api('POST', '/open/seckill/user/tops-info', { token: session.token })).body)
    expect(tops.data.userInfo).toMatchObject({ account: '138****8000', accountType: 'mobile', nickname: 'Mobile' })
  })
})

describe('refusals', () => {
  it('wrong password and unknown account are the same 400 invalid-credentials', async () => {
    for (const [account, password] of [
      ['demo@tandem.dev', 'Wrong12345'],
      ['nobody@tandem.dev', 'Demo12345'],
    ] as const) {
      const result = await h.login(account, password)
      expect(result.status).toBe(400)
      expect(result.body).toEqual({ code: 400, data: null, msg: 'Wrong account or password', reason: 'invalid-credentials' })
    }
  })

  it('the 6th login of an account in a minute answers 429 with Retry-After, even when right', async () => {
    const user = await h.registerUser({ password: 'Limit12345' })
    for (let i = 0; i < ACCOUNTS.loginAttemptsPerMinute; i++) expect((await h.login(user.account, 'Nope12345')).status).toBe(400)
    const sixth = await h.login(user.account, 'Limit12345')
    expect(sixth.status).toBe(429)
    expect(reasonOf(sixth)).toBe('rate-limited')
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(Number(sixth.headers.get('retry-after'))).toBeLessThanOrEqual(60)
  })

  it('the 6th login from one address in a minute answers 429, whatever the account', async () => {
    const ip = h.nextIp()
    const attempt = (i: number) =>
      h.api('POST', '/v2/users/login', {
        body: { accountType: 'email', account: `ip${i}@example.com`, password: 'Nope12345' },
        headers: { 'x-forwarded-for': `${ip}, 10.9.9.9` },
      })
    for (let i = 0; i < ACCOUNTS.loginAttemptsPerMinute; i++) expect((await attempt(i)).status).toBe(400)
    const sixth = await attempt(99)
    expect(sixth.status).toBe(429)
    expect(sixth.headers.get('retry-after')).toMatch(/^\d+$/)
  })

  it('a second code within a minute answers 429 with Retry-After', async () => {
    const account = `${unique('twice')}@example.com`
    expect((await sendCode(account)).status).toBe(200)
    const again = await sendCode(account)
    expect(again.status).toBe(429)
    expect(reasonOf(again)).toBe('rate-limited')
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('five wrong codes burn the code: the right one is refused afterwards', async () => {
    const account = `${unique('burn')}@example.com`
    await sendCode(account)
    const code = await h.latestCode(account)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < ACCOUNTS.verificationCodeMaxAttempts; i++) {
      const result = await register({ account, password: 'Burn12345', code: wrong })
      expect(reasonOf(result)).toBe('code-invalid')
    }
    const right = await register({ account, password: 'Burn12345', code })
    expect(right.status).toBe(400)
    expect(reasonOf(right)).toBe('code-expired')
    expect((await h.login(account, 'Burn12345')).status).toBe(400)
  })

  it('an expired code is refused as code-expired; no code at all as code-invalid', async () => {
    const account = `${unique('late')}@example.com`
    await sendCode(account)
    const code = await h.latestCode(account)
    h.advance(ACCOUNTS.verificationCodeTtlSeconds * 1000 + 1)
    expect(reasonOf(await register({ account, password: 'Late12345', code }))).toBe('code-expired')
    const never = await register({ account: `${unique('never')}@example.com`, password: 'Never12345', code: '123456' })
    expect(reasonOf(never)).toBe('code-invalid')
  })

  it('an existing account answers 409 account-exists, in any letter case', async () => {
    for (const account of ['demo@tandem.dev', 'Trader@Tandem.DEV']) {
      await sendCode(account)
      const result = await register({ account, password: 'Again12345', code: await h.latestCode(account.toLowerCase()) })
      expect(result.status).toBe(409)
      expect(reasonOf(result)).toBe('account-exists')
    }
  })

  it('weak passwords answer weak-password and spend no code attempt', async () => {
    const account = `${unique('weak')}@example.com`
    await sendCode(account)
    const code = await h.latestCode(account)
    for (const password of ['Short1', 'lettersonly', '1234567890', `${'a1'.repeat(32)}x`, 'Tab\tbed123']) {
      const result = await register({ account, password, code })
      expect(result.status).toBe(400)
      expect(reasonOf(result)).toBe('weak-password')
    }
    expect((await register({ account, password: 'Strong123', code })).status).toBe(200)
  })

  it('refuses a registration email with plus and a mobile number with letters', async () => {
    for (const body of [
      { accountType: 'email', account: 'first+tag@example.com' },
      { accountType: 'mobile', account: '138abc45678' },
      { accountType: 'mobile', account: '12345' },
      { accountType: 'email', account: 'no-dot@localhost' },
    ]) {
      const send = await h.api('POST', '/v2/users/verify-code/send', { body: { ...body, purpose: 'register' } })
      expect(send.status).toBe(400)
      expect(apiErrorSchema.parse(send.body).data).toEqual({ fields: [{ path: 'account', issue: 'invalid_format' }] })
      const result = await register({ ...body, password: 'Valid12345', code: '123456' })
      expect(reasonOf(result)).toBe('invalid-input')
    }
  })

  it('registers a mobile account', async () => {
    const user = await h.registerUser({ accountType: 'mobile' })
    expect((await h.login(user.account, user.password, 'mobile')).status).toBe(200)
  })
})
