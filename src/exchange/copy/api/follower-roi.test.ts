/**
 * A follower's ROI is time-weighted (issue 17, item 8): a copy of 500 that is down shows net ÷ 500; taking 300 out
 * with no trade leaves its ROI as it was (it was net ÷ investment: −168.63 on 500 read −33.73 %, then −84.32 % on 200).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { myCopiesResponseSchema } from '#/contract/index.ts'
import { Exact, Money } from '#/exchange/money.ts'
import { ratioString } from './wire.ts'
import { startKit, type Kit, type User } from '#tests/fixtures/exchange/copy/follow-fixtures.ts'

const SETTINGS = '/copy/v1/copies/{leaderId}/settings'
const MY_COPIES = '/copy/v1/my/copies'

let kit: Kit
let leader: User
let follower: User
beforeAll(async () => {
  kit = await startKit()
  leader = await kit.leader()
  follower = await kit.follow(leader, { usdt: '1000', fixedAmount: '100', investment: '500' })
})
afterAll(() => kit.h.close())

const mine = async () =>
  myCopiesResponseSchema.parse((await kit.call('GET', MY_COPIES, { token: follower.token })).body).data

describe('follower ROI', () => {
  it('does not move when money is taken out', async () => {
    // The leader opens a 10x long 5 % above the mark: the copy is down at once (−50 % on its margin, and the fee).
    const mark = kit.mark('BTC_USDT')
    const opened = await kit.trade({
      eventId: 'roi:open',
      leaderId: leader.id,
      biz: 'futures',
      pairCode: 'BTC_USDT',
      price: mark.times('1.05').toDecimalPlaces(2),
      at: kit.h.context.now(),
      action: { kind: 'open', side: 1, size: new Money('0.1'), leverage: 10 },
    })
    expect(opened?.copied).toBe(1)
    const before = await mine()
    const [copy] = before.list
    const net = new Exact(copy?.net ?? '0')
    expect(net.lt(0)).toBe(true)
    // No flow since it began: the time-weighted ROI is net ÷ 500.
    expect(copy?.roi).toBe(ratioString(net.div(500)))
    expect(before.totals.roi).toBe(copy?.roi)

    const out = await kit.call('PUT', SETTINGS, {
      token: follower.token,
      params: { leaderId: leader.userId },
      body: { investment: '200' },
    })
    expect(out.status, out.text).toBe(200)
    const after = await mine()
    expect(after.list[0]).toMatchObject({ investment: '200', net: copy?.net, roi: copy?.roi })
    expect(after.totals.roi).toBe(copy?.roi)
  }, 30_000)
})
