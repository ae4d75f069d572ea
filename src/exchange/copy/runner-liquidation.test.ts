/**
 * Audit finding C1 through the production runner (issue 27): an ordinary user's own isolated futures position past its
 * liquidation price is liquidated by the next engine tick, and the tick runs to its end (funding at 08:00 included).
 * On 8cbd711 every tick threw 'user N has no leaders row' from then on: no funding, no bots, no profit share, no stats.
 */
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { positions } from '../db/copy-schema.ts'
import { incidents } from '../db/engine-schema.ts'
import { ledgerTransfers } from '../db/copy-schema.ts'
import { Exact } from '../money.ts'
import { liquidationPrice } from './position-math.ts'
import { deposit } from './engine.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { ledgerState } from '#tests/fixtures/exchange/ledger.ts'

/** 07:58:30 UTC: the second tick crosses the 08:00 funding time. */
const START = Date.UTC(2026, 10, 20, 7, 58, 30)
const PAIR = 'ETH_USDT'
let h: Harness

beforeAll(async () => {
  h = await startHarness({ start: START })
})
afterAll(() => h.close())

describe('C1 through the runner', () => {
  it('liquidates an ordinary user’s isolated position and completes the tick, funding included', async () => {
    const { db, trading, market, rules } = h.context
    const user = Number((await h.registerUser()).userId)
    await db.transaction((tx) => deposit(tx, user, 'USDT', new Exact(10000), h.context.now()))
    await trading.setLeverage(user, { pairCode: PAIR, leverage: 10 })
    await trading.place(user, {
      clientOrderId: 'c1',
      biz: 'futures',
      pairCode: PAIR,
      side: 'buy',
      type: 'market',
      size: '1',
    })
    // As the audit did: the position opened 15 % above the mark, so the mark is under its liquidation price.
    const mark = new Exact(market.mark(PAIR) ?? 'NaN')
    const [opened] = await db
      .select()
      .from(positions)
      .where(and(eq(positions.userId, user), eq(positions.pairCode, PAIR)))
    if (!opened) throw new Error('no position')
    const entry = mark.times('1.15').toDecimalPlaces(2)
    const margin = entry.times(opened.size).div(10)
    const level = liquidationPrice(
      { size: new Exact(opened.size), entryPrice: entry, side: 1, margin, leverage: 10 },
      rules.instrument(PAIR).brackets,
    )
    await db
      .update(positions)
      .set({ entryPrice: entry.toFixed(), liquidationPrice: level?.toFixed() ?? null })
      .where(eq(positions.id, opened.id))
    expect(level?.gt(mark)).toBe(true)
    h.advance(60_000)
    const first = await h.engine.tick()
    h.advance(60_000)
    const second = await h.engine.tick()
    const [closed] = await db.select().from(positions).where(eq(positions.id, opened.id))
    expect([closed?.status, closed?.closeReason]).toEqual(['closed', 'liquidation'])
    // The tick ran to its end: 08:00's funding was paid (the audit: 0, every tick failing).
    expect(first.minutes + second.minutes).toBeGreaterThan(0)
    expect(second.fundings).toBeGreaterThan(0)
    const funding = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, 'funding'))
    expect(funding.length).toBeGreaterThan(0)
    expect(await db.select().from(incidents).where(isNull(incidents.resolvedAt))).toEqual([])
    expect(await ledgerState(db)).toEqual({ zero: true, mismatched: 0 })
  })
})
