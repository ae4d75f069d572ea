/**
 * The back-filled history follows the live engine's rules: every futures position held across a funding time
 * (00:00, 08:00, 16:00 UTC) pays or receives funding at that time's price, by the live formula, booked on the
 * position and in the ledger; one opened and closed between two funding times pays none.
 */
import { and, eq, inArray, isNull, lt } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COPY, FUTURES } from '#/app.config.ts'
import { paid } from '#/contract/rounding.ts'
import { leaderDaily, leaderEvents, ledgerTransfers, positions, unitValues } from '#/exchange/db/copy-schema.ts'
import { Exact, Money } from '#/exchange/money.ts'
import { startHarness, type Harness } from '#tests/fixtures/exchange/harness.ts'
import { ledgerState } from '#tests/fixtures/exchange/ledger.ts'
import { MARKET } from '../book.ts'

const HOUR = 3_600_000
const MINUTE = 60_000
const INTERVAL = COPY.fundingIntervalHours * HOUR
/** Between funding times and off the whole hour: the history's hours never fall on a funding time. */
const START = Date.UTC(2026, 0, 7, 13, 23, 17)
const DAYS = 3

let h: Harness

beforeAll(async () => {
  h = await startHarness({ start: START, market: { backfillDays: DAYS, minuteHistoryDays: 1 } })
}, 120_000)

afterAll(async () => {
  await h.close()
})

interface Held {
  id: number
  funding: Money
  expected: Money
  crossed: number
}

/** Every back-filled futures position with the funding the live formula gives for what it held at each funding time. */
async function backfilled(harness: Harness, start: number, days: number): Promise<Held[]> {
  const { db, market } = harness.context
  const rows = await db
    .select()
    .from(positions)
    .where(and(isNull(positions.copyId), eq(positions.biz, 'futures'), lt(positions.openedAt, new Date(start - HOUR))))
  const events = await db
    .select()
    .from(leaderEvents)
    .where(
      inArray(
        leaderEvents.positionId,
        rows.map((r) => r.id),
      ),
    )
  const times: number[] = []
  for (let t = Math.ceil((start - days * 24 * HOUR) / INTERVAL) * INTERVAL; t <= start; t += INTERVAL) times.push(t)
  const marks = new Map<string, Money>()
  for (const pair of new Set(rows.map((r) => r.pairCode)))
    for (const time of times) {
      // The close of the time's minute; at the history's very end (its minute not over) the close of the one before.
      const minute = time + MINUTE > start ? time - MINUTE : time
      const [close] = await market.closes(pair, minute, minute, 1)
      if (close) marks.set(`${pair}@${time}`, new Money(close.price))
    }
  return rows.map((row) => {
    const own = events.filter((e) => e.positionId === row.id)
    let expected: Money = new Exact(0)
    let crossed = 0
    for (const time of times) {
      if (row.openedAt.getTime() >= time || (row.closedAt && row.closedAt.getTime() <= time)) continue
      const size = own
        .filter((e) => e.createdAt.getTime() < time)
        .reduce(
          (sum: Money, e) => (e.kind === 'reduce' ? sum.minus(e.size) : e.kind === 'close' ? sum : sum.plus(e.size)),
          new Exact(0),
        )
      const mark = marks.get(`${row.pairCode}@${time}`)
      if (!mark) throw new Error(`no price for ${row.pairCode} at ${new Date(time).toISOString()}`)
      // A replay's rule (positions.ts payFunding): the interest component against the market, longs paying at a positive
      // rate, rounded toward zero.
      expected = expected.minus(paid(mark, size, new Money(FUTURES.funding.interestRate), row.side))
      crossed += 1
    }
    return { id: row.id, funding: new Money(row.funding), expected, crossed }
  })
}

describe('back-filled funding', () => {
  it('charges every position held across a funding time what the live formula gives, and none in between', async () => {
    const held = await backfilled(h, START, DAYS)
    const across = held.filter((p) => p.crossed > 0)
    const between = held.filter((p) => p.crossed === 0)
    expect(across.length).toBeGreaterThan(10)
    expect(between.length).toBeGreaterThan(10)
    expect(across.every((p) => !p.funding.isZero())).toBe(true)
    for (const p of held)
      expect({ id: p.id, funding: p.funding.toFixed() }).toEqual({ id: p.id, funding: p.expected.toFixed() })
  })

  it('books the funding in the ledger: what the market received is what the positions paid', async () => {
    const { db } = h.context
    const rows = await db
      .select({ funding: positions.funding })
      .from(positions)
      .where(and(isNull(positions.copyId), eq(positions.biz, 'futures')))
    const onPositions = rows.reduce((sum: Money, r) => sum.plus(r.funding), new Exact(0))
    const transfers = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, 'funding'))
    const intoMarket = transfers.reduce(
      (sum: Money, t) => (t.credit === MARKET ? sum.plus(t.amount) : t.debit === MARKET ? sum.minus(t.amount) : sum),
      new Exact(0),
    )
    expect(onPositions.isZero()).toBe(false)
    expect(intoMarket.neg().toFixed()).toBe(onPositions.toFixed())
    expect(await ledgerState(db)).toEqual({ zero: true, mismatched: 0 })
  })
})

describe("back-filled funding at the history's end", () => {
  // Started at 16:00:00, a funding time: the market's last whole minute is 15:59, so that time's own minute is not over.
  const AT_FUNDING = Date.UTC(2026, 0, 7, 16, 0, 0)
  let atFunding: Harness
  beforeAll(async () => {
    atFunding = await startHarness({ start: AT_FUNDING, market: { backfillDays: 1, minuteHistoryDays: 1 } })
  }, 120_000)
  afterAll(async () => {
    await atFunding.close()
  })

  it('pays the funding time the history ends at, at the mark then (the live engine starts after it)', async () => {
    const held = await backfilled(atFunding, AT_FUNDING, 1)
    const open = await atFunding.context.db
      .select({ id: positions.id })
      .from(positions)
      .where(and(isNull(positions.copyId), eq(positions.biz, 'futures'), eq(positions.status, 'open')))
    const openAtEnd = held.filter((p) => open.some((o) => o.id === p.id))
    expect(openAtEnd.length).toBeGreaterThan(0)
    for (const p of openAtEnd)
      expect({ id: p.id, funding: p.funding.toFixed() }).toEqual({ id: p.id, funding: p.expected.toFixed() })
  })
})

/** Each back-filled day before today and the next day's row, per leader. */
async function backfilledDays(harness: Harness, start: number) {
  const { db } = harness.context
  const today = new Date(start).toISOString().slice(0, 10)
  const days = await db.select().from(leaderDaily).where(lt(leaderDaily.day, today))
  return days.map((day) => {
    const end = Date.parse(`${day.day}T00:00:00.000Z`) + 24 * HOUR
    return {
      day,
      end,
      next: days.find((d) => d.leaderId === day.leaderId && Date.parse(`${d.day}T00:00:00.000Z`) === end),
    }
  })
}

describe('back-filled days (issue 17: a day ends at the next 00:00, not at its last hour)', () => {
  it('start the next day where the one before ended', async () => {
    const days = await backfilledDays(h, START)
    expect(days.length).toBeGreaterThan(0)
    for (const { day, next } of days) {
      if (next) expect(new Money(next.equityStart).toFixed()).toBe(new Money(day.equityEnd).toFixed())
    }
  })

  it('end at the equity valued at 00:00, after everything of that minute (a history on whole hours)', async () => {
    // Whole hours: a step falls on each 00:00, and its valuation (the hourly unit value) is where the day ends.
    const start = Date.UTC(2026, 1, 11, 9)
    const aligned = await startHarness({ start, market: { backfillDays: 2, minuteHistoryDays: 1 } })
    try {
      const values = await aligned.context.db
        .select({ ownerId: unitValues.ownerId, at: unitValues.at, equity: unitValues.equity })
        .from(unitValues)
        .where(eq(unitValues.ownerKind, 'leader'))
      const days = await backfilledDays(aligned, start)
      expect(days.length).toBeGreaterThan(0)
      for (const { day, end } of days) {
        // The valuation at 00:00, or the last before it when nothing changed since (an idle hour writes no row).
        const atMidnight = values
          .filter((v) => v.ownerId === day.leaderId && v.at.getTime() <= end)
          .sort((a, b) => +a.at - +b.at)
          .at(-1)
        // Before: the row ended at the 23:00 step.
        expect([day.leaderId, day.day, new Money(day.equityEnd).toFixed()]).toEqual([
          day.leaderId,
          day.day,
          // The daily row keeps 18 decimals (numeric(36,18)), the unit value all of them.
          atMidnight && new Exact(atMidnight.equity).toDecimalPlaces(18, Exact.ROUND_HALF_UP).toFixed(),
        ])
      }
    } finally {
      await aligned.close()
    }
  }, 120_000)
})
