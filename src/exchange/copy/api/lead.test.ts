/**
 * Becoming and being a leader through the API: the checklist, applying (refusals per unmet
 * requirement, already a leader, applying again after cancelling), settings and profile
 * validation, 403 for non-leaders, cancelling the identity; and every leader operation of the
 * document exercised (trades and records in depth in their own files).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { COPY } from '../../../../app.config.ts'
import { leaderCancelResponseSchema, leaderRequirementsResponseSchema, myLeaderCentreResponseSchema, myLeaderProfileResponseSchema } from '../../../contract/index.ts'
import { copies, leaders } from '../../db/copy-schema.ts'
import { users } from '../../db/schema.ts'
import { Money } from '../../money.ts'
import { startHarness, type Harness } from '../../testing/harness.ts'
import { leaderTrade } from '../engine.ts'
import { follower, fund, fundedUser, insertLeader, leaderOperations, makeCaller, walletOf, type Caller } from './lead-fixtures.ts'

let h: Harness
let api: Caller
beforeAll(async () => {
  h = await startHarness()
  api = await makeCaller(h)
})
afterAll(() => h.close())

const requirements = async (token: string) => leaderRequirementsResponseSchema.parse(await api.call('GET', '/copy/v1/leader/requirements?biz=futures', token, 200)).data
const unmetOf = (reqs: { key: string; met: boolean }[]) => reqs.filter((r) => !r.met).map((r) => r.key)

describe('requirements and applying', () => {
  it('a new user with an empty wallet: only min-balance unmet; apply lists it', async () => {
    const user = await fundedUser(h, 0)
    const checklist = await requirements(user.token)
    expect(checklist).toEqual({
      biz: 'futures',
      eligible: false,
      isLeader: false,
      leaderStatus: null,
      requirements: [
        { key: 'not-copying', met: true, current: '0', required: '0' },
        { key: 'min-balance', met: false, current: '0', required: COPY.leaderMinBalanceUsdt },
        { key: 'no-open-positions', met: true, current: '0', required: '0' },
      ],
    })
    const error = await api.refused('POST', '/copy/v1/leader/apply', user.token, 409, 'leader-requirements', { biz: 'futures' })
    expect(error.data?.fields.map((f) => f.path)).toEqual(['min-balance'])
    expect(error.data?.fields[0]?.issue).toMatch(/USDT/)

    await fund(h, user.id, '99.99')
    expect(unmetOf((await requirements(user.token)).requirements)).toEqual(['min-balance'])
    await fund(h, user.id, '0.01')
    expect((await requirements(user.token)).eligible).toBe(true)
  })

  it('a user copying a leader: not-copying unmet', async () => {
    const leader = await fundedUser(h, 1000)
    await insertLeader(h, leader.id)
    const copier = await follower(h, leader.id)
    const checklist = await requirements(copier.token)
    expect(checklist.requirements[0]).toEqual({ key: 'not-copying', met: false, current: '1', required: '0' })
    expect(unmetOf(checklist.requirements)).toEqual(['not-copying'])
    const error = await api.refused('POST', '/copy/v1/leader/apply', copier.token, 409, 'leader-requirements', { biz: 'spot' })
    expect(error.data?.fields.map((f) => f.path)).toEqual(['not-copying'])
  })

  it('a user holding an open position of their own: no-open-positions unmet', async () => {
    const user = await fundedUser(h, 1000)
    await insertLeader(h, user.id)
    await leaderTrade(h.context.db, h.context.rules, {
      eventId: `${user.id}:setup`,
      leaderId: user.id,
      biz: 'futures',
      pairCode: 'ETH_USDT',
      price: new Money(3000),
      at: h.context.now(),
      action: { kind: 'open', side: 1, size: new Money('0.1'), leverage: 5 },
    })
    await h.context.db.update(leaders).set({ status: 'cancelled', cancelledAt: h.context.now() }).where(eq(leaders.userId, user.id))
    const checklist = await requirements(user.token)
    expect(checklist).toMatchObject({ eligible: false, isLeader: false, leaderStatus: 'cancelled' })
    expect(checklist.requirements[2]).toEqual({ key: 'no-open-positions', met: false, current: '1', required: '0' })
    const error = await api.refused('POST', '/copy/v1/leader/apply', user.token, 409, 'leader-requirements', { biz: 'futures' })
    expect(error.data?.fields.map((f) => f.path)).toEqual(['no-open-positions'])
  })

  it('applies with the defaults, then refuses a second application', async () => {
    const user = await fundedUser(h, 100)
    const [account] = await h.context.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, user.id))
    const profile = myLeaderProfileResponseSchema.parse(await api.call('POST', '/copy/v1/leader/apply', user.token, 200, { biz: 'spot' })).data
    expect(profile).toEqual({
      leaderId: user.userId,
      biz: 'spot',
      nickname: Array.from(account?.nickname ?? '').slice(0, 20).join(''),
      avatar: null,
      bio: '',
      tags: [],
      status: 'open',
      profitShareRate: COPY.defaultProfitShareRate,
      maxFollowers: COPY.defaultMaxFollowers,
      minCopyAmount: COPY.defaultMinCopyAmount,
      instruments: [],
      followers: 0,
      createdAt: h.context.now().getTime(),
    })
    const [row] = await h.context.db.select().from(leaders).where(eq(leaders.userId, user.id))
    expect(row).toMatchObject({ strategy: 'user', kind: 'trader', simulated: false })
    expect(await requirements(user.token)).toMatchObject({ isLeader: true, leaderStatus: 'open' })
    await api.refused('POST', '/copy/v1/leader/apply', user.token, 409, 'already-leader', { biz: 'futures' })
  })

  it('applies with chosen terms; a cancelled leader applies again and the identity is reactivated', async () => {
    const user = await fundedUser(h, 500)
    const terms = { biz: 'futures', nickname: 'Steady Eddie', bio: 'Trend trades only.', profitShareRate: '0.15', maxFollowers: 20, minCopyAmount: '25', tags: ['steady', 'trend'], instruments: ['eth_usdt', 'BTC_USDT'] }
    const profile = myLeaderProfileResponseSchema.parse(await api.call('POST', '/copy/v1/leader/apply', user.token, 200, terms)).data
    expect(profile).toMatchObject({ ...terms, instruments: ['BTC_USDT', 'ETH_USDT'] })
    await h.context.db.update(leaders).set({ status: 'cancelled', cancelledAt: h.context.now() }).where(eq(leaders.userId, user.id))
    h.advance(60_000)
    const again = myLeaderProfileResponseSchema.parse(await api.call('POST', '/copy/v1/leader/apply', user.token, 200, { biz: 'spot', nickname: 'Eddie Again' })).data
    expect(again).toMatchObject({ biz: 'spot', nickname: 'Eddie Again', status: 'open', profitShareRate: '0.1', tags: [], instruments: [], createdAt: h.context.now().getTime() })
    const [row] = await h.context.db.select().from(leaders).where(eq(leaders.userId, user.id))
    expect(row?.cancelledAt).toBeNull()
  })

  it('refuses out-of-bounds terms with the failing field', async () => {
    const user = await fundedUser(h, 100)
    const cases: [unknown, string][] = [
      [{ biz: 'futures', profitShareRate: '0.31' }, 'profitShareRate'],
      [{ biz: 'futures', maxFollowers: 0 }, 'maxFollowers'],
      [{ biz: 'futures', maxFollowers: COPY.maxFollowersLimit + 1 }, 'maxFollowers'],
      [{ biz: 'futures', minCopyAmount: '9.99' }, 'minCopyAmount'],
      [{ biz: 'futures', nickname: 'x' }, 'nickname'],
      [{ biz: 'futures', bio: 'b'.repeat(201) }, 'bio'],
      [{ biz: 'futures', tags: ['steady', 'trend', 'grid', 'swing'] }, 'tags'],
      [{ biz: 'futures', tags: ['no-such-tag'] }, 'tags.0'],
      [{ biz: 'futures', instruments: ['BTC_USDT', 'FOO_USDT'] }, 'instruments.1'],
      [{ biz: 'options' }, 'biz'],
    ]
    for (const [body, path] of cases) {
      const error = await api.refused('POST', '/copy/v1/leader/apply', user.token, 400, 'invalid-input', body)
      expect(error.data?.fields.map((f) => f.path), JSON.stringify(body)).toContain(path)
    }
    expect((await requirements(user.token)).isLeader).toBe(false)
  })
})

describe('settings and profile', () => {
  it('changes the copy terms; refuses a rate above 30 % and maxFollowers below the followers copying now', async () => {
    const leader = await fundedUser(h, 100)
    await api.call('POST', '/copy/v1/leader/apply', leader.token, 200, { biz: 'futures' })
    await follower(h, leader.id)
    await follower(h, leader.id)
    const settings = myLeaderProfileResponseSchema.parse(await api.call('GET', '/copy/v1/leader/settings', leader.token, 200)).data
    expect(settings.followers).toBe(2)

    const rate = await api.refused('PUT', '/copy/v1/leader/settings', leader.token, 400, 'invalid-input', { profitShareRate: '0.3001' })
    expect(rate.data?.fields.map((f) => f.path)).toEqual(['profitShareRate'])
    const below = await api.refused('PUT', '/copy/v1/leader/settings', leader.token, 400, 'invalid-input', { maxFollowers: 1 })
    expect(below.data?.fields).toEqual([{ path: 'maxFollowers', issue: 'below the current followers (2)' }])
    await api.refused('PUT', '/copy/v1/leader/settings', leader.token, 400, 'invalid-input', { status: 'cancelled' })

    const updated = myLeaderProfileResponseSchema.parse(
      await api.call('PUT', '/copy/v1/leader/settings', leader.token, 200, { profitShareRate: '0.3', maxFollowers: 2, minCopyAmount: '100', status: 'paused', instruments: ['SOL_USDT'] }),
    ).data
    expect(updated).toMatchObject({ profitShareRate: '0.3', maxFollowers: 2, minCopyAmount: '100', status: 'paused', instruments: ['SOL_USDT'], followers: 2 })
    // Only the given fields change.
    const again = myLeaderProfileResponseSchema.parse(await api.call('PUT', '/copy/v1/leader/settings', leader.token, 200, { status: 'open' })).data
    expect(again).toMatchObject({ ...updated, status: 'open' })
  })

  it('sets nickname, bio, tags and an avatar of the site; refuses any other avatar path', async () => {
    const leader = await fundedUser(h, 100)
    await api.call('POST', '/copy/v1/leader/apply', leader.token, 200, { biz: 'futures' })
    const info = { nickname: 'Calm Waters', bio: 'Low leverage.\nLong holds.', tags: ['conservative'], avatar: '/avatars/calm-waters.svg' }
    const profile = myLeaderProfileResponseSchema.parse(await api.call('PUT', '/copy/v1/leader/info', leader.token, 200, info)).data
    expect(profile).toMatchObject(info)
    for (const avatar of ['/avatars/../secret.svg', 'https://evil.test/a.svg', '/avatars/Calm.svg', '/avatars/calm.png', 'javascript:alert(1)']) {
      const error = await api.refused('PUT', '/copy/v1/leader/info', leader.token, 400, 'invalid-input', { avatar })
      expect(error.data?.fields.map((f) => f.path)).toEqual(['avatar'])
    }
    const reset = myLeaderProfileResponseSchema.parse(await api.call('PUT', '/copy/v1/leader/info', leader.token, 200, { avatar: null })).data
    expect(reset).toMatchObject({ ...info, avatar: null })
  })

  it("answers 403 'not-leader' to a user who does not lead, 401 without a session", async () => {
    const user = await fundedUser(h, 0)
    await api.refused('GET', '/copy/v1/leader/settings', user.token, 403, 'not-leader')
    await api.refused('PUT', '/copy/v1/leader/settings', user.token, 403, 'not-leader', { maxFollowers: 5 })
    await api.refused('PUT', '/copy/v1/leader/info', user.token, 403, 'not-leader', { bio: 'hi' })
    await api.refused('DELETE', '/copy/v1/leader', user.token, 403, 'not-leader')
    await api.refused('GET', '/copy/v1/leader/followers', user.token, 403, 'not-leader')
    await api.refused('DELETE', '/copy/v1/leader/followers/1', user.token, 403, 'not-leader')
    await api.refused('POST', '/copy/v1/leader/orders', user.token, 403, 'not-leader', { clientOrderId: 'a1', pairCode: 'BTC_USDT', side: 'long', size: '0.001' })
    await api.refused('POST', '/copy/v1/leader/positions/1/add', user.token, 403, 'not-leader', { clientOrderId: 'a2', size: '0.001' })
    await api.refused('POST', '/copy/v1/leader/positions/1/close', user.token, 403, 'not-leader', { clientOrderId: 'a3' })
    await api.refused('GET', '/copy/v1/leader/profit-share', user.token, 403, 'not-leader')
    await api.refused('GET', '/copy/v1/leader/profit-share/details', user.token, 403, 'not-leader')
    await api.refused('GET', '/copy/v1/leader/requirements', undefined, 401, 'unauthorized')
    const centre = myLeaderCentreResponseSchema.parse(await api.call('GET', '/copy/v1/leader/summary', user.token, 200)).data
    expect(centre).toEqual({ isLeader: false, status: null, biz: null, nickname: null, avatar: null, followers: 0, aum: '0', profitShareAccumulated: '0', profitShareToday: '0' })
  })
})

describe('cancelling the leader identity', () => {
  it('is refused while the leader holds open positions; then ends every copy and refunds the followers', async () => {
    const leader = await fundedUser(h, 10_000)
    await api.call('POST', '/copy/v1/leader/apply', leader.token, 200, { biz: 'futures', nickname: 'Short Lived' })
    const copier = await follower(h, leader.id, { wallet: '2000', invest: '1000', fixedAmount: '100' })
    const opened = await api.call('POST', '/copy/v1/leader/orders', leader.token, 200, { clientOrderId: 'c1', pairCode: 'ETH_USDT', side: 'short', size: '0.1', leverage: 5 })
    const positionId = z.object({ data: z.object({ position: z.object({ positionId: z.string() }) }) }).parse(opened).data.position.positionId
    await api.call('POST', `/copy/v1/leader/positions/${positionId}/add`, leader.token, 200, { clientOrderId: 'c2', size: '0.1' })
    await api.refused('DELETE', '/copy/v1/leader', leader.token, 409, 'forbidden')
    await api.call('POST', `/copy/v1/leader/positions/${positionId}/close`, leader.token, 200, { clientOrderId: 'c3' })

    const centre = myLeaderCentreResponseSchema.parse(await api.call('GET', '/copy/v1/leader/summary', leader.token, 200)).data
    expect(centre).toMatchObject({ isLeader: true, status: 'open', biz: 'futures', nickname: 'Short Lived', followers: 1 })
    const [copy] = await h.context.db.select().from(copies).where(eq(copies.id, copier.copyId))
    // The copy opened and closed at the same mark: it holds its investment less two fees, all of it now free.
    expect(centre.aum).toBe(new Money(copy?.balance ?? '0').toFixed())
    expect(new Money(centre.aum).lt(1000)).toBe(true)
    await api.call('GET', '/copy/v1/leader/followers', leader.token, 200)
    await api.call('GET', '/copy/v1/leader/profit-share', leader.token, 200)
    await api.call('GET', '/copy/v1/leader/profit-share/details', leader.token, 200)

    const cancelled = leaderCancelResponseSchema.parse(await api.call('DELETE', '/copy/v1/leader', leader.token, 200)).data
    expect(cancelled).toEqual({ endedCopies: 1 })
    const [ended] = await h.context.db.select().from(copies).where(eq(copies.id, copier.copyId))
    expect(ended).toMatchObject({ status: 'cancelled', endReason: 'leader-cancelled', balance: '0.000000000000000000' })
    expect(await walletOf(h, copier.id)).toBe(new Money(1000).plus(copy?.balance ?? '0').toFixed())
    expect(await requirements(leader.token)).toMatchObject({ isLeader: false, leaderStatus: 'cancelled', eligible: true })
    await api.refused('GET', '/copy/v1/leader/settings', leader.token, 403, 'not-leader')
    // Records stay readable.
    await api.call('GET', '/copy/v1/leader/profit-share', leader.token, 200)
  })

  it('removing a follower answers the ended copy; a stranger copy is not found', async () => {
    const leader = await fundedUser(h, 100)
    await api.call('POST', '/copy/v1/leader/apply', leader.token, 200, { biz: 'spot' })
    const copier = await follower(h, leader.id)
    const other = await fundedUser(h, 100)
    await insertLeader(h, other.id)
    const stranger = await follower(h, other.id)
    await api.refused('DELETE', `/copy/v1/leader/followers/${stranger.copyId}`, leader.token, 404, 'not-found')
    await api.call('DELETE', `/copy/v1/leader/followers/${copier.copyId}`, leader.token, 200)
    expect(await walletOf(h, copier.id)).toBe('10000')
  })
})

describe('the document', () => {
  it('lists every leader operation, and each was exercised above', () => {
    const documented = leaderOperations(api.doc)
    expect(documented).toHaveLength(14)
    expect([...api.exercised].filter((op) => documented.includes(op)).sort()).toEqual(documented)
  })
})
