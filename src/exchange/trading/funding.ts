/**
 * Funding on the books (issue 27 item 6, audit M5): every engine minute a premium index sample of each perpetual's
 * book (market/funding-rate.ts), and each funding time paid between the pair's longs and shorts by the zero-sum rule
 * (copy/funding-share.ts), exactly once, across restarts.
 *
 * It is charged to the positions open at the funding instant (a snapshot): a pair's funding time is paid before
 * anything changes the pair's positions after it. The engine's tick pays it first (runner.ts), and every writer of a
 * futures position pays its pairs' due times first, in its own transaction (`settleDue`: the order engine's book
 * operations, the copy engine's closes and copies). So a position closed or reduced after the time but before the
 * payment still pays for its size then, and one opened after it pays nothing, whoever pays the time and however late.
 * Each pair has its own lock and progress (the engine_jobs row `funding:<PAIR>`, taken FOR UPDATE): a time is paid once,
 * the ones missed while the engine was down in order at the next start. A time's mark is the close of the minute that
 * ends at it (the live mark then), the rate is its interval's (its samples, 0 premium without any).
 *
 * This process remembers how far each pair was paid as it last read it (committed: it is read under the lock), so a
 * writer pays nothing and reads nothing while no funding time has passed since.
 */
import { and, eq, inArray, lt } from 'drizzle-orm'
import { FUNDING_POOL, shareFunding, type Funding } from '../copy/funding-share.ts'
import { leaderWallet } from '../copy/copy-account.ts'
import type { Rules } from '../copy/rules.ts'
import type { Marks } from '../copy/unit-values.ts'
import { loadCopies, loadPositions, loadWallets, persistChange, type Tx } from '../copy/store.ts'
import type { Database } from '../db/client.ts'
import { copies, positions } from '../db/copy-schema.ts'
import { engineJobs } from '../db/engine-schema.ts'
import { lockJob, markJobDone } from '../jobs.ts'
import { INSTRUMENTS } from '../market/instruments.ts'
import { fundingTimes, impactNotional, intervalOf, intervalRate, premiumSample } from '../market/funding-rate.ts'
import { lockInterval, recordPaid, recordSample } from '../market/funding-store.ts'
import { readCloses } from '../market/market-store.ts'
import { Exact, type Money } from '../money.ts'
import type { TradingBooks } from './books.ts'
import { scratchBook } from './closing.ts'
import { refreshCross } from './cross-margin.ts'

const MINUTE_MS = 60_000
const HOUR_MS = 3_600_000

export interface FundingDeps {
  rules: Rules
  /** The marks now: a funding time the market has not reached yet is paid at the last one, and cross levels move. */
  market: { mark(pairCode: string): string | undefined; marks(): Marks }
  books: TradingBooks
}

/** The one funding job of the engine before funding was paid per pair. */
const LEGACY_FUNDING_JOB = 'funding'

/** The engine_jobs row of a pair's funding: its lock and how far it is paid. */
export const fundingJob = (pairCode: string) => `funding:${pairCode}`

/** The ledger ref of a pair's funding time. */
export const fundingRef = (pairCode: string, time: number) => `funding:${pairCode}:${new Date(time).toISOString()}`

/**
 * At the exchange's start: each pair's funding progress, created where it is missing, from `at` (nothing before it is
 * owed: the back-fill paid the history's funding times), or from where the one funding job of a database written before
 * per-pair funding had got to, so no time is skipped across the upgrade. Existing rows are kept: the times missed while
 * the engine was down are paid by the first tick.
 */
export async function startFunding(db: Database, at: Date): Promise<void> {
  const [legacy] = await db
    .select({ at: engineJobs.doneThrough })
    .from(engineJobs)
    .where(eq(engineJobs.name, LEGACY_FUNDING_JOB))
  const start = legacy?.at ?? at
  await db
    .insert(engineJobs)
    .values(INSTRUMENTS.map((i) => ({ name: fundingJob(i.pairCode), doneThrough: start })))
    .onConflictDoNothing()
}

export function createFunding(deps: FundingDeps): Funding {
  const { rules, market, books } = deps
  const paidThrough = new Map<string, number>()

  /** The mark a funding time is paid at: the close of its last minute, else of its last hour, else the mark now. */
  async function markAt(tx: Tx, pairCode: string, time: number): Promise<Money> {
    const [minute] = await readCloses(tx, pairCode, '1m', time - MINUTE_MS, time - MINUTE_MS)
    if (minute) return new Exact(minute.close)
    const [hour] = await readCloses(tx, pairCode, '1h', time - HOUR_MS, time - HOUR_MS)
    if (hour) return new Exact(hour.close)
    const now = market.mark(pairCode)
    if (now === undefined) throw new Error(`no mark for ${pairCode}`)
    return new Exact(now)
  }

  /** Pays one funding time of a pair among the positions open at it; answers how many positions it moved. */
  async function pay(tx: Tx, pairCode: string, time: number, at: Date): Promise<number> {
    const when = new Date(time)
    const samples = await lockInterval(tx, pairCode, when)
    const rate = intervalRate(samples.sum, samples.count)
    const mark = await markAt(tx, pairCode, time)
    const book = scratchBook()
    const openThen = and(
      eq(positions.status, 'open'),
      eq(positions.biz, 'futures'),
      eq(positions.pairCode, pairCode),
      lt(positions.openedAt, when),
    )
    // The cross owners' wallets are locked before the positions, in the order every trade locks them (no other writer
    // changes the pair's positions while its funding lock is held).
    const owners = await tx
      .select({ userId: positions.userId })
      .from(positions)
      .where(and(openThen, eq(positions.marginMode, 'cross')))
    await loadWallets(tx, book, [...new Set(owners.map((o) => leaderWallet(o.userId)))])
    const open = await loadPositions(tx, book, openThen)
    const cross = open.filter((p) => p.marginMode === 'cross')
    const copyIds = [...new Set(open.flatMap((p) => (p.copyId === null ? [] : [p.copyId])))]
    if (copyIds.length > 0) await loadCopies(tx, book, inArray(copies.id, copyIds))
    const outcome = shareFunding(book, rules, open, rate, mark, fundingRef(pairCode, time))
    if (!book.balance(FUNDING_POOL).isZero()) throw new Error(`funding pool of ${pairCode} not shared out`)
    await persistChange(tx, book.takeChange(), when)
    // A cross account's liquidation prices move with its margins and wallet.
    const marks = market.marks()
    for (const userId of new Set(cross.map((p) => p.userId))) await refreshCross(tx, rules, userId, marks, when)
    await recordPaid(tx, pairCode, when, { rate, mark, paidAt: at })
    return outcome.positions
  }

  async function settlePair(tx: Tx, pairCode: string, at: Date): Promise<number> {
    const job = fundingJob(pairCode)
    const through = await lockJob(tx, job, at.getTime())
    paidThrough.set(pairCode, through)
    const times = fundingTimes(through, at.getTime())
    let moved = 0
    for (const time of times) moved += await pay(tx, pairCode, time, at)
    const last = times.at(-1)
    if (last !== undefined) await markJobDone(tx, job, new Date(last))
    return moved
  }

  return {
    async settleDue(tx, pairCodes, at) {
      const now = at.getTime()
      // Locks in one order (by pair code) whoever asks for several: two writers never wait on each other's.
      // A pair the market has no price for yet has no positions (nothing trades without a mark), and pays nothing.
      const due = [...new Set(pairCodes)]
        .filter((pair) => {
          const through = paidThrough.get(pair)
          return (through === undefined || intervalOf(through) <= now) && market.mark(pair) !== undefined
        })
        .sort()
      let moved = 0
      for (const pairCode of due) moved += await settlePair(tx, pairCode, at)
      return moved
    },

    async sample(tx, pairCode, at) {
      const mark = market.mark(pairCode)
      if (mark === undefined || books.version('futures', pairCode) === undefined) return false
      // Read as any reader sees it: the maker's quotes at the price now.
      books.depth('futures', pairCode, 1)
      const book = books.book('futures', pairCode)
      if (!book) return false
      const notional = impactNotional(rules.instrument(pairCode).maxLeverage)
      const sample = premiumSample(
        book.impactPrice('sell', notional),
        book.impactPrice('buy', notional),
        new Exact(mark),
      )
      return recordSample(tx, pairCode, at, sample)
    },
  }
}
