/**
 * The market simulator's SQL: bulk candle upserts (INSERT … SELECT FROM unnest, one statement per
 * chunk), the state row, the prices table, and candle reads aggregated in SQL. Numerics travel as
 * exact strings both ways; times are epoch ms in TypeScript.
 */
import { and, asc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../db/client.ts'
import { candles, marketSeed, marketState } from '../db/market-schema.ts'
import { prices } from '../db/schema.ts'
import type { Candle } from './candles.ts'
import { marketSeedFrom, marketSeedFingerprint, randomMarketSecret, type MarketSeed } from './market-seed.ts'
import { plain } from './ticks.ts'

export type StoredInterval = '1m' | '1h'

export interface CandleRow extends Candle {
  pairCode: string
}

export interface MarketStateRow {
  /** The fingerprint of the seed the last minutes followed; null: the public seed of an earlier version. */
  seedFingerprint: string | null
  lastMinute: number
  lastPrices: Record<string, string>
}

const STATE_ID = 'main'
/** Rows per INSERT statement: large enough to be fast, small enough for modest parameter sizes. */
const CHUNK = 20_000

const iso = (time: number) => new Date(time).toISOString()

/**
 * Upserts candles of one stored interval. A minute row is replaced; an hour row already stored
 * (the hour in progress) is merged: its open kept, high and low widened, close replaced, volume added.
 */
export async function upsertCandles(db: Database, interval: StoredInterval, rows: readonly CandleRow[]): Promise<void> {
  const onConflict =
    interval === '1h'
      ? sql`high = greatest(candles.high, excluded.high), low = least(candles.low, excluded.low), close = excluded.close, volume = candles.volume + excluded.volume`
      : sql`open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume`
  for (let at = 0; at < rows.length; at += CHUNK) {
    const chunk = rows.slice(at, at + CHUNK)
    const column = (pick: (row: CandleRow) => string) => sql.param(chunk.map(pick))
    await db.execute(sql`
      insert into candles (pair_code, interval, time, open, high, low, close, volume)
      select p, ${interval}, t, o, h, l, c, v
      from unnest(${column((r) => r.pairCode)}::text[], ${column((r) => iso(r.time))}::timestamptz[], ${column((r) => r.open)}::numeric[],
        ${column((r) => r.high)}::numeric[], ${column((r) => r.low)}::numeric[], ${column((r) => r.close)}::numeric[],
        ${column((r) => r.volume)}::numeric[]) as x(p, t, o, h, l, c, v)
      on conflict (pair_code, interval, time) do update set ${onConflict}`)
  }
}

/** Forgets every candle (a first start writes the whole history afresh). */
export async function clearCandles(db: Database): Promise<void> {
  await db.delete(candles)
}

/** Drops minute rows at or before `cutoff` (older than the minute history). */
export async function pruneMinutes(db: Database, pairCodes: readonly string[], cutoff: number): Promise<void> {
  await db
    .delete(candles)
    .where(
      and(inArray(candles.pairCode, [...pairCodes]), eq(candles.interval, '1m'), lte(candles.time, new Date(cutoff))),
    )
}

export async function readState(db: Database): Promise<MarketStateRow | undefined> {
  const [row] = await db.select().from(marketState).where(eq(marketState.id, STATE_ID))
  return (
    row && { seedFingerprint: row.seedFingerprint, lastMinute: row.lastMinute.getTime(), lastPrices: row.lastPrices }
  )
}

export async function writeState(db: Database, state: MarketStateRow): Promise<void> {
  const values = {
    seedFingerprint: state.seedFingerprint,
    lastMinute: new Date(state.lastMinute),
    lastPrices: state.lastPrices,
  }
  await db
    .insert(marketState)
    .values({ id: STATE_ID, ...values })
    .onConflictDoUpdate({ target: marketState.id, set: values })
}

/**
 * The stored secret seed, or `configured` (MARKET_SEED) in its place, or a random one on a database that has none;
 * whichever it is, it is stored before it is used. Concurrent first starts agree: the first insert wins.
 */
export async function loadMarketSeed(db: Database, configured: string | undefined, now: Date): Promise<MarketSeed> {
  const [stored] = await db.select({ secret: marketSeed.secret }).from(marketSeed).where(eq(marketSeed.id, STATE_ID))
  if (stored && (configured === undefined || stored.secret === configured)) return marketSeedFrom(stored.secret)
  const secret = configured ?? randomMarketSecret()
  const values = { secret, fingerprint: marketSeedFingerprint(secret), chosenAt: now }
  if (stored) {
    await db.update(marketSeed).set(values).where(eq(marketSeed.id, STATE_ID))
    return marketSeedFrom(secret)
  }
  await db
    .insert(marketSeed)
    .values({ id: STATE_ID, ...values })
    .onConflictDoNothing()
  const [kept] = await db.select({ secret: marketSeed.secret }).from(marketSeed).where(eq(marketSeed.id, STATE_ID))
  return marketSeedFrom(kept?.secret ?? secret)
}

/** USDT prices of coins, used to value wallets. */
export async function writePrices(
  db: Database,
  entries: ReadonlyArray<{ coin: string; usdtPrice: string }>,
  updatedAt: Date,
): Promise<void> {
  if (entries.length === 0) return
  await db
    .insert(prices)
    .values(entries.map((entry) => ({ ...entry, updatedAt })))
    .onConflictDoUpdate({
      target: prices.coin,
      set: { usdtPrice: sql`excluded.usdt_price`, updatedAt: sql`excluded.updated_at` },
    })
}

/** Stored candles of a pair with `from < time ≤ to`, ascending. */
export async function readCandles(
  db: Database,
  pairCode: string,
  interval: StoredInterval,
  from: number,
  to: number,
): Promise<Candle[]> {
  const rows = await db
    .select()
    .from(candles)
    .where(
      and(
        eq(candles.pairCode, pairCode),
        eq(candles.interval, interval),
        gt(candles.time, new Date(from)),
        lte(candles.time, new Date(to)),
      ),
    )
    .orderBy(asc(candles.time))
  return rows.map((row) => ({
    time: row.time.getTime(),
    open: plain(row.open),
    high: plain(row.high),
    low: plain(row.low),
    close: plain(row.close),
    volume: plain(row.volume),
  }))
}

/** Closes of a pair with `from ≤ time ≤ to`, ascending. */
export async function readCloses(
  db: Pick<Database, 'select'>,
  pairCode: string,
  interval: StoredInterval,
  from: number,
  to: number,
): Promise<Array<{ time: number; close: string }>> {
  const rows = await db
    .select({ time: candles.time, close: candles.close })
    .from(candles)
    .where(
      and(
        eq(candles.pairCode, pairCode),
        eq(candles.interval, interval),
        gte(candles.time, new Date(from)),
        lte(candles.time, new Date(to)),
      ),
    )
    .orderBy(asc(candles.time))
  return rows.map((row) => ({ time: row.time.getTime(), close: plain(row.close) }))
}

const aggregatedRows = z.object({
  rows: z.array(
    z.object({
      bucket: z.coerce.number(),
      open: z.string(),
      high: z.string(),
      low: z.string(),
      close: z.string(),
      volume: z.string(),
    }),
  ),
})

/**
 * The newest `limit` candles of `spanMs` (a multiple of the stored interval, aligned in UTC) built
 * from stored rows with `from ≤ time < to`, ascending.
 */
export async function aggregateCandles(
  db: Database,
  pairCode: string,
  interval: StoredInterval,
  spanMs: number,
  range: { from: number; to: number; limit: number },
): Promise<Candle[]> {
  const spanSeconds = Math.round(spanMs / 1000)
  const result = await db.execute(sql`
    select (floor(extract(epoch from time) / ${spanSeconds}::int) * ${spanSeconds}::int * 1000)::float8 as bucket,
      ((array_agg(open order by time))[1])::text as open, max(high)::text as high, min(low)::text as low,
      ((array_agg(close order by time desc))[1])::text as close, sum(volume)::text as volume
    from candles
    where pair_code = ${pairCode} and interval = ${interval} and time >= ${iso(range.from)}::timestamptz and time < ${iso(range.to)}::timestamptz
    group by bucket order by bucket desc limit ${range.limit}::int`)
  return aggregatedRows
    .parse(result)
    .rows.map((row) => ({
      time: row.bucket,
      open: plain(row.open),
      high: plain(row.high),
      low: plain(row.low),
      close: plain(row.close),
      volume: plain(row.volume),
    }))
    .reverse()
}
