/**
 * Prices at a past engine time, from the stored candles, by the two conventions the engine values positions with:
 * - live: at engine time T the market's mark is the close of the last whole minute (the minute that started at
 *   floor(T to the minute) − 1 min); once minute candles are pruned, only whole hours are known (the close of the hour
 *   that ended then);
 * - history: the back-filled hours and funding times read "the last price known at the end of the step's minute": the
 *   close of the minute that starts at t where minute candles were kept at back-fill time, else of the hour that
 *   ended at t.
 * An unknown price is undefined: the figure that needs it is reported as not reconcilable, never guessed.
 */
import { D } from './exact.ts'
import { readCloses, type Raw } from './raw.ts'
import type { Database } from '../db/client.ts'

const MINUTE = 60_000
const HOUR = 3_600_000

interface Series {
  minutes: Map<number, D>
  hours: Map<number, D>
  firstMinute: number
}

export class Marks {
  private readonly series = new Map<string, Series>()
  /** From here on the back-fill read minute candles (their window at back-fill time); null: unknown, never. */
  private readonly historyMinutesFrom: number | null

  private constructor(historyMinutesFrom: number | null) {
    this.historyMinutesFrom = historyMinutesFrom
  }

  /** Reads every candle of the pairs traded, from an hour before `from` to `to`. */
  static async load(
    db: Pick<Database, 'execute'>,
    pairs: readonly string[],
    from: number,
    to: number,
    historyMinutesFrom: number | null,
  ): Promise<Marks> {
    const marks = new Marks(historyMinutesFrom)
    for (const pair of pairs) {
      const minutes = await readCloses(db, pair, '1m', from - 2 * HOUR, to)
      const hours = await readCloses(db, pair, '1h', from - 3 * HOUR, to)
      marks.series.set(pair, {
        minutes: new Map(minutes.map((c) => [c.time, new D(c.close)])),
        hours: new Map(hours.map((c) => [c.time, new D(c.close)])),
        firstMinute: minutes[0]?.time ?? Infinity,
      })
    }
    return marks
  }

  /** Pairs of every position, and the span of time they are needed for. */
  static pairsOf(raw: Raw): string[] {
    return [...new Set(raw.positions.map((p) => p.pairCode))].sort()
  }

  /** The live engine's mark at engine time `at`. */
  live(pair: string, at: number): D | undefined {
    const s = this.series.get(pair)
    if (!s) return undefined
    const minute = Math.floor(at / MINUTE) * MINUTE - MINUTE
    const close = s.minutes.get(minute)
    if (close) return close
    const end = minute + MINUTE
    return end % HOUR === 0 && minute < s.firstMinute ? s.hours.get(end - HOUR) : undefined
  }

  /** The back-fill's price at step time `at`. */
  history(pair: string, at: number): D | undefined {
    const s = this.series.get(pair)
    if (!s) return undefined
    const close = s.minutes.get(at)
    if (close) return close
    // Minutes the back-fill read but that are pruned since: the price it used is no longer stored.
    if (this.historyMinutesFrom !== null && at >= this.historyMinutesFrom && at < s.firstMinute) return undefined
    // The last hour complete by the end of the step's minute.
    const hour = Math.floor((at + MINUTE) / HOUR) * HOUR - HOUR
    return s.hours.get(hour)
  }
}
