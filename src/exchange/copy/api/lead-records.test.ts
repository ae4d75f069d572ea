/**
 * A leader's records through the API: followers with their realized PnL, the profit-share
 * estimate before settlement and the records after it (by UTC day, per settlement, per copy),
 * the leader-centre header, and removing followers (refunded; open positions closed at the mark).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  leaderProfitShareDetailPageResponseSchema,
  leaderProfitShareResponseSchema,
  myFollowerPageResponseSchema,
  myFollowerResponseSchema,
  myLeaderCentreResponseSchema,
} from '#/contract/index.ts'
import { copies, positions } from '#/exchange/db/copy-schema.ts'
import { Money } from '#/exchange/money.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { leaderTrade, settleProfitShares } from '../engine.ts'
import { marksOf } from '../marks.ts'
import type { LeaderAction } from '../mirror.ts'
import {
  follower,
  fundedUser,
  insertLeader,
  makeCaller,
  walletOf,
  type Caller,
  type User,
} from '#tests/fixtures/exchange/copy/lead-fixtures.ts'

let h: Harness
let api: Caller
let leader: User
let alice: User & { copyId: number }
let bob: User & { copyId: number }
const DAY_MS = 86_400_000

beforeAll(async () => {
  h = await startHarness()
  api = await makeCaller(h)
  leader = await fundedUser(h, 100_000)
  await insertLeader(h, leader.id, { rate: '0.1' })
  alice = await follower(h, leader.id, { wallet: '10000', invest: '5000', fixedAmount: '1000' })
  bob = await follower(h, leader.id, { wallet: '10000', invest: '5000', fixedAmount: '1000' })
  // A winning trade at explicit prices: 1 BTC long at 10x, opened at 50,000, closed at 52,500.
  const order = (eventId: string, price: number, action: LeaderAction) => ({
    eventId,
    leaderId: leader.id,
    biz: 'futures' as const,
    pairCode: 'BTC_USDT',
    price: new Money(price),
    at: h.context.now(),
    action,
  })
  const opened = await leaderTrade(
    h.context.db,
    h.context.rules,
    h.context.funding,
    order('setup:open', 50_000, { kind: 'open', side: 1, size: new Money(1), leverage: 10 }),
  )
  await leaderTrade(
    h.context.db,
    h.context.rules,
    h.context.funding,
    order('setup:close', 52_500, { kind: 'close', positionId: opened?.position.id ?? 0 }),
  )
})
afterAll(() => h.close())

// Each copy: 0.2 BTC (1,000 margin at 10x), +2,500 × 0.2 = 500, fees 5 + 5.25: net 489.75; 10 % of it is 48.975.
const NET = '489.75'
const SHARE = '48.975'

const profitShare = async () =>
  leaderProfitShareResponseSchema.parse(
    await api.call('GET', '/copy/v1/leader/profit-share?page=1&pageSize=10', leader.token, 200),
  ).data
const details = async () =>
  leaderProfitShareDetailPageResponseSchema.parse(
    await api.call('GET', '/copy/v1/leader/profit-share/details', leader.token, 200),
  ).data
const centre = async () =>
  myLeaderCentreResponseSchema.parse(await api.call('GET', '/copy/v1/leader/summary', leader.token, 200)).data

/** The latest Monday 00:00 UTC at or before now: the weekly settlement. */
function lastMonday(now: Date): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return new Date(day - ((now.getUTCDay() + 6) % 7) * DAY_MS)
}

describe('before settlement', () => {
  it('lists the followers with their realized PnL, newest first', async () => {
    const page = myFollowerPageResponseSchema.parse(
      await api.call('GET', '/copy/v1/leader/followers?page=1&pageSize=1', leader.token, 200),
    ).data
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 })
    const [first] = page.list
    expect(page.list).toHaveLength(1)
    expect(first).toMatchObject({
      copyId: String(bob.copyId),
      since: h.context.now().getTime(),
      investment: '5000',
      mode: 'fixed',
      status: 'active',
      realizedPnl: NET,
      profitSharePaid: '0',
    })
    // Masked: the first and last character of the follower's nickname.
    expect(first?.follower).toMatch(/^.\*\*\*.$/)
  })

  it('estimates the pending share and shows the AUM; nothing received yet', async () => {
    expect(await profitShare()).toEqual({
      today: '0',
      yesterday: '0',
      last7d: '0',
      accumulated: '0',
      pendingEstimate: new Money(SHARE).times(2).toFixed(),
      settlements: { list: [], total: 0, page: 1, pageSize: 10 },
    })
    expect(await centre()).toMatchObject({
      isLeader: true,
      status: 'open',
      biz: 'futures',
      followers: 2,
      aum: new Money(5000).plus(NET).times(2).toFixed(),
      profitShareAccumulated: '0',
    })
    const list = (await details()).list
    expect(list.map((d) => d.netProfit)).toEqual([NET, NET])
    expect(list[0]).toMatchObject({
      highWaterMark: '0',
      rate: '0.1',
      sharePaid: '0',
      lastSettlement: null,
      status: 'active',
    })
  })
})

describe('after the weekly settlement', () => {
  let monday = new Date(0)

  it('records the shares received by day and per settlement; nothing is pending', async () => {
    monday = lastMonday(h.context.now())
    const settled = await settleProfitShares(h.context.db, monday, marksOf(h.context.market))
    expect(settled.filter((r) => r.leaderId === leader.id).map((r) => r.share.toFixed())).toEqual([SHARE, SHARE])
    const now = h.context.now()
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
    const both = new Money(SHARE).times(2).toFixed()
    const view = await profitShare()
    expect(view).toMatchObject({
      today: monday.getTime() === today ? both : '0',
      yesterday: monday.getTime() === today - DAY_MS ? both : '0',
      last7d: both,
      accumulated: both,
      pendingEstimate: '0',
    })
    expect(view.settlements.total).toBe(2)
    expect(view.settlements.list.map((s) => ({ periodEnd: s.periodEnd, rate: s.rate, share: s.share }))).toEqual([
      { periodEnd: monday.getTime(), rate: '0.1', share: SHARE },
      { periodEnd: monday.getTime(), rate: '0.1', share: SHARE },
    ])
    expect(new Set(view.settlements.list.map((s) => s.copyId))).toEqual(
      new Set([String(alice.copyId), String(bob.copyId)]),
    )
    // The leader's own trade: +2,500 less fees 25 + 26.25; then both shares.
    expect(await walletOf(h, leader.id)).toBe(new Money(100_000).plus(2500).minus('51.25').plus(both).toFixed())
  })

  it('shows the high-water mark and the last settlement per copy', async () => {
    const page = await details()
    expect(page.total).toBe(2)
    for (const row of page.list) {
      expect(row).toMatchObject({
        status: 'active',
        netProfit: NET,
        highWaterMark: NET,
        rate: '0.1',
        sharePaid: SHARE,
        lastSettlement: { periodEnd: monday.getTime(), share: SHARE },
      })
    }
    expect((await centre()).profitShareAccumulated).toBe(new Money(SHARE).times(2).toFixed())
  })
})

describe('removing followers', () => {
  it('refunds what the copy holds to the follower', async () => {
    const removed = myFollowerResponseSchema.parse(
      await api.call('DELETE', `/copy/v1/leader/followers/${alice.copyId}`, leader.token, 200),
    ).data
    expect(removed).toMatchObject({
      copyId: String(alice.copyId),
      status: 'cancelled',
      realizedPnl: NET,
      profitSharePaid: SHARE,
    })
    // 10,000 − 5,000 invested + 5,000 + 489.75 − 48.975 returned.
    expect(await walletOf(h, alice.id)).toBe('10440.775')
    const [copy] = await h.context.db.select().from(copies).where(eq(copies.id, alice.copyId))
    expect(copy).toMatchObject({ status: 'cancelled', endReason: 'removed' })
    await api.refused('DELETE', `/copy/v1/leader/followers/${alice.copyId}`, leader.token, 404, 'not-found')
    // An ended copy that paid a share stays in the details, without a live net profit.
    const ended = (await details()).list.find((d) => d.copyId === String(alice.copyId))
    expect(ended).toMatchObject({ status: 'cancelled', netProfit: null, sharePaid: SHARE })
  })

  it('closes the open positions of the removed copy at the mark', async () => {
    await api.call('POST', '/copy/v1/leader/orders', leader.token, 200, {
      clientOrderId: 'r1',
      pairCode: 'BTC_USDT',
      side: 'long',
      size: '0.5',
      leverage: 10,
    })
    const before = await walletOf(h, bob.id)
    await api.call('DELETE', `/copy/v1/leader/followers/${bob.copyId}`, leader.token, 200)
    const [position] = await h.context.db
      .select()
      .from(positions)
      .where(eq(positions.copyId, bob.copyId))
      .orderBy(positions.id)
      .offset(1)
    expect({ status: position?.status, reason: position?.closeReason, pnl: position?.realizedPnl }).toEqual({
      status: 'closed',
      reason: 'cancel',
      pnl: '0.000000000000000000',
    })
    // Opened and closed at the same mark: the copy returns what it held less the two fees (below the high-water mark:
    // no share).
    expect(await walletOf(h, bob.id)).toBe(
      new Money(before)
        .plus(5000)
        .plus(NET)
        .minus(SHARE)
        .minus(position?.fees ?? '0')
        .toFixed(),
    )
    const page = myFollowerPageResponseSchema.parse(
      await api.call('GET', '/copy/v1/leader/followers', leader.token, 200),
    ).data
    expect(page).toEqual({ list: [], total: 0, page: 1, pageSize: 20 })
    expect(await centre()).toMatchObject({ followers: 0, aum: '0' })
  })
})
