/**
 * "What if I had copied this leader?": the leader's recorded trades of the last 7, 30 or 90 days
 * replayed on the engine's own Book against one hypothetical copy with the given settings, with
 * the hourly marks in between (take profit, stop loss, copy stop loss, liquidation), funding every
 * 8 hours and profit share every Monday — the same rules as a real copy, nothing stored.
 */
import { and, asc, eq, gte } from 'drizzle-orm'
import { COPY } from '../../../app.config.ts'
import type { Database } from '../db/client.ts'
import { leaderEvents, positions } from '../db/copy-schema.ts'
import type { MarketSimulator } from '../market/simulator.ts'
import { Exact, Money } from '../money.ts'
import { Book, externalKey, type CopySettings, type CopyState } from './book.ts'
import { changeInvestment, copyPositions, leaderWallet, settleProfitShare } from './copy-account.ts'
import { executeLeaderOrder, type LeaderAction } from './mirror.ts'
import { unrealizedPnl } from './position-math.ts'
import { applyFunding, applyMarks } from './risk.ts'
import type { Rules } from './rules.ts'
import type { Biz } from '../db/copy-schema.ts'

const HOUR = 3_600_000
const WEEK = 7 * 24 * HOUR
const MONDAY_OFFSET = 4 * 24 * HOUR
const FOLLOWER = -1
const COPY_ID = 1

export interface WhatIfInput {
  leaderId: number
  biz: Biz
  rate: Money
  allowedInstruments: readonly string[]
  settings: CopySettings
  investment: Money
  days: number
  now: Date
}

export interface WhatIfResult {
  pnl: Money
  roi: Money
  maxDrawdown: Money
  fees: Money
  profitShare: Money
  copied: number
  skipped: number
  /** Equity at the end of each day, oldest first. */
  equity: { time: number; equity: Money }[]
}

export async function whatIf(db: Database, market: MarketSimulator, rules: Rules, input: WhatIfInput): Promise<WhatIfResult> {
  const from = input.now.getTime() - input.days * 24 * HOUR
  const events = await db
    .select({ id: leaderEvents.id, positionId: leaderEvents.positionId, kind: leaderEvents.kind, pairCode: leaderEvents.pairCode, price: leaderEvents.price, size: leaderEvents.size, at: leaderEvents.createdAt, side: positions.side, leverage: positions.leverage })
    .from(leaderEvents)
    .innerJoin(positions, eq(positions.id, leaderEvents.positionId))
    .where(and(eq(leaderEvents.leaderId, input.leaderId), gte(leaderEvents.createdAt, new Date(from))))
    .orderBy(asc(leaderEvents.createdAt), asc(leaderEvents.id))
  const pairs = [...new Set(events.map((e) => e.pairCode))]
  const hourly = new Map<string, Map<number, Money>>()
  for (const pair of pairs) hourly.set(pair, new Map((await market.closes(pair, from, input.now.getTime(), 60)).map((c) => [Math.floor(c.time / HOUR) * HOUR, new Money(c.price)])))

  let nextId = 0
  const book = new Book(() => (nextId += 1))
  book.transfer(externalKey('USDT'), leaderWallet(FOLLOWER), input.investment, 'what-if')
  const copy: CopyState = { ...input.settings, id: COPY_ID, followerId: FOLLOWER, leaderId: input.leaderId, status: 'active', investment: new Exact(0), balance: new Exact(0), highWaterMark: new Exact(0), profitSharePaid: new Exact(0), createdAt: new Date(from), endedAt: null, endReason: null }
  book.copies.set(COPY_ID, copy)
  changeInvestment(book, copy, input.investment, 'what-if')
  // The leader's recorded trades, replayed in time order between the hourly marks (a trade at an hour comes after its mark).
  type Item = { time: number; event?: (typeof events)[number] }
  const items: Item[] = events.map((event) => ({ time: event.at.getTime(), event }))
  for (let t = Math.ceil(from / HOUR) * HOUR; t <= input.now.getTime(); t += HOUR) items.push({ time: t })
  items.sort((a, b) => a.time - b.time || (a.event ? 1 : 0) - (b.event ? 1 : 0))

  const bookIds = new Map<number, number>()
  const marks = new Map<string, Money>()
  let copied = 0
  let skipped = 0
  let peak: Money = input.investment
  let maxDrawdown = new Money(0)
  const equity: { time: number; equity: Money }[] = []
  for (const { time, event } of items) {
    if (event) {
      const price = new Money(event.price)
      marks.set(event.pairCode, price)
      const action = actionOf(event, bookIds, book)
      if (!action) continue
      // The leader's side needs money to trade in the replay: it comes from outside.
      if (action.kind === 'open' || action.kind === 'add') book.transfer(externalKey('USDT'), leaderWallet(input.leaderId), price.times(action.size).times(2), 'what-if')
      const result = executeLeaderOrder(book, rules, { eventId: event.id, leaderId: input.leaderId, biz: input.biz, pairCode: event.pairCode, price, at: event.at, action }, { copies: [copy], allowedInstruments: input.allowedInstruments })
      if (!result) continue
      if (action.kind === 'open') bookIds.set(event.positionId, result.position.id)
      if (action.kind === 'open' || action.kind === 'add') {
        copied += result.copied
        skipped += result.skipped
      }
      continue
    }
    for (const [pair, closes] of hourly) {
      const price = closes.get(time)
      if (price) marks.set(pair, price)
    }
    if (copy.status === 'cancelled') continue
    applyMarks(book, rules, marks, new Date(time), () => input.rate)
    if (time % (COPY.fundingIntervalHours * HOUR) === 0) applyFunding(book, rules, marks, new Date(time))
    if ((time - MONDAY_OFFSET) % WEEK === 0) settleProfitShare(book, copy, input.rate, new Date(time))
    const value = equityOf(book, copy, marks)
    peak = Money.max(peak, value)
    if (peak.gt(0)) maxDrawdown = Money.max(maxDrawdown, peak.minus(value).div(peak))
    if ((time + HOUR) % (24 * HOUR) === 0 || time + HOUR > input.now.getTime()) equity.push({ time, equity: value })
  }
  // A copy its stop loss ended holds its money in the wallet; otherwise its equity at the last marks.
  const final = copy.status === 'cancelled' ? book.balance(leaderWallet(FOLLOWER)) : equityOf(book, copy, marks)
  const fees = book.positionsByCopy(COPY_ID).reduce((sum, p) => sum.plus(p.fees), new Exact(0))
  const pnl = final.minus(input.investment)
  return { pnl, roi: input.investment.gt(0) ? pnl.div(input.investment) : new Money(0), maxDrawdown, fees, profitShare: copy.profitSharePaid, copied, skipped, equity }
}

/** The copy's equity: free balance, margins and unrealized PnL at the marks. */
function equityOf(book: Book, copy: CopyState, marks: ReadonlyMap<string, Money>): Money {
  let value = new Exact(copy.balance)
  for (const position of copyPositions(book, copy)) value = value.plus(position.margin).plus(unrealizedPnl(position, marks.get(position.pairCode) ?? position.entryPrice))
  return value
}

type EventRow = { positionId: number; kind: 'open' | 'add' | 'reduce' | 'close'; size: string; side: number; leverage: number }

/** The recorded event as an action on the replay's book; trades on positions opened before the window have nothing to mirror. */
function actionOf(e: EventRow, bookIds: ReadonlyMap<number, number>, book: Book): LeaderAction | null {
  if (e.kind === 'open') return { kind: 'open', side: e.side < 0 ? -1 : 1, size: new Money(e.size), leverage: e.leverage }
  const positionId = bookIds.get(e.positionId)
  if (positionId === undefined || book.positions.get(positionId)?.status !== 'open') return null
  if (e.kind === 'add') return { kind: 'add', positionId, size: new Money(e.size) }
  if (e.kind === 'reduce') return { kind: 'reduce', positionId, size: new Money(e.size) }
  return { kind: 'close', positionId }
}
