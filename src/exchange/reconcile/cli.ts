/**
 * `npm run stats:reconcile`: the independent reconciliation of every leader's and copy's figures (issue 17).
 * - DATABASE_URL set: that PostgreSQL database; DATA_DIR set: the PGlite database in that folder (stop the exchange
 *   that holds it first). Read only (opening applies pending migrations, as the exchange does).
 * - Neither: an in-memory exchange seeded like `npm start` with a 60-day history, reconciled once as it starts, then
 *   the engine run RECONCILE_DAYS (default 3) simulated days forward hour by hour and reconciled again.
 * Prints every figure that differs (subject, period, figure, served, recomputed) and the figures it could not
 * reconcile, and exits 1 when any figure differs.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { StatsPeriod } from '#/contract/index.ts'
import { myCopies } from '../copy/api/my.service.ts'
import { leaderStatsDetail } from '../copy/api/read.service.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { FolderLockedError } from '../db/lock.ts'
import { openExchange } from '../index.ts'
import type { MarketSimulator } from '../market/simulator.ts'
import { pgliteFolder } from '../paths.ts'
import { reconcile, type Served } from './reconcile.ts'
import { formatReport, type Report } from './report.ts'

const HOUR = 3_600_000
const HISTORY_DAYS = 60

const periodOf = (name: string): StatsPeriod => (name === '7d' || name === '30d' || name === '90d' ? name : 'all')

/** A market that only answers its last prices (a stopped exchange's marks, from market_state). */
function frozenMarket(prices: ReadonlyMap<string, string>): MarketSimulator {
  const refuse = () => Promise.reject(new Error('the reconciliation reads a stopped market'))
  return {
    start: refuse,
    advanceTo: refuse,
    mark: (pair) => prices.get(pair),
    marks: () => prices,
    candles: refuse,
    closes: refuse,
    trades: () => [],
    ticker: () => undefined,
    tickers: () => [],
  }
}

async function lastPrices(db: Database): Promise<Map<string, string>> {
  const result = z
    .object({ rows: z.array(z.object({ prices: z.record(z.string(), z.string()) })) })
    .parse(await db.execute(sql`select last_prices as prices from market_state limit 1`))
  return new Map(Object.entries(result.rows[0]?.prices ?? {}))
}

function servedBy(db: Database, market: MarketSimulator): Served {
  return {
    series: async (leaderId, period, now) =>
      (await leaderStatsDetail(db, now, leaderId, periodOf(period))).series.map((p) => ({
        day: p.day,
        roi: p.roi,
        pnl: p.pnl,
        dailyPnl: p.dailyPnl,
      })),
    myCopies: async (followerId) => (await myCopies({ db, market }, followerId)).list,
  }
}

function print(title: string, report: Report): boolean {
  console.log(`\n== ${title}`)
  console.log(formatReport(report))
  return report.differences.length === 0
}

async function stored(options: { databaseUrl?: string; dataDir?: string }): Promise<boolean> {
  const database = await openDatabase(options)
  try {
    const market = frozenMarket(await lastPrices(database.db))
    return print('stored database', await reconcile(database.db, { served: servedBy(database.db, market) }))
  } finally {
    await database.close()
  }
}

async function seeded(days: number): Promise<boolean> {
  // Engine time on whole hours: every tick writes its valuations at the hour, as a steady clock would.
  let clock = Math.floor(Date.now() / HOUR) * HOUR
  const quiet = { log: () => undefined, error: (...args: unknown[]) => console.error(...args) }
  const { exchange, context, engine } = await openExchange({
    devPages: false,
    dataDir: 'memory://',
    logger: quiet,
    now: () => new Date(clock),
    market: { backfillDays: HISTORY_DAYS, minuteHistoryDays: 2 },
  })
  try {
    const served = servedBy(context.db, context.market)
    let ok = print(`seeded ${HISTORY_DAYS}-day history, at start`, await reconcile(context.db, { served }))
    for (let hour = 0; hour < days * 24; hour += 1) {
      clock += HOUR
      await engine.tick()
    }
    ok = print(`after ${days} simulated days`, await reconcile(context.db, { served })) && ok
    return ok
  } finally {
    await exchange.close()
  }
}

try {
  const url = process.env.DATABASE_URL
  const dataDir = process.env.DATA_DIR
  const days = Number(process.env.RECONCILE_DAYS ?? 3)
  const ok = url
    ? await stored({ databaseUrl: url })
    : dataDir
      ? await stored({ dataDir: pgliteFolder(dataDir) })
      : await seeded(Number.isFinite(days) && days >= 0 ? days : 3)
  process.exitCode = ok ? 0 : 1
} catch (error) {
  console.error(error instanceof FolderLockedError ? `${error.message}: stop the exchange that holds it` : error)
  process.exitCode = 2
}
