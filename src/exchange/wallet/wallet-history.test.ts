/**
 * A wallet's movements: what came in and went out of the caller's own wallet, signed, newest first, by kind and coin,
 * paged; nobody else's; refused without a session or with a query out of range.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walletHistoryResponseSchema } from '#/contract/index.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import {
  follower,
  fundedUser,
  insertLeader,
  makeCaller,
  type Caller,
  type User,
} from '#tests/fixtures/exchange/copy/lead-fixtures.ts'
import { fundCopy } from '../copy/engine.ts'
import { Money } from '../money.ts'

let h: Harness
let api: Caller
let copier: User & { copyId: number }
let other: User

beforeAll(async () => {
  h = await startHarness()
  api = await makeCaller(h)
  const leader = await fundedUser(h, 50_000)
  await insertLeader(h, leader.id)
  // 10,000 in, 5,000 into the copy, 1,250 back out of it.
  copier = await follower(h, leader.id, { wallet: '10000', invest: '5000' })
  await h.context.db.transaction((tx) => fundCopy(tx, copier.copyId, new Money('-1250'), h.context.now()))
  other = await fundedUser(h, 777)
})
afterAll(() => h.close())

const history = async (token: string, query = '') =>
  walletHistoryResponseSchema.parse(await api.call('GET', `/asset/v1/api/wallet/history${query}`, token, 200)).data

describe('wallet history', () => {
  it('lists what came in and went out of the wallet, signed, newest first', async () => {
    const page = await history(copier.token)
    expect(page.list.map((m) => [m.kind, m.coin, m.walletType, m.amount])).toEqual([
      ['copy-out', 'USDT', 3, '1250'],
      ['copy-in', 'USDT', 3, '-5000'],
      ['deposit', 'USDT', 3, '10000'],
    ])
    expect([page.total, page.page, page.pageSize]).toEqual([3, 1, 20])
    // The movements add up to the balance.
    const sum = page.list.reduce((s, m) => s.plus(m.amount), new Money(0))
    expect(sum.toFixed()).toBe('6250')
  })

  it('filters by kind and coin, and pages', async () => {
    expect((await history(copier.token, '?kind=deposit')).list.map((m) => m.amount)).toEqual(['10000'])
    expect((await history(copier.token, '?coin=usdt&kind=copy-in')).list.map((m) => m.amount)).toEqual(['-5000'])
    expect((await history(copier.token, '?coin=BTC')).list).toEqual([])
    const second = await history(copier.token, '?pageSize=2&page=2')
    expect([second.total, second.list.map((m) => m.kind)]).toEqual([3, ['deposit']])
    const beyond = await history(copier.token, '?pageSize=2&page=5')
    expect([beyond.total, beyond.list]).toEqual([3, []])
  })

  it('shows a user their own movements only', async () => {
    expect((await history(other.token)).list.map((m) => [m.kind, m.amount])).toEqual([['deposit', '777']])
    expect((await history(other.token, '?walletType=2')).list).toEqual([])
  })

  it('refuses a visitor and a query out of range, naming the field', async () => {
    await api.refused('GET', '/asset/v1/api/wallet/history', undefined, 401, 'unauthorized')
    for (const [query, field] of [
      ['?pageSize=101', 'pageSize'],
      ['?kind=theft', 'kind'],
      ['?walletType=0', 'walletType'],
      ['?coin=US%20DT', 'coin'],
    ] as const) {
      const error = await api.refused('GET', `/asset/v1/api/wallet/history${query}`, copier.token, 400, 'invalid-input')
      expect(error.data?.fields.map((f) => f.path)).toEqual([field])
    }
  })
})
