/** The wallet call: exact decimal strings, exact totals, only the requested wallet types. */
import Decimal from 'decimal.js'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { myCopiesResponseSchema, sessionResponseSchema, walletAccountResponseSchema } from '#/contract/index.ts'
import { leaders } from '../db/copy-schema.ts'
import { deposit, leaderTrade } from '../copy/engine.ts'
import { Money } from '../money.ts'
import { balances, campaigns, prices, users } from '../db/schema.ts'
import { INSTRUMENTS } from '../market/instruments.ts'
import { DEMO_USERS, seedDemoData } from '../seed.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'

/** Wide enough that a sum of 18-decimal values is never rounded by the test itself. */
const Wide = Decimal.clone({ precision: 60 })

/** Fixed valuation prices (the market simulator moves the real ones): the wallet values balances at the price table. */
const FIXTURE_PRICES: Readonly<Record<string, string>> = {
  BTC: '98250.5',
  ETH: '3650.25',
  SOL: '185.4',
  DOGE: '0.3875',
  USDT: '1',
}

const NOTHING_IN_USE = { positions: { margin: '0', unrealizedPnl: '0', usdtValue: '0' }, copies: [] }

let h: Harness
beforeAll(async () => {
  h = await startHarness()
  for (const [coin, usdtPrice] of Object.entries(FIXTURE_PRICES)) {
    await h.context.db
      .insert(prices)
      .values({ coin, usdtPrice })
      .onConflictDoUpdate({ target: prices.coin, set: { usdtPrice } })
  }
})
afterAll(() => h.close())

async function wallet(account: string, password: string, walletTypeList: number | number[]) {
  const token = sessionResponseSchema.parse((await h.login(account, password)).body).data.token
  const result = await h.api('POST', '/asset/v1/api/wallet/account', { token, body: { walletTypeList } })
  expect(result.status, result.text).toBe(200)
  return walletAccountResponseSchema.parse(result.body).data
}

describe('wallet account', () => {
  it("takes §7's body, walletTypeList 1, as the spot wallet alone; a text or fraction is refused", async () => {
    const data = await wallet('demo@tandem.dev', 'Demo12345', 1)
    expect(data.list.every((row) => row.walletType === 1)).toBe(true)
    expect(data.inUse).toEqual(NOTHING_IN_USE)
    expect(await wallet('demo@tandem.dev', 'Demo12345', [1])).toEqual(data)
    const token = sessionResponseSchema.parse((await h.login('demo@tandem.dev', 'Demo12345')).body).data.token
    for (const walletTypeList of ['1', 1.5, 0, []]) {
      const refused = await h.api('POST', '/asset/v1/api/wallet/account', { token, body: { walletTypeList } })
      expect(refused.status, JSON.stringify(walletTypeList)).toBe(400)
    }
  })

  it("values the demo user's exchange wallet exactly", async () => {
    const data = await wallet('demo@tandem.dev', 'Demo12345', [3])
    expect(data.list).toEqual([
      {
        coin: 'BTC',
        walletType: 3,
        available: '0.85',
        frozen: '0',
        total: '0.85',
        usdtValue: '83512.925',
        transferable: '0.85',
      },
      {
        coin: 'ETH',
        walletType: 3,
        available: '12.5',
        frozen: '0',
        total: '12.5',
        usdtValue: '45628.125',
        transferable: '12.5',
      },
      {
        coin: 'SOL',
        walletType: 3,
        available: '140',
        frozen: '0',
        total: '140',
        usdtValue: '25956',
        transferable: '140',
      },
      {
        coin: 'USDT',
        walletType: 3,
        available: '25000',
        frozen: '0',
        total: '25000',
        usdtValue: '25000',
        transferable: '25000',
      },
    ])
    expect(data.totalAssetUsdt).toBe('180097.05')
  })

  it('adds frozen amounts, sums exactly and keeps 18 decimals without float error', async () => {
    const [trader] = await h.context.db.select().from(users).where(eq(users.account, 'trader@tandem.dev'))
    const userId = trader?.id ?? 0
    await h.context.db.insert(balances).values([
      { userId, walletType: 3, coin: 'ETH', available: '0.1', frozen: '0.2' },
      { userId, walletType: 3, coin: 'DOGE', available: '0.000000000000000001', frozen: '0' },
      { userId, walletType: 3, coin: 'NOPRICE', available: '7', frozen: '0' },
      { userId, walletType: 2, coin: 'USDT', available: '99', frozen: '1' },
    ])
    const data = await wallet('trader@tandem.dev', 'Trader12345', [3])
    const eth = data.list.find((row) => row.coin === 'ETH')
    expect(eth).toEqual({
      coin: 'ETH',
      walletType: 3,
      available: '0.1',
      frozen: '0.2',
      total: '0.3',
      usdtValue: '1095.075',
      transferable: '0.1',
    })
    expect(data.list.find((row) => row.coin === 'DOGE')).toMatchObject({
      available: '0.000000000000000001',
      usdtValue: '0.0000000000000000003875',
    })
    expect(data.list.find((row) => row.coin === 'NOPRICE')).toMatchObject({ total: '7', usdtValue: '0' })
    expect(data.list.some((row) => row.walletType === 2)).toBe(false)
    const sum = data.list.reduce((acc, row) => acc.plus(row.usdtValue), new Wide(0))
    expect(data.totalAssetUsdt).toBe(sum.toFixed())
    // 120000 + 2.1 × 98250.5 + 0.3 × 3650.25 + 3.875e-19 of DOGE: an exact sum, nothing rounded away.
    expect(data.totalAssetUsdt).toBe('327421.1250000000000000003875')

    const both = await wallet('trader@tandem.dev', 'Trader12345', [2, 3, 3])
    expect(both.list.filter((row) => row.walletType === 2)).toEqual([
      { coin: 'USDT', walletType: 2, available: '99', frozen: '1', total: '100', usdtValue: '100', transferable: '99' },
    ])
    expect(both.totalAssetUsdt).toBe(new Wide(data.totalAssetUsdt).plus(100).toFixed())
  })

  it('totals an 18-decimal balance exactly: total equals available when nothing is frozen', async () => {
    const user = await h.registerUser()
    await h.context.db.insert(balances).values({
      userId: Number(user.userId),
      walletType: 3,
      coin: 'USDT',
      available: '119939.508306925925925926',
      frozen: '0',
    })
    const data = await wallet(user.account, user.password, [3])
    expect(data.list).toEqual([
      {
        coin: 'USDT',
        walletType: 3,
        available: '119939.508306925925925926',
        frozen: '0',
        total: '119939.508306925925925926',
        usdtValue: '119939.508306925925925926',
        transferable: '119939.508306925925925926',
      },
    ])
    expect(data.totalAssetUsdt).toBe('119939.508306925925925926')
  })

  it('is empty for a new user and for an unused wallet type', async () => {
    const user = await h.registerUser({ password: 'Empty12345' })
    expect(await wallet(user.account, 'Empty12345', [3])).toEqual({
      totalAssetUsdt: '0',
      list: [],
      inUse: NOTHING_IN_USE,
    })
    expect(await wallet('demo@tandem.dev', 'Demo12345', [7])).toEqual({
      totalAssetUsdt: '0',
      list: [],
      inUse: NOTHING_IN_USE,
    })
  })

  it('shows only the caller’s own balances', async () => {
    const sub = await wallet('sub@tandem.dev', 'Sub12345', [3])
    expect(sub.list).toEqual([
      {
        coin: 'USDT',
        walletType: 3,
        available: '1500',
        frozen: '0',
        total: '1500',
        usdtValue: '1500',
        transferable: '1500',
      },
    ])
  })

  it('refuses a negative balance at the database', async () => {
    const [demo] = await h.context.db.select().from(users).where(eq(users.account, 'demo@tandem.dev'))
    const update = h.context.db
      .update(balances)
      .set({ available: '-1' })
      .where(and(eq(balances.userId, demo?.id ?? 0), eq(balances.coin, 'USDT')))
    await expect(update).rejects.toThrow()
  })
})

describe('total assets with copy trading (issue 17, item 11)', () => {
  it('keeps money moved into a copy and held as margin: 10,000 with 1,000 in a copy is 10,000 ± the copy’s PnL', async () => {
    const follower = await h.registerUser()
    const followerId = Number(follower.userId)
    const leader = await h.registerUser()
    const leaderId = Number(leader.userId)
    await h.context.db.transaction(async (tx) => {
      await deposit(tx, followerId, 'USDT', new Money(10_000), h.context.now())
      await deposit(tx, leaderId, 'USDT', new Money(100_000), h.context.now())
    })
    await h.context.db.insert(leaders).values({
      userId: leaderId,
      biz: 'futures',
      strategy: 'user',
      nickname: `wallet-leader-${leaderId}`,
      profitShareRate: '0.1',
      maxFollowers: 10,
      minCopyAmount: '10',
      createdAt: h.context.now(),
    })
    const followed = await h.api('POST', '/copy/v1/copies', {
      token: follower.token,
      body: { leaderId: leader.userId, mode: 'fixed', fixedAmount: '500', investment: '1000' },
    })
    expect(followed.status, followed.text).toBe(200)
    const before = await wallet(follower.account, follower.password, [1, 3])
    // Before: 9,000 (only the wallet).
    expect(before.totalAssetUsdt).toBe('10000')
    expect(before.inUse.copies.map((c) => ({ balance: c.balance, usdtValue: c.usdtValue }))).toEqual([
      { balance: '1000', usdtValue: '1000' },
    ])

    // The leader opens: the copy puts 500 of margin into a position and pays its fee; the mark moves it.
    const price = new Money(h.context.market.mark('BTC_USDT') ?? '0')
    const opened = await leaderTrade(h.context.db, h.context.rules, h.context.funding, {
      eventId: `wallet:${leaderId}:open`,
      leaderId,
      biz: 'futures',
      pairCode: 'BTC_USDT',
      price: price.times('0.99').toDecimalPlaces(2),
      at: h.context.now(),
      action: { kind: 'open', side: 1, size: new Money('0.5'), leverage: 10 },
    })
    expect(opened?.copied).toBe(1)
    const after = await wallet(follower.account, follower.password, [1, 3])
    const copies = myCopiesResponseSchema.parse(
      (await h.api('GET', '/copy/v1/my/copies', { token: follower.token })).body,
    ).data
    const net = copies.totals.net
    expect(new Wide(net).isZero()).toBe(false)
    expect(after.totalAssetUsdt).toBe(new Wide(10_000).plus(net).toFixed())
    const [copy] = after.inUse.copies
    expect(copy && new Wide(copy.margin).gt(0)).toBe(true)
    expect(copy?.usdtValue).toBe(
      new Wide(copy?.balance ?? 0)
        .plus(copy?.margin ?? 0)
        .plus(copy?.unrealizedPnl ?? 0)
        .toFixed(),
    )
    // Asked for another wallet type only, the copy is not listed (it is the EXCHANGE wallet's money).
    expect((await wallet(follower.account, follower.password, [1])).inUse).toEqual(NOTHING_IN_USE)
  }, 30_000)
})

describe('demo data', () => {
  it('is seeded once and seeding again changes nothing', async () => {
    const snapshot = async () => ({
      users: (await h.context.db.select({ n: count() }).from(users))[0]?.n,
      balances: (await h.context.db.select({ n: count() }).from(balances))[0]?.n,
      prices: await h.context.db.select().from(prices).orderBy(prices.coin),
      campaigns: (await h.context.db.select({ n: count() }).from(campaigns))[0]?.n,
    })
    const before = await snapshot()
    await seedDemoData(h.context.db, new Date())
    expect(await snapshot()).toEqual(before)
    // Prices come from the market: every simulated coin has one, USDT is 1.
    const priced = new Map(before.prices.map((row) => [row.coin, new Decimal(row.usdtPrice)]))
    for (const instrument of INSTRUMENTS) expect(priced.get(instrument.coin)?.gt(0)).toBe(true)
    expect(priced.get('USDT')?.toFixed()).toBe('1')
    for (const demo of DEMO_USERS) {
      expect((await h.login(demo.account, demo.password, demo.accountType)).status).toBe(200)
    }
  })
})
