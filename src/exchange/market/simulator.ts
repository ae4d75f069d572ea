/**
 * The market simulator: back-fills history on first start, then advances minute by minute with the
 * engine clock, writing candles, prices and its state in one transaction per step. Prices, the 24 h
 * window behind the tickers and recent public trades are also kept in memory for fast reads.
 */
import { MARKET } from '#/app.config.ts'
import type { Database } from '../db/client.ts'
import { minutesBetween, simulateSpan, toRows, type PairSpan } from './backfill.ts'
import { INTERVALS, type Candle, type Interval } from './candles.ts'
import { findInstrument, INSTRUMENTS, type Instrument } from './instruments.ts'
import type { MarketSeed } from './market-seed.ts'
import {
  aggregateCandles,
  clearCandles,
  pruneMinutes,
  readCandles,
  readCloses,
  readState,
  upsertCandles,
  writePrices,
  writeState,
} from './market-store.ts'
import { gridsOf, HOUR_MS, MINUTE_MS, type TickBar } from './price-path.ts'
import { appendToWindow, DAY_MS, emptyWindow, tickerOf, type DayWindow, type Ticker } from './ticker.ts'
import { formatCount, parseCount } from './ticks.ts'
import { appendTrades, type Trade } from './trades.ts'
import { closesAt } from './closes.ts'

export type { Ticker } from './ticker.ts'
export type { Trade } from './trades.ts'

export interface MinuteUpdate {
  pairCode: string
  /** Minute start, epoch ms. */
  time: number
  open: string
  high: string
  low: string
  close: string
  volume: string
}

export interface MarketSimulatorOptions {
  /** The secret seed every minute is keyed by (market-store.ts loadMarketSeed). */
  seed: MarketSeed
  backfillDays: number
  /** Days of minute candles kept (at least one is kept: the tickers' 24 h window reads them). */
  minuteHistoryDays: number
  tradesPerMinute?: number
  recentTradesKept?: number
  logger?: Pick<Console, 'log'>
}

export interface MarketSimulator {
  /** First start: back-fills history and writes state and prices; later starts load the state and catch up to `now`. */
  start(now: Date): Promise<void>
  /**
   * Simulates every whole minute after the last one up to `now` and returns the new minutes (those kept as minute
   * candles).
   */
  advanceTo(now: Date): Promise<MinuteUpdate[]>
  /** Last close of a pair. */
  mark(pairCode: string): string | undefined
  marks(): ReadonlyMap<string, string>
  /** The newest `limit` candles whose start is at or before `endTime` (default: the last minute), ascending. */
  candles(pairCode: string, interval: Interval, options: { endTime?: number; limit: number }): Promise<Candle[]>
  /**
   * The last known price at the end of each step's minute from `fromMs` to `toMs` (minute candles where kept, else
   * hourly).
   */
  closes(
    pairCode: string,
    fromMs: number,
    toMs: number,
    stepMinutes: number,
  ): Promise<Array<{ time: number; price: string }>>
  /** Recent simulated public trades, newest first. */
  trades(pairCode: string, limit: number): Trade[]
  ticker(pairCode: string): Ticker | undefined
  tickers(): Ticker[]
}

interface PairState {
  instrument: Instrument
  /** Last close in ticks, and as a string. */
  count: number
  mark: string
  window: DayWindow
  trades: Trade[]
  ticker: Ticker | undefined
}

/** The start of the last minute that has fully passed at `now`. */
export function lastWholeMinute(now: Date): number {
  return Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS - MINUTE_MS
}

export function createMarketSimulator(db: Database, options: MarketSimulatorOptions): MarketSimulator {
  const seed = options.seed
  const minuteWindow = Math.max(1, options.minuteHistoryDays) * (DAY_MS / MINUTE_MS)
  const tradesPerMinute = options.tradesPerMinute ?? MARKET.tradesPerMinute
  const tradesKept = options.recentTradesKept ?? MARKET.recentTradesKept
  const pairCodes = INSTRUMENTS.map((instrument) => instrument.pairCode)
  const pairs = new Map<string, PairState>(
    INSTRUMENTS.map((instrument) => [
      instrument.pairCode,
      {
        instrument,
        count: parseCount(instrument.startPrice, gridsOf(instrument).tick),
        mark: instrument.startPrice,
        window: emptyWindow(),
        trades: [],
        ticker: undefined,
      },
    ]),
  )
  const markMap = new Map<string, string>()
  let lastMinute: number | undefined
  let prunedUpTo = Number.NEGATIVE_INFINITY
  let starting: Promise<void> | undefined
  let queue: Promise<unknown> = Promise.resolve()

  /** Steps run one at a time, in call order. */
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task)
    queue = run.catch(() => undefined)
    return run
  }
  const pairOf = (pairCode: string) => {
    const instrument = findInstrument(pairCode)
    return instrument && pairs.get(instrument.pairCode)
  }

  /** Takes in the minutes of a committed span: marks, 24 h windows, trades. */
  const absorb = (spans: readonly PairSpan[], to: number) => {
    for (const span of spans) {
      const pair = pairs.get(span.instrument.pairCode)
      if (!pair) continue
      pair.count = span.lastCount
      pair.mark = formatCount(span.lastCount, gridsOf(pair.instrument).tick)
      markMap.set(pair.instrument.pairCode, pair.mark)
      appendToWindow(pair.window, span.minutes, to)
      appendTrades(pair.trades, pair.instrument, seed, span.minutes, tradesPerMinute, tradesKept)
      pair.ticker = tickerOf(pair.instrument, pair.window)
    }
    lastMinute = to
  }

  /** Simulates `from` … `to`, writes it in one transaction, then updates memory. */
  const run = async (from: number, to: number, now: Date, fresh: boolean): Promise<MinuteUpdate[]> => {
    if (minutesBetween(from, to) === 0) return []
    const spans = simulateSpan(
      INSTRUMENTS,
      seed,
      { from, to, minuteWindow },
      (instrument) => pairs.get(instrument.pairCode)?.count ?? 1,
    )
    const hourRows = spans.flatMap((span) => toRows(span.instrument, span.hours))
    const minuteRows = spans.flatMap((span) => toRows(span.instrument, span.minutes))
    const lastPrices = Object.fromEntries(
      spans.map((span) => [span.instrument.pairCode, formatCount(span.lastCount, gridsOf(span.instrument).tick)]),
    )
    const cutoff = to - minuteWindow * MINUTE_MS
    const prune = Math.floor(cutoff / HOUR_MS) * HOUR_MS > prunedUpTo
    await db.transaction(async (tx) => {
      if (fresh) await clearCandles(tx)
      await upsertCandles(tx, '1h', hourRows)
      await upsertCandles(tx, '1m', minuteRows)
      if (prune) await pruneMinutes(tx, pairCodes, cutoff)
      const coinPrices = spans.map((span) => ({
        coin: span.instrument.coin,
        usdtPrice: lastPrices[span.instrument.pairCode] ?? span.instrument.startPrice,
      }))
      await writePrices(tx, [...coinPrices, { coin: 'USDT', usdtPrice: '1' }], now)
      await writeState(tx, { seedFingerprint: seed.fingerprint, lastMinute: to, lastPrices })
    })
    if (prune) prunedUpTo = Math.floor(cutoff / HOUR_MS) * HOUR_MS
    absorb(spans, to)
    return minuteRows.sort((a, b) => a.time - b.time)
  }

  /** On a later start: prices, the 24 h windows and recent trades from the stored state and minutes. */
  const load = async (last: number, lastPrices: Record<string, string>) => {
    for (const pair of pairs.values()) {
      const stored = lastPrices[pair.instrument.pairCode]
      if (stored !== undefined) pair.count = parseCount(stored, gridsOf(pair.instrument).tick)
      const rows = await readCandles(db, pair.instrument.pairCode, '1m', last - DAY_MS, last)
      const { tick, lot } = gridsOf(pair.instrument)
      const bars: TickBar[] = rows.map((row) => ({
        time: row.time,
        open: parseCount(row.open, tick),
        high: parseCount(row.high, tick),
        low: parseCount(row.low, tick),
        close: parseCount(row.close, tick),
        volume: parseCount(row.volume, lot),
      }))
      absorb([{ instrument: pair.instrument, hours: [], minutes: bars, lastCount: pair.count }], last)
    }
  }

  const start = async (now: Date) => {
    const to = lastWholeMinute(now)
    const state = await readState(db)
    if (!state) {
      const began = performance.now()
      const from = Math.floor(to / HOUR_MS) * HOUR_MS - Math.max(0, options.backfillDays) * DAY_MS
      const minutes = await run(from, to, now, true)
      const hours = Math.ceil(minutesBetween(from, to) / 60)
      options.logger?.log(
        `[market] back-filled ${options.backfillDays} days for ${INSTRUMENTS.length} pairs (about ${hours * INSTRUMENTS.length} hourly and ${minutes.length} minute candles) in ${Math.round(performance.now() - began)} ms, seed fingerprint ${seed.fingerprint}`,
      )
      return
    }
    // Fingerprints only: the seed itself is never logged.
    if (state.seedFingerprint !== seed.fingerprint) {
      const before =
        state.seedFingerprint === null ? "an earlier version's public seed" : `fingerprint ${state.seedFingerprint}`
      options.logger?.log(
        `[market] seed changed from ${before} to fingerprint ${seed.fingerprint}: history is kept, new minutes follow the new seed`,
      )
    }
    await load(state.lastMinute, state.lastPrices)
    if (to > state.lastMinute) await run(state.lastMinute + MINUTE_MS, to, now, false)
  }

  return {
    start(now) {
      starting ??= serial(() => start(now)).catch((error: unknown) => {
        starting = undefined
        throw error
      })
      return starting
    },

    advanceTo(now) {
      if (!starting) return Promise.reject(new Error('The market simulator has not been started'))
      return serial(async () => {
        if (lastMinute === undefined) throw new Error('The market simulator did not start')
        const to = lastWholeMinute(now)
        return to > lastMinute ? run(lastMinute + MINUTE_MS, to, now, false) : []
      })
    },

    mark: (pairCode) => (lastMinute === undefined ? undefined : pairOf(pairCode)?.mark),
    marks: () => markMap,

    async candles(pairCode, interval, { endTime, limit }) {
      const pair = pairOf(pairCode)
      if (!pair || limit <= 0) return []
      const span = INTERVALS[interval] * MINUTE_MS
      const latest = lastMinute ?? Date.now()
      const end = Math.min(endTime ?? latest, latest)
      const to = Math.floor(end / span) * span + span
      const stored = INTERVALS[interval] < 60 ? '1m' : '1h'
      return aggregateCandles(db, pair.instrument.pairCode, stored, span, { from: to - limit * span, to, limit })
    },

    async closes(pairCode, fromMs, toMs, stepMinutes) {
      const pair = pairOf(pairCode)
      if (!pair || lastMinute === undefined) return []
      const to = Math.min(toMs, lastMinute)
      if (to < fromMs) return []
      const minutes = await readCloses(db, pair.instrument.pairCode, '1m', fromMs - MINUTE_MS, to)
      // The last hour complete by the end of a step's minute started up to two hours before it.
      const hours = await readCloses(db, pair.instrument.pairCode, '1h', fromMs - 2 * HOUR_MS, to)
      return closesAt(minutes, hours, fromMs, to, stepMinutes)
    },

    trades(pairCode, limit) {
      const ring = pairOf(pairCode)?.trades ?? []
      return ring.slice(Math.max(0, ring.length - Math.max(0, limit))).reverse()
    },

    ticker: (pairCode) => pairOf(pairCode)?.ticker,
    tickers: () => [...pairs.values()].flatMap((pair) => (pair.ticker ? [pair.ticker] : [])),
  }
}
