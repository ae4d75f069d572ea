/**
 * The sandbox's faucet: test USDT through the ledger for a signed-in user; a real deployment (SANDBOX off) has none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { faucetStatusResponseSchema, sessionResponseSchema, walletAccountResponseSchema } from '#/contract/index.ts'
import type { Mailer } from '../accounts/mailer.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { ledgerState } from '#tests/fixtures/exchange/ledger.ts'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.close())

describe('test-funds faucet', () => {
  it('deposits 10,000 USDT through the ledger into the spot wallet, and refuses the anonymous', async () => {
    const user = await h.registerUser()
    expect((await h.api('POST', '/dev/faucet')).status).toBe(401)
    const result = await h.api('POST', '/dev/faucet', { token: user.token })
    expect(result.status, result.text).toBe(200)
    const wallet = walletAccountResponseSchema.parse(
      (await h.api('POST', '/asset/v1/api/wallet/account', { token: user.token, body: { walletTypeList: [1, 3] } }))
        .body,
    ).data
    expect(wallet.list).toEqual([
      {
        coin: 'USDT',
        walletType: 1,
        available: '10000',
        frozen: '0',
        total: '10000',
        usdtValue: '10000',
        transferable: '10000',
      },
    ])
    expect(await ledgerState(h.context.db)).toEqual({ zero: true, mismatched: 0 })
  })

  it('deposits into the futures wallet when asked, and refuses another wallet with its reason', async () => {
    const user = await h.registerUser()
    const wrong = await h.api('POST', '/dev/faucet', { token: user.token, body: { walletType: 2 } })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ reason: 'invalid-input', data: { fields: [{ path: 'walletType' }] } })
    const result = await h.api('POST', '/dev/faucet', { token: user.token, body: { walletType: 3 } })
    expect(result.status, result.text).toBe(200)
    const wallet = walletAccountResponseSchema.parse(
      (await h.api('POST', '/asset/v1/api/wallet/account', { token: user.token, body: { walletTypeList: [1, 3] } }))
        .body,
    ).data
    expect(wallet.list.map((b) => [b.walletType, b.available])).toEqual([[3, '10000']])
  })

  it('gives test funds once a day per account, even to parallel calls; the next UTC day again', async () => {
    const user = await h.registerUser()
    const calls = await Promise.all(
      Array.from({ length: 5 }, () => h.api('POST', '/dev/faucet', { token: user.token })),
    )
    expect(calls.map((c) => c.status).sort()).toEqual([200, 429, 429, 429, 429])
    const refused = calls.find((c) => c.status === 429)
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(Number(refused?.headers.get('retry-after'))).toBeLessThanOrEqual(86_400)
    const usdt = async () =>
      walletAccountResponseSchema.parse(
        (await h.api('POST', '/asset/v1/api/wallet/account', { token: user.token, body: { walletTypeList: [1] } }))
          .body,
      ).data.list[0]?.available
    expect(await usdt()).toBe('10000')
    // Asked again (the assets page reloaded), the exchange says today's is taken and how long until the next.
    const status = async () =>
      faucetStatusResponseSchema.parse((await h.api('GET', '/dev/faucet', { token: user.token })).body).data
    expect(await status()).toEqual({ grantedToday: true, retryAfter: Number(refused?.headers.get('retry-after')) })
    expect((await h.api('GET', '/dev/faucet')).status).toBe(401)
    // Another account is not limited by this one.
    const other = await h.registerUser()
    expect((await h.api('POST', '/dev/faucet', { token: other.token })).status).toBe(200)
    h.advance(Number(refused?.headers.get('retry-after')) * 1000)
    expect(await status()).toEqual({ grantedToday: false, retryAfter: 0 })
    expect((await h.api('POST', '/dev/faucet', { token: user.token })).status).toBe(200)
    expect(await usdt()).toBe('20000')
    expect(await ledgerState(h.context.db)).toEqual({ zero: true, mismatched: 0 })
  })

  it('is there in production when the exchange is a sandbox', async () => {
    const production = await startHarness({ devPages: false, sandbox: true })
    try {
      const user = await production.registerUser()
      const result = await production.api('POST', '/dev/faucet', { token: user.token })
      expect(result.status, result.text).toBe(200)
    } finally {
      await production.close()
    }
  }, 30_000)

  it('does not exist on a real deployment (SANDBOX off), in production or not', async () => {
    const codes = new Map<string, string>()
    const mailer: Mailer = { send: (to, message) => Promise.resolve(void codes.set(to.address, message.code)) }
    for (const devPages of [false, true]) {
      const real = await startHarness({ devPages, sandbox: false, mailer })
      try {
        const account = `faucet-${String(devPages)}-${Date.now()}@example.com`
        await real.api('POST', '/v2/users/verify-code/send', {
          body: { accountType: 'email', account, purpose: 'register' },
          headers: { 'x-forwarded-for': real.nextIp() },
        })
        const registered = await real.api('POST', '/v2/users/register', {
          body: { accountType: 'email', account, password: 'Passw0rd!', code: codes.get(account) },
        })
        expect(registered.status, registered.text).toBe(200)
        const { token } = sessionResponseSchema.parse(registered.body).data
        expect((await real.api('POST', '/dev/faucet', { token })).status).toBe(404)
      } finally {
        await real.close()
      }
    }
  }, 60_000)
})
