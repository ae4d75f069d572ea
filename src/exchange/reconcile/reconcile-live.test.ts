/**
 * The reconciliation over live trading on the books (issue 27, item 11): an exchange seeded like `npm start` with a
 * short history, then its engine run hour by hour while the simulated leaders trade on the books and their followers'
 * copies follow, and two ordinary users trade there too (a resting order that fills, a market order, a partial close);
 * the 16:00 funding is paid between everyone open then.
 * The independent recomputation must agree with every figure: this is `npm run stats:reconcile` in small, fixed seed
 * and clock, so a change that makes the engine and its reconciliation mean different things fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PlaceOrderRequest, StatsPeriod } from '#/contract/index.ts'
import { TEST_MARKET_SECRET } from '#tests/fixtures/market-seed.ts'
import { deposit } from '../copy/engine.ts'
import { myCopies } from '../copy/api/my.service.ts'
import { leaderStatsDetail } from '../copy/api/read.service.ts'
import { users } from '../db/users-schema.ts'
import { openExchange } from '../index.ts'
import { Exact } from '../money.ts'
import { reconcile, type Served } from './reconcile.ts'
import { databaseTemplate } from '#tests/fixtures/exchange/database-template.ts'

const HOUR = 3_600_000
/** Engine time on whole hours, as the CLI runs it: a fixed Monday, so the clock and the seed fix every figure. */
const START = Date.parse('2026-11-23T12:00:00.000Z')
const LIVE_HOURS = 6

const periodOf = (name: string): StatsPeriod => (name === '7d' || name === '30d' || name === '90d' ? name : 'all')

let clock = START
let opened: Awaited<ReturnType<typeof openExchange>>

beforeAll(async () => {
  opened = await openExchange({
    devPages: false,
    dataDir: 'memory://',
    template: await databaseTemplate(),
    logger: { log: () => undefined, error: () => undefined },
    now: () => new Date(clock),
    marketSeed: TEST_MARKET_SECRET,
    market: { backfillDays: 2, minuteHistoryDays: 1 },
  })
}, 300_000)
afterAll(() => opened.exchange.close())

async function trader(name: string): Promise<number> {
  const { db } = opened.context
  const [row] = await db
    .insert(users)
    .values({ accountType: 'email', account: name, passwordHash: '!', nickname: name, inviteCode: name })
    .returning({ id: users.id })
  const id = row?.id ?? 0
  await db.transaction((tx) => deposit(tx, id, 'USDT', new Exact(50_000), new Date(clock), undefined, null, 3))
  return id
}

let orders = 0
const place = (userId: number, input: Omit<PlaceOrderRequest, 'clientOrderId' | 'biz' | 'pairCode'>) =>
  opened.context.trading.place(userId, {
    clientOrderId: `live${++orders}`,
    biz: 'futures',
    pairCode: 'ETH_USDT',
    ...input,
  })

describe('the reconciliation over live trading on the books', () => {
  it('agrees with every figure after live hours of leaders, followers and users trading there', async () => {
    const { context, engine } = opened
    const served: Served = {
      series: async (leaderId, period, now) =>
        (await leaderStatsDetail(context.db, now, leaderId, periodOf(period))).series.map((p) => ({
          day: p.day,
          roi: p.roi,
          pnl: p.pnl,
          dailyPnl: p.dailyPnl,
        })),
      myCopies: async (followerId) => (await myCopies({ db: context.db, market: context.market }, followerId)).list,
    }
    const buyer = await trader('live-buyer')
    const seller = await trader('live-seller')
    const mark = new Exact(context.market.mark('ETH_USDT') ?? '0')
    for (let hour = 1; hour <= LIVE_HOURS; hour += 1) {
      clock += HOUR
      await engine.tick()
      if (hour === 1) {
        // A resting bid under the market, met by the other user's sell; and a market long.
        const below = mark.times('0.999').toDecimalPlaces(2, Exact.ROUND_DOWN).toFixed()
        await place(buyer, { side: 'buy', type: 'limit', price: below, size: '2' })
        await place(seller, { side: 'sell', type: 'limit', price: below, size: '2', timeInForce: 'IOC' })
        await place(buyer, { side: 'buy', type: 'market', size: '1' })
      }
      if (hour === 4) await place(buyer, { side: 'sell', type: 'market', size: '1.5', reduceOnly: true })
    }
    const report = await reconcile(context.db, { served })
    expect(report.differences).toEqual([])
    expect(report.checked).toBeGreaterThan(10_000)
    // 16:00 was paid between the users, the leaders and the copies open then, and recomputed figure by figure.
    expect(report.families.funding ?? 0).toBeGreaterThan(10)
  }, 600_000)
})
