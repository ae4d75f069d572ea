/**
 * The simulated futures leaders trade through the order books like everyone (issue 18, item 7): their live decisions
 * are market orders that the book fills (at its prices, walking it when large), their positions open at those fills,
 * and their copies follow on the same book, through one block order per decision at its average price, within the
 * slippage cap of the leader's (issue 27, audit M4).
 */
import { and, eq, inArray, isNull, ne } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { COPY } from '#/app.config.ts'
import { leaderEvents, leaders, positions } from '../db/copy-schema.ts'
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

it.each(['futures', 'spot'] as const)(
  'a %s bot’s live decisions are book orders, filled at the book’s prices, and its position opens there',
  async (biz) => {
    const bots = (
      await h.context.db
        .select({ id: leaders.userId })
        .from(leaders)
        .where(and(eq(leaders.biz, biz), ne(leaders.strategy, 'user')))
    ).map((b) => b.id)
    // Their decisions (the exchange's own orders for them, a liquidation, are not decisions).
    const placed = () =>
      h.context.db
        .select()
        .from(orders)
        .where(and(inArray(orders.userId, bots), eq(orders.biz, biz), isNull(orders.purpose)))
    /** The bots' own positions an order opened (at its time), with the order. */
    const opened = async () => {
      const found: { order: typeof orders.$inferSelect; position: typeof positions.$inferSelect }[] = []
      for (const order of (await placed()).filter((o) => !o.reduceOnly)) {
        const [position] = await h.context.db
          .select()
          .from(positions)
          .where(
            and(
              eq(positions.userId, order.userId),
              eq(positions.biz, biz),
              eq(positions.pairCode, order.pairCode),
              eq(positions.openedAt, order.createdAt),
            ),
          )
        if (position && position.copyId === null) found.push({ order, position })
      }
      return found
    }
    const copied = async () => {
      for (const { position } of await opened())
        if ((await h.context.db.select().from(positions).where(eq(positions.sourcePositionId, position.id))).length > 0)
          return true
      return false
    }
    // Until a decision opens a position that copies follow (the bots start with the positions their history left open).
    for (let minute = 0; minute < 6 * 60 && !(await copied()); minute += 1) {
      h.advance(60_000)
      await h.engine.tick()
    }
    const list = await placed()
    expect(list.every((o) => o.type === 'market' && o.status === 'filled')).toBe(true)
    // A spot lead trader's orders trade their lead account's position (not spot coins).
    expect(list.every((o) => o.lead === (biz === 'spot'))).toBe(true)
    const found = await opened()
    expect(found.length).toBeGreaterThan(0)
    let withCopies = 0
    // The position's entry is the average of the order's fills (to 18 decimals); its copies opened at their block
    // order's average (the event's copies' price), after the leader on the same book: no better than the leader's, and
    // within the slippage cap of it.
    for (const { order, position } of found) {
      const own = await h.context.db.select().from(fills).where(eq(fills.orderId, order.id))
      const size = own.reduce((sum, f) => sum.plus(f.size), new Exact(0))
      const quote = own.reduce((sum, f) => sum.plus(f.quote), new Exact(0))
      expect(own.length).toBeGreaterThan(0)
      expect(new Exact(position.entryPrice).toFixed()).toBe(
        quote.div(size).toDecimalPlaces(18, Exact.ROUND_HALF_UP).toFixed(),
      )
      const copies = await h.context.db.select().from(positions).where(eq(positions.sourcePositionId, position.id))
      const [event] = await h.context.db
        .select()
        .from(leaderEvents)
        .where(and(eq(leaderEvents.positionId, position.id), eq(leaderEvents.kind, 'open')))
      const entry = new Exact(position.entryPrice)
      const worst = entry.times(new Exact(1).plus(new Exact(COPY.slippageCap).times(position.side)))
      for (const copy of copies) {
        const price = new Exact(copy.entryPrice)
        expect(price.toFixed()).toBe(new Exact(event?.copyPrice ?? 'NaN').toFixed())
        const within = position.side === 1 ? price.gte(entry) && price.lte(worst) : price.lte(entry) && price.gte(worst)
        expect(within, `copy ${price.toFixed()} beside the leader's ${entry.toFixed()}`).toBe(true)
      }
      withCopies += copies.length
    }
    // Not a loop that may run zero times: some copy followed.
    expect(withCopies).toBeGreaterThan(0)
    expect(await ledgerState(h.context.db)).toEqual({ zero: true, mismatched: 0 })
  },
  240_000,
)
