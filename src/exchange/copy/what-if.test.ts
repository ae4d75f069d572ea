/**
 * The "what-if" replay against reality: a real copy of a leader and the replay of the same trades agree to the last
 * digit.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copies, leaders } from '../db/copy-schema.ts'
import { Exact, Money } from '../money.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { deposit, fundCopy, leaderTrade } from './engine.ts'
import { DEFAULT_SETTINGS } from '#tests/fixtures/exchange/copy/book-fixtures.ts'
import { whatIf } from './what-if.ts'
import { agreedRate } from '#tests/fixtures/exchange/copy/agreed-rate.ts'

/** Tuesday 2026-01-06 01:00 UTC: no funding (08:00) and no Monday inside the trades. */
const START = Date.UTC(2026, 0, 6, 1)
const MINUTE = 60_000
let h: Harness
let leaderId = 0
let copyId = 0

beforeAll(async () => {
  h = await startHarness({ start: START })
  const { db } = h.context
  leaderId = Number((await h.registerUser()).userId)
  const followerId = Number((await h.registerUser()).userId)
  await db.insert(leaders).values({
    userId: leaderId,
    biz: 'futures',
    strategy: 'user',
    nickname: 'Replay',
    profitShareRate: '0.1',
    maxFollowers: 10,
    minCopyAmount: '10',
    createdAt: new Date(START),
  })
  const [copy] = await db
    .insert(copies)
    .values({
      followerId,
      leaderId,
      profitShareRate: agreedRate(leaderId),
      status: 'active',
      mode: 'ratio',
      ratio: '0.25',
      maxPerOrder: '900',
      investment: '0',
      leverageMode: 'fixed',
      fixedLeverage: 5,
      createdAt: new Date(START),
    })
    .returning({ id: copies.id })
  copyId = copy?.id ?? 0
  await db.transaction(async (tx) => {
    await deposit(tx, leaderId, 'USDT', new Money(100_000), new Date(START))
    await deposit(tx, followerId, 'USDT', new Money(3000), new Date(START))
    await fundCopy(tx, copyId, new Money(3000), new Date(START))
  })
  const trade = (
    minutes: number,
    pairCode: string,
    price: string,
    action: Parameters<typeof leaderTrade>[3]['action'],
  ) =>
    leaderTrade(db, h.context.rules, h.context.funding, {
      eventId: `replay:${minutes}`,
      leaderId,
      biz: 'futures',
      pairCode,
      price: new Money(price),
      at: new Date(START + minutes * MINUTE),
      action,
    })
  const eth = await trade(10, 'ETH_USDT', '3500', { kind: 'open', side: 1, size: new Money('2'), leverage: 10 })
  const sol = await trade(15, 'SOL_USDT', '170', { kind: 'open', side: -1, size: new Money('30'), leverage: 20 })
  await trade(130, 'ETH_USDT', '3460', { kind: 'add', positionId: eth?.position.id ?? 0, size: new Money('1') })
  await trade(240, 'ETH_USDT', '3571.5', { kind: 'reduce', positionId: eth?.position.id ?? 0, size: new Money('1.5') })
  await trade(300, 'SOL_USDT', '161.25', { kind: 'close', positionId: sol?.position.id ?? 0 })
  await trade(390, 'ETH_USDT', '3602.75', { kind: 'close', positionId: eth?.position.id ?? 0 })
})
afterAll(() => h.close())

describe('what-if', () => {
  it('replays the leader’s trades to the same result as the real copy', async () => {
    const [real] = await h.context.db.select().from(copies).where(eq(copies.id, copyId))
    // Exact: the balance carries 18 decimals and more than Money's 20 digits.
    const actual = new Exact(real?.balance ?? '0').minus(3000)
    const result = await whatIf(h.context.db, h.context.market, h.context.rules, {
      leaderId,
      biz: 'futures',
      rate: new Money('0.1'),
      allowedInstruments: [],
      settings: {
        ...DEFAULT_SETTINGS,
        mode: 'ratio',
        fixedAmount: null,
        ratio: new Money('0.25'),
        maxPerOrder: new Money(900),
        leverageMode: 'fixed',
        fixedLeverage: 5,
      },
      investment: new Money(3000),
      days: 7,
      now: new Date(START + 400 * MINUTE),
    })
    expect(actual.isZero()).toBe(false)
    expect(result.pnl.toFixed()).toBe(actual.toFixed())
    expect(result.roi.toFixed()).toBe(actual.div(3000).toFixed())
    expect(result.copied).toBe(3)
    expect(result.fees.gt(0)).toBe(true)
    expect(result.profitShare.isZero()).toBe(true)
  })

  it('replays the window of every figure: the last 7 UTC days with today so far, not the last 168 hours', async () => {
    const replay = (now: number) =>
      whatIf(h.context.db, h.context.market, h.context.rules, {
        leaderId,
        biz: 'futures',
        rate: new Money('0.1'),
        allowedInstruments: [],
        settings: DEFAULT_SETTINGS,
        investment: new Money(1000),
        days: 7,
        now: new Date(now),
      })
    // Monday 01-12 23:00: the window is 01-06 00:00 … now, the trades of 01-06 01:00 are in it.
    expect((await replay(Date.UTC(2026, 0, 12, 23))).copied).toBeGreaterThan(0)
    // Tuesday 01-13 00:30: the window starts 01-07 00:00 (168 hours back would still reach 01-06 00:30).
    expect((await replay(Date.UTC(2026, 0, 13, 0, 30))).copied).toBe(0)
  })

  it('copies nothing before the window and says so', async () => {
    const result = await whatIf(h.context.db, h.context.market, h.context.rules, {
      leaderId,
      biz: 'futures',
      rate: new Money('0.1'),
      allowedInstruments: [],
      settings: DEFAULT_SETTINGS,
      investment: new Money(1000),
      days: 7,
      now: new Date(START + 8 * 24 * 60 * MINUTE),
    })
    expect({ pnl: result.pnl.toFixed(), copied: result.copied }).toEqual({ pnl: '0', copied: 0 })
  })
})
