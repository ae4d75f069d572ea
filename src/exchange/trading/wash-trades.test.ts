/**
 * Wash trades cannot build a record (audit H4, issue 27 item 8), through the API on the real books: a lead trader and
 * an accomplice trade with each other inside the market maker's spread. Before, 20 such round trips of 0.002 ETH gave
 * the leader a 100 % win rate and 20 trades a week for 0.24 USDT of fees. Now:
 * - an accomplice linked to the leader (bound by the leader's invitation) cannot trade with it at all: self-trade
 *   prevention expires the incoming order, whichever side it is, and each stop is counted for both accounts;
 * - an unlinked accomplice's trades of less than COPY.minTradeEquityShare of the leader's equity do not count, and
 *   larger ones win only net of fees;
 * - trades filled against an account that is linked later stop counting;
 * - two accounts that trade with each other from one device id are flagged for review, never refused.
 */
import { and, eq, or } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { depthResponseSchema, placeOrderResponseSchema, type PlaceOrderRequest } from '#/contract/index.ts'
import { leaderStats, positions } from '../db/copy-schema.ts'
import { userDevices, users } from '../db/schema.ts'
import { fills, sharedDeviceFlags } from '../db/trading-schema.ts'
import { refreshLeaderStats } from '../copy/stats-refresh.ts'
import { Exact, type Money } from '../money.ts'
import { reconcile } from '../reconcile/reconcile.ts'
import { screeningOf } from './screening.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { fund, fundedUser, insertLeader, type User } from '#tests/fixtures/exchange/copy/lead-fixtures.ts'

const PAIR = 'ETH_USDT'
const TICK = new Exact('0.01')
/** The audit's wash size: 0.002 ETH, about 7 USDT, 0.7 % of a 1000 USDT leader. */
const CRUMB = '0.002'
/** 0.01 ETH, about 35 USDT: 3.5 % of a 1000 USDT leader, a trade its record counts. */
const SIZED = '0.01'
const DEVICE = '3f2504e0-4f89-41d3-9a0c-0305e82c3301'
const OTHER_DEVICE = '6fa459ea-ee8a-4ca4-894e-db77e160355e'

let h: Harness
let ids = 0
beforeAll(async () => {
  h = await startHarness()
})
afterAll(() => h.close())

type OrderInput = Omit<PlaceOrderRequest, 'clientOrderId' | 'biz' | 'pairCode'>
async function placed(user: User, input: OrderInput) {
  const result = await h.api('POST', '/trade/v1/orders', {
    token: user.token,
    body: { clientOrderId: `w${++ids}`, biz: 'futures', pairCode: PAIR, ...input },
  })
  expect(result.status, result.text).toBe(200)
  return placeOrderResponseSchema.parse(result.body).data
}
async function cancelAll(user: User) {
  const result = await h.api('POST', '/trade/v1/orders/cancel-all', {
    token: user.token,
    body: { biz: 'futures', pairCode: PAIR },
  })
  expect(result.status, result.text).toBe(200)
}
/** The maker's best bid and ask now. */
async function spread() {
  const depth = depthResponseSchema.parse((await h.api('GET', `/market/v1/depth?biz=futures&pairCode=${PAIR}`)).body)
  return { bid: new Exact(depth.data.bids[0]?.[0] ?? 0), ask: new Exact(depth.data.asks[0]?.[0] ?? 0) }
}

/** Every leader of this file: the reconciliation recomputes their records at the end. */
const leaders: User[] = []
/** A lead trader of futures with `usdt` in its account, deposited once it leads (its first unit value). */
async function leader(usdt = '1000'): Promise<User> {
  const user = await fundedUser(h, 0)
  await insertLeader(h, user.id)
  await fund(h, user.id, usdt)
  leaders.push(user)
  return user
}
/** A funded account, registered with `options` (an inviter's code, headers such as the device id). */
async function account(options: { invitedBy?: User; headers?: Record<string, string> } = {}): Promise<User> {
  const [inviter] = options.invitedBy
    ? await h.context.db.select({ code: users.inviteCode }).from(users).where(eq(users.id, options.invitedBy.id))
    : []
  const registered = await h.registerUser({ inviteCode: inviter?.code, headers: options.headers })
  const id = Number(registered.userId)
  await fund(h, id, '1000')
  return { ...registered, id }
}

/** The accomplice rests `size` on `side` at `price`, and the leader takes it there (IOC): the leader's order. */
async function leg(lead: User, accomplice: User, side: 'buy' | 'sell', price: Money, size: string) {
  await placed(accomplice, { side: side === 'buy' ? 'sell' : 'buy', type: 'limit', price: price.toFixed(), size })
  return placed(lead, { side, type: 'limit', timeInForce: 'IOC', price: price.toFixed(), size })
}

/**
 * The audit's round trip: the accomplice offers `size` one tick above the best bid and the leader buys it; then bids
 * one tick below the best ask and the leader sells into it. Answers the leader's two orders.
 */
async function roundTrip(lead: User, accomplice: User, size: string) {
  const buy = await leg(lead, accomplice, 'buy', (await spread()).bid.plus(TICK), size)
  const sell = await leg(lead, accomplice, 'sell', (await spread()).ask.minus(TICK), size)
  return [buy, sell]
}

async function record(lead: User) {
  await refreshLeaderStats(h.context.db, h.context.now())
  const [row] = await h.context.db
    .select()
    .from(leaderStats)
    .where(and(eq(leaderStats.leaderId, lead.id), eq(leaderStats.period, '7d')))
  if (!row) throw new Error('no statistics')
  return {
    trades: row.trades,
    winRate: new Exact(row.winRate).toFixed(),
    weightedWinRate: new Exact(row.weightedWinRate).toFixed(),
    tradesPerWeek: new Exact(row.tradesPerWeek).toFixed(),
  }
}

const signIn = (user: User, deviceId: string) =>
  h.api('POST', '/v2/users/login', {
    body: { accountType: 'email', account: user.account, password: user.password },
    headers: { 'x-forwarded-for': h.nextIp(), deviceId },
  })

const closedPositions = async (user: User) =>
  (await h.context.db.select().from(positions).where(eq(positions.userId, user.id))).filter(
    (p) => p.status === 'closed',
  )

/** Fills of `user` against `other` (a match between them has a fill for each, naming the other). */
const fillsBetween = async (user: User, other: User) =>
  (await h.context.db.select().from(fills).where(eq(fills.userId, user.id))).filter(
    (f) => f.counterpartyUserId === other.id,
  )

describe('self-trade prevention across the leader’s trade group (an accomplice bound by its invitation)', () => {
  it('cannot trade with the leader inside the spread: each incoming order expires, and each stop is counted', async () => {
    const lead = await leader()
    const accomplice = await account({ invitedBy: lead })
    const { bid, ask } = await spread()

    // The accomplice offers inside the spread; the leader's buy meets it first and expires, nothing filled.
    const offer = await placed(accomplice, {
      side: 'sell',
      type: 'limit',
      price: bid.plus(TICK).toFixed(),
      size: CRUMB,
    })
    const buy = await placed(lead, {
      side: 'buy',
      type: 'limit',
      timeInForce: 'IOC',
      price: bid.plus(TICK).toFixed(),
      size: CRUMB,
    })
    expect([buy.order.status, buy.order.cancelReason, buy.fills]).toEqual(['cancelled', 'self-trade', []])
    // The offer was not touched: still the best ask, whole.
    expect((await spread()).ask.toFixed()).toBe(offer.order.price)
    await cancelAll(accomplice)
    // The other way round: the leader bids inside the spread, the accomplice's market sell expires at it.
    const bidding = await placed(lead, { side: 'buy', type: 'limit', price: ask.minus(TICK).toFixed(), size: CRUMB })
    const sell = await placed(accomplice, { side: 'sell', type: 'market', size: CRUMB })
    expect([sell.order.status, sell.order.cancelReason, sell.fills]).toEqual(['cancelled', 'self-trade', []])
    expect((await spread()).bid.toFixed()).toBe(bidding.order.price)
    // Nothing ever filled between the two.
    expect(await fillsBetween(lead, accomplice)).toEqual([])
    expect(await fillsBetween(accomplice, lead)).toEqual([])
    expect(await closedPositions(lead)).toEqual([])
    const screening = await screeningOf(h.context.db, [lead.id, accomplice.id])
    const both = { selfTradesPrevented: 0, linkedTradesPrevented: 2, sharedDevicePairs: 0 }
    expect([screening.get(lead.id), screening.get(accomplice.id)]).toEqual([both, both])
    await cancelAll(lead)
  })

  it('counts a stop at the leader’s own order as its own, apart from the linked ones', async () => {
    const lead = await leader()
    const { bid } = await spread()
    await placed(lead, { side: 'sell', type: 'limit', price: bid.plus(TICK).toFixed(), size: CRUMB })
    const buy = await placed(lead, { side: 'buy', type: 'market', size: CRUMB })
    expect([buy.order.status, buy.order.cancelReason]).toEqual(['cancelled', 'self-trade'])
    expect((await screeningOf(h.context.db, [lead.id])).get(lead.id)).toEqual({
      selfTradesPrevented: 1,
      linkedTradesPrevented: 0,
      sharedDevicePairs: 0,
    })
    await cancelAll(lead)
  })

  it('trades with everyone else as before: the leader’s buy with no linked order in its way fills at the maker', async () => {
    const lead = await leader()
    await account({ invitedBy: lead })
    const { ask } = await spread()
    const buy = await placed(lead, { side: 'buy', type: 'market', size: CRUMB })
    expect([buy.order.status, buy.fills.map((f) => f.price)]).toEqual(['filled', [ask.toFixed()]])
    await placed(lead, { side: 'sell', type: 'market', size: CRUMB })
  })
})

describe('an unlinked accomplice', () => {
  it('builds no record from 20 round trips of 0.002 ETH inside the spread (before: win rate 1, 20 trades a week)', async () => {
    const lead = await leader()
    const accomplice = await account()
    for (let i = 0; i < 20; i += 1) {
      const [buy, sell] = await roundTrip(lead, accomplice, CRUMB)
      expect([buy?.order.status, sell?.order.status]).toEqual(['filled', 'filled'])
    }
    // The trades happened, each a gain before fees for the leader, the accomplice's loss.
    const closed = await closedPositions(lead)
    expect(closed).toHaveLength(20)
    expect(closed.every((p) => new Exact(p.realizedPnl).gt(0))).toBe(true)
    expect(await fillsBetween(lead, accomplice)).toHaveLength(40)
    expect(await record(lead)).toEqual({ trades: 0, winRate: '0', weightedWinRate: '0', tradesPerWeek: '0' })
  })

  it('counts round trips of 3.5 % of the leader’s equity, and none is a win once fees are paid', async () => {
    const lead = await leader()
    const accomplice = await account()
    for (let i = 0; i < 5; i += 1) await roundTrip(lead, accomplice, SIZED)
    const closed = await closedPositions(lead)
    // Each gained the spread less two ticks before fees, and lost the fees of both legs.
    expect(closed.every((p) => new Exact(p.realizedPnl).gt(0) && new Exact(p.realizedPnl).lt(p.fees))).toBe(true)
    // 5 trades in the leader's first 7 days read 5 a week.
    expect(await record(lead)).toEqual({ trades: 5, winRate: '0', weightedWinRate: '0', tradesPerWeek: '5' })
  })

  it('stops counting the trades once the accomplice is found to be linked (made a sub-account of the leader)', async () => {
    const lead = await leader()
    const accomplice = await account()
    for (let i = 0; i < 5; i += 1) await roundTrip(lead, accomplice, SIZED)
    expect((await record(lead)).trades).toBe(5)
    await h.context.db.update(users).set({ parentUserId: lead.id, userSubType: 2 }).where(eq(users.id, accomplice.id))
    expect((await record(lead)).trades).toBe(0)
  })
})

describe('a shared device', () => {
  it('flags two accounts that trade with each other from one device id, and never stops them', async () => {
    const lead = await leader()
    // The leader signs in from the device, the accomplice registers from it (the header in capitals: one id).
    expect((await signIn(lead, DEVICE)).status).toBe(200)
    const accomplice = await account({ headers: { deviceId: DEVICE.toUpperCase() } })
    const stranger = await account({ headers: { deviceId: OTHER_DEVICE } })
    const [buy, sell] = await roundTrip(lead, accomplice, SIZED)
    expect([buy?.order.status, sell?.order.status]).toEqual(['filled', 'filled'])
    await roundTrip(lead, stranger, SIZED)

    const screening = await screeningOf(h.context.db, [lead.id, accomplice.id, stranger.id])
    expect([lead, accomplice, stranger].map((u) => screening.get(u.id)?.sharedDevicePairs)).toEqual([1, 1, 0])
    expect(screening.get(lead.id)?.linkedTradesPrevented).toBe(0)
    // One row for the pair, lower id first, with the two fills of the round trip.
    const flags = await h.context.db
      .select({
        low: sharedDeviceFlags.userLow,
        high: sharedDeviceFlags.userHigh,
        deviceId: sharedDeviceFlags.deviceId,
        fills: sharedDeviceFlags.fills,
      })
      .from(sharedDeviceFlags)
      .where(or(eq(sharedDeviceFlags.userLow, lead.id), eq(sharedDeviceFlags.userHigh, lead.id)))
    expect(flags).toEqual([
      { low: Math.min(lead.id, accomplice.id), high: Math.max(lead.id, accomplice.id), deviceId: DEVICE, fills: 2 },
    ])
  })

  it('records the device id an account registers and signs in from, and ignores one of the wrong shape', async () => {
    const user = await account({ headers: { deviceId: DEVICE } })
    expect((await signIn(user, OTHER_DEVICE)).status).toBe(200)
    expect((await signIn(user, OTHER_DEVICE)).status).toBe(200)
    expect((await signIn(user, 'not-a-device')).status).toBe(200)
    const devices = await h.context.db
      .select({ deviceId: userDevices.deviceId })
      .from(userDevices)
      .where(eq(userDevices.userId, user.id))
    expect(devices.map((d) => d.deviceId).sort()).toEqual([DEVICE, OTHER_DEVICE].sort())
  })
})

describe('the independent reconciliation (npm run stats:reconcile)', () => {
  it('recomputes the same records for these leaders: counted trades, win rates, trades per week', async () => {
    const at = h.context.now()
    await refreshLeaderStats(h.context.db, at)
    const report = await reconcile(h.context.db, { at: at.getTime() })
    const ours = new Set(leaders.map((l) => `leader ${l.id}`))
    const RECORD = [
      'trades',
      'win rate',
      'weighted win rate',
      'trades per week',
      'avg holding minutes',
      'preferred coins',
    ]
    expect(report.differences.filter((d) => ours.has(d.subject) && RECORD.includes(d.figure))).toEqual([])
    expect(report.families['leader stats']).toBeGreaterThan(0)
  }, 600_000)
})
