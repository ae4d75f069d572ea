/**
 * The what-if replay without a database: a leader's recorded trades and the hourly closes of the
 * period (a history, read by what-if.ts) replayed on the engine's own Book against one
 * hypothetical copy with the given settings, with the hourly marks in between (take profit, stop
 * loss, copy stop loss, liquidation), funding every 8 hours and profit share every Monday — the
 * same rules as a real copy, nothing stored. A replay has no order book and no counterparties: its funding is the
 * interest component against the market (risk.ts `applyReplayFunding`), as the leaders' back-filled history. The replay ends at the last hourly mark; what the copy still holds is
 * valued again at the marks of the moment an answer is given (valueNow), so the last point is always now.
 *
 * It takes 0.3–0.5 s of CPU for 90 days, so it runs on worker threads (what-if.worker.ts). What
 * crosses between threads is a job and an answer of plain data with decimals as strings, checked
 * with the schemas below on arrival; both threads run this one module.
 */
import { z } from 'zod'
import { COPY } from '#/app.config.ts'
import { copyBizSchema } from '#/contract/copy-common.schemas.ts'
import type { Biz } from '../db/copy-schema.ts'
import { Exact, Money } from '../money.ts'
import { Book, externalKey, type CopySettings, type CopyState, type Side } from './book.ts'
import { changeInvestment, copyPositions, leaderWallet, settleProfitShare } from './copy-account.ts'
import { executeLeaderOrder, type LeaderAction } from './mirror.ts'
import { unrealizedPnl } from './position-math.ts'
import { applyMarks, applyReplayFunding } from './risk.ts'
import { defaultRules, type Rules } from './rules.ts'

const HOUR = 3_600_000
const WEEK = 7 * 24 * HOUR
const MONDAY_OFFSET = 4 * 24 * HOUR
const FOLLOWER = -1
const COPY_ID = 1

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/)

const EVENT_KINDS = ['open', 'add', 'reduce', 'close'] as const

/**
 * A recorded trade as the history's JSON carries it: an array, as PostgreSQL writes it (what-if.ts), a third of the
 * text of an object.
 */
const eventSchema = z
  .tuple([
    z.string(),
    z.number(),
    z.enum(EVENT_KINDS),
    z.string(),
    decimal,
    decimal,
    z.number(),
    z.number(),
    z.number(),
  ])
  .transform(([id, positionId, kind, pairCode, price, size, at, side, leverage]) => ({
    id,
    positionId,
    kind,
    pairCode,
    price,
    size,
    at,
    side,
    leverage,
  }))

const historySchema = z.object({
  /** The period's start and end, epoch ms: every figure of the replay is of this window. */
  from: z.number(),
  now: z.number(),
  /** The leader's recorded trades in the window, in time order. */
  events: z.array(eventSchema),
  /** Hourly closes of each pair the leader traded. */
  closes: z.array(z.object({ pairCode: z.string(), points: z.array(z.object({ time: z.number(), price: decimal })) })),
})
export type WhatIfHistory = z.output<typeof historySchema>
type WhatIfEvent = WhatIfHistory['events'][number]

export function parseWhatIfHistory(json: string): WhatIfHistory {
  return historySchema.parse(JSON.parse(json))
}

/** The JSON text of a history (what-if.ts has PostgreSQL write it; tests build one from objects). */
export function whatIfHistoryJson(history: WhatIfHistory): string {
  const events = history.events.map((e): z.input<typeof eventSchema> => [
    e.id,
    e.positionId,
    e.kind,
    e.pairCode,
    e.price,
    e.size,
    e.at,
    e.side,
    e.leverage,
  ])
  return JSON.stringify({ ...history, events })
}

/** What a replay needs besides the history. */
export interface WhatIfReplayInput {
  leaderId: number
  biz: Biz
  rate: Money
  allowedInstruments: readonly string[]
  settings: CopySettings
  investment: Money
}

export interface WhatIfResult {
  pnl: Money
  roi: Money
  maxDrawdown: Money
  fees: Money
  profitShare: Money
  copied: number
  skipped: number
  /** Equity at the end of each day, oldest first; after valueNow, the last point is now. */
  equity: { time: number; equity: Money }[]
  /** Where the replay ended: what valueNow values at the marks of the moment. */
  end: WhatIfEnd
}

/** The copy at the end of the replay. */
export interface WhatIfEnd {
  investment: Money
  /** Free balance and margins (the wallet, once a copy stop loss ended the copy): equity before unrealized PnL. */
  held: Money
  /** The highest equity the replay reached (where the drawdown is measured from). */
  peak: Money
  /** The open positions, with the replay's last mark of each pair (used when the market has none now). */
  open: { pairCode: string; side: Side; size: Money; entryPrice: Money; mark: Money }[]
}

/** Replays `history` against one hypothetical copy. */
export function replayWhatIf(rules: Rules, history: WhatIfHistory, input: WhatIfReplayInput): WhatIfResult {
  const { from, now } = history
  const hourly = new Map<string, Map<number, Money>>()
  for (const { pairCode, points } of history.closes)
    hourly.set(pairCode, new Map(points.map((c) => [Math.floor(c.time / HOUR) * HOUR, new Money(c.price)])))

  let nextId = 0
  const book = new Book(() => (nextId += 1))
  book.transfer(externalKey('USDT'), leaderWallet(FOLLOWER), input.investment, 'what-if')
  const copy: CopyState = {
    ...input.settings,
    id: COPY_ID,
    followerId: FOLLOWER,
    leaderId: input.leaderId,
    status: 'active',
    profitShareRate: input.rate,
    investment: new Exact(0),
    balance: new Exact(0),
    highWaterMark: new Exact(0),
    profitSharePaid: new Exact(0),
    createdAt: new Date(from),
    endedAt: null,
    endReason: null,
  }
  book.copies.set(COPY_ID, copy)
  changeInvestment(book, copy, input.investment, 'what-if')
  // The leader's recorded trades, replayed in time order between the hourly marks (a trade at an hour comes after its
  // mark).
  type Item = { time: number; event?: WhatIfEvent }
  const items: Item[] = history.events.map((event) => ({ time: event.at, event }))
  for (let t = Math.ceil(from / HOUR) * HOUR; t <= now; t += HOUR) items.push({ time: t })
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
      if (action.kind === 'open' || action.kind === 'add')
        book.transfer(externalKey('USDT'), leaderWallet(input.leaderId), price.times(action.size).times(2), 'what-if')
      const result = executeLeaderOrder(
        book,
        rules,
        {
          eventId: event.id,
          leaderId: input.leaderId,
          biz: input.biz,
          pairCode: event.pairCode,
          price,
          at: new Date(event.at),
          action,
        },
        { copies: [copy], allowedInstruments: input.allowedInstruments },
      )
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
    applyMarks(book, rules, marks, new Date(time), { liquidate: true })
    if (time % (COPY.fundingIntervalHours * HOUR) === 0) applyReplayFunding(book, rules, marks, new Date(time))
    if ((time - MONDAY_OFFSET) % WEEK === 0) settleProfitShare(book, copy, new Date(time), marks)
    const value = equityOf(book, copy, marks)
    peak = Money.max(peak, value)
    if (peak.gt(0)) maxDrawdown = Money.max(maxDrawdown, peak.minus(value).div(peak))
    if ((time + HOUR) % (24 * HOUR) === 0) equity.push({ time, equity: value })
  }
  // A copy its stop loss ended holds its money in the wallet; otherwise its equity at the last marks.
  const ended = copy.status === 'cancelled'
  const final = ended ? book.balance(leaderWallet(FOLLOWER)) : equityOf(book, copy, marks)
  const open = ended ? [] : copyPositions(book, copy)
  const fees = book.positionsByCopy(COPY_ID).reduce((sum, p) => sum.plus(p.fees), new Exact(0))
  const pnl = final.minus(input.investment)
  return {
    pnl,
    roi: input.investment.gt(0) ? pnl.div(input.investment) : new Money(0),
    maxDrawdown,
    fees,
    profitShare: copy.profitSharePaid,
    copied,
    skipped,
    equity,
    end: {
      investment: input.investment,
      held: ended ? final : open.reduce((sum: Money, p) => sum.plus(p.margin), new Exact(copy.balance)),
      peak,
      open: open.map((p) => ({
        pairCode: p.pairCode,
        side: p.side,
        size: p.size,
        entryPrice: p.entryPrice,
        mark: marks.get(p.pairCode) ?? p.entryPrice,
      })),
    },
  }
}

/**
 * The replay's result as of `now`: what the copy still holds valued at the marks of the moment (the replay's last mark
 * for a pair with none), and that value as the last point of the series, labelled `now`. PnL, ROI and drawdown include
 * it. Cheap: a cached replay is valued again on every answer.
 */
export function valueNow(
  result: WhatIfResult,
  markOf: (pairCode: string) => Money | undefined,
  now: number,
): WhatIfResult {
  const { end } = result
  let value: Money = new Exact(end.held)
  for (const p of end.open) value = value.plus(unrealizedPnl(p, markOf(p.pairCode) ?? p.mark))
  const pnl = value.minus(end.investment)
  const peak = Money.max(end.peak, value)
  return {
    ...result,
    pnl,
    roi: end.investment.gt(0) ? pnl.div(end.investment) : new Money(0),
    maxDrawdown: peak.gt(0) ? Money.max(result.maxDrawdown, peak.minus(value).div(peak)) : result.maxDrawdown,
    equity: [...result.equity.filter((point) => point.time < now), { time: now, equity: value }],
  }
}

/** The copy's equity: free balance, margins and unrealized PnL at the marks. */
function equityOf(book: Book, copy: CopyState, marks: ReadonlyMap<string, Money>): Money {
  let value = new Exact(copy.balance)
  for (const position of copyPositions(book, copy))
    value = value
      .plus(position.margin)
      .plus(unrealizedPnl(position, marks.get(position.pairCode) ?? position.entryPrice))
  return value
}

/**
 * The recorded event as an action on the replay's book; trades on positions opened before the window have nothing to
 * mirror.
 */
function actionOf(e: WhatIfEvent, bookIds: ReadonlyMap<number, number>, book: Book): LeaderAction | null {
  if (e.kind === 'open')
    return { kind: 'open', side: e.side < 0 ? -1 : 1, size: new Money(e.size), leverage: e.leverage }
  const positionId = bookIds.get(e.positionId)
  if (positionId === undefined || book.positions.get(positionId)?.status !== 'open') return null
  if (e.kind === 'add') return { kind: 'add', positionId, size: new Money(e.size) }
  if (e.kind === 'reduce') return { kind: 'reduce', positionId, size: new Money(e.size) }
  return { kind: 'close', positionId }
}

const optionalDecimal = decimal.nullable()

/**
 * A replay as it crosses to a worker thread: the history as JSON text (read once, and one string copies fast), the rest
 * as strings.
 */
export const whatIfJobSchema = z.object({
  history: z.string(),
  // Brackets are the instruments' own (FUTURES.brackets), the same in every thread.
  rules: z.object({ takerFeeRate: decimal, fundingInterestRate: decimal }),
  leaderId: z.number(),
  biz: copyBizSchema,
  rate: decimal,
  allowedInstruments: z.array(z.string()),
  settings: z.object({
    mode: z.enum(['fixed', 'ratio']),
    fixedAmount: optionalDecimal,
    ratio: optionalDecimal,
    maxPerOrder: optionalDecimal,
    leverageMode: z.enum(['follow', 'fixed']),
    fixedLeverage: z.number().nullable(),
    takeProfitRatio: optionalDecimal,
    stopLossRatio: optionalDecimal,
    copyStopLossRatio: optionalDecimal,
  }),
  investment: decimal,
})
export type WhatIfJob = z.infer<typeof whatIfJobSchema>
export type WhatIfJobSettings = WhatIfJob['settings']

/** A replay's result with every amount as an exact decimal string (not yet rounded for the wire). */
export const whatIfAnswerSchema = z.object({
  pnl: decimal,
  roi: decimal,
  maxDrawdown: decimal,
  fees: decimal,
  profitShare: decimal,
  copied: z.number(),
  skipped: z.number(),
  equity: z.array(z.object({ time: z.number(), equity: decimal })),
  end: z.object({
    investment: decimal,
    held: decimal,
    peak: decimal,
    open: z.array(
      z.object({
        pairCode: z.string(),
        side: z.union([z.literal(1), z.literal(-1)]),
        size: decimal,
        entryPrice: decimal,
        mark: decimal,
      }),
    ),
  }),
})
export type WhatIfAnswer = z.infer<typeof whatIfAnswerSchema>

/** The job of replaying `historyJson` (whatIfHistoryJson's form) under `rules`. */
export function whatIfJob(rules: Rules, historyJson: string, input: Omit<WhatIfJob, 'history' | 'rules'>): WhatIfJob {
  return {
    ...input,
    history: historyJson,
    rules: {
      takerFeeRate: rules.takerFeeRate.toFixed(),
      fundingInterestRate: rules.fundingInterestRate.toFixed(),
    },
  }
}

const exactOrNull = (value: string | null) => (value === null ? null : new Exact(value))

/** Runs a job: the same replay in whichever thread calls it. */
export function runWhatIfJob(job: WhatIfJob): WhatIfAnswer {
  const rules = defaultRules({
    takerFeeRate: new Exact(job.rules.takerFeeRate),
    fundingInterestRate: new Exact(job.rules.fundingInterestRate),
  })
  const history = parseWhatIfHistory(job.history)
  const { settings } = job
  const result = replayWhatIf(rules, history, {
    leaderId: job.leaderId,
    biz: job.biz,
    rate: new Money(job.rate),
    allowedInstruments: job.allowedInstruments,
    settings: {
      mode: settings.mode,
      fixedAmount: exactOrNull(settings.fixedAmount),
      ratio: exactOrNull(settings.ratio),
      maxPerOrder: exactOrNull(settings.maxPerOrder),
      leverageMode: settings.leverageMode,
      fixedLeverage: settings.fixedLeverage,
      takeProfitRatio: exactOrNull(settings.takeProfitRatio),
      stopLossRatio: exactOrNull(settings.stopLossRatio),
      copyStopLossRatio: exactOrNull(settings.copyStopLossRatio),
    },
    investment: new Exact(job.investment),
  })
  return answerOf(result)
}

/** The result as exact strings: toFixed never rounds and never writes an exponent. */
export function answerOf(result: WhatIfResult): WhatIfAnswer {
  return {
    pnl: result.pnl.toFixed(),
    roi: result.roi.toFixed(),
    maxDrawdown: result.maxDrawdown.toFixed(),
    fees: result.fees.toFixed(),
    profitShare: result.profitShare.toFixed(),
    copied: result.copied,
    skipped: result.skipped,
    equity: result.equity.map((point) => ({ time: point.time, equity: point.equity.toFixed() })),
    end: {
      investment: result.end.investment.toFixed(),
      held: result.end.held.toFixed(),
      peak: result.end.peak.toFixed(),
      open: result.end.open.map((p) => ({
        pairCode: p.pairCode,
        side: p.side,
        size: p.size.toFixed(),
        entryPrice: p.entryPrice.toFixed(),
        mark: p.mark.toFixed(),
      })),
    },
  }
}

/** An answer back as decimals (every digit kept). */
export function resultOf(answer: WhatIfAnswer): WhatIfResult {
  const { end } = answer
  return {
    pnl: new Exact(answer.pnl),
    roi: new Exact(answer.roi),
    maxDrawdown: new Exact(answer.maxDrawdown),
    fees: new Exact(answer.fees),
    profitShare: new Exact(answer.profitShare),
    copied: answer.copied,
    skipped: answer.skipped,
    equity: answer.equity.map((point) => ({ time: point.time, equity: new Exact(point.equity) })),
    end: {
      investment: new Exact(end.investment),
      held: new Exact(end.held),
      peak: new Exact(end.peak),
      open: end.open.map((p) => ({
        pairCode: p.pairCode,
        side: p.side,
        size: new Exact(p.size),
        entryPrice: new Exact(p.entryPrice),
        mark: new Exact(p.mark),
      })),
    },
  }
}

/** Messages between the pool and a worker thread. */
export const toWorkerSchema = z.object({ id: z.number(), job: whatIfJobSchema })
export const fromWorkerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('answer'), id: z.number(), answer: whatIfAnswerSchema }),
  z.object({ type: z.literal('failed'), id: z.number(), message: z.string() }),
])
export type FromWorker = z.infer<typeof fromWorkerSchema>
