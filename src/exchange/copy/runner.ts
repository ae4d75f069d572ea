/**
 * The engine loop, on the engine clock: the market catches up minute by minute; marks trigger
 * take profit, stop loss, copy stop losses and liquidations (a leader's liquidation is mirrored);
 * the simulated leaders decide at their own step and trade through the engine (so followers copy
 * them); funding every 8 hours; profit share on Mondays 00:00 UTC; the day's equity rows, the unit
 * values (each leader hourly, each copy at the day's end) and the statistics every engine hour. Ticks never overlap; a failed tick is logged and retried next time.
 */
import { and, count, eq, inArray, isNull } from 'drizzle-orm'
import type { Logger } from '../logger.ts'
import type { Database } from '../db/client.ts'
import { leaderEvents, positions } from '../db/copy-schema.ts'
import type { MarketSeed } from '../market/market-seed.ts'
import type { MarketSimulator, MinuteUpdate } from '../market/simulator.ts'
import { Money } from '../money.ts'
import { Book, InsufficientFunds, type PositionState } from './book.ts'
import { botOrder, type Bot } from './bots/bot-order.ts'
import { leaderWallet } from './copy-account.ts'
import { marksOf } from './marks.ts'
import { applyFundingInDb, applyMarksInDb, leaderTrade, settleProfitShares } from './engine.ts'
import type { LeaderOrder } from './mirror.ts'
import { fundingTimes } from './risk.ts'
import type { Rules } from './rules.ts'
import { refreshLeaderStats, snapshotDay } from './stats-refresh.ts'
import { recordValuations } from './unit-values.ts'
import { loadPositions, loadWallets } from './store.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const WEEK = 7 * DAY
/** 1970-01-01 was a Thursday: Monday 00:00 UTC boundaries are 4 days after each epoch week start. */
const MONDAY_OFFSET = 4 * DAY

export interface RunnerDeps {
  db: Database
  market: MarketSimulator
  rules: Rules
  now: () => Date
  logger: Logger
  bots: readonly Bot[]
  /** The market's secret seed: the bots' draws are keyed by it. */
  seed: MarketSeed
  /** Told of every new market minute (the realtime hub's publisher). */
  onMinutes?: (updates: readonly MinuteUpdate[]) => Promise<void>
  /**
   * Told once a tick that moved the market is done (marks, copies' TP/SL and liquidations, the bots, funding, profit
   * share): every account may have changed.
   */
  afterTick?: () => void
  /**
   * Places a simulated leader's live order: through the order books when given (issue 18: they trade like everyone,
   * their fills the book's), else at the decision's price. Answers whether it traded.
   */
  trade?: (order: LeaderOrder) => Promise<boolean>
}

export interface TickReport {
  minutes: number
  orders: number
  closed: number
  fundings: number
  settlements: number
}

export interface EngineRunner {
  /** Catches the engine up with its clock (tests call it directly). */
  tick(): Promise<TickReport>
  start(intervalMs: number): void
  stop(): Promise<void>
}

/** Boundaries of `period` (shifted by `offset`) in (from, to]. */
function crossed(from: number, to: number, period: number, offset = 0): number[] {
  const times: number[] = []
  for (let t = Math.floor((from - offset) / period + 1) * period + offset; t <= to; t += period) times.push(t)
  return times
}

export function createEngineRunner(deps: RunnerDeps): EngineRunner {
  const { db, market, rules, logger } = deps
  let last = deps.now().getTime()
  let running: Promise<TickReport> | undefined
  let timer: ReturnType<typeof setInterval> | undefined

  async function botsAt(minute: number, report: TickReport): Promise<void> {
    const due = deps.bots.filter((bot) => Math.floor(minute / MINUTE) % bot.strategy.decisionMinutes === 0)
    if (due.length === 0) return
    const book = new Book(() => {
      throw new Error('decisions open no position')
    })
    const held = await db.transaction(async (tx) => {
      await loadWallets(
        tx,
        book,
        due.map((bot) => leaderWallet(bot.leaderId)),
      )
      return loadPositions(
        tx,
        book,
        and(
          inArray(
            positions.userId,
            due.map((b) => b.leaderId),
          ),
          isNull(positions.copyId),
          eq(positions.status, 'open'),
        ),
      )
    })
    const adds = await addsOf(held)
    const orders: LeaderOrder[] = []
    for (const bot of due) {
      for (const pairCode of bot.pairs) {
        const step = bot.strategy.decisionMinutes
        const closes = await market.closes(pairCode, minute - (bot.strategy.lookback - 1) * step * MINUTE, minute, step)
        const price = closes.at(-1)?.price
        if (!price) continue
        const position = held.find((p) => p.userId === bot.leaderId && p.pairCode === pairCode)
        const order = botOrder(book, rules, deps.seed, bot, {
          pairCode,
          price: new Money(price),
          at: new Date(minute),
          closes: closes.map((c) => Number(c.price)),
          position,
          adds: position ? (adds.get(position.id) ?? 0) : 0,
        })
        if (order) orders.push(order)
      }
    }
    for (const order of orders) {
      try {
        const traded = deps.trade ? await deps.trade(order) : (await leaderTrade(db, rules, order)) !== null
        if (traded) report.orders += 1
      } catch (error) {
        // Another pair's order spent the wallet first: the bot simply does not trade this time.
        if (!(error instanceof InsufficientFunds)) throw error
      }
    }
  }

  async function addsOf(held: readonly PositionState[]): Promise<Map<number, number>> {
    if (held.length === 0) return new Map()
    const rows = await db
      .select({ positionId: leaderEvents.positionId, adds: count() })
      .from(leaderEvents)
      .where(
        and(
          inArray(
            leaderEvents.positionId,
            held.map((p) => p.id),
          ),
          eq(leaderEvents.kind, 'add'),
        ),
      )
      .groupBy(leaderEvents.positionId)
    return new Map(rows.map((r) => [r.positionId, r.adds]))
  }

  async function run(): Promise<TickReport> {
    const now = deps.now()
    const to = now.getTime()
    const report: TickReport = { minutes: 0, orders: 0, closed: 0, fundings: 0, settlements: 0 }
    const updates = await market.advanceTo(now)
    const minutes = [...new Set(updates.map((u) => u.time))].sort((a, b) => a - b)
    report.minutes = minutes.length
    if (minutes.length === 0) return report
    await deps.onMinutes?.(updates)
    const marks = marksOf(market)
    const outcome = await applyMarksInDb(db, rules, marks, now)
    report.closed = outcome.closed
    for (const position of outcome.leaderLiquidations) {
      const price = marks.get(position.pairCode)
      if (!price) continue
      await leaderTrade(db, rules, {
        eventId: `liq:${position.id}`,
        leaderId: position.userId,
        biz: position.biz,
        pairCode: position.pairCode,
        price,
        at: now,
        action: { kind: 'liquidate', positionId: position.id },
      })
    }
    for (const minute of minutes) await botsAt(minute, report)
    // Close each day that ended on its last snapshot before anything at its midnight (funding, profit share) runs:
    // what happens at 00:00 belongs to the new day.
    for (const midnight of crossed(last, to, DAY)) await snapshotDay(db, new Date(midnight - 1), market.marks())
    // Unit values at the last hour crossed, before funding and profit share at it: every leader's hourly row, and at
    // a midnight every live copy's day-end row (unit-values.ts; flows record their own rows as they happen).
    const hour = crossed(last, to, HOUR).at(-1)
    if (hour !== undefined)
      await recordValuations(db, market.marks(), new Date(hour), {
        leaders: true,
        copies: crossed(last, to, DAY).length > 0,
      })
    for (const at of fundingTimes(last, to)) {
      report.fundings += await applyFundingInDb(db, rules, marksOf(market), new Date(at))
    }
    for (const at of crossed(last, to, WEEK, MONDAY_OFFSET))
      report.settlements += (await settleProfitShares(db, new Date(at), marksOf(market))).length
    const hours = crossed(last, to, HOUR)
    if (hours.length > 0) {
      await snapshotDay(db, now, market.marks())
      await refreshLeaderStats(db, now, market.marks())
    }
    last = to
    deps.afterTick?.()
    return report
  }

  const tick = (): Promise<TickReport> => {
    running ??= run().finally(() => {
      running = undefined
    })
    return running
  }

  return {
    tick,
    start(intervalMs) {
      timer ??= setInterval(() => {
        tick().catch((error: unknown) => logger.error('[engine] tick failed', error))
      }, intervalMs)
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = undefined
      await running?.catch(() => undefined)
    },
  }
}
