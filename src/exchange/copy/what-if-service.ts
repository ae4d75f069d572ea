/**
 * What stands between the public what-if call and the CPU: answers cached by leader, settings,
 * period and engine hour; each leader's history of a period read once an engine hour, on this
 * thread (the database lives here), with the hourly closes of a pair read once for every leader;
 * replays on the worker pool; and bounds — replays per client address, and in all — past which a
 * caller is refused with 429 and Retry-After instead of queueing without end.
 *
 * A replay ends at the start of the current engine hour: every answer within the hour replays the
 * same trades, whichever question came first and whichever process answers (a what-if looks back
 * 7 to 90 days; the hour not yet complete is worth the cache). What the copy still holds is valued
 * at the current marks on every answer, cached or not: the last point is now.
 */
import { COPY, WHAT_IF } from '#/app.config.ts'
import type { WhatIfRequest } from '#/contract/index.ts'
import type { Logger } from '../logger.ts'
import type { Database } from '../db/client.ts'
import type { Biz } from '../db/copy-schema.ts'
import { rateLimited } from '../http/errors.ts'
import { Lru } from '../lru.ts'
import type { MarketSimulator } from '../market/simulator.ts'
import type { Rules } from './rules.ts'
import { marketClosesJson, readWhatIfHistoryJson, type HourlyClosesJson } from './what-if.ts'
import { createReplayPool, type ReplayRunner } from './what-if-pool.ts'
import { markOf } from './marks.ts'
import { answerOf, resultOf, valueNow, whatIfJob, type WhatIfAnswer } from './what-if-replay.ts'

const HOUR = 3_600_000

export interface WhatIfQuestion {
  leader: { userId: number; biz: Biz; profitShareRate: string; instruments: readonly string[] }
  request: WhatIfRequest
  /** The caller's address (clientIp), the key of the per-address bound. */
  clientIp: string
}

export interface WhatIfLimits {
  replaysPerAddress: number
  /** Replays running or waiting, all addresses together. */
  queuedReplays: number
  retryAfterSeconds: number
}

export interface WhatIfServiceOptions {
  /** Replay threads (default: by the machine's cores, whatIfWorkerCount). */
  workers?: number
  limits?: Partial<WhatIfLimits>
  /** Wraps the replay runner: tests count replays or hold them in flight. */
  wrapRunner?: (run: ReplayRunner) => ReplayRunner
}

export interface WhatIfService {
  answer(question: WhatIfQuestion): Promise<WhatIfAnswer>
  /** False once replays fell back to running in-process. */
  usesWorkers(): boolean
  close(): Promise<void>
}

export interface WhatIfDeps {
  db: Database
  market: MarketSimulator
  rules: Rules
  now: () => Date
  logger: Logger
}

export function createWhatIfService(deps: WhatIfDeps, options: WhatIfServiceOptions = {}): WhatIfService {
  const pool = createReplayPool({ size: options.workers, logger: deps.logger })
  const run = options.wrapRunner ? options.wrapRunner(pool.run) : pool.run
  const limits = () => ({
    replaysPerAddress: options.limits?.replaysPerAddress ?? WHAT_IF.replaysPerAddress,
    queuedReplays: options.limits?.queuedReplays ?? WHAT_IF.queuedReplaysPerWorker * pool.size,
    retryAfterSeconds: options.limits?.retryAfterSeconds ?? WHAT_IF.retryAfterSeconds,
  })
  const answers = new Lru<string, Promise<WhatIfAnswer>>(WHAT_IF.answerCacheEntries)
  /** A period's history as JSON text: read once, then only copied to a worker per replay. */
  const histories = new Lru<string, Promise<string>>(WHAT_IF.historyCacheEntries)
  const running = new Map<string, number>()
  let lane: Promise<void> = Promise.resolve()
  let total = 0

  const readClosesJson = marketClosesJson(deps.market)
  const closes = new Lru<string, Promise<string>>(WHAT_IF.closesCacheEntries)
  /**
   * Every leader's history of a period in an engine hour has the same window: a pair's closes are read once for all.
   */
  const closesJsonOf: HourlyClosesJson = (pairCode, fromMs, toMs) => {
    const key = `${pairCode}|${fromMs}|${toMs}`
    const known = closes.get(key)
    if (known) return known
    const reading = readClosesJson(pairCode, fromMs, toMs)
    closes.set(key, reading)
    reading.catch(() => closes.delete(key, reading))
    return reading
  }

  const historyOf = (leaderId: number, days: number, hour: number): Promise<string> => {
    const key = `${leaderId}|${days}|${hour}`
    const known = histories.get(key)
    if (known) return known
    // One history read at a time: PGlite chains queued queries without a turn of the event loop, so reads side by side
    // would hold it as long as all of them.
    const reading = lane.then(() => readWhatIfHistoryJson(deps.db, closesJsonOf, leaderId, days, new Date(hour * HOUR)))
    lane = reading.then(
      () => undefined,
      () => undefined,
    )
    histories.set(key, reading)
    reading.catch(() => histories.delete(key, reading))
    return reading
  }

  const replay = async ({ leader, request }: WhatIfQuestion, hour: number): Promise<WhatIfAnswer> => {
    const history = await historyOf(leader.userId, COPY.periods[request.period], hour)
    const settings = {
      mode: request.mode,
      fixedAmount: request.fixedAmount,
      ratio: request.ratio,
      maxPerOrder: request.maxPerOrder,
      leverageMode: request.leverageMode,
      fixedLeverage: request.fixedLeverage,
      takeProfitRatio: request.takeProfitRatio,
      stopLossRatio: request.stopLossRatio,
      copyStopLossRatio: request.copyStopLossRatio,
    }
    return run(
      whatIfJob(deps.rules, history, {
        leaderId: leader.userId,
        biz: leader.biz,
        rate: leader.profitShareRate,
        allowedInstruments: [...leader.instruments],
        settings,
        investment: request.investment,
      }),
    )
  }

  /** A replay (cached for the hour) as of now: open positions at the current marks. */
  const asOfNow = (replayed: WhatIfAnswer): WhatIfAnswer =>
    answerOf(valueNow(resultOf(replayed), (pairCode) => markOf(deps.market, pairCode), deps.now().getTime()))

  const replayOnce = (question: WhatIfQuestion, hour: number): Promise<WhatIfAnswer> => {
    const { leader, request } = question
    // The validated body: the wire schema is strict and writes decimals one way, so equal questions are equal text.
    const key = JSON.stringify([leader.userId, leader.biz, leader.profitShareRate, leader.instruments, hour, request])
    // Answered, or being replayed for someone: shared, and free of the bounds.
    const known = answers.get(key)
    if (known) return known
    const bounds = limits()
    const address = question.clientIp
    const mine = running.get(address) ?? 0
    if (mine >= bounds.replaysPerAddress || total >= bounds.queuedReplays)
      return Promise.reject(rateLimited(bounds.retryAfterSeconds))
    running.set(address, mine + 1)
    total += 1
    const pending = replay(question, hour).finally(() => {
      total -= 1
      const left = (running.get(address) ?? 1) - 1
      if (left > 0) running.set(address, left)
      else running.delete(address)
    })
    answers.set(key, pending)
    pending.catch(() => answers.delete(key, pending))
    return pending
  }

  return {
    async answer(question) {
      return asOfNow(await replayOnce(question, Math.floor(deps.now().getTime() / HOUR)))
    },
    usesWorkers: () => pool.usesWorkers(),
    close: () => pool.close(),
  }
}
