/**
 * Becoming and being a leader through the API: the checklist, applying (refusals per unmet
 * requirement, already a leader, applying again after cancelling), settings and profile
 * validation, 403 for non-leaders, cancelling the identity; and every leader operation of the
 * document exercised (trades and records in depth in their own files).
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { COPY } from '#/app.config.ts'
import {
  apiErrorSchema,
  LEADER_NICKNAME,
  leaderCancelResponseSchema,
  leaderRequirementsResponseSchema,
  myLeaderCentreResponseSchema,
  myLeaderProfileResponseSchema,
  PRESET_AVATARS,
  presetAvatarPath,
} from '#/contract/index.ts'
import { copies, leaders } from '#/exchange/db/copy-schema.ts'
import { users } from '#/exchange/db/schema.ts'
import { Money } from '#/exchange/money.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { leaderTrade } from '../engine.ts'
import {
  follower,
  fund,
  fundedUser,
  insertLeader,
  leaderOperations,
  makeCaller,
  walletOf,
  type Caller,
} from '#tests/fixtures/exchange/copy/lead-fixtures.ts'
import { backfillNicknameKeys, nicknameKey, nicknameWithId } from './nickname.ts'

let h: Harness
let api: Caller
beforeAll(async () => {
  h = await startHarness()
  api = await makeCaller(h)
})
afterAll(() => h.close())

const requirements = async (token: string) =>
  leaderRequirementsResponseSchema.parse(await api.call('GET', '/copy/v1/leader/requirements?biz=futures', token, 200))
    .data
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
    const error = await api.refused('POST', '/copy/v1/leader/apply', user.token, 409, 'leader-requirements', {
      biz: 'futures',
    })
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
    const error = await api.refused('POST', '/copy/v1/leader/apply', copier.token, 409, 'leader-requirements', {
      biz: 'spot',
    })
    expect(error.data?.fields.map((f) => f.path)).toEqual(['not-copying'])
  })

  it('a user holding an open position of their own: no-open-positions unmet', async () => {
    const user = await fundedUser(h, 1000)
    await insertLeader(h, user.id)
    await leaderTrade(h.context.db, h.context.rules, h.context.funding, {
      eventId: `${user.id}:setup`,
      leaderId: user.id,
      biz: 'futures',
      pairCode: 'ETH_USDT',
      price: new Money(3000),
      at: h.context.now(),
      action: { kind: 'open', side: 1, size: new Money('0.1'), leverage: 5 },
    })
    await h.context.db
      .update(leaders)
      .set({ status: 'cancelled', cancelledAt: h.context.now() })
      .where(eq(leaders.userId, user.id))
    const checklist = await requirements(user.token)
    expect(checklist).toMatchObject({ eligible: false, isLeader: false, leaderStatus: 'cancelled' })
    expect(checklist.requirements[2]).toEqual({ key: 'no-open-positions', met: false, current: '1', required: '0' })
    const error = await api.refused('POST', '/copy/v1/leader/apply', user.token, 409, 'leader-requirements', {
      biz: 'futures',
    })
    expect(error.data?.fields.map((f) => f.path)).toEqual(['no-open-positions'])
  })

  it('applies with the defaults, then refuses a second application', async () => {
    const user = await fundedUser(h, 100)
    const [account] = await h.context.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, user.id))
    const profile = myLeaderProfileResponseSchema.parse(
      await api.call('POST', '/copy/v1/leader/apply', user.token, 200, { biz: 'spot' }),
    ).data
    expect(profile).toEqual({
      leaderId: user.userId,
      biz: 'spot',
      nickname: Array.from(account?.nickname ?? '')
        .slice(0, 20)
        .join(''),
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
    const terms = {
      biz: 'futures',
      nickname: 'Steady Eddie',
      bio: 'Trend trades only.',
      profitShareRate: '0.15',
      maxFollowers: 20,
      minCopyAmount: '25',
      tags: ['steady', 'trend'],
      instruments: ['eth_usdt', 'BTC_USDT'],
    }
    const profile = myLeaderProfileResponseSchema.parse(
      await api.call('POST', '/copy/v1/leader/apply', user.token, 200, terms),
    ).data
    expect(profile).toMatchObject({ ...terms, instruments: ['BTC_USDT', 'ETH_USDT'] })
    await h.context.db
      .update(leaders)
      .set({ status: 'cancelled', cancelledAt: h.context.now() })
      .where(eq(leaders.userId, user.id))
    h.advance(60_000)
    const again = myLeaderProfileResponseSchema.parse(
      await api.call('POST', '/copy/v1/leader/apply', user.token, 200, { biz: 'spot', nickname: 'Eddie Again' }),
    ).data
    expect(again).toMatchObject({
      biz: 'spot',
      nickname: 'Eddie Again',
      status: 'open',
      profitShareRate: '0.1',
      tags: [],
      instruments: [],
      createdAt: h.context.now().getTime(),
    })
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
      [{ biz: 'futures', nickname: 'x', bio: 'b'.repeat(201) }, 'nickname'],
      [{ biz: 'futures', bio: 'b'.repeat(201) }, 'bio'],
      [{ biz: 'futures', tags: ['steady', 'trend', 'grid', 'swing'] }, 'tags'],
      [{ biz: 'futures', tags: ['no-such-tag'] }, 'tags.0'],
      [{ biz: 'futures', instruments: ['BTC_USDT', 'FOO_USDT'] }, 'instruments.1'],
      [{ biz: 'options' }, 'biz'],
    ]
    for (const [body, path] of cases) {
      const error = await api.refused('POST', '/copy/v1/leader/apply', user.token, 400, 'invalid-input', body)
      expect(
        error.data?.fields.map((f) => f.path),
        JSON.stringify(body),
      ).toContain(path)
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
    const settings = myLeaderProfileResponseSchema.parse(
      await api.call('GET', '/copy/v1/leader/settings', leader.token, 200),
    ).data
    expect(settings.followers).toBe(2)

    const rate = await api.refused('PUT', '/copy/v1/leader/settings', leader.token, 400, 'invalid-input', {
      profitShareRate: '0.3001',
    })
    expect(rate.data?.fields.map((f) => f.path)).toEqual(['profitShareRate'])
    const below = await api.refused('PUT', '/copy/v1/leader/settings', leader.token, 400, 'invalid-input', {
      maxFollowers: 1,
    })
    expect(below.data?.fields).toEqual([{ path: 'maxFollowers', issue: 'below the current followers (2)' }])
    await api.refused('PUT', '/copy/v1/leader/settings', leader.token, 400, 'invalid-input', { status: 'cancelled' })

    const updated = myLeaderProfileResponseSchema.parse(
      await api.call('PUT', '/copy/v1/leader/settings', leader.token, 200, {
        profitShareRate: '0.3',
        maxFollowers: 2,
        minCopyAmount: '100',
        status: 'paused',
        instruments: ['SOL_USDT'],
      }),
    ).data
    expect(updated).toMatchObject({
      profitShareRate: '0.3',
      maxFollowers: 2,
      minCopyAmount: '100',
      status: 'paused',
      instruments: ['SOL_USDT'],
      followers: 2,
    })
    // Only the given fields change.
    const again = myLeaderProfileResponseSchema.parse(
      await api.call('PUT', '/copy/v1/leader/settings', leader.token, 200, { status: 'open' }),
    ).data
    expect(again).toMatchObject({ ...updated, status: 'open' })
  })

  it('sets nickname, bio, tags and an avatar of the site; refuses any other avatar path', async () => {
    const leader = await fundedUser(h, 100)
    await api.call('POST', '/copy/v1/leader/apply', leader.token, 200, { biz: 'futures' })
    // Every picture in public/avatars is a simulated leader's face; one added later is free until a leader takes it.
    const info = {
      nickname: 'Calm Seas',
      bio: 'Low leverage.\nLong holds.',
      tags: ['conservative'],
      avatar: '/avatars/fresh-face.svg',
    }
    const profile = myLeaderProfileResponseSchema.parse(
      await api.call('PUT', '/copy/v1/leader/info', leader.token, 200, info),
    ).data
    expect(profile).toMatchObject(info)
    for (const avatar of [
      '/avatars/../secret.svg',
      'https://evil.test/a.svg',
      '/avatars/Calm.svg',
      '/avatars/calm.png',
      'javascript:alert(1)',
    ]) {
      const error = await api.refused('PUT', '/copy/v1/leader/info', leader.token, 400, 'invalid-input', { avatar })
      expect(error.data?.fields.map((f) => f.path)).toEqual(['avatar'])
    }
    const reset = myLeaderProfileResponseSchema.parse(
      await api.call('PUT', '/copy/v1/leader/info', leader.token, 200, { avatar: null }),
    ).data
    expect(reset).toMatchObject({ ...info, avatar: null })
  })

  it("keeps the pictures at the top of /avatars for their owners: another leader's is 409 'avatar-taken'", async () => {
    const [first, second] = [await fundedUser(h, 100), await fundedUser(h, 100)]
    await api.call('POST', '/copy/v1/leader/apply', first.token, 200, { biz: 'futures', nickname: 'Avatar One' })
    await api.call('POST', '/copy/v1/leader/apply', second.token, 200, { biz: 'futures', nickname: 'Avatar Two' })
    const simulated = await h.context.db
      .select({ avatar: leaders.avatar })
      .from(leaders)
      .where(and(eq(leaders.simulated, true), isNotNull(leaders.avatar)))
    expect(simulated.length).toBeGreaterThan(10)
    for (const { avatar } of simulated)
      await api.refused('PUT', '/copy/v1/leader/info', first.token, 409, 'avatar-taken', { avatar })
    // A free picture goes to the first leader who takes it, and is theirs from then on.
    await api.call('PUT', '/copy/v1/leader/info', first.token, 200, { avatar: '/avatars/first-come.svg' })
    await api.refused('PUT', '/copy/v1/leader/info', second.token, 409, 'avatar-taken', {
      avatar: '/avatars/first-come.svg',
      bio: 'unchanged on refusal',
    })
    const [row] = await h.context.db
      .select({ avatar: leaders.avatar, bio: leaders.bio })
      .from(leaders)
      .where(eq(leaders.userId, second.id))
    expect(row).toEqual({ avatar: null, bio: '' })
    // Setting one's own again is fine; the default avatar is everyone's, and its file means the default.
    await api.call('PUT', '/copy/v1/leader/info', first.token, 200, { avatar: '/avatars/first-come.svg' })
    for (const user of [first, second]) {
      const reset = myLeaderProfileResponseSchema.parse(
        await api.call('PUT', '/copy/v1/leader/info', user.token, 200, { avatar: '/avatars/default.svg' }),
      ).data
      expect(reset.avatar).toBeNull()
    }
    // Once given up, the picture is free again.
    await api.call('PUT', '/copy/v1/leader/info', second.token, 200, { avatar: '/avatars/first-come.svg' })
  })

  it("shares the presets: two leaders may show the same one, while a simulated leader's face stays refused", async () => {
    const [first, second] = [await fundedUser(h, 100), await fundedUser(h, 100)]
    await api.call('POST', '/copy/v1/leader/apply', first.token, 200, { biz: 'futures', nickname: 'Preset One' })
    await api.call('POST', '/copy/v1/leader/apply', second.token, 200, { biz: 'spot', nickname: 'Preset Two' })
    const preset = presetAvatarPath('orbit')
    for (const user of [first, second]) {
      const profile = myLeaderProfileResponseSchema.parse(
        await api.call('PUT', '/copy/v1/leader/info', user.token, 200, { avatar: preset }),
      ).data
      expect(profile.avatar).toBe(preset)
    }
    const rows = await h.context.db.select({ id: leaders.userId }).from(leaders).where(eq(leaders.avatar, preset))
    expect(rows.map((row) => row.id).sort()).toEqual([first.id, second.id].sort())
    // Every preset, by both.
    for (const avatar of PRESET_AVATARS) {
      await api.call('PUT', '/copy/v1/leader/info', first.token, 200, { avatar })
      await api.call('PUT', '/copy/v1/leader/info', second.token, 200, { avatar })
    }
    const [face] = await h.context.db
      .select({ avatar: leaders.avatar })
      .from(leaders)
      .where(and(eq(leaders.simulated, true), isNotNull(leaders.avatar)))
      .limit(1)
    await api.refused('PUT', '/copy/v1/leader/info', first.token, 409, 'avatar-taken', { avatar: face?.avatar })
    // Only the presets there are: the folder is no way around the rule or the site's files.
    for (const avatar of [
      '/avatars/presets/not-a-preset.svg',
      '/avatars/presets/../hyperion.svg',
      '/avatars/presets/orbit.png',
    ]) {
      const error = await api.refused('PUT', '/copy/v1/leader/info', first.token, 400, 'invalid-input', { avatar })
      expect(error.data?.fields.map((f) => f.path)).toEqual(['avatar'])
    }
  })

  it("answers 403 'not-leader' to a user who does not lead, 401 without a session", async () => {
    const user = await fundedUser(h, 0)
    await api.refused('GET', '/copy/v1/leader/settings', user.token, 403, 'not-leader')
    await api.refused('PUT', '/copy/v1/leader/settings', user.token, 403, 'not-leader', { maxFollowers: 5 })
    await api.refused('PUT', '/copy/v1/leader/info', user.token, 403, 'not-leader', { bio: 'hi' })
    await api.refused('DELETE', '/copy/v1/leader', user.token, 403, 'not-leader')
    await api.refused('GET', '/copy/v1/leader/followers', user.token, 403, 'not-leader')
    await api.refused('DELETE', '/copy/v1/leader/followers/1', user.token, 403, 'not-leader')
    await api.refused('POST', '/copy/v1/leader/orders', user.token, 403, 'not-leader', {
      clientOrderId: 'a1',
      pairCode: 'BTC_USDT',
      side: 'long',
      size: '0.001',
    })
    await api.refused('POST', '/copy/v1/leader/positions/1/add', user.token, 403, 'not-leader', {
      clientOrderId: 'a2',
      size: '0.001',
    })
    await api.refused('POST', '/copy/v1/leader/positions/1/close', user.token, 403, 'not-leader', {
      clientOrderId: 'a3',
    })
    await api.refused('GET', '/copy/v1/leader/profit-share', user.token, 403, 'not-leader')
    await api.refused('GET', '/copy/v1/leader/profit-share/details', user.token, 403, 'not-leader')
    await api.refused('GET', '/copy/v1/leader/requirements', undefined, 401, 'unauthorized')
    const centre = myLeaderCentreResponseSchema.parse(
      await api.call('GET', '/copy/v1/leader/summary', user.token, 200),
    ).data
    expect(centre).toEqual({
      isLeader: false,
      status: null,
      biz: null,
      nickname: null,
      avatar: null,
      followers: 0,
      aum: '0',
      profitShareAccumulated: '0',
      profitShareToday: '0',
    })
  })
})

describe('leader nicknames', () => {
  const apply = (user: { token: string }, nickname?: string) =>
    h.api('POST', '/copy/v1/leader/apply', {
      token: user.token,
      body: { biz: 'futures', ...(nickname !== undefined && { nickname }) },
    })

  it("are unique as people read them: letter case, full-width forms and spacing make no new name (409 'nickname-taken')", async () => {
    // DeltaDan is a seeded simulated leader, among the most copied.
    for (const nickname of ['DeltaDan', 'deltadan', 'DELTADAN', 'ＤｅｌｔａＤａｎ', '  DeltaDan  ']) {
      const user = await fundedUser(h, 100)
      await api.refused('POST', '/copy/v1/leader/apply', user.token, 409, 'nickname-taken', {
        biz: 'futures',
        nickname,
      })
      expect((await requirements(user.token)).isLeader).toBe(false)
    }
    const leader = await fundedUser(h, 100)
    await api.call('POST', '/copy/v1/leader/apply', leader.token, 200, { biz: 'futures', nickname: 'Straße Trader' })
    const other = await fundedUser(h, 100)
    await api.refused('PUT', '/copy/v1/leader/info', leader.token, 409, 'nickname-taken', { nickname: 'deltaDAN' })
    for (const nickname of ['STRASSE TRADER', 'strasse  trader'])
      await api.refused('POST', '/copy/v1/leader/apply', other.token, 409, 'nickname-taken', {
        biz: 'futures',
        nickname,
      })
    // The holder may write their own name another way.
    const renamed = myLeaderProfileResponseSchema.parse(
      await api.call('PUT', '/copy/v1/leader/info', leader.token, 200, { nickname: 'STRASSE Trader' }),
    ).data
    expect(renamed.nickname).toBe('STRASSE Trader')
    // A cancelled leader keeps the name: they may lead again under it.
    await h.context.db
      .update(leaders)
      .set({ status: 'cancelled', cancelledAt: h.context.now() })
      .where(eq(leaders.userId, leader.id))
    await api.refused('POST', '/copy/v1/leader/apply', other.token, 409, 'nickname-taken', {
      biz: 'futures',
      nickname: 'Strasse Trader',
    })
    await api.call('POST', '/copy/v1/leader/apply', leader.token, 200, { biz: 'futures', nickname: 'Strasse Trader' })
  })

  it('two users racing for one name: one gets it, the other 409', async () => {
    const [a, b] = [await fundedUser(h, 100), await fundedUser(h, 100)]
    const results = await Promise.all([apply(a, 'Photo Finish'), apply(b, 'PHOTO FINISH')])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    expect(results.map((r) => (r.status === 409 ? apiErrorSchema.parse(r.body).reason : 'ok')).sort()).toEqual([
      'nickname-taken',
      'ok',
    ])
  })

  it("refuses hidden, control and invisible characters and blank names with 400 'nickname-invalid'", async () => {
    const user = await fundedUser(h, 100)
    const hidden = [
      '\u202eDeltaDan',
      '\u200b\u200b',
      'Delta\u200bDan',
      'Delta\u200dDan',
      '\u200e\u200fab',
      '\u202aab\u202c',
      '\u2066ab\u2069',
      'Delta\ufeffDan',
      'ab\u2028cd',
      '\u3164\u3164',
      'ab\u0000',
      'ab\u001b[31m',
      '   ',
      ' x ',
      '\u0301\u0301\u0301',
    ]
    for (const nickname of hidden) {
      const error = await api.refused('POST', '/copy/v1/leader/apply', user.token, 400, 'nickname-invalid', {
        biz: 'futures',
        nickname,
      })
      expect(error.data?.fields, JSON.stringify(nickname)).toHaveLength(1)
      expect(error.data?.fields[0]?.path).toBe('nickname')
    }
    await api.call('POST', '/copy/v1/leader/apply', user.token, 200, { biz: 'futures', nickname: '  Quiet Trader  ' })
    for (const nickname of hidden)
      await api.refused('PUT', '/copy/v1/leader/info', user.token, 400, 'nickname-invalid', { nickname })
    // Names in any script, with accents and emoji, are welcome; the stored name is trimmed.
    for (const nickname of ['龙虎量化二号', 'Ölçülü Yatırım', 'José 🚀', 'サトシ の 弟子']) {
      expect(
        myLeaderProfileResponseSchema.parse(
          await api.call('PUT', '/copy/v1/leader/info', user.token, 200, { nickname }),
        ).data.nickname,
      ).toBe(nickname)
    }
    const [row] = await h.context.db
      .select({ nickname: leaders.nickname })
      .from(leaders)
      .where(eq(leaders.userId, user.id))
    expect(row?.nickname).toBe('サトシ の 弟子')
  })

  it("the default nickname of a leader who chose none gets the user's id when another leader holds it", async () => {
    const [a, b] = [await fundedUser(h, 100), await fundedUser(h, 100)]
    await h.context.db
      .update(users)
      .set({ nickname: 'Same Name' })
      .where(inArray(users.id, [a.id, b.id]))
    expect(
      myLeaderProfileResponseSchema.parse(
        await api.call('POST', '/copy/v1/leader/apply', a.token, 200, { biz: 'futures' }),
      ).data.nickname,
    ).toBe('Same Name')
    expect(
      myLeaderProfileResponseSchema.parse(
        await api.call('POST', '/copy/v1/leader/apply', b.token, 200, { biz: 'futures' }),
      ).data.nickname,
    ).toBe(`Same Name-${b.id}`)
  })

  it('every seeded simulated leader and wallet has its own key', async () => {
    const rows = await h.context.db
      .select({ nickname: leaders.nickname, key: leaders.nicknameKey })
      .from(leaders)
      .where(eq(leaders.simulated, true))
    expect(rows).toHaveLength(46 + 18)
    expect(rows.every((row) => row.key === nicknameKey(row.nickname))).toBe(true)
  })

  it('leaders written before the key existed get one at start-up; an impostor and a hidden-character name are renamed', async () => {
    const [impostor, hiddenName, twin, plain] = [
      await fundedUser(h, 0),
      await fundedUser(h, 0),
      await fundedUser(h, 0),
      await fundedUser(h, 0),
    ]
    const row = (userId: number, nickname: string) => ({
      userId,
      biz: 'futures' as const,
      strategy: 'user',
      nickname,
      profitShareRate: '0.1',
      maxFollowers: 10,
      minCopyAmount: '10',
      createdAt: h.context.now(),
    })
    await h.context.db
      .insert(leaders)
      .values([
        row(impostor.id, '\u202eHyperion'),
        row(hiddenName.id, '\u200b\u200b'),
        row(twin.id, 'Backfill Twin'),
        row(plain.id, 'backfill twin'),
      ])
    expect(await backfillNicknameKeys(h.context.db)).toBeGreaterThanOrEqual(4)
    const after = await h.context.db
      .select({ userId: leaders.userId, nickname: leaders.nickname, key: leaders.nicknameKey })
      .from(leaders)
      .where(inArray(leaders.userId, [impostor.id, hiddenName.id, twin.id, plain.id]))
    const nameOf = (userId: number) => after.find((r) => r.userId === userId)?.nickname
    expect(nameOf(impostor.id)).toBe(`Hyperion-${impostor.id}`)
    expect(nameOf(hiddenName.id)).toBe(`leader-${hiddenName.id}`)
    expect(nameOf(twin.id)).toBe('Backfill Twin')
    expect(nameOf(plain.id)).toBe(nicknameWithId('backfill twin', plain.id))
    expect(nameOf(plain.id)).toHaveLength(LEADER_NICKNAME.max)
    expect(after.every((r) => r.key === nicknameKey(r.nickname))).toBe(true)
    expect(await backfillNicknameKeys(h.context.db)).toBe(0)
  })
})

describe('cancelling the leader identity', () => {
  it('is refused while the leader holds open positions; then ends every copy and refunds the followers', async () => {
    const leader = await fundedUser(h, 10_000)
    await api.call('POST', '/copy/v1/leader/apply', leader.token, 200, { biz: 'futures', nickname: 'Short Lived' })
    const copier = await follower(h, leader.id, { wallet: '2000', invest: '1000', fixedAmount: '100' })
    const opened = await api.call('POST', '/copy/v1/leader/orders', leader.token, 200, {
      clientOrderId: 'c1',
      pairCode: 'ETH_USDT',
      side: 'short',
      size: '0.1',
      leverage: 5,
    })
    const positionId = z.object({ data: z.object({ position: z.object({ positionId: z.string() }) }) }).parse(opened)
      .data.position.positionId
    await api.call('POST', `/copy/v1/leader/positions/${positionId}/add`, leader.token, 200, {
      clientOrderId: 'c2',
      size: '0.1',
    })
    await api.refused('DELETE', '/copy/v1/leader', leader.token, 409, 'forbidden')
    await api.call('POST', `/copy/v1/leader/positions/${positionId}/close`, leader.token, 200, { clientOrderId: 'c3' })

    const centre = myLeaderCentreResponseSchema.parse(
      await api.call('GET', '/copy/v1/leader/summary', leader.token, 200),
    ).data
    expect(centre).toMatchObject({
      isLeader: true,
      status: 'open',
      biz: 'futures',
      nickname: 'Short Lived',
      followers: 1,
    })
    const [copy] = await h.context.db.select().from(copies).where(eq(copies.id, copier.copyId))
    // The copy opened and closed at the same mark: it holds its investment less two fees, all of it now free.
    expect(centre.aum).toBe(new Money(copy?.balance ?? '0').toFixed())
    expect(new Money(centre.aum).lt(1000)).toBe(true)
    await api.call('GET', '/copy/v1/leader/followers', leader.token, 200)
    await api.call('GET', '/copy/v1/leader/profit-share', leader.token, 200)
    await api.call('GET', '/copy/v1/leader/profit-share/details', leader.token, 200)

    const cancelled = leaderCancelResponseSchema.parse(
      await api.call('DELETE', '/copy/v1/leader', leader.token, 200),
    ).data
    expect(cancelled).toEqual({ endedCopies: 1 })
    const [ended] = await h.context.db.select().from(copies).where(eq(copies.id, copier.copyId))
    expect(ended).toMatchObject({ status: 'cancelled', endReason: 'leader-cancelled', balance: '0.000000000000000000' })
    expect(await walletOf(h, copier.id)).toBe(new Money(1000).plus(copy?.balance ?? '0').toFixed())
    expect(await requirements(leader.token)).toMatchObject({
      isLeader: false,
      leaderStatus: 'cancelled',
      eligible: true,
    })
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
