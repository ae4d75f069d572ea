/** The development faucet: test USDT through the ledger for a signed-in user, outside production only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walletAccountResponseSchema } from '../../contract/index.ts'
import { startHarness, type Harness } from '../testing/harness.ts'
import { ledgerState } from '../testing/ledger.ts'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.close())

describe('development faucet', () => {
  it('deposits 10,000 USDT through the ledger for the signed-in user, and refuses the anonymous', async () => {
    const user = await h.registerUser()
    expect((await h.api('POST', '/dev/faucet')).status).toBe(401)
    const result = await h.api('POST', '/dev/faucet', { token: user.token })
    expect(result.status, result.text).toBe(200)
    const wallet = walletAccountResponseSchema.parse((await h.api('POST', '/asset/v1/api/wallet/account', { token: user.token, body: { walletTypeList: [3] } })).body).data
    expect(wallet.list).toEqual([{ coin: 'USDT', walletType: 3, available: '10000', frozen: '0', total: '10000', usdtValue: '10000' }])
    expect(await ledgerState(h.context.db)).toEqual({ zero: true, mismatched: 0 })
  })

  it('does not exist in production', async () => {
    const production = await startHarness({ devPages: false })
    const user = await production.registerUser().catch(() => undefined)
    expect((await production.api('POST', '/dev/faucet', { token: user?.token })).status).toBe(404)
    await production.close()
  })
})
