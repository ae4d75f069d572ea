/**
 * A spot lead trader trades through the spot book like everyone, but their orders trade their lead account (the
 * futures wallet's USDT) as a long position that their copies follow (issue 18, item 6 for spot): a buy opens or adds
 * at the book's fills (their copies buy on the same book after it), a sell closes, at once or not at all. Meeting a
 * user's resting order, each side settles its own way (the user's coins, the leader's position) under one trade id;
 * the ledger stays whole.
 */
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  apiErrorSchema,
  depthResponseSchema,
  placeOrderResponseSchema,
  type PlaceOrderRequest,
} from '#/contract/index.ts'
import { leaderEvents, positions } from '../db/copy-schema.ts'
import { balances } from '../db/schema.ts'
import { fills } from '../db/trading-schema.ts'
import { Exact } from '../money.ts'
import { startHarness, type Harness, type TestUser } from '#tests/fixtures/exchange/harness.ts'
import { ledgerState } from '#tests/fixtures/exchange/ledger.ts'
import { follower, fundedUser, insertLeader, type User } from '#tests/fixtures/exchange/copy/lead-fixtures.ts'

const PAIR = 'ETH_USDT'
let h: Harness
let ids = 0
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.close())

const order = (user: TestUser, input: Omit<PlaceOrderRequest, 'clientOrderId' | 'biz' | 'pairCode'>) =>
  h.api('POST', '/trade/v1/orders', {
    token: user.token,
    body: { clientOrderId: `l${++ids}`, biz: 'spot', pairCode: PAIR, ...input },
  })
async function placed(user: TestUser, input: Parameters<typeof order>[1]) {
  const result = await order(user, input)
  expect(result.status, result.text).toBe(200)
  return placeOrderResponseSchema.parse(result.body).data
}
async function wallet(userId: number, walletType: number, coin: string) {
  const [row] = await h.context.db
    .select({ available: balances.available, frozen: balances.frozen })
    .from(balances)
    .where(and(eq(balances.userId, userId), eq(balances.walletType, walletType), eq(balances.coin, coin)))
  return new Exact(row?.available ?? 0).plus(row?.frozen ?? 0).toFixed()
}
const own = (leader: User) =>
  h.context.db
    .select()
    .from(positions)
    .where(and(eq(positions.userId, leader.id), eq(positions.biz, 'spot'), isNull(positions.copyId)))
async function ledgerWhole() {
  expect(await ledgerState(h.context.db)).toEqual({ zero: true, mismatched: 0 })
}

describe('a spot lead trader', () => {
  it('opens a position in the lead account at the book’s fills, copied; sells close it; spot coins stay put', async () => {
    const leader = await fundedUser(h, 10_000)
    await insertLeader(h, leader.id, { biz: 'spot' })
    const copier = await follower(h, leader.id, { invest: '2000', fixedAmount: '300' })
    const bought = await placed(leader, { side: 'buy', type: 'market', size: '0.5' })
    expect(bought.order).toMatchObject({ status: 'filled', filled: '0.5', feeCoin: 'USDT' })
    const quote = bought.fills.reduce((sum, f) => sum.plus(f.quote), new Exact(0))
    const [position] = await own(leader)
    expect([position?.side, position?.leverage, new Exact(position?.size ?? 0).toFixed()]).toEqual([1, 1, '0.5'])
    expect(new Exact(position?.entryPrice ?? 0).toFixed()).toBe(
      quote.div('0.5').toDecimalPlaces(18, Exact.ROUND_HALF_UP).toFixed(),
    )
    // Paid from the lead account (margin: the whole notional, and the fee); no spot coin moved.
    expect(await wallet(leader.id, 3, 'USDT')).toBe(
      new Exact(10_000)
        .minus(position?.margin ?? 0)
        .minus(position?.fees ?? 0)
        .toFixed(),
    )
    expect(await wallet(leader.id, 1, 'ETH')).toBe('0')
    // The copy buys on the spot book after the leader (its block order), at that order's average: no better.
    const copied = await h.context.db
      .select()
      .from(positions)
      .where(and(eq(positions.copyId, copier.copyId), eq(positions.status, 'open')))
    const [opening] = await h.context.db.select().from(leaderEvents).where(eq(leaderEvents.leaderId, leader.id))
    const copyPrice = new Exact(opening?.copyPrice ?? 'NaN')
    expect(copyPrice.gte(position?.entryPrice ?? 'NaN')).toBe(true)
    expect(copied.map((p) => [p.biz, new Exact(p.entryPrice).toFixed()])).toEqual([['spot', copyPrice.toFixed()]])
    // A sell closes: it trades at once or not at all, and never more than the position holds.
    const above = new Exact(h.context.market.mark(PAIR) ?? 0).times('1.05').toDecimalPlaces(2).toFixed()
    const resting = await order(leader, { side: 'sell', type: 'limit', price: above, size: '0.5' })
    expect([resting.status, apiErrorSchema.parse(resting.body).data?.fields[0]?.path]).toEqual([400, 'type'])
    const tooMuch = await order(leader, { side: 'sell', type: 'market', size: '0.6' })
    expect(apiErrorSchema.parse(tooMuch.body).reason).toBe('reduce-only-would-increase')
    await placed(leader, { side: 'sell', type: 'market', size: '0.5' })
    expect((await own(leader)).map((p) => p.status)).toEqual(['closed'])
    const after = await h.context.db.select().from(positions).where(eq(positions.copyId, copier.copyId))
    expect(after.map((p) => [p.status, p.closeReason])).toEqual([['closed', 'leader']])
    const events = await h.context.db.select().from(leaderEvents).where(eq(leaderEvents.leaderId, leader.id))
    // One event each, copied once (the rows come in no particular order: both are at the same engine time).
    expect(events.map((e) => [e.kind, e.copied]).sort()).toEqual([
      ['close', 1],
      ['open', 1],
    ])
    await ledgerWhole()
  })

  it('meets a user’s resting order: the user’s coins and the leader’s position each settle, under one trade id', async () => {
    const seller = await h.registerUser()
    expect((await h.api('POST', '/dev/faucet', { token: seller.token })).status).toBe(200)
    await placed(seller, { side: 'buy', type: 'market', size: '1' })
    const book = depthResponseSchema.parse((await h.api('GET', `/market/v1/depth?biz=spot&pairCode=${PAIR}`)).body).data
    // An ask a tick under the maker's best: the leader's buy meets it first.
    const price = new Exact(book.asks[0]?.[0] ?? 'NaN').minus('0.01')
    const ask = await placed(seller, { side: 'sell', type: 'limit', price: price.toFixed(), size: '0.3' })
    const leader = await fundedUser(h, 5000)
    await insertLeader(h, leader.id, { biz: 'spot' })
    const bought = await placed(leader, { side: 'buy', type: 'market', size: '0.3' })
    expect(bought.fills.map((f) => [f.price, f.size, f.role])).toEqual([[price.toFixed(), '0.3', 'taker']])
    const rows = await h.context.db
      .select()
      .from(fills)
      .where(eq(fills.tradeId, Number(bought.fills[0]?.tradeId)))
    expect(rows.map((r) => [r.orderId, r.role]).sort()).toEqual(
      [
        [Number(ask.order.id), 'maker'],
        [Number(bought.order.id), 'taker'],
      ].sort(),
    )
    // The seller received USDT in their spot wallet, less the maker fee; the leader's position opened at their price.
    const [position] = await own(leader)
    expect(new Exact(position?.entryPrice ?? 0).toFixed()).toBe(price.toFixed())
    const sold = rows.find((r) => r.role === 'maker')
    expect(new Exact(sold?.fee ?? 0).toFixed()).toBe(
      price.times('0.3').times('0.0008').toDecimalPlaces(18, Exact.ROUND_UP).toFixed(),
    )
    await ledgerWhole()
  })
})
