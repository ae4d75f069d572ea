/** Account security end to end: password reset, two-factor authentication (TOTP), the account's sessions. */
import { eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNTS } from '#/app.config.ts'
import {
  accountSessionsResponseSchema,
  apiErrorSchema,
  loginResponseSchema,
  sendCodeResponseSchema,
  sessionResponseSchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from '#/contract/index.ts'
import { recoveryCodes, users } from '../db/schema.ts'
import {
  startHarness,
  unique,
  type ApiResult,
  type Harness as BaseHarness,
  type TestUser,
} from '#tests/fixtures/exchange/harness.ts'
import { openApiCheck, type OpenApiCheck } from '#tests/fixtures/exchange/openapi-check.ts'

type Harness = BaseHarness
const logLines: string[] = []
let h: Harness
let doc: OpenApiCheck
beforeAll(async () => {
  // A sandbox outside development, as `npm start` runs it: its inbox keeps codes, and its log must not show them.
  const started = await startHarness({
    devPages: false,
    sandbox: true,
    logger: { log: (...args: unknown[]) => logLines.push(args.map(String).join(' ')), error: () => undefined },
  })
  doc = openApiCheck((await started.api('GET', '/openapi.json')).body)
  // Every answer of these calls is checked against the OpenAPI document (contract.test.ts leaves them to this file).
  const api: Harness['api'] = async (method, path, options) => {
    const result = await started.api(method, path, options)
    if (OWN_PATHS.some((own) => path.startsWith(own))) {
      doc.assertResponse(path, method.toLowerCase(), result.status, result.body)
    }
    return result
  }
  h = { ...started, api }
})
afterAll(() => h.close())

const OWN_PATHS = [
  '/v2/users/password/reset',
  '/v2/users/login/two-factor',
  '/v2/users/security/two-factor',
  '/v2/users/sessions',
]

const reasonOf = (result: ApiResult) => apiErrorSchema.parse(result.body).reason
const signedIn = (token: string) => h.api('GET', '/v2/users/security/config', { token })
/** The app's code at the exchange's wall clock, `steps` periods on (as a phone whose clock runs a little ahead). */
const appCode = (secret: string, steps = 0) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: ACCOUNTS.totpDigits,
    period: ACCOUNTS.totpPeriodSeconds,
  }).generate({
    timestamp: h.context.wallNow().getTime() + steps * ACCOUNTS.totpPeriodSeconds * 1000,
  })
/** Another 6-digit code than `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(ACCOUNTS.totpDigits, '0')
const nextPeriod = () => h.advance(ACCOUNTS.totpPeriodSeconds * 1000)

async function enrol(user: TestUser) {
  const setup = await h.api('POST', '/v2/users/security/two-factor/setup', {
    token: user.token,
    body: { password: user.password },
    headers: { 'x-forwarded-for': h.nextIp() },
  })
  expect(setup.status, setup.text).toBe(200)
  const { secret, uri } = twoFactorSetupResponseSchema.parse(setup.body).data
  const enabled = await h.api('POST', '/v2/users/security/two-factor/enable', {
    token: user.token,
    body: { code: appCode(secret) },
  })
  expect(enabled.status, enabled.text).toBe(200)
  return { secret, uri, recoveryCodes: twoFactorEnableResponseSchema.parse(enabled.body).data.recoveryCodes }
}

const ticketOf = (result: ApiResult) => {
  const data = loginResponseSchema.parse(result.body).data
  if (!('ticket' in data)) throw new Error('expected a second step')
  return data.ticket
}
const secondStep = (ticket: string, code: string, ip = h.nextIp()) =>
  h.api('POST', '/v2/users/login/two-factor', { body: { ticket, code }, headers: { 'x-forwarded-for': ip } })

describe('forgot password', () => {
  const sendReset = (account: string, ip = h.nextIp()) =>
    h.api('POST', '/v2/users/password/reset/send-code', {
      body: { accountType: 'email', account },
      headers: { 'x-forwarded-for': ip },
    })
  const reset = (account: string, code: string, newPassword: string) =>
    h.api('POST', '/v2/users/password/reset', { body: { accountType: 'email', account, code, newPassword } })

  it('sends a code, sets the new password, and ends every session: the old password no longer opens the account', async () => {
    const user = await h.registerUser()
    const other = sessionResponseSchema.parse((await h.login(user.account, user.password)).body).data.token
    const sent = await sendReset(user.account)
    expect(sendCodeResponseSchema.parse(sent.body).data.sent).toBe(true)
    const code = await h.latestCode(user.account)
    expect(sent.text).not.toContain(code)

    expect(reasonOf(await reset(user.account, code, 'short'))).toBe('weak-password')
    expect((await reset(user.account, code, 'NewPassw0rd')).status).toBe(200)
    expect((await signedIn(user.token)).status).toBe(401)
    expect((await signedIn(other)).status).toBe(401)
    expect(reasonOf(await h.login(user.account, user.password))).toBe('invalid-credentials')
    expect((await h.login(user.account, 'NewPassw0rd')).status).toBe(200)
    // The code is spent.
    expect(reasonOf(await reset(user.account, code, 'Another1pass'))).toBe('code-expired')
  })

  it('answers an unknown account as a known one, and sends it nothing', async () => {
    const known = await h.registerUser()
    const nobody = `${unique('nobody')}@example.com`
    const forKnown = await sendReset(known.account)
    const forNobody = await sendReset(nobody)
    expect(forNobody.status).toBe(forKnown.status)
    expect(forNobody.body).toEqual(forKnown.body)
    await expect(h.latestCode(nobody)).rejects.toThrow('no code sent')
    const guessed = await reset(nobody, '123456', 'NewPassw0rd')
    const wrong = await reset(
      known.account,
      (Number(await h.latestCode(known.account)) ^ 1).toString().padStart(6, '0'),
      'NewPassw0rd',
    )
    expect([guessed.status, reasonOf(guessed)]).toEqual([wrong.status, reasonOf(wrong)])
  })

  it('burns the code after five wrong guesses: the right one is refused afterwards', async () => {
    const user = await h.registerUser()
    await sendReset(user.account)
    const code = await h.latestCode(user.account)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < ACCOUNTS.verificationCodeMaxAttempts; i++) {
      expect(reasonOf(await reset(user.account, wrong, 'NewPassw0rd'))).toBe('code-invalid')
    }
    expect(reasonOf(await reset(user.account, code, 'NewPassw0rd'))).toBe('code-expired')
    expect((await h.login(user.account, user.password)).status).toBe(200)
  })

  it('sends one reset code a minute to an address, whatever the account', async () => {
    const user = await h.registerUser()
    expect((await sendReset(user.account)).status).toBe(200)
    const again = await sendReset(user.account)
    expect(again.status).toBe(429)
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('two-factor authentication', () => {
  it('set-up shows the secret once, confirms with a code, and gives 10 recovery codes kept only as hashes', async () => {
    const user = await h.registerUser()
    const before = twoFactorStatusResponseSchema.parse(
      (await h.api('GET', '/v2/users/security/two-factor', { token: user.token })).body,
    ).data
    expect(before).toEqual({ enabled: false, recoveryCodesLeft: 0 })
    const { secret, uri, recoveryCodes: codes } = await enrol(user)
    expect(uri).toMatch(/^otpauth:\/\/totp\/Tandem:/)
    expect(uri).toContain(`secret=${secret}`)
    expect(codes).toHaveLength(ACCOUNTS.recoveryCodeCount)
    expect(new Set(codes).size).toBe(ACCOUNTS.recoveryCodeCount)
    const stored = await h.context.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, Number(user.userId)))
    expect(stored).toHaveLength(ACCOUNTS.recoveryCodeCount)
    for (const row of stored) expect(codes.some((code) => row.codeHash.includes(code))).toBe(false)
    const status = await h.api('GET', '/v2/users/security/two-factor', { token: user.token })
    expect(twoFactorStatusResponseSchema.parse(status.body).data).toEqual({ enabled: true, recoveryCodesLeft: 10 })
    expect(status.text).not.toContain(secret)
    // A second set-up while on is refused: the secret is never sent again.
    const again = await h.api('POST', '/v2/users/security/two-factor/setup', {
      token: user.token,
      body: { password: user.password },
      headers: { 'x-forwarded-for': h.nextIp() },
    })
    expect([again.status, reasonOf(again)]).toEqual([409, 'two-factor-state'])
  })

  it('refuses a wrong code at set-up', async () => {
    const user = await h.registerUser()
    const setup = await h.api('POST', '/v2/users/security/two-factor/setup', {
      token: user.token,
      body: { password: user.password },
      headers: { 'x-forwarded-for': h.nextIp() },
    })
    const { secret } = twoFactorSetupResponseSchema.parse(setup.body).data
    const wrong = appCode(secret) === '000000' ? '111111' : '000000'
    const refused = await h.api('POST', '/v2/users/security/two-factor/enable', {
      token: user.token,
      body: { code: wrong },
    })
    expect(reasonOf(refused)).toBe('two-factor-invalid')
    const [row] = await h.context.db
      .select()
      .from(users)
      .where(eq(users.id, Number(user.userId)))
    expect(row?.totpEnabledAt).toBeNull()
  })

  it('the password alone gives a ticket, no session; the code opens one, and counts once', async () => {
    const user = await h.registerUser()
    const { secret } = await enrol(user)
    nextPeriod()
    const first = await h.login(user.account, user.password)
    expect(first.status).toBe(200)
    const data = loginResponseSchema.parse(first.body).data
    expect(data).not.toHaveProperty('token')
    const ticket = ticketOf(first)
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // The ticket is no session.
    expect((await signedIn(ticket)).status).toBe(401)

    const code = appCode(secret)
    const opened = await secondStep(ticket, code)
    expect(opened.status, opened.text).toBe(200)
    const { token } = sessionResponseSchema.parse(opened.body).data
    expect((await signedIn(token)).status).toBe(200)
    // The ticket is used, and the code is spent within its window, on a new ticket too.
    expect(reasonOf(await secondStep(ticket, code))).toBe('login-ticket-expired')
    const replay = await secondStep(ticketOf(await h.login(user.account, user.password)), code)
    expect(reasonOf(replay)).toBe('two-factor-invalid')
  })

  it('refuses a wrong code, burns the ticket after its attempts, and limits codes per account', async () => {
    const user = await h.registerUser()
    const { secret } = await enrol(user)
    const ticket = ticketOf(await h.login(user.account, user.password))
    // Set-up's code was the account's first of the minute.
    for (let i = 1; i < ACCOUNTS.twoFactorAttemptsPerMinute; i++) {
      expect(reasonOf(await secondStep(ticket, wrongCode(appCode(secret, 1))))).toBe('two-factor-invalid')
    }
    // Past the account's limit even the right code waits (from any address)...
    const limited = await secondStep(ticket, appCode(secret, 1))
    expect([limited.status, reasonOf(limited)]).toEqual([429, 'rate-limited'])
    // ...and the ticket has spent its attempts.
    expect(ACCOUNTS.loginTicketMaxAttempts).toBe(ACCOUNTS.twoFactorAttemptsPerMinute)
    expect(reasonOf(await secondStep(ticket, appCode(secret, 1)))).toBe('login-ticket-expired')
  })

  it('a ticket expires', async () => {
    const user = await h.registerUser()
    const { secret } = await enrol(user)
    const ticket = ticketOf(await h.login(user.account, user.password))
    h.advance(ACCOUNTS.loginTicketTtlSeconds * 1000 + 1000)
    expect(reasonOf(await secondStep(ticket, appCode(secret)))).toBe('login-ticket-expired')
  })

  it('a recovery code signs in once and is then spent', async () => {
    const user = await h.registerUser()
    const { recoveryCodes: codes } = await enrol(user)
    const code = codes[0] ?? ''
    const opened = await secondStep(ticketOf(await h.login(user.account, user.password)), code.toUpperCase())
    expect(opened.status, opened.text).toBe(200)
    const again = await secondStep(ticketOf(await h.login(user.account, user.password)), code)
    expect(reasonOf(again)).toBe('two-factor-invalid')
    const status = await h.api('GET', '/v2/users/security/two-factor', { token: user.token })
    expect(twoFactorStatusResponseSchema.parse(status.body).data.recoveryCodesLeft).toBe(9)
  })

  it('changing the password and turning two-factor off need a code', async () => {
    const user = await h.registerUser()
    const { secret } = await enrol(user)
    nextPeriod()
    const change = (code?: string) =>
      h.api('POST', '/v2/users/password/update', {
        token: user.token,
        body: { password: user.password, newPassword: 'Changed123', ...(code ? { code } : {}) },
        headers: { 'x-forwarded-for': h.nextIp() },
      })
    expect(reasonOf(await change())).toBe('two-factor-required')
    expect((await change(appCode(secret))).status).toBe(200)
    nextPeriod()
    const off = (code: string) =>
      h.api('POST', '/v2/users/security/two-factor/disable', {
        token: user.token,
        body: { password: 'Changed123', code },
      })
    expect(reasonOf(await off('12345'.padEnd(6, '9') === appCode(secret) ? '000000' : '123459'))).toBe(
      'two-factor-invalid',
    )
    expect((await off(appCode(secret))).status).toBe(200)
    const [row] = await h.context.db
      .select()
      .from(users)
      .where(eq(users.id, Number(user.userId)))
    expect([row?.totpSecret, row?.totpEnabledAt]).toEqual([null, null])
    // Off: the password signs in by itself again.
    expect(sessionResponseSchema.safeParse((await h.login(user.account, 'Changed123')).body).success).toBe(true)
  })
})

describe('secrets stay out of the log', () => {
  it('no reset code, app code, recovery code or secret is ever written to the log', async () => {
    const user = await h.registerUser()
    await h.api('POST', '/v2/users/password/reset/send-code', {
      body: { accountType: 'email', account: user.account },
      headers: { 'x-forwarded-for': h.nextIp() },
    })
    const resetCode = await h.latestCode(user.account)
    const { secret, recoveryCodes: codes } = await enrol(user)
    nextPeriod()
    const code = appCode(secret)
    await secondStep(ticketOf(await h.login(user.account, user.password)), code)
    const log = logLines.join('\n')
    expect(logLines.some((line) => line.includes('reset-password code sent'))).toBe(true)
    for (const kept of [resetCode, code, secret, ...codes]) expect(log).not.toContain(kept)
  })
})

describe("the account's sessions", () => {
  it('lists each session with its device and coarse network, ends one, and signs out everywhere else', async () => {
    const user = await h.registerUser()
    const phone = await h.api('POST', '/v2/users/login', {
      body: { accountType: 'email', account: user.account, password: user.password },
      headers: { 'x-forwarded-for': '203.0.113.57', 'user-agent': 'Phone/1.0' },
    })
    const phoneToken = sessionResponseSchema.parse(phone.body).data.token
    const laptop = sessionResponseSchema.parse((await h.login(user.account, user.password)).body).data.token

    const listed = accountSessionsResponseSchema.parse(
      (await h.api('GET', '/v2/users/sessions', { token: laptop })).body,
    ).data
    expect(listed).toHaveLength(3)
    expect(listed.filter((s) => s.current)).toHaveLength(1)
    const phoneRow = listed.find((s) => s.userAgent === 'Phone/1.0')
    expect(phoneRow?.network).toBe('203.0.113.0/24')
    expect(JSON.stringify(listed)).not.toContain('203.0.113.57')

    const revoked = await h.api('POST', '/v2/users/sessions/revoke', { token: laptop, body: { id: phoneRow?.id } })
    expect(revoked.status).toBe(200)
    expect((await signedIn(phoneToken)).status).toBe(401)
    // Another account's session id is not found.
    const stranger = await h.registerUser()
    const strangers = await h.api('POST', '/v2/users/sessions/revoke', {
      token: stranger.token,
      body: { id: listed[0]?.id },
    })
    expect(strangers.status).toBe(404)

    const everywhere = await h.api('POST', '/v2/users/sessions/revoke-others', { token: laptop })
    expect(everywhere.body).toMatchObject({ data: { revoked: 1 } })
    expect((await signedIn(user.token)).status).toBe(401)
    expect((await signedIn(laptop)).status).toBe(200)
  })
})
