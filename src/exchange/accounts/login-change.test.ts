/** §6: what a sub-account's security config restricts, enforced by the exchange. */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNTS } from '#/app.config.ts'
import { apiErrorSchema, sessionResponseSchema } from '#/contract/index.ts'
import { users } from '../db/schema.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.close())

const signIn = async (account: string, password: string, accountType: 'email' | 'mobile' = 'email') =>
  sessionResponseSchema.parse((await h.login(account, password, accountType)).body).data.token
const changePassword = (token: string, body: unknown) => h.api('POST', '/v2/users/password/update', { token, body })
const reasonOf = (result: { body: unknown }) => apiErrorSchema.parse(result.body).reason

describe('changeLogin', () => {
  it("false (the demo sub-account): the password change is refused with 403 'login-change-refused'", async () => {
    const token = await signIn('sub@tandem.dev', 'Sub12345')
    const refused = await changePassword(token, { password: 'Sub12345', newPassword: 'Another123' })
    expect(refused.status).toBe(403)
    expect(reasonOf(refused)).toBe('login-change-refused')
    // Nothing changed: the old password still signs in.
    expect((await h.login('sub@tandem.dev', 'Sub12345')).status).toBe(200)
  })

  it('true: the password changes, the other sessions end and this one stays', async () => {
    const token = await signIn('13800138000', 'Mobile12345', 'mobile')
    const other = await signIn('13800138000', 'Mobile12345', 'mobile')
    const wrong = await changePassword(token, { password: 'Wrong12345', newPassword: 'Another123' })
    expect([wrong.status, reasonOf(wrong)]).toEqual([400, 'invalid-credentials'])
    const weak = await changePassword(token, { password: 'Mobile12345', newPassword: 'short' })
    expect([weak.status, reasonOf(weak)]).toEqual([400, 'weak-password'])
    expect((await changePassword(token, { password: 'Mobile12345', newPassword: 'Another123' })).status).toBe(200)
    expect((await h.login('13800138000', 'Mobile12345', 'mobile')).status).toBe(400)
    expect((await h.login('13800138000', 'Another123', 'mobile')).status).toBe(200)
    expect((await h.api('GET', '/v2/users/security/config', { token })).status).toBe(200)
    expect((await h.api('GET', '/v2/users/security/config', { token: other })).status).toBe(401)
  })

  it('a stolen session guesses the current password no faster than the sign-in form: the limits answer 429', async () => {
    const user = await h.registerUser({ password: 'Right12345' })
    const headers = { 'x-forwarded-for': h.nextIp() }
    const attempt = (password: string) =>
      h.api('POST', '/v2/users/password/update', {
        token: user.token,
        headers,
        body: { password, newPassword: 'Another123' },
      })
    for (let i = 0; i < ACCOUNTS.loginFailuresBeforeWait; i += 1)
      expect((await attempt(`Guess${i}12345`)).status).toBe(400)
    const held = await attempt('Right12345')
    expect(held.status).toBe(429)
    expect(held.headers.get('retry-after')).toMatch(/^\d+$/)
  })

  it('needs a session', async () => {
    const anonymous = await h.api('POST', '/v2/users/password/update', {
      body: { password: 'Sub12345', newPassword: 'Another123' },
    })
    expect(anonymous.status).toBe(401)
  })
})

describe('standAloneLogin', () => {
  it("false: the sub-account cannot sign in on its own, 403 'sub-account-login'; its main account still can", async () => {
    await h.context.db.update(users).set({ standAloneLogin: false }).where(eq(users.account, 'sub@tandem.dev'))
    const refused = await h.login('sub@tandem.dev', 'Sub12345')
    expect(refused.status).toBe(403)
    expect(reasonOf(refused)).toBe('sub-account-login')
    expect((await h.login('demo@tandem.dev', 'Demo12345')).status).toBe(200)
  })

  it('a wrong password is still the same 400 as for anyone: the refusal tells nothing to a guesser', async () => {
    const wrong = await h.login('sub@tandem.dev', 'Wrong12345')
    expect([wrong.status, reasonOf(wrong)]).toEqual([400, 'invalid-credentials'])
  })
})
