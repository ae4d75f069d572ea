/**
 * The follower's records through the API: live copies with exact totals (checked against the
 * positions and against the ledger identity balance + margin + profit share − investment =
 * realized), one copy's detail, follow history, follow profit and user profit per UTC day.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  copyFollowResponseSchema,
  followHistoryResponseSchema,
  followProfitResponseSchema,
  myCopiesResponseSchema,
  myCopyDetailResponseSchema,
  userProfitResponseSchema,
  type CopyAccount,
} from '#/contract/index.ts'
import { copies, positions } from '#/exchange/db/copy-schema.ts'
import { Exact, Money } from '#/exchange/money.ts'
import { settleProfitShares } from '../engine.ts'
import { marksOf } from '../marks.ts'
import { utcDay } from '../statistics.ts'
import { expectAllExercised, startKit, type Kit, type User } from '#tests/fixtures/exchange/copy/follow-fixtures.ts'

let kit: Kit
let user: User
let a: User
let b: User
let copyA = ''
let copyB = ''
/** Leader A's position that stays open (its copy is open at the mark). */
let openA = 0

const MY_COPIES = '/copy/v1/my/copies'
const DETAIL = '/copy/v1/my/copies/{leaderId}'
const HISTORY = '/copy/v1/my/follow-history'
const FOLLOW_PROFIT = '/copy/v1/my/follow-profit'
const PROFIT = '/copy/v1/my/profit'

const order = (leader: User, eventId: string, pairCode: string, price: Money) => ({
  eventId,
  leaderId: leader.id,
  biz: 'futures' as const,
  pairCode,
  price,
  at: kit.h.context.now(),
})
const get = async (
  template: string,
  options: { params?: Record<string, string>; query?: Record<string, string> } = {},
) => {
  const result = await kit.call('GET', template, { token: user.token, ...options })
  expect(result.status, result.text).toBe(200)
  return result.body
}
const follow = async (leader: User, body: Record<string, unknown>) => {
  const result = await kit.call('POST', '/copy/v1/copies', {
    token: user.token,
    body: { leaderId: leader.userId, ...body },
  })
  return copyFollowResponseSchema.parse(result.body).data.copyId
}

beforeAll(async () => {
  kit = await startKit()
  user = await kit.user('10000')
  a = await kit.leader({ profitShareRate: '0.1' })
  b = await kit.leader({ profitShareRate: '0.2' })
  copyA = await follow(a, { mode: 'fixed', fixedAmount: '100', investment: '1000' })
  copyB = await follow(b, { mode: 'ratio', ratio: '0.1', investment: '2000' })
  const btc = kit.mark('BTC_USDT')
  const open = { kind: 'open' as const, side: 1 as const, size: new Money('0.1'), leverage: 10 }
  openA = (await kit.trade({ ...order(a, 'a1', 'BTC_USDT', btc.minus(1000)), action: open }))?.position.id ?? 0
  kit.h.advance(60_000)
  const second = (await kit.trade({ ...order(a, 'a2', 'BTC_USDT', btc.plus(1000)), action: open }))?.position.id ?? 0
  kit.h.advance(60_000)
  await kit.trade({
    ...order(a, 'a2-close', 'BTC_USDT', btc.plus(1500)),
    action: { kind: 'close', positionId: second },
  })
  await kit.trade({
    ...order(b, 'b1', 'ETH_USDT', kit.mark('ETH_USDT')),
    action: { kind: 'open', side: -1, size: new Money(1), leverage: 5 },
  })
})
afterAll(() => kit.h.close())

/** The expected account of a copy, from its stored positions at the current marks. */
async function expectedOf(copyId: string) {
  const [copy] = await kit.h.context.db
    .select()
    .from(copies)
    .where(eq(copies.id, Number(copyId)))
  const rows = await kit.h.context.db
    .select()
    .from(positions)
    .where(eq(positions.copyId, Number(copyId)))
  const open = rows.filter((p) => p.status === 'open')
  const sum = (values: Money[]) => values.reduce((total, v) => total.plus(v), new Exact(0))
  const margin = sum(open.map((p) => new Exact(p.margin)))
  const unrealized = sum(
    open.map((p) => kit.mark(p.pairCode).minus(p.entryPrice).times(p.size).times(p.side).toDecimalPlaces(18)),
  )
  const realized = sum(rows.map((p) => new Exact(p.realizedPnl).minus(p.fees).plus(p.funding)))
  const paid = new Exact(copy?.profitSharePaid ?? '0')
  // The ledger identity of a live copy: what it holds plus what it paid, less what went in, is what it realized.
  if (copy?.status !== 'cancelled')
    expect(
      new Exact(copy?.balance ?? '0')
        .plus(margin)
        .plus(paid)
        .minus(copy?.investment ?? '0'),
    ).toEqual(realized)
  return {
    investment: new Exact(copy?.investment ?? '0'),
    balance: new Exact(copy?.balance ?? '0'),
    margin,
    unrealized,
    realized,
    paid,
    net: realized.plus(unrealized).minus(paid),
    open: open.length,
  }
}

const ratio = (value: Money) => value.toDecimalPlaces(10, Money.ROUND_HALF_UP).toFixed()

describe('my copies', () => {
  it('lists active copies with exact numbers per copy and in total', async () => {
    const data = myCopiesResponseSchema.parse(await get(MY_COPIES)).data
    // Newest first (same time: the later id first).
    expect(data.list.map((c) => c.copyId)).toEqual([copyB, copyA])
    const expected = { [copyA]: await expectedOf(copyA), [copyB]: await expectedOf(copyB) }
    for (const account of data.list) {
      const e = expected[account.copyId]
      if (!e) throw new Error(`unexpected copy ${account.copyId}`)
      expect(account).toMatchObject({
        status: 'active',
        investment: e.investment.toFixed(),
        balance: e.balance.toFixed(),
        margin: e.margin.toFixed(),
        unrealizedPnl: e.unrealized.toFixed(),
        realizedPnl: e.realized.toFixed(),
        profitSharePaid: '0',
        net: e.net.toFixed(),
        roi: ratio(e.net.div(e.investment)),
        openPositions: 1,
      })
    }
    expect(data.list.find((c) => c.copyId === copyA)).toMatchObject({
      leaderId: a.userId,
      nickname: `lead${a.id}`,
      avatar: null,
    })
    const all = Object.values(expected)
    const total = (pick: (e: (typeof all)[number]) => Money) => all.reduce((sum, e) => sum.plus(pick(e)), new Exact(0))
    const net = total((e) => e.net)
    expect(data.totals).toEqual({
      investment: '3000',
      balance: total((e) => e.balance).toFixed(),
      margin: total((e) => e.margin).toFixed(),
      unrealizedPnl: total((e) => e.unrealized).toFixed(),
      realizedPnl: total((e) => e.realized).toFixed(),
      profitSharePaid: '0',
      net: net.toFixed(),
      // Each copy's time-weighted ROI (net ÷ investment: no money moved since it began), weighted by its equity now.
      roi: ratio(
        total((e) => e.investment.plus(e.net).times(e.net.div(e.investment))).div(
          total((e) => e.investment.plus(e.net)),
        ),
      ),
    })
  })

  it('details one copy: positions at the mark, history pages, profit shares; 404 when never copied', async () => {
    const detail = async (query: Record<string, string> = {}) =>
      myCopyDetailResponseSchema.parse(await get(DETAIL, { params: { leaderId: a.userId }, query })).data
    const first = await detail()
    const accounts = myCopiesResponseSchema.parse(await get(MY_COPIES)).data.list
    expect({ ...first.account, leaderAcceptingCopiers: true }).toEqual(accounts.find((c) => c.copyId === copyA))
    expect(first.settings).toMatchObject({ copyId: copyA, mode: 'fixed', fixedAmount: '100', investment: '1000' })
    const mark = kit.mark('BTC_USDT')
    expect(first.openPositions).toHaveLength(1)
    const [open] = first.openPositions
    const [row] = await kit.h.context.db.select().from(positions).where(eq(positions.sourcePositionId, openA))
    expect(open).toMatchObject({
      positionId: String(row?.id),
      markPrice: mark.toFixed(),
      unrealizedPnl: mark
        .minus(row?.entryPrice ?? '0')
        .times(row?.size ?? '0')
        .toFixed(),
      status: 'open',
    })
    expect(first.history).toMatchObject({ total: 1, page: 1, pageSize: 20 })
    expect(first.history.list.map((p) => ({ status: p.status, closeReason: p.closeReason }))).toEqual([
      { status: 'closed', closeReason: 'leader' },
    ])
    expect((await detail({ page: '2', pageSize: '1' })).history).toEqual({ list: [], total: 1, page: 2, pageSize: 1 })
    expect(first.skipped).toEqual([])
    expect(first.profitShares).toEqual([])

    // A weekly settlement: 10 % of the realized net profit, from the free balance.
    const periodEnd = new Date(kit.h.context.now().getTime() + 1000)
    await settleProfitShares(kit.h.context.db, periodEnd, marksOf(kit.h.context.market))
    const realized = (await expectedOf(copyA)).realized
    expect(realized.gt(0)).toBe(true)
    const share = realized.times('0.1').toDecimalPlaces(18, Money.ROUND_DOWN).toFixed()
    const settled = await detail()
    expect(settled.profitShares).toEqual([
      {
        copyId: copyA,
        leaderId: a.userId,
        periodEnd: periodEnd.getTime(),
        rate: '0.1',
        netProfit: realized.toFixed(),
        highWaterMarkBefore: '0',
        share,
      },
    ])
    expect(settled.account).toMatchObject({ profitSharePaid: share, net: (await expectedOf(copyA)).net.toFixed() })

    const stranger = await kit.leader()
    const missing = await kit.call('GET', DETAIL, { token: user.token, params: { leaderId: stranger.userId } })
    expect(kit.refused(missing, 404)).toBe('not-copying')
  })
})

describe('ended copies and profit', () => {
  let ended: CopyAccount | undefined

  it('an ended copy shows in my copy (cancelled, the latest) and in the follow history', async () => {
    kit.h.advance(60_000)
    const result = await kit.call('DELETE', '/copy/v1/copies/{leaderId}', {
      token: user.token,
      params: { leaderId: b.userId },
    })
    expect(result.status, result.text).toBe(200)
    const detail = myCopyDetailResponseSchema.parse(await get(DETAIL, { params: { leaderId: b.userId } })).data
    ended = detail.account
    expect(detail.account).toMatchObject({
      copyId: copyB,
      status: 'cancelled',
      endReason: 'cancel',
      endedAt: kit.h.context.now().getTime(),
      balance: '0',
      openPositions: 0,
    })
    expect(detail.history.total).toBe(1)
    expect(myCopiesResponseSchema.parse(await get(MY_COPIES)).data.list.map((c) => c.copyId)).toEqual([copyA])

    const e = await expectedOf(copyB)
    const history = followHistoryResponseSchema.parse(await get(HISTORY)).data
    expect(history).toEqual({
      list: [
        {
          copyId: copyB,
          leaderId: b.userId,
          nickname: `lead${b.id}`,
          avatar: null,
          since: detail.account.createdAt,
          until: kit.h.context.now().getTime(),
          endReason: 'cancel',
          investment: '2000',
          realizedPnl: e.realized.toFixed(),
          profitSharePaid: e.paid.toFixed(),
          net: e.realized.minus(e.paid).toFixed(),
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    })
    expect(followHistoryResponseSchema.parse(await get(HISTORY, { query: { page: '2', pageSize: '1' } })).data).toEqual(
      { list: [], total: 1, page: 2, pageSize: 1 },
    )

    // Following again: the live copy is the one shown.
    kit.h.advance(1000)
    const again = await follow(b, { mode: 'fixed', fixedAmount: '50', investment: '100' })
    expect(
      myCopyDetailResponseSchema.parse(await get(DETAIL, { params: { leaderId: b.userId } })).data.account,
    ).toMatchObject({ copyId: again, status: 'active' })
  })

  it('follow profit: realized, profit share paid and net per copy, live and ended, with totals', async () => {
    const data = followProfitResponseSchema.parse(await get(FOLLOW_PROFIT)).data
    const rows = await kit.h.context.db.select().from(copies).where(eq(copies.followerId, user.id))
    expect(data.list.map((c) => c.copyId)).toEqual(rows.map((r) => String(r.id)).sort((x, y) => Number(y) - Number(x)))
    let realized = new Exact(0)
    let paid = new Exact(0)
    for (const item of data.list) {
      const e = await expectedOf(item.copyId)
      realized = realized.plus(e.realized)
      paid = paid.plus(e.paid)
      expect(item).toMatchObject({
        realizedPnl: e.realized.toFixed(),
        profitSharePaid: e.paid.toFixed(),
        net: e.realized.minus(e.paid).toFixed(),
      })
    }
    expect(data.list.find((c) => c.copyId === copyB)?.status).toBe('cancelled')
    expect(ended?.realizedPnl).toBe(data.list.find((c) => c.copyId === copyB)?.realizedPnl)
    expect(data.totals).toEqual({
      realizedPnl: realized.toFixed(),
      profitSharePaid: paid.toFixed(),
      net: realized.minus(paid).toFixed(),
    })
  })

  it('user profit: overall numbers and the realized result booked on each of the last 30 UTC days', async () => {
    const data = userProfitResponseSchema.parse(await get(PROFIT)).data
    const rows = await kit.h.context.db.select().from(positions).where(eq(positions.userId, user.id))
    const realized = rows.reduce((sum, p) => sum.plus(p.realizedPnl).minus(p.fees).plus(p.funding), new Exact(0))
    const unrealized = rows
      .filter((p) => p.status === 'open')
      .reduce(
        (sum, p) => sum.plus(kit.mark(p.pairCode).minus(p.entryPrice).times(p.size).times(p.side).toDecimalPlaces(18)),
        new Exact(0),
      )
    const paid = (await kit.h.context.db.select().from(copies).where(eq(copies.followerId, user.id))).reduce(
      (sum, c) => sum.plus(c.profitSharePaid),
      new Exact(0),
    )
    expect(paid.gt(0)).toBe(true)
    expect(data).toMatchObject({
      realizedPnl: realized.toFixed(),
      unrealizedPnl: unrealized.toFixed(),
      profitSharePaid: paid.toFixed(),
      net: realized.plus(unrealized).minus(paid).toFixed(),
    })
    const today = utcDay(kit.h.context.now().getTime())
    expect(data.daily).toHaveLength(30)
    expect(data.daily[0]?.day).toBe(utcDay(kit.h.context.now().getTime() - 29 * 86_400_000))
    // Two copied positions closed: leader A's second trade, and B's at the cancel; A's first is open.
    expect(rows.filter((p) => p.status === 'closed')).toHaveLength(2)
    expect(data.daily.at(-1)?.day).toBe(today)
    // Each part is booked the day it happens, open positions' fees and funding too: every copy here is younger than
    // 30 days, so the days sum to the overall realized result, and nothing is booked before the first copy began.
    expect(data.daily.reduce((sum, d) => sum.plus(d.realizedPnl), new Exact(0)).toFixed()).toBe(realized.toFixed())
    const [first] = await kit.h.context.db
      .select({ at: copies.createdAt })
      .from(copies)
      .where(eq(copies.followerId, user.id))
      .orderBy(copies.createdAt)
    const began = utcDay(first?.at.getTime() ?? 0)
    expect(data.daily.filter((d) => d.day < began).every((d) => d.realizedPnl === '0')).toBe(true)
  })
})

describe('the document', () => {
  it('lists every operation of the follower’s records, and each was exercised above', () => {
    expectAllExercised(kit, [
      `get ${MY_COPIES}`,
      `get ${DETAIL}`,
      `get ${HISTORY}`,
      `get ${FOLLOW_PROFIT}`,
      `get ${PROFIT}`,
    ])
  })
})
