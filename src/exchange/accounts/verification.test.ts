/** Human verification on the exchange: what is refused, with which reason, and what passes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { VERIFICATION } from '#/app.config.ts'
import { apiErrorSchema, verificationChallengeResponseSchema } from '#/contract/index.ts'
import { startHarness, unique, type ApiResult, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { CHALLENGE_PATH, solveVerification } from '#tests/fixtures/verification.ts'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.close())

const reasonOf = (result: ApiResult) => apiErrorSchema.parse(result.body).reason
const solved = async () => solveVerification((await h.api('GET', CHALLENGE_PATH)).body)
const sendCode = (account: string, verification?: string) =>
  h.api('POST', '/v2/users/verify-code/send', {
    body: { accountType: 'email', account, purpose: 'register', ...(verification ? { verification } : {}) },
    headers: { 'x-forwarded-for': h.nextIp() },
    solveVerification: false,
  })
const payloadSchema = z.object({
  challenge: z.object({ parameters: z.looseObject({ expiresAt: z.number() }), signature: z.string() }),
  solution: z.looseObject({ counter: z.number(), derivedKey: z.string() }),
})
const decoded = (payload: string) => payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')))
const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64')

describe('the challenge', () => {
  it('is signed, expires after the configured time and asks for a low, bounded amount of work', async () => {
    const challenge = verificationChallengeResponseSchema.parse((await h.api('GET', CHALLENGE_PATH)).body).data
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/)
    expect(challenge.parameters.algorithm).toBe(VERIFICATION.algorithm)
    expect(challenge.parameters.expiresAt).toBe(
      Math.floor(h.context.wallNow().getTime() / 1000) + VERIFICATION.challengeTtlSeconds,
    )
    const payload = await solveVerification({ code: 0, data: challenge, msg: 'ok' })
    const { counter } = decoded(payload).solution
    expect(counter).toBeGreaterThanOrEqual(VERIFICATION.counterMin)
    expect(counter).toBeLessThanOrEqual(VERIFICATION.counterMax)
  })
})

describe('sending a code and registering', () => {
  it('without a solution: 400 verification-required, and no code is sent', async () => {
    const account = `${unique('nosolution')}@example.com`
    const refused = await sendCode(account)
    expect(refused.status).toBe(400)
    expect(reasonOf(refused)).toBe('verification-required')
    await expect(h.latestCode(account)).rejects.toThrow()

    const register = await h.api('POST', '/v2/users/register', {
      body: { accountType: 'email', account, password: 'Valid1234', code: '123456' },
      solveVerification: false,
    })
    expect(reasonOf(register)).toBe('verification-required')
  })

  it('a valid solution passes', async () => {
    const account = `${unique('solved')}@example.com`
    expect((await sendCode(account, await solved())).status).toBe(200)
    expect(await h.latestCode(account)).toMatch(/^\d{6}$/)
  })

  it('a solution used once is refused the second time: verification-reused', async () => {
    const payload = await solved()
    expect((await sendCode(`${unique('once')}@example.com`, payload)).status).toBe(200)
    const again = await sendCode(`${unique('twice')}@example.com`, payload)
    expect(again.status).toBe(400)
    expect(reasonOf(again)).toBe('verification-reused')
  })

  it('a wrong, forged or unreadable solution: verification-invalid', async () => {
    const payload = decoded(await solved())
    const wrongKey = encoded({ ...payload, solution: { ...payload.solution, derivedKey: '00'.repeat(32) } })
    const longerLife = encoded({
      ...payload,
      challenge: {
        ...payload.challenge,
        parameters: { ...payload.challenge.parameters, expiresAt: payload.challenge.parameters.expiresAt + 3600 },
      },
    })
    const widgetTestMode = encoded({ challenge: null, solution: null, test: true })
    for (const forged of [wrongKey, longerLife, widgetTestMode, 'bm90LWpzb24=']) {
      const refused = await sendCode(`${unique('forged')}@example.com`, forged)
      expect(refused.status).toBe(400)
      expect(reasonOf(refused)).toBe('verification-invalid')
    }
    // The forgeries spent nothing: the real solution still counts.
    expect((await sendCode(`${unique('real')}@example.com`, encoded(payload))).status).toBe(200)
  })

  it('a solution past its challenge time: verification-expired', async () => {
    const payload = await solved()
    h.advance(VERIFICATION.challengeTtlSeconds * 1000 + 1000)
    const late = await sendCode(`${unique('late')}@example.com`, payload)
    expect(late.status).toBe(400)
    expect(reasonOf(late)).toBe('verification-expired')
  })
})

describe('signing in', () => {
  it(`asks for verification after ${VERIFICATION.loginFailuresBeforeVerification} wrong passwords from one address`, async () => {
    const user = await h.registerUser()
    const ip = h.nextIp()
    const login = (password: string, verification?: string) =>
      h.api('POST', '/v2/users/login', {
        body: { accountType: 'email', account: user.account, password, ...(verification ? { verification } : {}) },
        headers: { 'x-forwarded-for': ip },
        solveVerification: false,
      })
    for (let i = 0; i < VERIFICATION.loginFailuresBeforeVerification; i++) {
      expect(reasonOf(await login('Wrong1234'))).toBe('invalid-credentials')
    }
    // Even the right password needs a solution now; another address does not.
    const refused = await login(user.password)
    expect(refused.status).toBe(400)
    expect(reasonOf(refused)).toBe('verification-required')
    const elsewhere = await h.api('POST', '/v2/users/login', {
      body: { accountType: 'email', account: user.account, password: user.password },
      headers: { 'x-forwarded-for': h.nextIp() },
      solveVerification: false,
    })
    expect(elsewhere.status).toBe(200)
    expect((await login(user.password, await solved())).status).toBe(200)
  })
})
