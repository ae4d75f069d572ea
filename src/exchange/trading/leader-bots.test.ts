/**
 * The simulated futures leaders trade through the order books like everyone (issue 18, item 7): their live decisions
 * are market orders that the book fills (at its prices, walking it when large), their positions open at those fills,
 * and their copies follow at the leader's average fill price.
 */
import { and, eq, inArray, ne } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { leaders, positions } from '../db/copy-schema.ts'
import { fills, orders } from '../db/trading-schema.ts'
import { Exact } from '../money.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { ledgerState } from '#tests/fixtures/exchange/ledger.ts'

let h: Harness
beforeAll(async () => {
  // A fixed start: the same decisions on every run.
  h = await startHarness({ start: Date.UTC(2026, 10, 20, 9, 0, 30) })
})
afterAll(() => h.close())

it('a futures bot’s live decisions are book orders, filled at the book’s prices, and its position opens there', async () => {
  const bots = (
    await h.context.db
      .select({ id: leaders.userId })
      .from(leaders)
      .where(and(eq(leaders.biz, 'futures'), ne(leaders.strategy, 'user')))
  ).map((b) => b.id)
  const placed = () =>
    h.context.db
      .select()
      .from(orders)
      .where(and(inArray(orders.userId, bots), eq(orders.biz, 'futures')))
  for (let minute = 0; minute < 6 * 60 && (await placed()).length === 0; minute += 1) {
    h.advance(60_000)
    await h.engine.tick()
  }
  const list = await placed()
  expect(list.length).toBeGreaterThan(0)
  expect(list.every((o) => o.type === 'market' && o.status === 'filled')).toBe(true)
  // An order that opened a position: the position's entry is the average of that order's fills (to 18 decimals).
  let checked = 0
  for (const order of list.filter((o) => !o.reduceOnly)) {
    const [opened] = await h.context.db
      .select()
      .from(positions)
      .where(
        and(
          eq(positions.userId, order.userId),
          eq(positions.pairCode, order.pairCode),
          eq(positions.openedAt, order.createdAt),
        ),
      )
    if (!opened || opened.copyId !== null) continue
    const own = await h.context.db.select().from(fills).where(eq(fills.orderId, order.id))
    const size = own.reduce((sum, f) => sum.plus(f.size), new Exact(0))
    const quote = own.reduce((sum, f) => sum.plus(f.quote), new Exact(0))
    expect(own.length).toBeGreaterThan(0)
    expect(new Exact(opened.entryPrice).toFixed()).toBe(
      quote.div(size).toDecimalPlaces(18, Exact.ROUND_HALF_UP).toFixed(),
    )
    // Its copies opened at the leader's average fill price too.
    const copies = await h.context.db.select().from(positions).where(eq(positions.sourcePositionId, opened.id))
    for (const copy of copies) expect(new Exact(copy.entryPrice).toFixed()).toBe(new Exact(opened.entryPrice).toFixed())
    checked += 1
  }
  expect(checked).toBeGreaterThan(0)
  expect(await ledgerState(h.context.db)).toEqual({ zero: true, mismatched: 0 })
}, 240_000)
