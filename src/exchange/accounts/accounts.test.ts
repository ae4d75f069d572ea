/** Accounts end to end: codes, registration, sessions, login limits and every refusal. */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNTS } from '#/app.config.ts'
import {
  apiErrorSchema,
  preferencesResponseSchema,
  securityConfigResponseSchema,
  sendCodeResponseSchema,
  sessionResponseSchema,
  topsInfoResponseSchema,
} from '#/contract/index.ts'
import { affiliateApplications, sessions, users, verificationCodes } from '../db/schema.ts'
import { startHarness, unique, type ApiResult, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { sha256Hex } from './secrets.ts'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.close())

const reasonOf = (result: ApiResult) => apiErrorSchema.parse(result.body).reason
/** From an address of its own unless given: codes are limited per client address. */
const sendCode = (account: string, accountType = 'email', ip = h.nextIp()) =>
  h.api('POST', '/v2/users/verify-code/send', {
    body: { accountType, account, purpose: 'register' },
    headers: { 'x-forwarded-for': ip },
  })
const loginFrom = (ip: string, account: string, password: string) =>
  h.api('POST', '/v2/users/login', {
    body: { accountType: 'email', account, password },
    headers: { 'x-forwarded-for': ip },
  })
const retryAfter = (result: ApiResult) => Number(result.headers.get('retry-after'))
const securityConfig = (token: string) => h.api('GET', '/v2/users/security/config', { token })
const register = (body: Record<string, unknown>) =>
  h.api('POST', '/v2/users/register', { body: { accountType: 'email', ...body } })

describe('registration and the session it opens', () => {
  it('keeps the language the account was opened in (the language header) as its language on every device, with that language’s pricing currency', async () => {
    const open = async (language: string | undefined) => {
      const account = `${unique('lang')}@example.com`
      expect((await sendCode(account)).status).toBe(200)
      const code = await h.latestCode(account)
      const registered = await h.api('POST', '/v2/users/register', {
        body: { accountType: 'email', account, password: 'Lang12345', code },
        headers: language === undefined ? {} : { language },
      })
      const { token } = sessionResponseSchema.parse(registered.body).data
      const stored = await h.api('GET', '/v2/users/membership/user-perfenerce/get', { token })
      const { userLanguage, msgLanguage, pricingCurrency } = preferencesResponseSchema.parse(stored.body).data
      return [userLanguage, msgLanguage, pricingCurrency]
    }
    // app.config.ts LOCALES: ar_AE prices in EUR (QA m45 saw USD), ja_JP in JPY.
    expect(await open('ar_AE')).toEqual(['ar_AE', 'ar_AE', 'EUR'])
    expect(await open('ja_JP')).toEqual(['ja_JP', 'ja_JP', 'JPY'])
    expect(await open(undefined)).toEqual(['en_US', 'en_US', 'USD'])
    expect(await open('xx_XX')).toEqual(['en_US', 'en_US', 'USD'])
  })

  it('sends a code, registers, and the token opens the signed-in calls', async () => {
    const account = `${unique('Flow')}@Example.com`
    const sent = await sendCode(account)
    expect(sendCodeResponseSchema.parse(sent.body).data).toEqual({
      sent: true,
      expiresIn: ACCOUNTS.verificationCodeTtlSeconds,
    })
    const code = await h.latestCode(account.toLowerCase())
    expect(code).toMatch(/^\d{6}$/)
    expect(sent.text).not.toContain(code)

    // Sessions run on the wall clock (the machine's, which the harness keeps apart from the engine's).
    const sentBefore = h.context.wallNow().getTime()
    const registered = await register({ account, password: 'Flow12345', code })
    const sentAfter = h.context.wallNow().getTime()
    expect(registered.status, registered.text).toBe(200)
    const session = sessionResponseSchema.parse(registered.body).data
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const ttl = ACCOUNTS.sessionTtlSeconds * 1000
    expect(Date.parse(session.expiresAt)).toBeGreaterThanOrEqual(sentBefore + ttl)
    expect(Date.parse(session.expiresAt)).toBeLessThanOrEqual(sentAfter + ttl)

    const security = await h.api('GET', '/v2/users/security/config', { token: session.token })
    expect(securityConfigResponseSchema.parse(security.body).data).toEqual({
      changeLogin: true,
      standAloneLogin: true,
      userSubType: 1,
    })
    const tops = topsInfoResponseSchema.parse(
      (await h.api('POST', '/open/seckill/user/tops-info', { token: session.token })).body,
    ).data
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
    const [session] = await h.context.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(user.token)))
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

  it('ends a session when it expires, however active', async () => {
    const user = await h.registerUser()
    const step = ACCOUNTS.sessionIdleSeconds * 1000 - 1000
    let used = 0
    while (used + step < ACCOUNTS.sessionTtlSeconds * 1000) {
      h.advance(step)
      used += step
      expect((await securityConfig(user.token)).status).toBe(200)
    }
    h.advance(ACCOUNTS.sessionTtlSeconds * 1000 - used - 1000)
    expect((await securityConfig(user.token)).status).toBe(200)
    h.advance(2000)
    const expired = await securityConfig(user.token)
    expect(expired.status).toBe(401)
    expect(expired.body).toEqual({ code: 401, data: null, msg: 'Unauthorized', reason: 'unauthorized' })
  })

  it('ends a session unused for the idle time; each use keeps it alive', async () => {
    const user = await h.registerUser()
    const idle = ACCOUNTS.sessionIdleSeconds * 1000
    h.advance(idle - 1000)
    expect((await securityConfig(user.token)).status).toBe(200)
    // Used a second before it would have ended: the idle time starts again from that use.
    h.advance(idle - 1000)
    expect((await securityConfig(user.token)).status).toBe(200)
    h.advance(idle + 1000)
    const idled = await securityConfig(user.token)
    expect(idled.status).toBe(401)
    expect(reasonOf(idled)).toBe('unauthorized')
    // The public calls that look at a session treat it as none.
    expect((await h.api('GET', '/copy/v1/leaders?watched=true', { token: user.token })).status).toBe(401)
  })

  it('writes the last use at most once per touch interval', async () => {
    const user = await h.registerUser()
    const lastSeen = async () => {
      const [row] = await h.context.db
        .select({ at: sessions.lastSeenAt })
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256Hex(user.token)))
      return row?.at.getTime()
    }
    // The wall clock (sessions run on it) moves with the machine's too: the uses below come within a second of the
    // times the test moves it to.
    const signedIn = (await lastSeen()) ?? Number.NaN
    expect(signedIn).toBeLessThanOrEqual(h.context.wallNow().getTime())
    h.advance(ACCOUNTS.sessionTouchSeconds * 1000 - 5000)
    for (let i = 0; i < 3; i++) expect((await securityConfig(user.token)).status).toBe(200)
    expect(await lastSeen()).toBe(signedIn)
    h.advance(6000)
    const before = h.context.wallNow().getTime()
    expect((await securityConfig(user.token)).status).toBe(200)
    const touched = (await lastSeen()) ?? Number.NaN
    expect(touched).toBeGreaterThanOrEqual(before)
    expect(touched).toBeLessThanOrEqual(h.context.wallNow().getTime())
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
      const session = sessionResponseSchema.parse(
        (await register({ account, password: 'Invite123', code: await h.latestCode(account), inviteCode })).body,
      )
      const tops = topsInfoResponseSchema.parse(
        (await h.api('POST', '/open/seckill/user/tops-info', { token: session.data.token, body: {} })).body,
      )
      return tops.data.userInfo.rebateUser
    }
    const [trader] = await h.context.db.select().from(users).where(eq(users.inviteCode, 'TRADER23'))
    if (!trader) throw new Error('the demo trader is seeded')
    expect(await inviteWith('TRADER23')).toBe(false)
    const application = {
      userId: trader.id,
      name: 'Trader',
      contactType: 'email' as const,
      contactValue: 'trader@tandem.dev',
      channels: [],
      region: 'AE',
      message: '',
    }
    await h.context.db.insert(affiliateApplications).values({ ...application, status: 'under_review' })
    expect(await inviteWith('TRADER23')).toBe(false)
    await h.context.db
      .update(affiliateApplications)
      .set({ status: 'approved' })
      .where(eq(affiliateApplications.userId, trader.id))
    expect(await inviteWith('TRADER23')).toBe(true)
  })
})

describe('demo accounts', () => {
  it('the sub-account is userSubType 2 and may not change its login', async () => {
    const session = sessionResponseSchema.parse((await h.login('sub@tandem.dev', 'Sub12345')).body).data
    const security = securityConfigResponseSchema.parse(
      (await h.api('GET', '/v2/users/security/config', { token: session.token })).body,
    )
    expect(security.data).toEqual({ changeLogin: false, standAloneLogin: true, userSubType: 2 })
    const tops = topsInfoResponseSchema.parse(
      (await h.api('POST', '/open/seckill/user/tops-info', { token: session.token })).body,
    )
    expect(tops.data.userInfo).toMatchObject({ userSubType: 2, account: 's***b@tandem.dev', accountType: 'email' })
  })

  it('the mobile account logs in and is shown masked', async () => {
    const login = await h.login('13800138000', 'Mobile12345', 'mobile')
    const session = sessionResponseSchema.parse(login.body).data
    const tops = topsInfoResponseSchema.parse(
      (await h.api('POST', '/open/seckill/user/tops-info', { token: session.token })).body,
    )
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
      expect(result.body).toEqual({
        code: 400,
        data: null,
        msg: 'Wrong account or password',
        reason: 'invalid-credentials',
      })
    }
  })

  it("wrong passwords from one address make that address wait for the account, not the owner's", async () => {
    const user = await h.registerUser({ password: 'Limit12345' })
    const [attacker, owner] = [h.nextIp(), h.nextIp()]
    for (let i = 0; i < ACCOUNTS.loginFailuresBeforeWait; i++)
      expect((await loginFrom(attacker, user.account, 'Nope12345')).status).toBe(400)
    // A minute later the address may try again (the per-address limit keeps real time, so its minute is let run out):
    // the pair still waits.
    await h.context.limiters.loginByIp.delete(attacker)
    const held = await loginFrom(attacker, user.account, 'Limit12345')
    expect(held.status).toBe(429)
    expect(reasonOf(held)).toBe('rate-limited')
    expect(retryAfter(held)).toBeGreaterThan(ACCOUNTS.loginWaitBaseSeconds - 5)
    expect(retryAfter(held)).toBeLessThanOrEqual(ACCOUNTS.loginWaitBaseSeconds)
    // The attacker keeps hammering (refused), and the owner signs in from their own address meanwhile.
    expect((await loginFrom(attacker, user.account, 'Nope12345')).status).toBe(429)
    const mine = await loginFrom(owner, user.account, 'Limit12345')
    expect(mine.status, mine.text).toBe(200)
    sessionResponseSchema.parse(mine.body)
  })

  it('the wait grows with each further wrong password of the pair, up to the cap', async () => {
    const user = await h.registerUser({ password: 'Grow12345' })
    const ip = h.nextIp()
    const key = `email:${user.account}@${ip}`
    for (let i = 0; i < ACCOUNTS.loginFailuresBeforeWait; i++)
      expect((await loginFrom(ip, user.account, 'Nope12345')).status).toBe(400)
    // The limiters keep real time: a wait or the address's minute is let run out by deleting its key.
    const minutePasses = () => h.context.limiters.loginByIp.delete(ip)
    const waitPasses = () => h.context.limiters.loginWaitByAccountIp.delete(key)
    const waits: number[] = []
    for (let i = 0; i < 6; i++) {
      await minutePasses()
      const held = await loginFrom(ip, user.account, 'Nope12345')
      expect(held.status).toBe(429)
      waits.push(retryAfter(held))
      await waitPasses()
      expect((await loginFrom(ip, user.account, 'Nope12345')).status).toBe(400)
    }
    const base = ACCOUNTS.loginWaitBaseSeconds
    const expected = [base, base * 2, base * 4, base * 8, base * 16, base * 32].map((wait) =>
      Math.min(wait, ACCOUNTS.loginWaitMaxSeconds),
    )
    waits.forEach((wait, i) => expect(wait, `wait ${i + 1}`).toBeGreaterThan((expected[i] ?? 0) - 5))
    waits.forEach((wait, i) => expect(wait, `wait ${i + 1}`).toBeLessThanOrEqual(expected[i] ?? 0))
    // The right password, once the wait is over, forgets the pair's failures: the free ones start again.
    await minutePasses()
    await waitPasses()
    expect((await loginFrom(ip, user.account, 'Grow12345')).status).toBe(200)
    await minutePasses()
    for (let i = 0; i < ACCOUNTS.loginFailuresBeforeWait; i++)
      expect((await loginFrom(ip, user.account, 'Nope12345')).status).toBe(400)
  })

  it('past the per-account ceiling from many addresses, every address waits', async () => {
    const user = await h.registerUser({ password: 'Ceiling123' })
    const perAddress = ACCOUNTS.loginFailuresBeforeWait
    for (let sent = 0; sent < ACCOUNTS.loginFailuresPerAccountPerHour; sent += perAddress) {
      const ip = h.nextIp()
      for (let i = 0; i < Math.min(perAddress, ACCOUNTS.loginFailuresPerAccountPerHour - sent); i++)
        expect((await loginFrom(ip, user.account, 'Nope12345')).status).toBe(400)
    }
    const fresh = await loginFrom(h.nextIp(), user.account, 'Ceiling123')
    expect(fresh.status).toBe(429)
    expect(retryAfter(fresh)).toBeGreaterThan(60)
    expect(retryAfter(fresh)).toBeLessThanOrEqual(60 * 60)
    // Another account is not touched.
    expect((await h.login('trader@tandem.dev', 'Trader12345')).status).toBe(200)
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

  it('one client address gets a few codes a minute and a quota an hour, whatever the numbers', async () => {
    const ip = h.nextIp()
    const numbers = Array.from({ length: 15 }, (_, i) => `1390000${String(i).padStart(4, '0')}`)
    const sent = await Promise.all(numbers.map((number) => sendCode(number, 'mobile', ip)))
    const statuses = sent.map((result) => result.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(ACCOUNTS.codeSendsPerMinutePerIp)
    expect(statuses.filter((status) => status === 429)).toHaveLength(15 - ACCOUNTS.codeSendsPerMinutePerIp)
    const refused = sent.find((result) => result.status === 429)
    expect(refused && reasonOf(refused)).toBe('rate-limited')
    expect(refused && retryAfter(refused)).toBeGreaterThan(0)
    // Another address is not held back.
    expect((await sendCode(`${unique('other')}@example.com`)).status).toBe(200)
    // Minute after minute (the limiter keeps real time: its minute is let run out), the hour's quota still ends it.
    let total = ACCOUNTS.codeSendsPerMinutePerIp
    while (total < ACCOUNTS.codeSendsPerHourPerIp) {
      await h.context.limiters.codeSendByIpMinute.delete(ip)
      expect((await sendCode(`${unique('hour')}@example.com`, 'email', ip)).status).toBe(200)
      total += 1
    }
    await h.context.limiters.codeSendByIpMinute.delete(ip)
    const overHour = await sendCode(`${unique('hour')}@example.com`, 'email', ip)
    expect(overHour.status).toBe(429)
    expect(retryAfter(overHour)).toBeGreaterThan(60)
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
      const result = await register({
        account,
        password: 'Again12345',
        code: await h.latestCode(account.toLowerCase()),
      })
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

describe('the exchange-wide code quota', () => {
  it('answers 429 with Retry-After past the codes the whole exchange sends a minute', async () => {
    // The codes of the tests above count in this minute too: start the minute afresh.
    await h.context.limiters.codeSendGlobal.delete('all')
    try {
      for (let i = 0; i < ACCOUNTS.codeSendsPerMinuteGlobal; i++)
        expect((await sendCode(`${unique('global')}@example.com`)).status).toBe(200)
      const over = await sendCode(`${unique('global')}@example.com`)
      expect(over.status).toBe(429)
      expect(reasonOf(over)).toBe('rate-limited')
      expect(retryAfter(over)).toBeGreaterThan(0)
    } finally {
      await h.context.limiters.codeSendGlobal.delete('all')
    }
  })
})
