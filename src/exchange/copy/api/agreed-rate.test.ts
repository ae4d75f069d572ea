/**
 * A copy pays the profit-share rate it was agreed at (issue 17, item 10): followers join at 30 %; the leader sets
 * 10 % and the week settles at 10 %; the leader sets 30 % again and the existing copy still settles at 10 %, while a
 * copy begun after pays 30 %, and so does the end of the copy. My copies shows each copy's rate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyCancelResponseSchema, myCopiesResponseSchema } from '#/contract/index.ts'
import { Money } from '#/exchange/money.ts'
import { paid } from '#/contract/rounding.ts'
import { settleProfitShares } from '../engine.ts'
import { marksOf } from '../marks.ts'
import { startKit, type Kit, type User } from '#tests/fixtures/exchange/copy/follow-fixtures.ts'

const FOLLOW = '/copy/v1/copies'
const MY_COPIES = '/copy/v1/my/copies'
const LEADER_SETTINGS = '/copy/v1/leader/settings'
const COPY = '/copy/v1/copies/{leaderId}'

let kit: Kit
let leader: User
let trades = 0
beforeAll(async () => {
  kit = await startKit()
  leader = await kit.leader({ profitShareRate: '0.3' })
})
afterAll(() => kit.h.close())

async function follow(): Promise<User> {
  const user = await kit.user('10000')
  const answer = await kit.call('POST', FOLLOW, {
    token: user.token,
    body: { leaderId: leader.userId, mode: 'fixed', fixedAmount: '1000', investment: '5000' },
  })
  expect(answer.status, answer.text).toBe(200)
  return user
}

async function setRate(rate: string): Promise<void> {
  const answer = await kit.call('PUT', LEADER_SETTINGS, { token: leader.token, body: { profitShareRate: rate } })
  expect(answer.status, answer.text).toBe(200)
}

/** A winning round trip of the leader: 1 BTC long at 10x, 50,000 → 52,500. */
async function win(): Promise<void> {
  trades += 1
  const order = { leaderId: leader.id, biz: 'futures' as const, pairCode: 'BTC_USDT', at: kit.h.context.now() }
  const opened = await kit.trade({
    ...order,
    eventId: `rate:${trades}:open`,
    price: new Money(50_000),
    action: { kind: 'open', side: 1, size: new Money(1), leverage: 10 },
  })
  if (!opened) throw new Error('not applied')
  await kit.trade({
    ...order,
    eventId: `rate:${trades}:close`,
    price: new Money(52_500),
    action: { kind: 'close', positionId: opened.position.id },
  })
}

async function settle(periodEnd: Date) {
  const records = await settleProfitShares(kit.h.context.db, periodEnd, marksOf(kit.h.context.market))
  for (const r of records)
    expect(r.share.toFixed()).toBe(paid(r.netProfit.minus(r.highWaterMarkBefore), r.rate).toFixed())
  return new Map(records.map((r) => [r.followerId, r.rate.toFixed()]))
}

async function ratesShown(user: User): Promise<string[]> {
  const answer = await kit.call('GET', MY_COPIES, { token: user.token })
  return myCopiesResponseSchema.parse(answer.body).data.list.map((c) => c.profitShareRate)
}

describe('the agreed profit-share rate', () => {
  it('applies a lower rate at once, and a higher one only to copies begun after it', async () => {
    const early = await follow()
    expect(await ratesShown(early)).toEqual(['0.3'])

    await setRate('0.1')
    expect(await ratesShown(early)).toEqual(['0.1'])
    await win()
    const first = await settle(new Date(kit.h.context.now().getTime() + 1000))
    expect(first.get(early.id)).toBe('0.1')

    await setRate('0.3')
    const late = await follow()
    expect(await ratesShown(early)).toEqual(['0.1'])
    expect(await ratesShown(late)).toEqual(['0.3'])
    await win()
    const second = await settle(new Date(kit.h.context.now().getTime() + 2000))
    expect(second.get(early.id)).toBe('0.1')
    expect(second.get(late.id)).toBe('0.3')

    // The end of the copy settles at its rate too (it settled at the leader's 30 % before).
    await win()
    const cancelled = await kit.call('DELETE', COPY, { token: early.token, params: { leaderId: leader.userId } })
    expect(cancelled.status, cancelled.text).toBe(200)
    expect(copyCancelResponseSchema.parse(cancelled.body).data.profitShare?.rate).toBe('0.1')
  }, 30_000)
})
