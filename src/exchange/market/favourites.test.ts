/** Favourite pairs follow the user: stored whole, in their order, per market; unknown pairs refused with the field. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiErrorSchema, favouritesResponseSchema } from '#/contract/index.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.close())

describe('favourites', () => {
  it('are stored whole in the user’s order, a pair once per market, and read back on any device', async () => {
    const user = await h.registerUser()
    const read = async () =>
      favouritesResponseSchema.parse((await h.api('GET', '/market/v1/favourites', { token: user.token })).body).data
    expect(await read()).toEqual([])
    const put = await h.api('PUT', '/market/v1/favourites', {
      token: user.token,
      body: {
        list: [
          { biz: 'futures', pairCode: 'eth_usdt' },
          { biz: 'spot', pairCode: 'BTC_USDT' },
          { biz: 'futures', pairCode: 'ETH_USDT' },
        ],
      },
    })
    expect(put.status, put.text).toBe(200)
    const expected = [
      { biz: 'futures', pairCode: 'ETH_USDT' },
      { biz: 'spot', pairCode: 'BTC_USDT' },
    ]
    expect(favouritesResponseSchema.parse(put.body).data).toEqual(expected)
    expect(await read()).toEqual(expected)
    // Another user's list is their own.
    const other = await h.registerUser()
    const theirs = await h.api('GET', '/market/v1/favourites', { token: other.token })
    expect(favouritesResponseSchema.parse(theirs.body).data).toEqual([])
  })

  it('refuses an unknown pair with its field, too many, and a visitor', async () => {
    const user = await h.registerUser()
    const unknown = await h.api('PUT', '/market/v1/favourites', {
      token: user.token,
      body: { list: [{ biz: 'spot', pairCode: 'NOPE_USDT' }] },
    })
    expect([unknown.status, apiErrorSchema.parse(unknown.body).data?.fields[0]?.path]).toEqual([400, 'list.0.pairCode'])
    const many = await h.api('PUT', '/market/v1/favourites', {
      token: user.token,
      body: { list: Array.from({ length: 101 }, () => ({ biz: 'spot', pairCode: 'BTC_USDT' })) },
    })
    expect(many.status).toBe(400)
    const visitor = await h.api('GET', '/market/v1/favourites')
    expect(visitor.status).toBe(401)
  })
})
