/**
 * My copies' two realized figures agree (issue 17, item 13): a partial close books its realized part when it happens,
 * in the copy's realized PnL and in the user's daily realized PnL alike, fees and funding in both; a position's entries
 * sum to its totals.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { myCopiesResponseSchema, userProfitResponseSchema } from '#/contract/index.ts'
import { positions, realizedEntries } from '#/exchange/db/copy-schema.ts'
import { Exact, Money } from '#/exchange/money.ts'
import { utcDay } from '../statistics.ts'
import { startKit, type Kit, type User } from '#tests/fixtures/exchange/copy/follow-fixtures.ts'

const MY_COPIES = '/copy/v1/my/copies'
const PROFIT = '/copy/v1/my/profit'

let kit: Kit
let leader: User
let follower: User
beforeAll(async () => {
  kit = await startKit()
  leader = await kit.leader()
  follower = await kit.follow(leader, { usdt: '10000', fixedAmount: '1000', investment: '5000' })
})
afterAll(() => kit.h.close())

describe('a partial close', () => {
  it('shows its realized PnL in the copy and in the day at once, fees and funding in both', async () => {
    const order = { leaderId: leader.id, biz: 'futures' as const, pairCode: 'BTC_USDT', at: kit.h.context.now() }
    const opened = await kit.trade({
      ...order,
      eventId: 'partial:open',
      price: new Money(50_000),
      action: { kind: 'open', side: 1, size: new Money(1), leverage: 10 },
    })
    if (!opened) throw new Error('not applied')
    // The leader takes half off at 52,500: the copy closes half of its 0.2 BTC, +250 realized; it stays open.
    await kit.trade({
      ...order,
      eventId: 'partial:reduce',
      price: new Money(52_500),
      action: { kind: 'reduce', positionId: opened.position.id, size: new Money('0.5') },
    })
    const [copied] = await kit.h.context.db.select().from(positions).where(eq(positions.userId, follower.id))
    expect(copied?.status).toBe('open')
    expect(copied?.realizedPnl).toBe('250.000000000000000000')
    // Fees: 5 at the open (0.2 × 50,000 × 0.0005) and 2.625 at the partial close (0.1 × 52,500 × 0.0005).
    const realized = new Exact(250).minus(5).minus('2.625').toFixed()

    const copies = myCopiesResponseSchema.parse((await kit.call('GET', MY_COPIES, { token: follower.token })).body).data
    const profit = userProfitResponseSchema.parse((await kit.call('GET', PROFIT, { token: follower.token })).body).data
    const today = profit.daily.find((d) => d.day === utcDay(kit.h.context.now().getTime()))
    expect(copies.list[0]?.realizedPnl).toBe(realized)
    expect(copies.totals.realizedPnl).toBe(realized)
    expect(today?.realizedPnl).toBe(realized)
    expect(profit.realizedPnl).toBe(realized)

    // The position's booked entries and its open fee sum to its totals.
    const entries = await kit.h.context.db
      .select()
      .from(realizedEntries)
      .where(eq(realizedEntries.positionId, copied?.id ?? 0))
    const sum = (pick: (e: (typeof entries)[number]) => string, start: string | number = 0) =>
      entries.reduce((total, e) => total.plus(pick(e)), new Exact(start)).toFixed()
    expect(new Exact(copied?.openFee ?? 0).gt(0)).toBe(true)
    expect([sum((e) => e.realizedPnl), sum((e) => e.fees, copied?.openFee), sum((e) => e.funding)]).toEqual([
      new Exact(copied?.realizedPnl ?? 0).toFixed(),
      new Exact(copied?.fees ?? 0).toFixed(),
      new Exact(copied?.funding ?? 0).toFixed(),
    ])
  }, 30_000)
})
