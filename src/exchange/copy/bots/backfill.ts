/**
 * The simulated leaders' history on first start: every bot trades the back-filled market hour by
 * hour (its strategy deciding at its own step, rounded to whole hours), in memory on the engine's
 * own Book, with liquidation at the hour's close; funding at every funding time, at that time's price: a replay has no
 * order book and no counterparties (the house is every trade's other side), so each position pays or receives the
 * interest component alone against the market (risk.ts `applyReplayFunding`; the live engine pays it between longs
 * and shorts at the books' rate); every bot's equity at each hour's closes (its unit value, as the live engine values
 * leaders hourly) and a daily equity snapshot. The result is written in one transaction: positions, ledger
 * transfers and balances, leader events (so the "what-if" can replay them), the hourly unit values and the daily
 * rows the statistics are computed from.
 */
import { inArray } from 'drizzle-orm'
import { COPY } from '#/app.config.ts'
import { leaderEvents } from '#/exchange/db/copy-schema.ts'
import type { Database } from '#/exchange/db/client.ts'
import type { MarketSeed } from '#/exchange/market/market-seed.ts'
import type { MarketSimulator } from '#/exchange/market/simulator.ts'
import { q } from '#/contract/rounding.ts'
import { DAY_MS, utcDayStart } from '#/contract/stats-window.ts'
import { Exact, Money, toPlain } from '#/exchange/money.ts'
import { Book, marginKey, parseKey, type Change, type PositionState, type Transfer } from '../book.ts'
import { leaderWallet } from '../copy-account.ts'
import { executeLeaderOrder, type LeaderOrder } from '../mirror.ts'
import { triggerAt, unrealizedPnl } from '../position-math.ts'
import { fundingTimes } from '#/exchange/market/funding-rate.ts'
import { MINUTE_MS } from '#/exchange/market/price-path.ts'
import { applyReplayFunding } from '../risk.ts'
import type { Rules } from '../rules.ts'
import { allocatePositionIds, loadWallets, persistChange, type Tx } from '../store.ts'
import { recordHistory } from '../unit-values.ts'
import { botOrder, type Bot } from './bot-order.ts'
import { insertDailyRows, insertLeaderEvents, type DailyRow, type EventRow } from './history-store.ts'

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10)
const NO_MIRROR = { copies: [], allowedInstruments: [] }

interface Series {
  times: number[]
  prices: Money[]
  values: number[]
}

/** A funding time and every pair's price then. */
interface Funding {
  time: number
  marks: Map<string, Money>
}

/** Trades every bot over [from, to] and stores the history. Skipped when the bots already have events. */
export async function backfillBots(
  db: Database,
  market: MarketSimulator,
  rules: Rules,
  seed: MarketSeed,
  bots: readonly Bot[],
  from: number,
  to: number,
): Promise<{ events: number; positions: number }> {
  if (bots.length === 0) return { events: 0, positions: 0 }
  const [seen] = await db
    .select({ id: leaderEvents.id })
    .from(leaderEvents)
    .where(
      inArray(
        leaderEvents.leaderId,
        bots.map((b) => b.leaderId),
      ),
    )
    .limit(1)
  if (seen) return { events: 0, positions: 0 }

  const pairs = [...new Set(bots.flatMap((b) => b.pairs))]
  const series = new Map<string, Series>()
  for (const pair of pairs) {
    const closes = await market.closes(pair, from, to, 60)
    series.set(pair, {
      times: closes.map((c) => c.time),
      prices: closes.map((c) => new Money(c.price)),
      values: closes.map((c) => Number(c.price)),
    })
  }
  const timeline = series.get(pairs[0] ?? '')?.times ?? []
  const fundings = await fundingMarks(market, pairs, from, to)
  const midnights = await midnightMarks(market, pairs, from, to)

  let temporaryId = 0
  const book = new Book(() => (temporaryId += 1))
  const history = await db.transaction(async (tx) => {
    await loadBotWallets(tx, book, bots)
    return simulate(book, rules, seed, bots, series, timeline, fundings, midnights)
  })
  const change = book.takeChange()
  await db.transaction(async (tx) => {
    const next = await allocatePositionIds(tx, temporaryId)
    const offset = temporaryId === 0 ? 0 : next() - 1
    await persistChange(tx, renumber(summarize(change, book), offset), new Date(to))
    await insertLeaderEvents(
      tx,
      history.events.map((e) => ({ ...e, positionId: e.positionId + offset })),
    )
    await insertDailyRows(tx, history.daily)
    await recordHistory(tx, 'leader', history.hourly, 'hour')
  })
  return { events: history.events.length, positions: temporaryId }
}

/**
 * Each pair's price at each of `times` (a grid `stepMinutes` apart, in (from, to]): the last price known at that
 * minute, as every back-filled hour reads it.
 */
async function pricesAt(
  market: MarketSimulator,
  pairs: readonly string[],
  times: readonly number[],
  to: number,
  stepMinutes: number,
): Promise<Map<number, Map<string, Money>>> {
  const prices = new Map(times.map((time) => [time, new Map<string, Money>()]))
  const first = times[0]
  if (first === undefined) return prices
  for (const pair of pairs)
    for (const close of await market.closes(pair, first, to, stepMinutes))
      prices.get(close.time)?.set(pair, new Money(close.price))
  return prices
}

/**
 * Every funding time in (from, to] with each pair's price at that minute: the mark the live engine funds at. A funding
 * time whose minute had not ended when the history ends (the back-fill ends at it, or less than a minute after it) has
 * no such price yet: it is paid at the mark then, the close of the minute that ended at it, as the live engine pays a
 * time. The exchange's funding starts after `to` (trading/funding.ts startFunding), so without it that time would be
 * paid by no one.
 */
async function fundingMarks(
  market: MarketSimulator,
  pairs: readonly string[],
  from: number,
  to: number,
): Promise<Funding[]> {
  const prices = await pricesAt(market, pairs, fundingTimes(from, to), to, COPY.fundingIntervalHours * 60)
  for (const [time, marks] of prices) {
    if (time + MINUTE_MS <= to) continue
    for (const pair of pairs) {
      const mark = market.mark(pair)
      if (!marks.has(pair) && mark !== undefined) marks.set(pair, new Money(mark))
    }
  }
  return [...prices].map(([time, marks]) => ({ time, marks }))
}

/** Every 00:00 UTC in (from, to] with each pair's price then: where a back-filled day ends. */
async function midnightMarks(
  market: MarketSimulator,
  pairs: readonly string[],
  from: number,
  to: number,
): Promise<Map<number, Map<string, Money>>> {
  const times: number[] = []
  for (let t = utcDayStart(from) + DAY_MS; t <= to; t += DAY_MS) times.push(t)
  return pricesAt(market, pairs, times, to, DAY_MS / 60_000)
}

async function loadBotWallets(tx: Tx, book: Book, bots: readonly Bot[]): Promise<void> {
  await loadWallets(
    tx,
    book,
    bots.map((b) => leaderWallet(b.leaderId)),
  )
}

function simulate(
  book: Book,
  rules: Rules,
  seed: MarketSeed,
  bots: readonly Bot[],
  series: Map<string, Series>,
  timeline: readonly number[],
  fundings: readonly Funding[],
  midnights: ReadonlyMap<number, ReadonlyMap<string, Money>>,
) {
  const events: EventRow[] = []
  const daily: DailyRow[] = []
  const hourly: { id: number; at: Date; equity: Money }[] = []
  const open = new Map<string, PositionState>()
  const adds = new Map<number, number>()
  /** Each bot's equity at the start of the day in progress. */
  const dayStart = new Map(bots.map((b) => [b.leaderId, book.balance(leaderWallet(b.leaderId))]))

  const execute = (order: LeaderOrder, key: string) => {
    const result = executeLeaderOrder(book, rules, order, NO_MIRROR)
    if (!result) return
    const { position } = result
    events.push({
      id: order.eventId,
      leaderId: order.leaderId,
      positionId: position.id,
      kind: order.action.kind === 'liquidate' ? 'close' : order.action.kind,
      pairCode: order.pairCode,
      price: toPlain(order.price),
      size: toPlain(result.size),
      createdAt: order.at,
    })
    if (order.action.kind === 'add') adds.set(position.id, (adds.get(position.id) ?? 0) + 1)
    if (position.status === 'open') open.set(key, position)
    else open.delete(key)
  }

  // Funding as the live engine charges it: every funding time, on what is open then (after the trades of that minute).
  let funded = 0
  const fundUpTo = (time: number) => {
    let next = fundings[funded]
    while (next && next.time <= time) {
      applyReplayFunding(book, rules, next.marks, new Date(next.time))
      funded += 1
      next = fundings[funded]
    }
  }

  // A day ends at the next 00:00, valued as every back-filled hour is, after everything up to it (the trades of a step
  // at 00:00 itself and the funding at 00:00): its equity is the one at 00:00, at that minute's prices, which the new
  // day starts from.
  const endDay = (day: string, price: (pairCode: string) => Money | undefined) => {
    for (const bot of bots) {
      const equityStart = dayStart.get(bot.leaderId)
      if (!equityStart) continue
      // Kept at 18 decimals, half up, before the PnL is taken (rounding.ts `q`, as the live rows): PnL = end − start
      // to the last digit, so days add up to the window's PnL.
      const equity = q(equityOf(book, bot, open, price))
      daily.push({
        leaderId: bot.leaderId,
        day,
        equityStart: toPlain(equityStart),
        equityEnd: toPlain(equity),
        pnl: toPlain(equity.minus(equityStart)),
      })
      dayStart.set(bot.leaderId, equity)
    }
  }
  const priceAt = (h: number) => (pairCode: string) => series.get(pairCode)?.prices[h]

  for (const [h, time] of timeline.entries()) {
    const at = new Date(time)
    const previous = timeline[h - 1]
    const midnight = previous !== undefined && dayOf(previous) !== dayOf(time) ? utcDayStart(time) : undefined
    // A midnight between two steps: the day closes at it, on what the last step left, at 00:00's prices.
    if (previous !== undefined && midnight !== undefined && midnight < time) {
      fundUpTo(midnight)
      const prices = midnights.get(midnight)
      endDay(dayOf(previous), (pairCode) => prices?.get(pairCode) ?? priceAt(h - 1)(pairCode))
    }
    fundUpTo(time - 1)
    for (const bot of bots) {
      const step = Math.max(1, Math.round(bot.strategy.decisionMinutes / 60))
      for (const pairCode of bot.pairs) {
        const s = series.get(pairCode)
        const price = s?.prices[h]
        if (!s || !price) continue
        const key = `${bot.leaderId}:${pairCode}`
        const held = open.get(key)
        if (held && triggerAt(held, price) === 'liquidation') {
          execute(
            {
              eventId: `bot:${bot.leaderId}:${pairCode}:liq:${time}`,
              leaderId: bot.leaderId,
              biz: bot.biz,
              pairCode,
              price,
              at,
              action: { kind: 'liquidate', positionId: held.id },
            },
            key,
          )
          continue
        }
        if (h % step !== 0 || h + 1 < bot.strategy.lookback) continue
        const closes = s.values.slice(h + 1 - bot.strategy.lookback, h + 1)
        const position = open.get(key)
        const order = botOrder(book, rules, seed, bot, {
          pairCode,
          price,
          at,
          closes,
          position,
          adds: position ? (adds.get(position.id) ?? 0) : 0,
        })
        if (order) execute(order, key)
      }
    }
    fundUpTo(time)
    // A step at 00:00 itself: the day closes after it.
    if (previous !== undefined && midnight === time) endDay(dayOf(previous), priceAt(h))
    for (const bot of bots) hourly.push({ id: bot.leaderId, at, equity: equityOf(book, bot, open, priceAt(h)) })
  }
  // The day in progress ends, for now, at the last hour (the live engine writes it again as it runs).
  const last = timeline.at(-1)
  if (last !== undefined) endDay(dayOf(last), priceAt(timeline.length - 1))
  // A funding time after the last whole hour of the history: the live engine starts after it.
  fundUpTo(Infinity)
  return { events, daily, hourly }
}

/**
 * Wallet plus every open position's margin and unrealized PnL at the given prices, a position at least 0 (the live
 * equity's rule, unit-values.ts).
 */
function equityOf(
  book: Book,
  bot: Bot,
  open: ReadonlyMap<string, PositionState>,
  price: (pairCode: string) => Money | undefined,
): Money {
  let equity = new Exact(book.balance(leaderWallet(bot.leaderId)))
  for (const pairCode of bot.pairs) {
    const position = open.get(`${bot.leaderId}:${pairCode}`)
    const mark = price(pairCode)
    if (position && mark) equity = equity.plus(Exact.max(0, position.margin.plus(unrealizedPnl(position, mark))))
  }
  return equity
}

/**
 * The history's journal, summarized: a closed position's margin account ends at zero, so its
 * transfers are folded into its owner's wallet and netted per (debit, credit, kind, UTC day of the
 * trade). Balances and the zero sum are the same; every trade keeps its detail on its position row.
 */
function summarize(change: Change, book: Book): Change {
  const fold = (key: string) => {
    const ref = parseKey(key)
    if (ref.kind !== 'margin') return key
    const position = book.positions.get(ref.id)
    return position && position.status === 'closed' ? leaderWallet(position.userId) : key
  }
  const netted = new Map<string, Transfer>()
  for (const t of change.transfers) {
    const debit = fold(t.debit)
    const credit = fold(t.credit)
    if (debit === credit) continue
    const day = dayOfRef(t.ref)
    const [a, b, amount] = debit < credit ? [debit, credit, t.amount] : [credit, debit, t.amount.neg()]
    const key = `${a}|${b}|${t.kind}|${day}`
    const known = netted.get(key)
    netted.set(key, {
      debit: a,
      credit: b,
      kind: t.kind,
      ref: `history:${day}`,
      amount: new Exact(known?.amount ?? 0).plus(amount),
    })
  }
  const summary = [...netted.values()].flatMap((t) =>
    t.amount.isZero() ? [] : [t.amount.gt(0) ? t : { ...t, debit: t.credit, credit: t.debit, amount: t.amount.neg() }],
  )
  return { ...change, transfers: summary }
}

/** The UTC day of a history transfer: a trade's ref ends in its epoch ms (`bot:…:ms`), funding's is `funding:<ISO>`. */
function dayOfRef(ref: string | null): string {
  const tail = ref?.split(':').at(-1) ?? ''
  const time = /^\d+$/.test(tail) ? Number(tail) : Date.parse(ref?.slice(ref.indexOf(':') + 1) ?? '')
  return dayOf(Number.isFinite(time) ? time : 0)
}

/** Shifts temporary position ids (1…n) into the block reserved in the database. */
function renumber(change: Change, offset: number): Change {
  if (offset === 0) return change
  const key = (value: string) => {
    const ref = parseKey(value)
    return ref.kind === 'margin' ? marginKey(ref.id + offset) : value
  }
  const positions = new Map<number, PositionState>()
  for (const position of change.positions.values()) {
    const moved = { ...position, id: position.id + offset }
    positions.set(moved.id, moved)
  }
  return {
    ...change,
    positions,
    newPositionIds: new Set([...change.newPositionIds].map((id) => id + offset)),
    transfers: change.transfers.map((t) => ({ ...t, debit: key(t.debit), credit: key(t.credit) })),
  }
}
