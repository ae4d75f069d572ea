/**
 * The engine loop, on the engine clock: the market catches up minute by minute; marks trigger
 * take profit, stop loss, copy stop losses and liquidations (a leader's liquidation is mirrored);
 * the simulated leaders decide at their own step and trade through the engine (so followers copy
 * them); funding first in every tick (each pair's funding times that have passed, on the positions open then, before
 * anything of the tick changes them) and a premium index sample of every perpetual's book each minute; profit share on
 * Mondays 00:00 UTC; the day's equity rows, the unit values (each leader hourly, each copy at the day's end) and the
 * statistics every engine hour. Ticks never overlap; a failed tick is logged and retried next time.
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
import { applyMarksInDb, leaderTrade, markItems, settleProfitShares } from './engine.ts'
import type { Funding } from './funding-share.ts'
import type { Incidents } from '../incidents.ts'
import { jobDoneThrough, markJobDone } from '../jobs.ts'
import { INSTRUMENTS } from '../market/instruments.ts'
import type { LeaderOrder } from './mirror.ts'
import type { Rules } from './rules.ts'
import { refreshLeaderStats, snapshotDay } from './stats-refresh.ts'
import { recordValuations } from './unit-values.ts'
import { loadPositions, loadWallets } from './store.ts'

const MINUTE = 60_000
/**
 * The jobs a tick runs at their times, each apart from the others (engine_jobs keeps the first one's progress, and each
 * pair's funding: trading/funding.ts).
 */
const PROFIT_SHARE_JOB = 'profit-share'
const SNAPSHOT_JOB = 'day-snapshot'
const VALUATION_JOB = 'unit-values'
const STATISTICS_JOB = 'statistics'
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
  /** Where a failing item of a tick is recorded (and so retried next tick, the rest going on). */
  incidents: Incidents
  /** Funding between longs and shorts: each pair's passed funding times paid, and the minute's premium samples. */
  funding: Funding
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
      const traded = await isolate('bot', `${order.leaderId}:${order.pairCode}`, async () => {
        try {
          return deps.trade ? await deps.trade(order) : (await leaderTrade(db, rules, deps.funding, order)) !== null
        } catch (error) {
          // Another pair's order spent the wallet first: the bot simply does not trade this time.
          if (error instanceof InsufficientFunds) return false
          throw error
        }
      })
      if (traded) report.orders += 1
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

  /** Runs one item apart from the others: recorded as an incident when it fails, and left for the next tick. */
  const isolate = <T>(kind: string, subject: string, work: () => Promise<T>): Promise<T | undefined> =>
    deps.incidents.isolate(kind, subject, work)

  /**
   * How far each job has run (engine time): a job that fails stays behind and its times run again next tick. Profit
   * share is kept in the database (engine_jobs), written with its work (as each pair's funding is): a restart catches up
   * each time missed while the engine was down, exactly once; the others start from now.
   */
  const progress = new Map<string, number>()
  let loaded: Promise<void> | undefined
  const loadProgress = () =>
    (loaded ??= (async () => {
      for (const job of [SNAPSHOT_JOB, VALUATION_JOB, STATISTICS_JOB]) progress.set(job, last)
      progress.set(PROFIT_SHARE_JOB, await jobDoneThrough(db, PROFIT_SHARE_JOB, last))
    })())
  const doneThrough = (job: string) => progress.get(job) ?? last

  /** Runs `job` at each of its times in (done, to], in order, stopping at the first that fails. */
  async function catchUp(job: string, times: readonly number[], work: (at: number) => Promise<unknown>) {
    for (const at of times) {
      const ok = await isolate(job, new Date(at).toISOString(), async () => {
        await work(at)
        return true
      })
      if (!ok) return
      progress.set(job, at)
    }
  }

  async function run(): Promise<TickReport> {
    await loadProgress()
    const now = deps.now()
    const to = now.getTime()
    const report: TickReport = { minutes: 0, orders: 0, closed: 0, fundings: 0, settlements: 0 }
    const updates = await market.advanceTo(now)
    const minutes = [...new Set(updates.map((u) => u.time))].sort((a, b) => a - b)
    report.minutes = minutes.length
    // Funding first, each pair apart: its passed funding times at their marks (the market has just reached them), on
    // the positions open then, before anything of this tick changes them.
    for (const { pairCode } of INSTRUMENTS)
      report.fundings +=
        (await isolate('funding', pairCode, () =>
          db.transaction((tx) => deps.funding.settleDue(tx, [pairCode], now)),
        )) ?? 0
    if (minutes.length > 0) {
      // The books first (liquidations, stops, the sweep and the flow: each book apart), then the market streams.
      await deps.onMinutes?.(updates)
      // The premium index: one sample a minute of each perpetual's book as the pass left it, each pair apart.
      for (const { pairCode } of INSTRUMENTS)
        await isolate('funding-sample', pairCode, () => db.transaction((tx) => deps.funding.sample(tx, pairCode, now)))
      const marks = marksOf(market)
      const outcome = await isolate('copy-marks', 'all', () => applyMarksInDb(db, rules, deps.funding, marks, now))
      if (outcome) report.closed = outcome.closed
      else {
        // One item broke the batch: each on its own, so the others still close.
        const items = await markItems(db, marks)
        for (const id of items.positionIds)
          report.closed +=
            (await isolate('copy-marks', `position:${id}`, async () => {
              const one = await applyMarksInDb(db, rules, deps.funding, marks, now, { positionIds: [id], copyIds: [] })
              return one.closed
            })) ?? 0
        for (const id of items.copyIds)
          await isolate('copy-marks', `copy:${id}`, () =>
            applyMarksInDb(db, rules, deps.funding, marks, now, { positionIds: [], copyIds: [id] }),
          )
      }
      for (const minute of minutes) await botsAt(minute, report)
    }
    // Close each day that ended on its last snapshot before anything at its midnight (profit share) runs: what happens
    // at 00:00 belongs to the new day, but the tick's own work at it (the funding it pays first, the marks, the
    // liquidations) is the day's close, as the back-fill's days are.
    await catchUp(SNAPSHOT_JOB, crossed(doneThrough(SNAPSHOT_JOB), to, DAY), (midnight) =>
      snapshotDay(db, new Date(midnight - 1), market.marks()),
    )
    // Unit values at the last hour crossed, before profit share at it: every leader's hourly row, and at a midnight
    // every live copy's day-end row (unit-values.ts; flows record their own rows as they happen).
    const hours = crossed(doneThrough(VALUATION_JOB), to, HOUR)
    const lastHour = hours.at(-1)
    if (lastHour !== undefined) {
      const days = crossed(doneThrough(VALUATION_JOB), to, DAY).length > 0
      await catchUp(VALUATION_JOB, [lastHour], (hour) =>
        recordValuations(db, market.marks(), new Date(hour), { leaders: true, copies: days }),
      )
    }
    await catchUp(PROFIT_SHARE_JOB, crossed(doneThrough(PROFIT_SHARE_JOB), to, WEEK, MONDAY_OFFSET), async (at) => {
      // Each copy apart (settled once per copy and period, so a rerun pays nobody twice); the period is done once
      // every copy is.
      const settled = await settleProfitShares(db, new Date(at), marksOf(market), isolate)
      report.settlements += settled.length
      await markJobDone(db, PROFIT_SHARE_JOB, new Date(at))
    })
    if (crossed(doneThrough(STATISTICS_JOB), to, HOUR).length > 0)
      await catchUp(STATISTICS_JOB, [to], async () => {
        await snapshotDay(db, now, market.marks())
        await refreshLeaderStats(db, now, market.marks())
      })
    last = to
    if (minutes.length > 0) deps.afterTick?.()
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
