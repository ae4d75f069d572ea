/**
 * The follower's actions through the API: following (validation, every refusal in its order, a
 * double submit, exact ledger moves), the settings echo and edits (investment up and down, pause),
 * cancelling with and without closing (exact refunds), closing a kept position, watches, votes and
 * chain copy. Every answer is checked against the served OpenAPI document.
 */
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COPY as COPY_RULES } from '#/app.config.ts'
import {
  apiErrorSchema,
  copyCancelResponseSchema,
  copyFollowResponseSchema,
  copyPositionResponseSchema,
  leaderDetailResponseSchema,
  leaderPageResponseSchema,
  myCopiesResponseSchema,
  myCopyDetailResponseSchema,
} from '#/contract/index.ts'
import { chainWallets, copies, leaders, ledgerTransfers, positions } from '#/exchange/db/copy-schema.ts'
import { Money } from '#/exchange/money.ts'
import { expectAllExercised, startKit, type Kit, type User } from '#tests/fixtures/exchange/copy/follow-fixtures.ts'
import { ledgerState } from '#tests/fixtures/exchange/ledger.ts'

let kit: Kit
beforeAll(async () => {
  kit = await startKit()
})
afterAll(() => kit.h.close())

const FOLLOW = '/copy/v1/copies'
const SETTINGS = '/copy/v1/copies/{leaderId}/settings'
const COPY = '/copy/v1/copies/{leaderId}'
const CLOSE = '/copy/v1/positions/{positionId}/close'
const DETAIL = '/copy/v1/my/copies/{leaderId}'
const CHAIN_FOLLOW = '/copy/v1/chain-wallets/{chain}/{address}/follow'

const follow = (user: User, leader: User | string, body: Record<string, unknown> = {}) =>
  kit.call('POST', FOLLOW, {
    token: user.token,
    body: {
      leaderId: typeof leader === 'string' ? leader : leader.userId,
      mode: 'fixed',
      fixedAmount: '100',
      investment: '200',
      ...body,
    },
  })
const followed = async (user: User, leader: User, body: Record<string, unknown> = {}) => {
  const result = await follow(user, leader, body)
  expect(result.status, result.text).toBe(200)
  return copyFollowResponseSchema.parse(result.body).data
}
const edit = (user: User, leader: User, body: Record<string, unknown>) =>
  kit.call('PUT', SETTINGS, { token: user.token, params: { leaderId: leader.userId }, body })
const fieldsOf = (result: { status: number; body: unknown }) => {
  expect(result.status).toBe(400)
  return (apiErrorSchema.parse(result.body).data?.fields ?? []).map((f) => `${f.path}:${f.issue}`)
}

/** The leader opens a 10x BTC long at `price`; followers mirror it. */
async function leaderOpens(leader: User, eventId: string, price: Money) {
  const result = await kit.trade({
    eventId,
    leaderId: leader.id,
    biz: 'futures',
    pairCode: 'BTC_USDT',
    price,
    at: kit.h.context.now(),
    action: { kind: 'open', side: 1, size: new Money('0.1'), leverage: 10 },
  })
  if (!result) throw new Error('trade not applied')
  return result.position.id
}

async function copiedPosition(copyId: string) {
  const [row] = await kit.h.context.db
    .select()
    .from(positions)
    .where(eq(positions.copyId, Number(copyId)))
  if (!row) throw new Error('no copied position')
  return row
}

/** What closing a long at the mark returns to its funds: margin + PnL (loss capped at the margin) − the taker fee. */
function proceeds(position: { size: string; margin: string; entryPrice: string }, mark: Money): Money {
  const size = new Money(position.size)
  const margin = new Money(position.margin)
  const realized = Money.max(mark.minus(position.entryPrice).times(size).toDecimalPlaces(18), margin.neg())
  const left = margin.plus(realized)
  return left.minus(Money.min(mark.times(size).times('0.0005').toDecimalPlaces(18), left))
}

describe('following a leader', () => {
  it('refuses settings out of bounds, naming the fields', async () => {
    const [user, leader] = [await kit.user('1000'), await kit.leader()]
    expect(fieldsOf(await follow(user, leader, { fixedAmount: null }))).toEqual(['fixedAmount:invalid_type'])
    expect(fieldsOf(await follow(user, leader, { fixedAmount: '0' }))).toEqual(['fixedAmount:too_small'])
    expect(fieldsOf(await follow(user, leader, { mode: 'ratio', ratio: '100.5' }))).toEqual(['ratio:too_big'])
    expect(fieldsOf(await follow(user, leader, { mode: 'ratio', ratio: '0' }))).toEqual(['ratio:too_small'])
    expect(fieldsOf(await follow(user, leader, { leverageMode: 'fixed' }))).toEqual(['fixedLeverage:invalid_type'])
    expect(fieldsOf(await follow(user, leader, { leverageMode: 'fixed', fixedLeverage: 126 }))).toEqual([
      'fixedLeverage:too_big',
    ])
    expect(fieldsOf(await follow(user, leader, { investment: '10000000.000000000000000001' }))).toEqual([
      'investment:too_big',
    ])
    expect(fieldsOf(await follow(user, leader, { investment: '100.0000000000000000001' }))).toEqual([
      'investment:too_precise',
    ])
    expect(fieldsOf(await follow(user, leader, { takeProfitRatio: '0.12345678901' }))).toEqual([
      'takeProfitRatio:too_precise',
    ])
    expect(fieldsOf(await follow(user, leader, { extra: 1 }))).toEqual(['extra:unrecognized_keys'])
    expect(
      kit.refused(
        await kit.call('POST', FOLLOW, {
          body: { leaderId: leader.userId, mode: 'fixed', fixedAmount: '1', investment: '100' },
        }),
        401,
      ),
    ).toBe('unauthorized')
    expect(await kit.wallet(user.id)).toEqual(new Money(1000))
  })

  it('names each refused field once, however many of its checks a value breaks', async () => {
    const [user, leader] = [await kit.user('1000'), await kit.leader()]
    expect(fieldsOf(await follow(user, leader, { leverageMode: 'fixed', fixedLeverage: 1e308 }))).toEqual([
      'fixedLeverage:too_big',
    ])
    expect(fieldsOf(await follow(user, leader, { stopLossRatio: '1e308' }))).toEqual(['stopLossRatio:invalid_format'])
    expect(
      fieldsOf(
        await follow(user, leader, { copyStopLossRatio: '1e308', takeProfitRatio: '1e308', fixedAmount: 1e308 }),
      ),
    ).toEqual(['fixedAmount:invalid_type', 'takeProfitRatio:invalid_format', 'copyStopLossRatio:invalid_format'])
    await followed(user, leader)
    expect(fieldsOf(await edit(user, leader, { fixedLeverage: 1e308, stopLossRatio: '1e308' }))).toEqual([
      'fixedLeverage:too_big',
      'stopLossRatio:invalid_format',
    ])
  })

  it('keeps a fixed leverage only in fixed leverage mode', async () => {
    const [user, leader] = [await kit.user('1000'), await kit.leader()]
    const stored = async (copyId: string) =>
      (
        await kit.h.context.db
          .select({ mode: copies.leverageMode, leverage: copies.fixedLeverage })
          .from(copies)
          .where(eq(copies.id, Number(copyId)))
      )[0]
    const copy = await followed(user, leader, { leverageMode: 'follow', fixedLeverage: 20 })
    expect(copy).toMatchObject({ leverageMode: 'follow', fixedLeverage: null })
    expect(await stored(copy.copyId)).toEqual({ mode: 'follow', leverage: null })
    // Sent alone while following, it is not kept either.
    expect(copyFollowResponseSchema.parse((await edit(user, leader, { fixedLeverage: 7 })).body).data).toMatchObject({
      leverageMode: 'follow',
      fixedLeverage: null,
    })
    expect(
      copyFollowResponseSchema.parse((await edit(user, leader, { leverageMode: 'fixed', fixedLeverage: 7 })).body).data,
    ).toMatchObject({ leverageMode: 'fixed', fixedLeverage: 7 })
    expect(await stored(copy.copyId)).toEqual({ mode: 'fixed', leverage: 7 })
    expect(
      copyFollowResponseSchema.parse((await edit(user, leader, { leverageMode: 'follow' })).body).data,
    ).toMatchObject({ leverageMode: 'follow', fixedLeverage: null })
    expect(await stored(copy.copyId)).toEqual({ mode: 'follow', leverage: null })
    // Back to fixed, the old leverage is gone: it must be given again.
    expect(fieldsOf(await edit(user, leader, { leverageMode: 'fixed' }))).toEqual(['fixedLeverage:invalid_type'])
    // The database refuses the inconsistent row whoever writes it.
    await expect(
      kit.h.context.db
        .update(copies)
        .set({ fixedLeverage: 5 })
        .where(eq(copies.id, Number(copy.copyId))),
    ).rejects.toThrow()
  })

  it('refuses each case with its own reason, in the documented order', async () => {
    const user = await kit.user('1000')
    const leader = await kit.leader()
    expect(kit.refused(await follow(user, '99999999'), 404)).toBe('not-found')
    const gone = await kit.leader({ status: 'cancelled' })
    expect(kit.refused(await follow(user, gone), 404)).toBe('not-found')
    // A leader following themself: 'follow-self' comes before 'follow-while-leading'.
    expect(kit.refused(await follow(leader, leader), 409)).toBe('follow-self')
    expect(kit.refused(await follow(await kit.leader({ status: 'paused' }), leader), 409)).toBe('follow-while-leading')
    await followed(user, leader)
    expect(kit.refused(await follow(user, leader), 409)).toBe('already-copying')
    // Already copying a leader who paused since: 'already-copying' comes first.
    await kit.h.context.db.update(leaders).set({ status: 'paused' }).where(eq(leaders.userId, leader.id))
    expect(kit.refused(await follow(user, leader), 409)).toBe('already-copying')
    const paused = await kit.leader({ status: 'paused' })
    expect(kit.refused(await follow(user, paused, { investment: '1' }), 409)).toBe('leader-paused')
    const small = await kit.leader({ maxFollowers: 1 })
    await followed(await kit.user('500'), small)
    expect(kit.refused(await follow(user, small, { investment: '1' }), 409)).toBe('leader-full')
    // A leader whose equity is below the minimum copy amount, before the investment's own minimum.
    const poor = await kit.leader({}, '9.99')
    expect(kit.refused(await follow(user, poor, { investment: '1' }), 409)).toBe('leader-below-minimum')
    expect(kit.refused(await follow(user, await kit.leader(), { investment: '49.99' }), 400)).toBe('below-minimum')
    // The platform's minimum (10 USDT) applies below a lower leader minimum.
    expect(kit.refused(await follow(user, await kit.leader({ minCopyAmount: '5' }), { investment: '9.5' }), 400)).toBe(
      'below-minimum',
    )
    expect(kit.refused(await follow(user, await kit.leader(), { investment: '800.01' }), 400)).toBe(
      'insufficient-balance',
    )
    expect(await kit.wallet(user.id)).toEqual(new Money(800))
  })

  it('takes no new copier for a leader whose equity at the mark is below the minimum copy amount, and tells its copiers', async () => {
    const minimum = new Money(COPY_RULES.minInvestmentUsdt)
    // 96 USDT, then a 10x long whose margin is 95: the wallet keeps about 0.5, the margin still counts.
    const held = await kit.leader({}, '96')
    const sinking = await kit.leader({}, '96')
    const copier = await kit.user('1000')
    await followed(copier, sinking)
    const mark = kit.mark('BTC_USDT')
    const open = async (leader: User, entry: Money) => {
      const size = new Money(950).div(entry).toDecimalPlaces(8)
      await kit.trade({
        eventId: `poor:${leader.id}`,
        leaderId: leader.id,
        biz: 'futures',
        pairCode: 'BTC_USDT',
        price: entry,
        at: kit.h.context.now(),
        action: { kind: 'open', side: 1, size, leverage: 10 },
      })
    }
    await open(held, mark)
    // Bought 10 % above the mark: about 86 USDT lost at the mark, equity about 9.2 (not yet liquidated).
    await open(sinking, mark.times('1.1'))
    expect((await kit.wallet(held.id)).lt(minimum)).toBe(true)

    expect((await follow(await kit.user('500'), held)).status).toBe(200)
    const newcomer = await kit.user('500')
    expect(kit.refused(await follow(newcomer, sinking), 409)).toBe('leader-below-minimum')
    expect(apiErrorSchema.parse((await follow(newcomer, sinking)).body).msg).toContain('minimum')

    // The leader's card and page say so, and why the copy button is off.
    const detail = async (leader: User) => {
      const result = await kit.h.api('GET', `/copy/v1/leaders/${leader.userId}`, { token: newcomer.token })
      return leaderDetailResponseSchema.parse(result.body).data
    }
    expect(await detail(sinking)).toMatchObject({
      acceptingCopiers: false,
      canFollow: { ok: false, reason: 'leader-below-minimum' },
    })
    expect(await detail(held)).toMatchObject({ acceptingCopiers: true, canFollow: { ok: true, reason: null } })
    const listed = await kit.h.api('GET', `/copy/v1/leaders?q=${encodeURIComponent(`lead${sinking.id}`)}&pageSize=5`)
    const card = leaderPageResponseSchema.parse(listed.body).data.list.find((l) => l.leaderId === sinking.userId)
    expect(card?.acceptingCopiers).toBe(false)

    // Its copier sees it on their list of copies.
    const mine = await kit.h.api('GET', '/copy/v1/my/copies', { token: copier.token })
    const copies = myCopiesResponseSchema.parse(mine.body).data.list
    expect(copies.map((c) => [c.leaderId, c.leaderAcceptingCopiers])).toEqual([[sinking.userId, false]])
  })

  it('moves the investment from the wallet into the copy through the ledger, and echoes the settings', async () => {
    const [user, leader] = [await kit.user('1000'), await kit.leader()]
    const settings = {
      mode: 'ratio',
      ratio: '0.5',
      fixedAmount: null,
      maxPerOrder: '80',
      leverageMode: 'fixed',
      fixedLeverage: 5,
      takeProfitRatio: '0.5',
      stopLossRatio: '0.25',
      copyStopLossRatio: '0.3',
    }
    const copy = await followed(user, leader, { ...settings, investment: '250.5' })
    expect(copy).toMatchObject({
      ...settings,
      leaderId: leader.userId,
      status: 'active',
      investment: '250.5',
      balance: '250.5',
      createdAt: kit.h.context.now().getTime(),
    })
    expect(await kit.wallet(user.id)).toEqual(new Money('749.5'))
    const moves = await kit.h.context.db
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.ref, `invest:${copy.copyId}:%`))
    expect(moves.map((t) => ({ debit: t.debit, credit: t.credit, amount: t.amount, kind: t.kind }))).toEqual([
      {
        debit: `wallet:${user.id}:3:USDT`,
        credit: `copy:${copy.copyId}`,
        amount: '250.500000000000000000',
        kind: 'copy-in',
      },
    ])
    const echo = await kit.call('GET', SETTINGS, { token: user.token, params: { leaderId: leader.userId } })
    expect(copyFollowResponseSchema.parse(echo.body).data).toEqual(copy)
    expect(
      kit.refused(
        await kit.call('GET', SETTINGS, { token: (await kit.user()).token, params: { leaderId: leader.userId } }),
        404,
      ),
    ).toBe('not-copying')
  })

  it('a double submit creates one copy and debits the wallet once', async () => {
    const [user, leader] = [await kit.user('1000'), await kit.leader()]
    const results = await Promise.all([follow(user, leader), follow(user, leader)])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    expect(results.map((r) => (r.status === 409 ? apiErrorSchema.parse(r.body).reason : 'ok')).sort()).toEqual([
      'already-copying',
      'ok',
    ])
    expect(
      await kit.h.context.db.$count(copies, and(eq(copies.followerId, user.id), eq(copies.leaderId, leader.id))),
    ).toBe(1)
    expect(await kit.wallet(user.id)).toEqual(new Money(800))
  })
})

describe('editing a copy', () => {
  it('moves the investment difference both ways and keeps what was not sent', async () => {
    const [user, leader] = [await kit.user('1000'), await kit.leader()]
    await followed(user, leader, { investment: '250.5', maxPerOrder: '90' })
    const up = await edit(user, leader, { investment: '300' })
    expect(copyFollowResponseSchema.parse(up.body).data).toMatchObject({
      investment: '300',
      balance: '300',
      maxPerOrder: '90',
      fixedAmount: '100',
    })
    expect(await kit.wallet(user.id)).toEqual(new Money(700))
    const down = await edit(user, leader, { investment: '200', mode: 'ratio', ratio: '2', maxPerOrder: null })
    expect(copyFollowResponseSchema.parse(down.body).data).toMatchObject({
      investment: '200',
      balance: '200',
      mode: 'ratio',
      ratio: '2',
      maxPerOrder: null,
      fixedAmount: '100',
    })
    expect(await kit.wallet(user.id)).toEqual(new Money(800))
    expect(kit.refused(await edit(user, leader, { investment: '1000.000000000000000001' }), 400)).toBe(
      'insufficient-balance',
    )
    expect(kit.refused(await edit(user, leader, { investment: '49' }), 400)).toBe('below-minimum')
    expect(fieldsOf(await edit(user, leader, { ratio: null }))).toEqual(['ratio:invalid_type'])
    expect(fieldsOf(await edit(user, leader, { status: 'cancelled' }))).toEqual(['status:invalid_value'])
    expect(kit.refused(await edit(await kit.user(), leader, { status: 'paused' }), 404)).toBe('not-copying')
    expect(await kit.wallet(user.id)).toEqual(new Money(800))
  })

  it('refuses to take out more than the free balance (margin is in positions)', async () => {
    const [user, leader] = [await kit.user('1000'), await kit.leader()]
    const copy = await followed(user, leader, { investment: '200' })
    await leaderOpens(leader, `edit-${leader.id}`, kit.mark('BTC_USDT'))
    const [row] = await kit.h.context.db
      .select()
      .from(copies)
      .where(eq(copies.id, Number(copy.copyId)))
    const free = new Money(row?.balance ?? '0')
    expect(free.lt(101)).toBe(true)
    expect(kit.refused(await edit(user, leader, { investment: '60' }), 400)).toBe('insufficient-balance')
    const allowed = new Money(200).minus(free).toFixed()
    const result = await edit(user, leader, { investment: allowed })
    expect(copyFollowResponseSchema.parse(result.body).data).toMatchObject({ investment: allowed, balance: '0' })
    expect(await kit.wallet(user.id)).toEqual(new Money(800).plus(free))
  })

  it('a paused copy skips the leader’s opens (shown in my copy) and resumes', async () => {
    const [user, leader] = [await kit.user('1000'), await kit.leader()]
    await followed(user, leader)
    expect(copyFollowResponseSchema.parse((await edit(user, leader, { status: 'paused' })).body).data.status).toBe(
      'paused',
    )
    kit.h.advance(1000)
    await leaderOpens(leader, `paused-${leader.id}`, kit.mark('BTC_USDT'))
    const detail = myCopyDetailResponseSchema.parse(
      (await kit.call('GET', DETAIL, { token: user.token, params: { leaderId: leader.userId } })).body,
    ).data
    expect(detail.skipped).toEqual([
      { pairCode: 'BTC_USDT', reason: 'paused', createdAt: kit.h.context.now().getTime() },
    ])
    expect(detail.openPositions).toEqual([])
    expect(copyFollowResponseSchema.parse((await edit(user, leader, { status: 'active' })).body).data.status).toBe(
      'active',
    )
    await leaderOpens(leader, `resumed-${leader.id}`, kit.mark('BTC_USDT'))
    expect(await kit.h.context.db.$count(positions, eq(positions.userId, user.id))).toBe(1)
  })
})

describe('cancelling a copy', () => {
  it('closes the positions at the mark at a loss and refunds the wallet exactly', async () => {
    const [user, leader] = [await kit.user('1000'), await kit.leader()]
    const copy = await followed(user, leader, { investment: '200' })
    const mark = kit.mark('BTC_USDT')
    await leaderOpens(leader, `loss-${leader.id}`, mark.plus(1000))
    const position = await copiedPosition(copy.copyId)
    const [before] = await kit.h.context.db
      .select()
      .from(copies)
      .where(eq(copies.id, Number(copy.copyId)))
    const result = await kit.call('DELETE', COPY, { token: user.token, params: { leaderId: leader.userId } })
    const answer = copyCancelResponseSchema.parse(result.body).data
    const expected = new Money(800).plus(before?.balance ?? '0').plus(proceeds(position, mark))
    expect(await kit.wallet(user.id)).toEqual(expected)
    expect(answer.profitShare).toBeNull()
    expect(answer.copy).toMatchObject({
      status: 'cancelled',
      balance: '0',
      margin: '0',
      unrealizedPnl: '0',
      openPositions: 0,
      endReason: 'cancel',
      investment: '200',
    })
    expect(answer.copy.net).toBe(expected.minus(1000).toFixed())
    const closed = await copiedPosition(copy.copyId)
    expect({ status: closed.status, reason: closed.closeReason, exit: new Money(closed.exitPrice ?? '0') }).toEqual({
      status: 'closed',
      reason: 'cancel',
      exit: mark,
    })
    expect(
      kit.refused(await kit.call('DELETE', COPY, { token: user.token, params: { leaderId: leader.userId } }), 404),
    ).toBe('not-copying')
  })

  it('closes at a profit, settles the profit share and answers its record', async () => {
    const [user, leader] = [await kit.user('1000'), await kit.leader()]
    const copy = await followed(user, leader, { investment: '200' })
    const mark = kit.mark('BTC_USDT')
    await leaderOpens(leader, `profit-${leader.id}`, mark.minus(2000))
    const position = await copiedPosition(copy.copyId)
    const [before] = await kit.h.context.db
      .select()
      .from(copies)
      .where(eq(copies.id, Number(copy.copyId)))
    const leaderWallet = await kit.wallet(leader.id)
    const result = await kit.call('DELETE', COPY, {
      token: user.token,
      params: { leaderId: leader.userId },
      query: { closePositions: 'true' },
    })
    const answer = copyCancelResponseSchema.parse(result.body).data
    const balance = new Money(before?.balance ?? '0').plus(proceeds(position, mark))
    const net = balance.minus(200)
    const share = net.times('0.1').toDecimalPlaces(18, Money.ROUND_DOWN)
    expect(answer.profitShare).toEqual({
      copyId: copy.copyId,
      leaderId: leader.userId,
      periodEnd: kit.h.context.now().getTime(),
      rate: '0.1',
      netProfit: net.toFixed(),
      highWaterMarkBefore: '0',
      share: share.toFixed(),
    })
    expect(answer.copy).toMatchObject({
      profitSharePaid: share.toFixed(),
      net: net.minus(share).toFixed(),
      realizedPnl: net.toFixed(),
    })
    expect(await kit.wallet(user.id)).toEqual(new Money(800).plus(balance).minus(share))
    expect(await kit.wallet(leader.id)).toEqual(leaderWallet.plus(share))
  })

  it('keeps positions unmanaged on request; the owner closes one at the mark into the wallet', async () => {
    const [user, leader, stranger] = [await kit.user('1000'), await kit.leader(), await kit.user('1000')]
    const copy = await followed(user, leader, { investment: '200' })
    await followed(stranger, leader, { investment: '200' })
    const mark = kit.mark('BTC_USDT')
    await leaderOpens(leader, `keep-${leader.id}`, mark.plus(500))
    const position = await copiedPosition(copy.copyId)
    const [before] = await kit.h.context.db
      .select()
      .from(copies)
      .where(eq(copies.id, Number(copy.copyId)))
    const result = await kit.call('DELETE', COPY, {
      token: user.token,
      params: { leaderId: leader.userId },
      query: { closePositions: 'false' },
    })
    const answer = copyCancelResponseSchema.parse(result.body).data
    expect(answer.copy).toMatchObject({
      status: 'cancelled',
      balance: '0',
      openPositions: 1,
      margin: new Money(position.margin).toFixed(),
    })
    const afterCancel = new Money(800).plus(before?.balance ?? '0')
    expect(await kit.wallet(user.id)).toEqual(afterCancel)
    expect((await copiedPosition(copy.copyId)).unmanaged).toBe(true)

    const params = { positionId: String(position.id) }
    expect(kit.refused(await kit.call('POST', CLOSE, { token: stranger.token, params }), 404)).toBe('not-found')
    const closed = copyPositionResponseSchema.parse(
      (await kit.call('POST', CLOSE, { token: user.token, params })).body,
    ).data
    expect(closed).toMatchObject({
      positionId: String(position.id),
      status: 'closed',
      closeReason: 'manual',
      exitPrice: mark.toFixed(),
      markPrice: null,
    })
    expect(await kit.wallet(user.id)).toEqual(afterCancel.plus(proceeds(position, mark)))
    expect(kit.refused(await kit.call('POST', CLOSE, { token: user.token, params }), 404)).toBe('not-found')
  })
})

describe('closing one copied position of a live copy', () => {
  it('closes it at the mark into the copy’s balance; the leader’s close later leaves it be', async () => {
    const [user, leader] = [await kit.user('1000'), await kit.leader()]
    const copy = await followed(user, leader, { investment: '300' })
    const mark = kit.mark('BTC_USDT')
    const leaderPosition = await leaderOpens(leader, `one-${leader.id}`, mark)
    const position = await copiedPosition(copy.copyId)
    const balance = async () => {
      const [row] = await kit.h.context.db
        .select()
        .from(copies)
        .where(eq(copies.id, Number(copy.copyId)))
      return new Money(row?.balance ?? 'NaN')
    }
    const before = await balance()
    const wallet = await kit.wallet(user.id)
    const closed = copyPositionResponseSchema.parse(
      (await kit.call('POST', CLOSE, { token: user.token, params: { positionId: String(position.id) } })).body,
    ).data
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'manual', exitPrice: mark.toFixed() })
    expect(await balance()).toEqual(before.plus(proceeds(position, mark)))
    expect(await kit.wallet(user.id)).toEqual(wallet)
    // The leader closes: nothing of this copy is closed again, its balance stays.
    await kit.trade({
      eventId: `one-close-${leader.id}`,
      leaderId: leader.id,
      biz: 'futures',
      pairCode: 'BTC_USDT',
      price: mark,
      at: kit.h.context.now(),
      action: { kind: 'close', positionId: leaderPosition },
    })
    expect(await balance()).toEqual(before.plus(proceeds(position, mark)))
    expect(await ledgerState(kit.h.context.db)).toEqual({ zero: true, mismatched: 0 })
  })
})

describe('watches and votes', () => {
  it('watching is idempotent both ways; an unknown leader is 404', async () => {
    const [user, leader] = [await kit.user(), await kit.leader()]
    const watch = (method: 'PUT' | 'DELETE', leaderId = leader.userId) =>
      kit.call(method, '/copy/v1/watches/{leaderId}', { token: user.token, params: { leaderId } })
    for (const method of ['PUT', 'PUT', 'DELETE', 'DELETE', 'PUT'] as const) {
      const result = await watch(method)
      expect(result.body).toEqual({ code: 0, data: { leaderId: leader.userId, watching: method === 'PUT' }, msg: 'ok' })
    }
    expect(await kit.h.context.db.$count(leaders)).toBeGreaterThan(0)
    expect(kit.refused(await watch('PUT', '99999999'), 404)).toBe('not-found')
    expect(kit.refused(await watch('DELETE', '99999999'), 404)).toBe('not-found')
  })

  it('one vote per user, changeable and removable, with the counts', async () => {
    const [a, b, leader] = [await kit.user(), await kit.user(), await kit.leader()]
    const vote = async (user: User, value: unknown, leaderId = leader.userId) =>
      kit.call('PUT', '/copy/v1/votes/{leaderId}', { token: user.token, params: { leaderId }, body: { vote: value } })
    const counts = async (user: User, value: unknown) => {
      const result = await vote(user, value)
      expect(result.status, result.text).toBe(200)
      return result.body
    }
    expect(await counts(a, 1)).toEqual({ code: 0, data: { likes: 1, dislikes: 0, myVote: 1 }, msg: 'ok' })
    expect(await counts(a, 1)).toEqual({ code: 0, data: { likes: 1, dislikes: 0, myVote: 1 }, msg: 'ok' })
    expect(await counts(b, -1)).toEqual({ code: 0, data: { likes: 1, dislikes: 1, myVote: -1 }, msg: 'ok' })
    expect(await counts(a, -1)).toEqual({ code: 0, data: { likes: 0, dislikes: 2, myVote: -1 }, msg: 'ok' })
    expect(await counts(a, 0)).toEqual({ code: 0, data: { likes: 0, dislikes: 1, myVote: 0 }, msg: 'ok' })
    expect(await counts(a, 0)).toEqual({ code: 0, data: { likes: 0, dislikes: 1, myVote: 0 }, msg: 'ok' })
    expect(kit.refused(await vote(a, 2), 400)).toBe('invalid-input')
    expect(kit.refused(await vote(a, 1, '99999999'), 404)).toBe('not-found')
  })
})

describe('chain copy', () => {
  it('follows the leader behind a chain wallet in fixed mode', async () => {
    const [user, wallet] = [
      await kit.user('1000'),
      await kit.leader({ kind: 'wallet', strategy: 'swing', profitShareRate: '0', minCopyAmount: '10' }),
    ]
    const address = `0x${'ab'.repeat(19)}${String(wallet.id).slice(-2).padStart(2, '0')}`
    await kit.h.context.db
      .insert(chainWallets)
      .values({ leaderId: wallet.id, chain: 'ethereum', address, label: 'Smart money: test' })
    const chainFollow = (body: Record<string, unknown>, chain = 'ethereum', at = address) =>
      kit.call('POST', CHAIN_FOLLOW, {
        token: user.token,
        params: { chain, address: at },
        body: { fixedAmount: '25', investment: '100', ...body },
      })
    expect(fieldsOf(await chainFollow({ mode: 'ratio' }))).toEqual(['mode:unrecognized_keys'])
    expect(kit.refused(await chainFollow({}, 'solana'), 404)).toBe('not-found')
    expect(kit.refused(await chainFollow({ investment: '9' }), 400)).toBe('below-minimum')
    const result = await chainFollow({ stopLossRatio: '0.2' }, 'ethereum', address.toUpperCase().replace('0X', '0x'))
    expect(copyFollowResponseSchema.parse(result.body).data).toMatchObject({
      leaderId: wallet.userId,
      mode: 'fixed',
      fixedAmount: '25',
      ratio: null,
      leverageMode: 'follow',
      stopLossRatio: '0.2',
      investment: '100',
      balance: '100',
    })
    expect(await kit.wallet(user.id)).toEqual(new Money(900))
    expect(kit.refused(await chainFollow({}), 409)).toBe('already-copying')
  })
})

describe('the document', () => {
  it('lists every operation of the follower’s actions, and each was exercised above', () => {
    expectAllExercised(kit, [
      `post ${FOLLOW}`,
      `get ${SETTINGS}`,
      `put ${SETTINGS}`,
      `delete ${COPY}`,
      `post ${CLOSE}`,
      'put /copy/v1/watches/{leaderId}',
      'delete /copy/v1/watches/{leaderId}',
      'put /copy/v1/votes/{leaderId}',
      `post ${CHAIN_FOLLOW}`,
    ])
  })
})
