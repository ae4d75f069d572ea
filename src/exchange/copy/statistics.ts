/**
 * Leader statistics for copy trading: time-weighted ROI, PnL, win rate (by count and by size), maximum drawdown, Sharpe
 * ratio, trading frequency, holding time and preferred coins, per period and as daily chart series.
 * Pure functions over daily equity points, closed trades and the period's time-weighted returns (`Returns`, from the
 * unit values: unit-values.ts); every amount and ratio is a Money. The trade figures count only the trades a record
 * may rest on (`countsForRecord`, audit H4).
 */
import { COPY } from '#/app.config.ts'
import { DAY_MS, utcDay } from '#/contract/stats-window.ts'
import { Exact, Money, toPlain } from '../money.ts'

export { utcDay }

export interface ClosedTrade {
  pairCode: string
  /** Epoch milliseconds. */
  openedAt: number
  closedAt: number
  /** Realized PnL before fees and funding (what the trade history shows), as a decimal string. */
  grossPnl: string
  /** Trading fees it paid, opening and closing. */
  fees: string
  /** Funding it received (+) or paid (−). */
  funding: string
  /** Its size in USDT: entry price × the size it closed. */
  notional: string
  /** The leader's equity when it opened: the last unit value's at or before then (0 without one). */
  equityAtOpen: string
  /** One of its fills was against a linked account's order (trading/trade-group.ts). */
  linked: boolean
}

export interface DailyPoint {
  /** 'YYYY-MM-DD' in UTC. */
  day: string
  equityStart: string
  equityEnd: string
  pnl: string
}

export interface PeriodStats {
  roi: string
  pnl: string
  winRate: string
  weightedWinRate: string
  maxDrawdown: string
  sharpe: string
  tradesPerWeek: string
  avgHoldingMinutes: string
  preferredCoins: string[]
  trades: number
}

/**
 * The time-weighted figures of a period, from the unit values (unit-values.ts `unitFigures`): flows never move them,
 * and the drawdown sees every hourly row. `returnsOfDays` gives the same from daily rows alone.
 */
export interface Returns {
  roi: Money
  maxDrawdown: Money
  /** Each day's return, in order (Sharpe). */
  daily: readonly Money[]
  /** Cumulative ROI at each day's end, by 'YYYY-MM-DD' (the chart). */
  byDay: ReadonlyMap<string, Money>
}

export interface SeriesPoint {
  day: string
  /** Cumulative time-weighted ROI up to and including this day. */
  roi: string
  /** Cumulative PnL up to and including this day. */
  pnl: string
  dailyPnl: string
}

/** Decimals of ratios (ROI, win rate, drawdown, Sharpe, frequencies) in printed statistics. */
export const RATIO_DECIMALS = 10
/** Decimals of money amounts in printed statistics. */
export const MONEY_DECIMALS = 18

const ZERO = new Money(0)
const ONE = new Money(1)
const MINUTE_MS = 60_000
const DAYS_PER_YEAR = 365

/** Sum of Money values (0 when empty). */
function sum(values: readonly Money[]): Money {
  return values.reduce((total, value) => total.plus(value), ZERO)
}

/** Exact sum of stored amounts (decimal strings of numeric(36,18)): Money's 20 digits would round them. */
function exactSum(amounts: readonly string[]): Money {
  return amounts.reduce((total: Money, amount) => total.plus(amount), new Exact(0))
}

/** Prints a ratio rounded half up to RATIO_DECIMALS. */
function ratio(value: Money): string {
  return toPlain(value.toDecimalPlaces(RATIO_DECIMALS, Money.ROUND_HALF_UP))
}

/** Prints an amount rounded half up to MONEY_DECIMALS. */
function money(value: Money): string {
  return toPlain(value.toDecimalPlaces(MONEY_DECIMALS, Money.ROUND_HALF_UP))
}

/** Daily return of one day: pnl / equityStart (0 when equityStart <= 0). */
export function dailyReturn(point: DailyPoint): Money {
  const start = new Money(point.equityStart)
  return start.lte(0) ? ZERO : new Money(point.pnl).div(start)
}

/** Growth index after each day: V_t = prod(1 + r_s) for s <= t. */
function growthIndex(days: readonly DailyPoint[]): Money[] {
  let value = ONE
  return days.map((point) => (value = value.times(ONE.plus(dailyReturn(point)))))
}

/** Time-weighted ROI: product of (1 + daily return) minus 1. */
export function roi(days: readonly DailyPoint[]): Money {
  const index = growthIndex(days)
  return (index.at(-1) ?? ONE).minus(ONE)
}

/**
 * Largest peak-to-trough fall of the growth index V_t = prod(1 + r_s), V_0 = 1, as a positive fraction (0 when it never
 * falls).
 */
export function maxDrawdown(days: readonly DailyPoint[]): Money {
  let peak = ONE
  let worst = ZERO
  for (const value of growthIndex(days)) {
    if (value.gt(peak)) peak = value
    const fall = peak.minus(value).div(peak)
    if (fall.gt(worst)) worst = fall
  }
  return worst
}

/**
 * Annualised Sharpe ratio of daily returns: mean / sample standard deviation (n - 1) × sqrt(365), risk-free 0; 0 with
 * fewer than 2 days or zero deviation.
 */
export function sharpe(days: readonly DailyPoint[]): Money {
  return sharpeOf(days.map(dailyReturn))
}

/** Sharpe of a list of daily returns (see `sharpe`). */
export function sharpeOf(returns: readonly Money[]): Money {
  if (returns.length < 2) return ZERO
  const mean = sum(returns).div(returns.length)
  const variance = sum(returns.map((r) => r.minus(mean).pow(2))).div(returns.length - 1)
  if (variance.isZero()) return ZERO
  return mean.div(variance.sqrt()).times(new Money(DAYS_PER_YEAR).sqrt())
}

/** A trade's result after trading fees and funding: realized PnL − fees + funding received. */
export function netPnl(trade: ClosedTrade): Money {
  return new Exact(trade.grossPnl).minus(trade.fees).plus(trade.funding)
}

/** The one definition of a win: a net result (after trading fees and funding) above 0. */
export function isWin(trade: ClosedTrade): boolean {
  return netPnl(trade).gt(0)
}

const MIN_EQUITY_SHARE = new Exact(COPY.minTradeEquityShare)

/**
 * Whether a closed trade counts in a leader's record: its size is at least COPY.minTradeEquityShare of the leader's
 * equity when it opened, and it was not filled against a linked account. Trades that do not count
 * still move equity, so ROI, PnL, drawdown and Sharpe keep them.
 */
export function countsForRecord(trade: ClosedTrade): boolean {
  return !trade.linked && new Exact(trade.notional).gte(new Exact(trade.equityAtOpen).times(MIN_EQUITY_SHARE))
}

/** The trades a record rests on (countsForRecord), in their order. */
export function countedTrades(trades: readonly ClosedTrade[]): ClosedTrade[] {
  return trades.filter(countsForRecord)
}

/** Wins (isWin: net of fees and funding) over closed trades, by count; 0 without trades. */
export function winRate(trades: readonly ClosedTrade[]): Money {
  if (trades.length === 0) return ZERO
  const wins = trades.filter(isWin).length
  return new Money(wins).div(trades.length)
}

/**
 * Win rate weighted by size: the notional of the winning trades over the notional of all (a big loss weighs more than
 * many small wins); 0 without trades or size.
 */
export function weightedWinRate(trades: readonly ClosedTrade[]): Money {
  const total = trades.reduce((sum: Money, trade) => sum.plus(trade.notional), new Exact(0))
  if (total.lte(0)) return ZERO
  const won = trades.filter(isWin).reduce((sum: Money, trade) => sum.plus(trade.notional), new Exact(0))
  return won.div(total)
}

/** Mean time from open to close in minutes; 0 without trades. */
export function averageHoldingMinutes(trades: readonly ClosedTrade[]): Money {
  if (trades.length === 0) return ZERO
  const totalMs = sum(trades.map((trade) => new Money(trade.closedAt).minus(trade.openedAt)))
  return totalMs.div(MINUTE_MS).div(trades.length)
}

/** Coin of a pair code: the part before '_' ('BTC_USDT' → 'BTC'). */
export function coinOf(pairCode: string): string {
  const cut = pairCode.indexOf('_')
  return cut < 0 ? pairCode : pairCode.slice(0, cut)
}

/**
 * Coins (the part of pairCode before '_') by number of trades, most first, ties by name, at most `limit` (default 3).
 */
export function preferredCoins(trades: readonly ClosedTrade[], limit = 3): string[] {
  const counts = new Map<string, number>()
  for (const trade of trades) {
    const coin = coinOf(trade.pairCode)
    counts.set(coin, (counts.get(coin) ?? 0) + 1)
  }
  return [...counts.entries()]
    .sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, Math.max(0, limit))
    .map(([coin]) => coin)
}

const WEEK_MS = 7 * DAY_MS
const NEW_LEADER_MS = COPY.newLeaderDays * DAY_MS

/** Trades per 7 days over `spanMs` milliseconds of trading (0 when spanMs <= 0). */
export function tradesPerWeek(count: number, spanMs: number): Money {
  return spanMs <= 0 ? ZERO : new Money(count).times(WEEK_MS).div(spanMs)
}

/**
 * The time a period's trades were made in: from the later of the window start (`since`, null for all) and the start
 * of the leader's history until now, and never less than COPY.newLeaderDays, so a young history's trades per week are
 * its trades so far rather than a rate extrapolated from a day or two.
 */
export function tradingSpanMs(since: number | null, historyStart: number, now: number): number {
  const from = since === null ? historyStart : Math.max(since, historyStart)
  return Math.max(now - from, NEW_LEADER_MS)
}

/**
 * Where a leader's history starts: when it became a leader (its first record), or its first unit value (epoch ms, null
 * without one) or own trade if earlier (back-filled history starts with the leader; the earlier ones are a
 * safeguard). The instant itself, not its day's 00:00: a leader who began at 14:00 has no history before 14:00.
 */
export function historyStart(createdAt: Date, firstValueAt: number | null, trades: readonly ClosedTrade[]): number {
  const first = Math.min(createdAt.getTime(), firstValueAt ?? Infinity)
  return trades.reduce((earliest, trade) => Math.min(earliest, trade.openedAt), first)
}

/** A leader with less than COPY.newLeaderDays of history: its figures rest on little and it is marked New. */
export function isNewLeader(historyStart: number, now: number): boolean {
  return now - historyStart < NEW_LEADER_MS
}

/**
 * The time-weighted figures of daily rows alone, each day's return pnl / equityStart chained day by day: for callers
 * without unit values (tests, or history written before them, which unit-values.ts `recordDailyHistory` turns into
 * unit values the same way).
 */
export function returnsOfDays(days: readonly DailyPoint[]): Returns {
  const index = growthIndex(days)
  return {
    roi: roi(days),
    maxDrawdown: maxDrawdown(days),
    daily: days.map(dailyReturn),
    byDay: new Map(days.map((point, i) => [point.day, (index[i] ?? ONE).minus(ONE)])),
  }
}

/**
 * Every statistic of a period: `days` and `trades` already cut to the period; spanMs = the time its trades were made
 * in (tradingSpanMs); `returns` the period's time-weighted figures (ROI, drawdown, the daily returns of Sharpe). The
 * trade figures (win rates, trades per week, holding time, coins, `trades`) are over the counted trades only
 * (countedTrades). Ratios rounded to 10 decimals, money to 18 (ROUND_HALF_UP), printed with toPlain.
 */
export function periodStats(
  days: readonly DailyPoint[],
  closed: readonly ClosedTrade[],
  spanMs: number,
  returns: Returns,
): PeriodStats {
  const trades = countedTrades(closed)
  return {
    roi: ratio(returns.roi),
    pnl: money(exactSum(days.map((point) => point.pnl))),
    winRate: ratio(winRate(trades)),
    weightedWinRate: ratio(weightedWinRate(trades)),
    maxDrawdown: ratio(returns.maxDrawdown),
    sharpe: ratio(sharpeOf(returns.daily)),
    tradesPerWeek: ratio(tradesPerWeek(trades.length, spanMs)),
    avgHoldingMinutes: ratio(averageHoldingMinutes(trades)),
    preferredCoins: preferredCoins(trades),
    trades: trades.length,
  }
}

/**
 * Cumulative ROI (time-weighted, `returns.byDay`: a day without a figure keeps the one before) and PnL per day, for
 * charts.
 */
export function dailySeries(days: readonly DailyPoint[], returns: Pick<Returns, 'byDay'>): SeriesPoint[] {
  let growth: Money = ZERO
  let cumulative: Money = new Exact(0)
  return days.map((point) => {
    const dailyPnl = new Exact(point.pnl)
    growth = returns.byDay.get(point.day) ?? growth
    cumulative = cumulative.plus(dailyPnl)
    return { day: point.day, roi: ratio(growth), pnl: money(cumulative), dailyPnl: money(dailyPnl) }
  })
}

/**
 * Cuts days (by day string >= the UTC day of `since`) and trades (closedAt >= since) to a period; since = null keeps
 * all. `since` is the period's window start (contract/stats-window.ts: 00:00 UTC, so a day is in whole or not at all).
 */
export function cutToPeriod(
  days: readonly DailyPoint[],
  trades: readonly ClosedTrade[],
  since: number | null,
): { days: DailyPoint[]; trades: ClosedTrade[] } {
  if (since === null) return { days: [...days], trades: [...trades] }
  const firstDay = utcDay(since)
  return {
    days: days.filter((point) => point.day >= firstDay),
    trades: trades.filter((trade) => trade.closedAt >= since),
  }
}
