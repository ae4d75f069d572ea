/**
 * The perpetuals' funding intervals in the database (table funding_intervals): each minute's premium index sample added
 * to its interval's running sum, the rate and mark of each funding time once it is paid, and what the market calls read
 * (the interval in progress, the history).
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Tx } from '../copy/store.ts'
import { fundingIntervals } from '../db/market-schema.ts'
import { Exact, toPlain, type Money } from '../money.ts'
import { COPY } from '#/app.config.ts'
import type { FundingRate, PaidFunding } from '#/contract/index.ts'
import { q } from '#/contract/rounding.ts'
import { FUNDING_PARAMETERS, intervalOf, intervalRate } from './funding-rate.ts'

const MINUTE_MS = 60_000

/**
 * Adds a premium sample taken at `at` to its interval (the first funding time after it), once per minute: a minute
 * sampled already, or an interval already paid, is left as it is. Answers whether it counted.
 */
export async function recordSample(tx: Tx, pairCode: string, at: Date, sample: Money): Promise<boolean> {
  const minute = new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS)
  const rows = await tx
    .insert(fundingIntervals)
    .values({
      pairCode,
      fundingTime: new Date(intervalOf(at.getTime())),
      premiumSum: toPlain(sample),
      samples: 1,
      sampledAt: minute,
    })
    .onConflictDoUpdate({
      target: [fundingIntervals.pairCode, fundingIntervals.fundingTime],
      set: {
        premiumSum: sql`${fundingIntervals.premiumSum} + excluded.premium_sum`,
        samples: sql`${fundingIntervals.samples} + 1`,
        sampledAt: sql`excluded.sampled_at`,
      },
      setWhere: sql`${fundingIntervals.rate} is null and (${fundingIntervals.sampledAt} is null or ${fundingIntervals.sampledAt} < excluded.sampled_at)`,
    })
    .returning({ samples: fundingIntervals.samples })
  return rows.length > 0
}

/** An interval's samples: their sum and count. */
export interface Samples {
  sum: Money
  count: number
}

/**
 * The samples of the interval ending at `fundingTime`, its row locked (created empty when the engine took none), so no
 * sample joins it while it is paid.
 */
export async function lockInterval(tx: Tx, pairCode: string, fundingTime: Date): Promise<Samples & { paid: boolean }> {
  await tx.insert(fundingIntervals).values({ pairCode, fundingTime }).onConflictDoNothing()
  const [row] = await tx
    .select({ sum: fundingIntervals.premiumSum, count: fundingIntervals.samples, rate: fundingIntervals.rate })
    .from(fundingIntervals)
    .where(and(eq(fundingIntervals.pairCode, pairCode), eq(fundingIntervals.fundingTime, fundingTime)))
    .for('update')
  if (!row) throw new Error(`funding interval ${pairCode} ${fundingTime.toISOString()} not written`)
  return { sum: new Exact(row.sum), count: row.count, paid: row.rate !== null }
}

/** Records that the funding time was paid at `rate` and `mark` (engine time `paidAt`). */
export async function recordPaid(
  tx: Tx,
  pairCode: string,
  fundingTime: Date,
  paid: { rate: Money; mark: Money; paidAt: Date },
): Promise<void> {
  await tx
    .update(fundingIntervals)
    .set({ rate: toPlain(paid.rate), mark: toPlain(paid.mark), paidAt: paid.paidAt })
    .where(and(eq(fundingIntervals.pairCode, pairCode), eq(fundingIntervals.fundingTime, fundingTime)))
}

/** The interval `at` is in: its samples so far (none when it has no row yet). */
async function currentSamples(tx: Tx, pairCode: string, at: number): Promise<Samples> {
  const [row] = await tx
    .select({ sum: fundingIntervals.premiumSum, count: fundingIntervals.samples })
    .from(fundingIntervals)
    .where(and(eq(fundingIntervals.pairCode, pairCode), eq(fundingIntervals.fundingTime, new Date(intervalOf(at)))))
  return row ? { sum: new Exact(row.sum), count: row.count } : { sum: new Exact(0), count: 0 }
}

/** The newest `limit` paid funding times of a pair, newest first. */
export async function fundingHistory(tx: Tx, pairCode: string, limit: number): Promise<PaidFunding[]> {
  const rows = await tx
    .select({ time: fundingIntervals.fundingTime, rate: fundingIntervals.rate, mark: fundingIntervals.mark })
    .from(fundingIntervals)
    .where(and(eq(fundingIntervals.pairCode, pairCode), isNotNull(fundingIntervals.rate)))
    .orderBy(desc(fundingIntervals.fundingTime))
    .limit(limit)
  return rows.map((row) => ({
    time: row.time.getTime(),
    rate: toPlain(new Exact(row.rate ?? 0)),
    mark: toPlain(new Exact(row.mark ?? 0)),
  }))
}

/** A perpetual's funding as the market calls serve it (GET /market/v1/funding), at engine time `at`. */
export async function fundingNow(tx: Tx, pairCode: string, at: number): Promise<FundingRate> {
  const { sum, count } = await currentSamples(tx, pairCode, at)
  const [last] = await fundingHistory(tx, pairCode, 1)
  return {
    pairCode,
    predictedRate: toPlain(intervalRate(sum, count)),
    premiumIndex: toPlain(count > 0 ? q(sum.div(count)) : new Exact(0)),
    samples: count,
    interestRate: toPlain(FUNDING_PARAMETERS.interestRate),
    rateCap: toPlain(FUNDING_PARAMETERS.rateCap),
    lastFundingTime: last?.time ?? null,
    lastRate: last?.rate ?? null,
    nextFundingTime: intervalOf(at),
    intervalHours: COPY.fundingIntervalHours,
  }
}
