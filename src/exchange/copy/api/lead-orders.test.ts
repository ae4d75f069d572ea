/**
 * A leader trading through the API at the market's mark: the open is copied by the followers, a
 * replayed clientOrderId changes nothing, add, partial close and close are mirrored, and the
 * refusals (short on spot, off-lot size, leverage, unknown pair, balance, not my position).
 */
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leaderTradeResponseSchema } from '#/contract/index.ts'
import { positions } from '#/exchange/db/copy-schema.ts'
import { Money } from '#/exchange/money.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
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
let copier: User & { copyId: number }
let spotLeader: User
let mark: Money
beforeAll(async () => {
  h = await startHarness()
  api = await makeCaller(h)
  leader = await fundedUser(h, 100_000)
  await insertLeader(h, leader.id)
  copier = await follower(h, leader.id, { wallet: '10000', invest: '5000', fixedAmount: '1000' })
  spotLeader = await fundedUser(h, 10_000)
  await insertLeader(h, spotLeader.id, { biz: 'spot' })
  mark = new Money(h.context.market.mark('BTC_USDT') ?? '0')
})
afterAll(() => h.close())

const trade = async (path: string, token: string, body: unknown) =>
  leaderTradeResponseSchema.parse(await api.call('POST', path, token, 200, body)).data
const copiedPositions = (copyId: number) =>
  h.context.db.select().from(positions).where(eq(positions.copyId, copyId)).orderBy(positions.id)
const ownPositions = (userId: number) =>
  h.context.db
    .select()
    .from(positions)
    .where(and(eq(positions.userId, userId), isNull(positions.copyId)))
const fee = (size: Money) => mark.times(size).times(h.context.rules.takerFeeRate)

describe('leader orders', () => {
  let positionId = ''

  it('opens at the mark with margin and fee from the wallet, and the follower copies', async () => {
    expect(mark.gt(0)).toBe(true)
    const opened = await trade('/copy/v1/leader/orders', leader.token, {
      clientOrderId: 'open-1',
      pairCode: 'btc_usdt',
      side: 'long',
      size: '0.1',
      leverage: 10,
    })
    positionId = opened.position.positionId
    const margin = mark.times('0.1').div(10)
    expect(opened).toMatchObject({ copied: 1, skipped: 0, replayed: false })
    expect(opened.position).toMatchObject({
      pairCode: 'BTC_USDT',
      biz: 'futures',
      side: 'long',
      leverage: 10,
      size: '0.1',
      status: 'open',
      entryPrice: mark.toFixed(),
      markPrice: mark.toFixed(),
    })
    expect(opened.position.margin).toBe(margin.toFixed())
    expect(opened.position.fees).toBe(fee(new Money('0.1')).toFixed())
    expect(await walletOf(h, leader.id)).toBe(
      new Money(100_000)
        .minus(margin)
        .minus(fee(new Money('0.1')))
        .toFixed(),
    )
    const [copied] = await copiedPositions(copier.copyId)
    // 1,000 USDT of margin at the leader's 10x, on BTC's 0.00001 lots.
    const size = new Money(1000).times(10).div(mark).toDecimalPlaces(5, Money.ROUND_DOWN)
    expect({
      source: copied?.sourcePositionId,
      side: copied?.side,
      leverage: copied?.leverage,
      size: new Money(copied?.size ?? '0').toFixed(),
    }).toEqual({
      source: Number(positionId),
      side: 1,
      leverage: 10,
      size: size.toFixed(),
    })
  })

  it('a replayed clientOrderId answers the same position and changes nothing', async () => {
    const wallet = await walletOf(h, leader.id)
    const again = await trade('/copy/v1/leader/orders', leader.token, {
      clientOrderId: 'open-1',
      pairCode: 'BTC_USDT',
      side: 'long',
      size: '0.1',
      leverage: 10,
    })
    expect(again).toMatchObject({ replayed: true, copied: 1, skipped: 0 })
    expect(again.position.positionId).toBe(positionId)
    expect(await ownPositions(leader.id)).toHaveLength(1)
    expect(await copiedPositions(copier.copyId)).toHaveLength(1)
    expect(await walletOf(h, leader.id)).toBe(wallet)
  })

  it('adds, reduces and closes; the follower follows each step', async () => {
    const added = await trade(`/copy/v1/leader/positions/${positionId}/add`, leader.token, {
      clientOrderId: 'add-1',
      size: '0.1',
    })
    expect(added.position).toMatchObject({ size: '0.2', entryPrice: mark.toFixed() })
    expect(added.copied).toBe(1)
    const [afterAdd] = await copiedPositions(copier.copyId)
    const followerSize = new Money(afterAdd?.size ?? '0')

    const reduced = await trade(`/copy/v1/leader/positions/${positionId}/close`, leader.token, {
      clientOrderId: 'reduce-1',
      size: '0.05',
    })
    expect(reduced.position).toMatchObject({
      status: 'open',
      size: '0.15',
      closedSize: '0.05',
      exitPrice: mark.toFixed(),
    })
    // Same mark: the realized PnL is zero, the fee of the part closed is paid.
    expect(reduced.position.realizedPnl).toBe('0')
    const [afterReduce] = await copiedPositions(copier.copyId)
    // A quarter of the follower's position, on lots.
    expect(new Money(afterReduce?.closedSize ?? '0').toFixed()).toBe(
      followerSize.div(4).toDecimalPlaces(5, Money.ROUND_DOWN).toFixed(),
    )

    const closed = await trade(`/copy/v1/leader/positions/${positionId}/close`, leader.token, {
      clientOrderId: 'close-1',
    })
    expect(closed.position).toMatchObject({
      status: 'closed',
      size: '0',
      closedSize: '0.2',
      closeReason: 'leader',
      markPrice: null,
      unrealizedPnl: null,
    })
    expect(closed.copied).toBe(1)
    const [afterClose] = await copiedPositions(copier.copyId)
    expect({ status: afterClose?.status, reason: afterClose?.closeReason }).toEqual({
      status: 'closed',
      reason: 'leader',
    })
    // All the margin is back; the leader paid the taker fee on 0.2 opened and 0.2 closed.
    expect(await walletOf(h, leader.id)).toBe(new Money(100_000).minus(fee(new Money('0.4'))).toFixed())
  })

  it('a closed or foreign position is not found; the replayed close still answers', async () => {
    await api.refused('POST', `/copy/v1/leader/positions/${positionId}/close`, leader.token, 404, 'not-found', {
      clientOrderId: 'close-2',
    })
    await api.refused('POST', `/copy/v1/leader/positions/${positionId}/add`, leader.token, 404, 'not-found', {
      clientOrderId: 'add-2',
      size: '0.1',
    })
    const [copied] = await copiedPositions(copier.copyId)
    await api.refused('POST', `/copy/v1/leader/positions/${copied?.id ?? 0}/close`, leader.token, 404, 'not-found', {
      clientOrderId: 'close-3',
    })
    await api.refused('POST', '/copy/v1/leader/positions/999999999/close', leader.token, 404, 'not-found', {
      clientOrderId: 'close-4',
    })
    const replay = await trade(`/copy/v1/leader/positions/${positionId}/close`, leader.token, {
      clientOrderId: 'close-1',
    })
    expect(replay).toMatchObject({ replayed: true, position: { status: 'closed' } })
  })

  it('takes a futures size in contracts, USDT value or margin, the largest lot size it covers at the mark', async () => {
    const lot = h.context.rules.instrument('ETH_USDT').lotSize
    const ethMark = new Money(h.context.market.mark('ETH_USDT') ?? '0')
    const cases: [number, string, Money][] = [
      // 1,000 USDT of margin at 5×: 5,000 USDT of ETH, down to the lot.
      [3, '1000', new Money(5000).div(ethMark)],
      [2, '1234.5', new Money('1234.5').div(ethMark)],
    ]
    for (const [sizeUnit, amount, coins] of cases) {
      const opened = await trade('/copy/v1/leader/orders', leader.token, {
        clientOrderId: `unit-${sizeUnit}`,
        pairCode: 'ETH_USDT',
        side: 'long',
        size: amount,
        sizeUnit,
        leverage: 5,
      })
      const expected = coins.div(lot).floor().times(lot)
      expect([sizeUnit, opened.position.size]).toEqual([sizeUnit, expected.toFixed()])
      // Never more than typed: the margin held stays within 1,000 USDT, the value within 1,234.5.
      const value = expected.times(ethMark)
      expect(sizeUnit === 3 ? value.div(5).lte(amount) : value.lte(amount)).toBe(true)
      await trade(`/copy/v1/leader/positions/${opened.position.positionId}/close`, leader.token, {
        clientOrderId: `unit-close-${sizeUnit}`,
      })
    }
    // Less than one lot's worth, an unknown unit, and a unit other than coin on spot are refused with the field.
    const order = { clientOrderId: 'unit-bad', pairCode: 'ETH_USDT', side: 'long', leverage: 5 }
    const refusals: [User, Record<string, unknown>, string][] = [
      [leader, { size: '0.000001', sizeUnit: 2 }, 'size'],
      [leader, { size: '1', sizeUnit: 4 }, 'sizeUnit'],
      [spotLeader, { size: '100', sizeUnit: 2 }, 'sizeUnit'],
    ]
    for (const [user, change, path] of refusals) {
      const error = await api.refused('POST', '/copy/v1/leader/orders', user.token, 400, 'invalid-input', {
        ...order,
        ...change,
      })
      expect(error.data?.fields.map((f) => f.path)).toEqual([path])
    }
  })

  it('refuses input the market cannot take, with the failing field', async () => {
    const order = { clientOrderId: 'bad', pairCode: 'BTC_USDT', side: 'long', size: '0.1', leverage: 10 }
    const cases: [Record<string, unknown>, string][] = [
      [{ size: '0.000001' }, 'size'],
      [{ size: '0' }, 'size'],
      [{ size: '1e3' }, 'size'],
      [{ pairCode: 'SOL_USDT', leverage: 76 }, 'leverage'],
      [{ leverage: 126 }, 'leverage'],
      [{ pairCode: 'FOO_USDT' }, 'pairCode'],
      [{ clientOrderId: 'has space' }, 'clientOrderId'],
      [{ clientOrderId: 'x'.repeat(41) }, 'clientOrderId'],
      [{ side: 'up' }, 'side'],
    ]
    for (const [change, path] of cases) {
      const error = await api.refused('POST', '/copy/v1/leader/orders', leader.token, 400, 'invalid-input', {
        ...order,
        ...change,
      })
      expect(
        error.data?.fields.map((f) => f.path),
        JSON.stringify(change),
      ).toEqual([path])
    }
  })

  it('refuses an order the wallet cannot pay, and changes nothing', async () => {
    const wallet = await walletOf(h, leader.id)
    await api.refused('POST', '/copy/v1/leader/orders', leader.token, 400, 'insufficient-balance', {
      clientOrderId: 'big',
      pairCode: 'BTC_USDT',
      side: 'long',
      size: '100',
      leverage: 10,
    })
    expect(await walletOf(h, leader.id)).toBe(wallet)
    expect((await ownPositions(leader.id)).filter((p) => p.status === 'open')).toHaveLength(0)
    // The refused key was not used: the same clientOrderId may trade once funds allow.
    const ok = await trade('/copy/v1/leader/orders', leader.token, {
      clientOrderId: 'big',
      pairCode: 'BTC_USDT',
      side: 'short',
      size: '0.01',
      leverage: 10,
    })
    expect(ok).toMatchObject({ replayed: false, position: { side: 'short', size: '0.01' } })
  })

  it('spot: long only, at leverage 1', async () => {
    const error = await api.refused('POST', '/copy/v1/leader/orders', spotLeader.token, 400, 'invalid-input', {
      clientOrderId: 's1',
      pairCode: 'ETH_USDT',
      side: 'short',
      size: '0.1',
    })
    expect(error.data?.fields).toEqual([{ path: 'side', issue: 'spot positions are long only' }])
    const long = await trade('/copy/v1/leader/orders', spotLeader.token, {
      clientOrderId: 's2',
      pairCode: 'ETH_USDT',
      side: 'long',
      size: '0.1',
      leverage: 20,
    })
    const ethMark = new Money(h.context.market.mark('ETH_USDT') ?? '0')
    expect(long.position).toMatchObject({
      biz: 'spot',
      side: 'long',
      leverage: 1,
      margin: ethMark.times('0.1').toFixed(),
      liquidationPrice: null,
    })
  })
})
