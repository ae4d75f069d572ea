/**
 * The public reads of copy trading through the API: the leader list (filters, every sort both
 * ways, paging, bad queries), a leader's detail anonymous and signed in, statistics and series,
 * positions at the mark, history, masked followers, the overview and the on-chain wallets.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  apiErrorSchema,
  chainWalletDetailResponseSchema,
  chainWalletPageResponseSchema,
  copyOverviewResponseSchema,
  leaderDetailResponseSchema,
  leaderFollowersResponseSchema,
  leaderPageResponseSchema,
  leaderPositionsResponseSchema,
  leaderStatsResponseSchema,
  positionPageResponseSchema,
  type LeaderSummary,
} from '#/contract/index.ts'
import { chainWallets, leaderVotes, leaderWatches } from '#/exchange/db/copy-schema.ts'
import { users } from '#/exchange/db/schema.ts'
import { Money, toPlain } from '#/exchange/money.ts'
import { startHarness, type Harness, type TestUser } from '#tests/fixtures/exchange/harness.ts'
import { openApiCheck, type OpenApiCheck } from '#tests/fixtures/exchange/openapi-check.ts'
import { deposit, leaderTrade } from '../engine.ts'
import type { LeaderOrder } from '../mirror.ts'
import { utcDay } from '../statistics.ts'
import {
  addCopiedPosition,
  addCopy,
  addDays,
  caller,
  clearCopyTrading,
  DAY_MS,
  makeLeader,
  type TestLeader,
} from '#tests/fixtures/exchange/copy/read-fixtures.ts'

let h: Harness
let doc: OpenApiCheck
const exercised = new Set<string>()
let get: ReturnType<typeof caller>
let A: TestLeader, B: TestLeader, C: TestLeader, D: TestLeader, E: TestLeader, W1: TestLeader, W2: TestLeader
let X: TestUser, Y: TestUser, Z: TestUser, X2: TestUser
let yCopy = 0
let x2Since = 0
const W2_ADDRESS = '0x2513ae690b93ad5d962e05a911e42b032080a5a2'

beforeAll(async () => {
  h = await startHarness()
  doc = openApiCheck((await h.api('GET', '/openapi.json')).body)
  get = caller(h, () => doc, exercised)
  await clearCopyTrading(h)
  A = await makeLeader(h, {
    nickname: 'AlphaWolf',
    tags: ['steady', 'btc-focus'],
    createdDaysAgo: 40,
    stats: {
      '30d': {
        roi: '0.5',
        pnl: '5000',
        copierPnl: '300',
        aum: '10000',
        copiers: 3,
        winRate: '0.6',
        weightedWinRate: '0.45',
        maxDrawdown: '0.1',
        trades: 6,
      },
      '7d': { roi: '0.1' },
    },
  })
  B = await makeLeader(h, {
    nickname: 'BetaBear',
    tags: ['aggressive'],
    createdDaysAgo: 30,
    stats: {
      '30d': {
        roi: '0.2',
        pnl: '8000',
        copierPnl: '100',
        aum: '50000',
        copiers: 7,
        winRate: '0.8',
        maxDrawdown: '0.3',
      },
      '7d': { roi: '0.9' },
    },
  })
  C = await makeLeader(h, {
    nickname: 'GammaRay',
    status: 'paused',
    tags: ['grid', 'steady'],
    createdDaysAgo: 20,
    stats: {
      '30d': {
        roi: '-0.1',
        pnl: '-500',
        copierPnl: '-50',
        aum: '2000',
        copiers: 1,
        winRate: '0.4',
        maxDrawdown: '0.05',
        trades: 5,
      },
    },
  })
  D = await makeLeader(h, { nickname: 'DeltaDawn', maxFollowers: 1, createdDaysAgo: 10 })
  E = await makeLeader(h, {
    nickname: 'EchoGone',
    status: 'cancelled',
    createdDaysAgo: 5,
    stats: { '30d': { roi: '9' } },
  })
  await makeLeader(h, { nickname: 'SpotFox', biz: 'spot', createdDaysAgo: 15, stats: { '30d': { roi: '0.3' } } })
  W1 = await makeLeader(h, {
    nickname: 'WhaleOne',
    kind: 'wallet',
    biz: 'spot',
    createdDaysAgo: 50,
    stats: { '30d': { roi: '0.05' } },
  })
  W2 = await makeLeader(h, {
    nickname: 'WhaleTwo',
    kind: 'wallet',
    biz: 'spot',
    createdDaysAgo: 50,
    stats: { '30d': { roi: '0.4' } },
  })
  await h.context.db.insert(chainWallets).values([
    {
      leaderId: W1.id,
      chain: 'ethereum',
      address: '0x6d964291225f605ace427b0be40163abc612f65d',
      label: 'Smart money: ICO-era ETH whale',
    },
    { leaderId: W2.id, chain: 'solana', address: W2_ADDRESS, label: 'Bot: MEV searcher' },
  ])
  ;[X, Y, Z, X2] = [await h.registerUser(), await h.registerUser(), await h.registerUser(), await h.registerUser()]
  await h.context.db
    .update(users)
    .set({ nickname: 'Zephyr' })
    .where(eq(users.id, Number(X2.userId)))
  yCopy = await addCopy(h, Number(Y.userId), A.id, 'paused')
  x2Since = h.context.now().getTime() - DAY_MS
  const x2Copy = await addCopy(h, Number(X2.userId), A.id, 'active', {
    investment: '500',
    createdAt: new Date(x2Since),
  })
  await addCopiedPosition(h, x2Copy, Number(X2.userId), {
    status: 'closed',
    margin: '0',
    realizedPnl: '20',
    fees: '1',
    funding: '-0.5',
  })
  const zCopy = await addCopy(h, Number(Z.userId), D.id, 'active', { balance: '300' })
  await addCopiedPosition(h, zCopy, Number(Z.userId), {
    status: 'open',
    margin: '40',
    realizedPnl: '0',
    fees: '0',
    funding: '0',
  })
  const now = h.context.now()
  await h.context.db
    .insert(leaderVotes)
    .values(
      [1, 1, -1].map((vote, i) => ({ userId: Number([X, Y, Z][i]?.userId), leaderId: A.id, vote, updatedAt: now })),
    )
  await h.context.db.insert(leaderWatches).values({ userId: Number(X.userId), leaderId: A.id, createdAt: now })
  await addDays(h, A.id, [
    [45, '900', '90'],
    [5, '1000', '100'],
    [4, '1100', '-55'],
  ])
  await addDays(h, C.id, [[3, '2000', '20']])
  await addDays(
    h,
    B.id,
    Array.from({ length: 120 }, (_, i) => [120 - i, '1000', '1'] as const),
  )
})
afterAll(() => h.close())

const names = (list: readonly LeaderSummary[]) => list.map((leader) => leader.nickname)
const leaderList = async (query: string) => leaderPageResponseSchema.parse(await get(`/copy/v1/leaders${query}`)).data
const reason = async (path: string, status: number) => apiErrorSchema.parse(await get(path, { status })).reason
const ALL = ['AlphaWolf', 'BetaBear', 'DeltaDawn', 'GammaRay']

describe('the leader list', () => {
  it('lists open and paused lead traders of futures, 30-day statistics, best ROI first', async () => {
    const page = await leaderList('')
    expect({ names: names(page.list), total: page.total, page: page.page, pageSize: page.pageSize }).toEqual({
      names: ALL,
      total: 4,
      page: 1,
      pageSize: 20,
    })
    const [alpha] = page.list
    expect(alpha).toMatchObject({
      leaderId: String(A.id),
      kind: 'trader',
      biz: 'futures',
      status: 'open',
      tags: ['steady', 'btc-focus'],
      profitShareRate: '0.1',
      minCopyAmount: '50',
      maxFollowers: 10,
    })
    // One paused copy and one active copy hold two of ten slots.
    expect(alpha?.slotsLeft).toBe(8)
    expect(alpha?.createdAt).toBe(h.context.now().getTime() - 40 * DAY_MS)
    expect(alpha?.stats).toEqual({
      period: '30d',
      roi: '0.5',
      pnl: '5000',
      winRate: '0.6',
      weightedWinRate: '0.45',
      maxDrawdown: '0.1',
      sharpe: '1.5',
      tradesPerWeek: '3.5',
      avgHoldingMinutes: '90',
      preferredCoins: ['BTC', 'ETH'],
      aum: '10000',
      followers: 5,
      copiers: 3,
      copierPnl: '300',
    })
    // Days 5 and 4 ago: +10 % then -5 % → 1.1 × 0.95 - 1 = 0.045; the day 45 days ago is outside 30d.
    expect(alpha?.sparkline).toEqual(['0.1', '0.045'])
    const delta = page.list.find((leader) => leader.nickname === 'DeltaDawn')
    expect({
      slotsLeft: delta?.slotsLeft,
      stats: delta?.stats.roi,
      coins: delta?.stats.preferredCoins,
      sparkline: delta?.sparkline,
    }).toEqual({ slotsLeft: 0, stats: '0', coins: [], sparkline: [] })
  })

  it('orders by every sort key, both ways', async () => {
    // Risk figures rank only leaders with 5 trades in 30 days and equity to take copiers (AlphaWolf, GammaRay); the
    // others follow them, in the same order (reversed: each group reversed).
    const expected: Record<string, { order: 'asc' | 'desc'; names: string[]; reversed?: string[] }> = {
      roi: { order: 'desc', names: ['AlphaWolf', 'BetaBear', 'DeltaDawn', 'GammaRay'] },
      pnl: { order: 'desc', names: ['BetaBear', 'AlphaWolf', 'DeltaDawn', 'GammaRay'] },
      copierPnl: { order: 'desc', names: ['AlphaWolf', 'BetaBear', 'DeltaDawn', 'GammaRay'] },
      aum: { order: 'desc', names: ['BetaBear', 'AlphaWolf', 'GammaRay', 'DeltaDawn'] },
      followers: { order: 'desc', names: ['BetaBear', 'AlphaWolf', 'GammaRay', 'DeltaDawn'] },
      winRate: {
        order: 'desc',
        names: ['AlphaWolf', 'GammaRay', 'BetaBear', 'DeltaDawn'],
        reversed: ['GammaRay', 'AlphaWolf', 'DeltaDawn', 'BetaBear'],
      },
      drawdown: {
        order: 'asc',
        names: ['GammaRay', 'AlphaWolf', 'DeltaDawn', 'BetaBear'],
        reversed: ['AlphaWolf', 'GammaRay', 'BetaBear', 'DeltaDawn'],
      },
      newest: { order: 'desc', names: ['DeltaDawn', 'GammaRay', 'BetaBear', 'AlphaWolf'] },
    }
    for (const [sort, { order, names: sorted, reversed }] of Object.entries(expected)) {
      expect(names((await leaderList(`?sort=${sort}`)).list), sort).toEqual(sorted)
      expect(names((await leaderList(`?sort=${sort}&order=${order}`)).list), sort).toEqual(sorted)
      expect(names((await leaderList(`?sort=${sort}&order=${order === 'asc' ? 'desc' : 'asc'}`)).list), sort).toEqual(
        reversed ?? [...sorted].reverse(),
      )
    }
  })

  it('reads the statistics and sparkline of the requested period', async () => {
    const week = await leaderList('?period=7d')
    // No 7d row for GammaRay and DeltaDawn: zeros, ties by id.
    expect(names(week.list)).toEqual(['BetaBear', 'AlphaWolf', 'GammaRay', 'DeltaDawn'])
    expect(week.list[0]?.stats).toMatchObject({ period: '7d', roi: '0.9' })
    const all = await leaderList('?period=all&sort=newest&order=asc')
    // 1.1 × 1.1 = 1.21, × 0.95 = 1.1495.
    expect(all.list[0]?.sparkline).toEqual(['0.1', '0.21', '0.1495'])
  })

  it('narrows the list with each filter', async () => {
    const cases: Record<string, string[]> = {
      '?minRoi=0.1': ['AlphaWolf', 'BetaBear'],
      '?minRoi=-0.05': ['AlphaWolf', 'BetaBear', 'DeltaDawn'],
      '?maxDrawdown=0.1': ['AlphaWolf', 'DeltaDawn', 'GammaRay'],
      '?minAum=5000': ['AlphaWolf', 'BetaBear'],
      '?tags=steady': ['AlphaWolf', 'GammaRay'],
      '?tags=aggressive,grid': ['BetaBear', 'GammaRay'],
      '?hasSlots=false': ['DeltaDawn'],
      '?hasSlots=true': ['AlphaWolf', 'BetaBear', 'GammaRay'],
      '?q=WOLF': ['AlphaWolf'],
      '?q=a&tags=steady&minRoi=0': ['AlphaWolf'],
      '?q=echo': [],
      '?biz=spot': ['SpotFox'],
      '?kind=wallet&biz=spot': ['WhaleTwo', 'WhaleOne'],
    }
    for (const [query, expected] of Object.entries(cases)) {
      const page = await leaderList(query)
      expect({ names: names(page.list), total: page.total }, query).toEqual({ names: expected, total: expected.length })
    }
  })

  it('pages with the total', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => leaderList(`?pageSize=2&page=${page}`)))
    expect(pages.map((p) => ({ names: names(p.list), total: p.total, page: p.page, pageSize: p.pageSize }))).toEqual([
      { names: ['AlphaWolf', 'BetaBear'], total: 4, page: 1, pageSize: 2 },
      { names: ['DeltaDawn', 'GammaRay'], total: 4, page: 2, pageSize: 2 },
      { names: [], total: 4, page: 3, pageSize: 2 },
    ])
  })

  it('refuses a bad query value with 400', async () => {
    const bad = [
      'period=1y',
      'sort=followerz',
      'order=up',
      'pageSize=0',
      'pageSize=101',
      'page=0',
      'minRoi=abc',
      'maxDrawdown=-0.1',
      'minAum=1e5',
      'hasSlots=yes',
      'biz=options',
      'kind=bot',
      `q=${'x'.repeat(41)}`,
      'tags=Bad%20Tag',
    ]
    for (const query of bad) expect(await reason(`/copy/v1/leaders?${query}`, 400), query).toBe('invalid-input')
  })
})

describe("a leader's detail", () => {
  const detail = async (leader: TestLeader, token?: string, query = '') =>
    leaderDetailResponseSchema.parse(await get(`/copy/v1/leaders/${leader.id}${query}`, { token })).data
  const refusal = async (leader: TestLeader, user: TestUser) => (await detail(leader, user.token)).canFollow

  it('anonymous: the card, votes, and sign in to follow', async () => {
    const alpha = await detail(A)
    expect(alpha).toMatchObject({
      nickname: 'AlphaWolf',
      likes: 2,
      dislikes: 1,
      myVote: null,
      watched: null,
      myCopy: null,
      canFollow: { ok: false, reason: 'login' },
    })
    expect(alpha.stats.roi).toBe('0.5')
    expect(alpha.sparkline).toEqual(['0.1', '0.045'])
    expect((await detail(A, undefined, '?period=7d')).stats).toMatchObject({ period: '7d', roi: '0.1' })
  })

  it('signed in: my vote, my watch, my copy, and whether I may follow', async () => {
    expect(await detail(A, X.token)).toMatchObject({
      myVote: 1,
      watched: true,
      myCopy: null,
      canFollow: { ok: true, reason: null },
    })
    expect(await detail(A, Z.token)).toMatchObject({
      myVote: -1,
      watched: false,
      myCopy: null,
      canFollow: { ok: true, reason: null },
    })
    expect(await detail(B, X.token)).toMatchObject({ myVote: 0, watched: false })
    expect(await detail(A, Y.token)).toMatchObject({
      myCopy: { copyId: String(yCopy), status: 'paused' },
      canFollow: { ok: false, reason: 'already-copying' },
    })
    expect(await refusal(A, A)).toEqual({ ok: false, reason: 'follow-self' })
    expect(await refusal(D, X)).toEqual({ ok: false, reason: 'leader-full' })
    expect(await refusal(C, X)).toEqual({ ok: false, reason: 'leader-paused' })
    expect(await refusal(A, B)).toEqual({ ok: false, reason: 'follow-while-leading' })
    // A cancelled leader leads no more.
    expect(await refusal(A, E)).toEqual({ ok: true, reason: null })
  })

  it('404 for an unknown or cancelled leader, on every leader call; 400 for a malformed id', async () => {
    for (const suffix of ['', '/stats', '/positions', '/history', '/followers']) {
      expect(await reason(`/copy/v1/leaders/999999999${suffix}`, 404)).toBe('not-found')
      expect(await reason(`/copy/v1/leaders/${E.id}${suffix}`, 404)).toBe('not-found')
      expect(await reason(`/copy/v1/leaders/abc${suffix}`, 400)).toBe('invalid-input')
    }
  })
})

describe("a leader's statistics", () => {
  const stats = async (leader: TestLeader, query: string) =>
    leaderStatsResponseSchema.parse(await get(`/copy/v1/leaders/${leader.id}/stats${query}`)).data
  const day = (daysAgo: number) => utcDay(h.context.now().getTime() - daysAgo * DAY_MS)

  it('every statistic of the period and the daily series', async () => {
    const alpha = await stats(A, '?period=30d')
    expect(alpha).toMatchObject({
      period: '30d',
      roi: '0.5',
      pnl: '5000',
      sharpe: '1.5',
      tradesPerWeek: '3.5',
      avgHoldingMinutes: '90',
      followers: 5,
      copiers: 3,
    })
    expect(alpha.series).toEqual([
      { day: day(5), roi: '0.1', pnl: '100', dailyPnl: '100' },
      { day: day(4), roi: '0.045', pnl: '45', dailyPnl: '-55' },
    ])
    expect((await stats(A, '?period=all')).series.map((point) => point.roi)).toEqual(['0.1', '0.21', '0.1495'])
    expect(await stats(D, '')).toMatchObject({ period: '30d', roi: '0', preferredCoins: [], series: [] })
    expect(await reason(`/copy/v1/leaders/${A.id}/stats?period=1y`, 400)).toBe('invalid-input')
  })

  it('period all: every day in the series, at most 90 sparkline points from the first to the last', async () => {
    const { series } = await stats(B, '?period=all')
    expect(series).toHaveLength(120)
    const card = (await leaderList('?period=all&q=beta')).list[0]
    expect(card?.nickname).toBe('BetaBear')
    expect(card?.sparkline).toHaveLength(90)
    expect([card?.sparkline[0], card?.sparkline.at(-1)]).toEqual([series[0]?.roi, series.at(-1)?.roi])
  })
})

describe("a leader's positions, history and followers", () => {
  const order = (eventId: string, pairCode: string, price: string, action: LeaderOrder['action']): LeaderOrder => {
    h.advance(60_000)
    return { eventId, leaderId: A.id, biz: 'futures', pairCode, price: new Money(price), at: h.context.now(), action }
  }
  const positionIds: number[] = []

  it('open positions at the mark: unrealized PnL and roe', async () => {
    await h.context.db.transaction((tx) => deposit(tx, A.id, 'USDT', new Money(10_000), h.context.now()))
    for (const o of [
      order('A:btc', 'BTC_USDT', '50000', { kind: 'open', side: 1, size: new Money('0.01'), leverage: 10 }),
      order('A:eth', 'ETH_USDT', '2000', { kind: 'open', side: -1, size: new Money('0.5'), leverage: 5 }),
    ]) {
      const result = await leaderTrade(h.context.db, h.context.rules, h.context.funding, o)
      positionIds.push(result?.position.id ?? 0)
    }
    const open = leaderPositionsResponseSchema.parse(await get(`/copy/v1/leaders/${A.id}/positions`)).data
    const expected = (pair: string, entry: string, size: string, side: 1 | -1, margin: string) => {
      const mark = new Money(h.context.market.mark(pair) ?? 'NaN')
      const pnl = mark.minus(entry).times(size).times(side).toDecimalPlaces(18, Money.ROUND_HALF_UP)
      return {
        pairCode: pair,
        markPrice: toPlain(mark),
        unrealizedPnl: toPlain(pnl),
        roe: toPlain(pnl.div(margin).toDecimalPlaces(10, Money.ROUND_HALF_UP)),
        margin,
        entryPrice: entry,
        size,
        status: 'open',
      }
    }
    expect(open).toMatchObject([
      expected('ETH_USDT', '2000', '0.5', -1, '200'),
      expected('BTC_USDT', '50000', '0.01', 1, '50'),
    ])
    expect(open.map((p) => [p.side, p.leverage, p.fees, p.exitPrice, p.closedAt])).toEqual([
      ['short', 5, '0.5', null, null],
      ['long', 10, '0.25', null, null],
    ])
    expect(open[1]?.liquidationPrice).not.toBeNull()
  })

  it('closed positions newest first, roe on the margin at open', async () => {
    await leaderTrade(
      h.context.db,
      h.context.rules,
      h.context.funding,
      order('A:btc:close', 'BTC_USDT', '51000', { kind: 'close', positionId: positionIds[0] ?? 0 }),
    )
    await leaderTrade(
      h.context.db,
      h.context.rules,
      h.context.funding,
      order('A:eth:close', 'ETH_USDT', '1900', { kind: 'close', positionId: positionIds[1] ?? 0 }),
    )
    const history = positionPageResponseSchema.parse(await get(`/copy/v1/leaders/${A.id}/history`)).data
    expect(history.total).toBe(2)
    // ETH short 2000 → 1900 on 0.5: +50 on a 200 margin; BTC long 50000 → 51000 on 0.01: +10 on 50.
    expect(
      history.list.map((p) => [
        p.pairCode,
        p.realizedPnl,
        p.roe,
        p.margin,
        p.size,
        p.closedSize,
        p.exitPrice,
        p.markPrice,
        p.unrealizedPnl,
        p.closeReason,
      ]),
    ).toEqual([
      ['ETH_USDT', '50', '0.25', '0', '0', '0.5', '1900', null, null, 'leader'],
      ['BTC_USDT', '10', '0.2', '0', '0', '0.01', '51000', null, null, 'leader'],
    ])
    expect(history.list[1]?.fees).toBe('0.505')
    const second = positionPageResponseSchema.parse(
      await get(`/copy/v1/leaders/${A.id}/history?pageSize=1&page=2`),
    ).data
    expect({ ids: second.list.map((p) => p.pairCode), total: second.total }).toEqual({ ids: ['BTC_USDT'], total: 2 })
    expect(leaderPositionsResponseSchema.parse(await get(`/copy/v1/leaders/${A.id}/positions`)).data).toEqual([])
    expect(await reason(`/copy/v1/leaders/${A.id}/history?pageSize=101`, 400)).toBe('invalid-input')
  })

  it('current copiers with a masked nickname, never the account', async () => {
    const result = await get(`/copy/v1/leaders/${A.id}/followers`)
    const followers = leaderFollowersResponseSchema.parse(result).data
    // The paused copy is not copying now; the active one made 20 − 1 fees − 0.5 funding.
    expect(followers).toEqual({
      list: [{ nickname: 'Z***r', since: x2Since, investment: '500', pnl: '18.5' }],
      total: 1,
      page: 1,
      pageSize: 20,
    })
    const delta = JSON.stringify(await get(`/copy/v1/leaders/${D.id}/followers?pageSize=5`))
    expect(delta).not.toContain('@')
    expect(delta).not.toContain(Z.account)
    expect(
      leaderFollowersResponseSchema.parse(await get(`/copy/v1/leaders/${A.id}/followers?page=2&pageSize=1`)).data,
    ).toMatchObject({ list: [], total: 1 })
  })
})

describe('the overview', () => {
  it('platform figures and the top five per category', async () => {
    const overview = copyOverviewResponseSchema.parse(await get('/copy/v1/overview')).data
    // Traders A, B, C, D and SpotFox; copiers X2 and Z; X2's 18.5; Z's copy: 300 free + 40 margin.
    expect({
      leaders: overview.leaders,
      copiers: overview.copiers,
      copierPnl: overview.copierPnl,
      aum: overview.aum,
    }).toEqual({ leaders: 5, copiers: 2, copierPnl: '18.5', aum: '340' })
    expect(Object.fromEntries(Object.entries(overview.top).map(([key, list]) => [key, names(list)]))).toEqual({
      highestRoi: ['AlphaWolf', 'BetaBear', 'DeltaDawn', 'GammaRay'],
      bestCopierPnl: ['AlphaWolf', 'BetaBear', 'DeltaDawn', 'GammaRay'],
      largestAum: ['BetaBear', 'AlphaWolf', 'GammaRay', 'DeltaDawn'],
      // At least 5 trades in 30 days: GammaRay (5) and AlphaWolf (6), lowest drawdown first.
      steadiest: ['GammaRay', 'AlphaWolf'],
      newest: ['DeltaDawn', 'GammaRay', 'BetaBear', 'AlphaWolf'],
    })
    expect(overview.top.highestRoi[0]?.sparkline).toEqual(['0.1', '0.045'])
    const spot = copyOverviewResponseSchema.parse(await get('/copy/v1/overview?biz=spot')).data
    expect(names(spot.top.highestRoi)).toEqual(['SpotFox'])
    expect(await reason('/copy/v1/overview?biz=options', 400)).toBe('invalid-input')
  })
})

describe('on-chain wallets', () => {
  it('lists wallets with chain, address and label, sorted and paged', async () => {
    const page = chainWalletPageResponseSchema.parse(await get('/copy/v1/chain-wallets')).data
    expect(page.list.map((w) => [w.nickname, w.chain, w.address, w.stats.roi])).toEqual([
      ['WhaleTwo', 'solana', W2_ADDRESS, '0.4'],
      ['WhaleOne', 'ethereum', '0x6d964291225f605ace427b0be40163abc612f65d', '0.05'],
    ])
    expect(page.list[0]).toMatchObject({ kind: 'wallet', label: 'Bot: MEV searcher', leaderId: String(W2.id) })
    const ascending = chainWalletPageResponseSchema.parse(
      await get('/copy/v1/chain-wallets?sort=roi&order=asc&pageSize=1'),
    ).data
    expect({ names: ascending.list.map((w) => w.nickname), total: ascending.total }).toEqual({
      names: ['WhaleOne'],
      total: 2,
    })
    expect(await reason('/copy/v1/chain-wallets?sort=size', 400)).toBe('invalid-input')
  })

  it('one wallet: every period and its recent trades; 404 when unknown', async () => {
    await h.context.db.transaction((tx) => deposit(tx, W2.id, 'USDT', new Money(1000), h.context.now()))
    await leaderTrade(h.context.db, h.context.rules, h.context.funding, {
      eventId: 'W2:sol',
      leaderId: W2.id,
      biz: 'spot',
      pairCode: 'SOL_USDT',
      price: new Money('100'),
      at: h.context.now(),
      action: { kind: 'open', side: 1, size: new Money('2'), leverage: 1 },
    })
    const wallet = chainWalletDetailResponseSchema.parse(await get(`/copy/v1/chain-wallets/solana/${W2_ADDRESS}`)).data
    expect({ chain: wallet.chain, address: wallet.address, nickname: wallet.nickname, roi: wallet.stats.roi }).toEqual({
      chain: 'solana',
      address: W2_ADDRESS,
      nickname: 'WhaleTwo',
      roi: '0.4',
    })
    expect(wallet.periods.map((s) => [s.period, s.roi])).toEqual([
      ['7d', '0'],
      ['30d', '0.4'],
      ['90d', '0'],
      ['all', '0'],
    ])
    expect(wallet.trades.map((t) => [t.pairCode, t.side, t.size, t.markPrice])).toEqual([
      ['SOL_USDT', 'long', '2', toPlain(new Money(h.context.market.mark('SOL_USDT') ?? 'NaN'))],
    ])
    expect(await reason(`/copy/v1/chain-wallets/ethereum/${W2_ADDRESS}`, 404)).toBe('not-found')
    expect(await reason('/copy/v1/chain-wallets/solana/not.an.address', 400)).toBe('invalid-input')
  })
})

describe('the document', () => {
  it('every public read operation of copy trading it lists was exercised above', () => {
    const reads = ['/copy/v1/leaders', '/copy/v1/overview', '/copy/v1/chain-wallets']
    const documented = doc.operations
      .filter((op) => op.method === 'get' && reads.some((prefix) => op.path.startsWith(prefix)))
      .map((op) => `${op.method} ${op.path}`)
    expect(documented).toHaveLength(9)
    expect(documented.sort()).toEqual([...exercised].sort())
  })
})
