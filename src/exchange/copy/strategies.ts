/**
 * The simulated lead traders' strategies: pure decision functions. Given the recent closes at the
 * strategy's own decision step, the bot's open position and a seeded random source, each returns
 * one action (hold, open, add, reduce, close). Spot bots only ever go long with leverage 1, and
 * every action is checked on the way out so fractions are always in range and never NaN.
 */
import { findInstrument } from '../market/instruments.ts'
import type { Random } from '../market/market-seed.ts'
import type { StrategyName } from './strategy-name.ts'

export interface MarketView {
  pairCode: string
  /** Epoch milliseconds of the decision. */
  time: number
  /** Recent closes at the strategy's decision step, oldest first; the last is the current price. */
  closes: readonly number[]
}

export interface BotPosition {
  side: 1 | -1
  entryPrice: number
  leverage: number
  openedAt: number
  adds: number
}

export type BotAction =
  | { kind: 'hold' }
  | { kind: 'open'; side: 1 | -1; marginFraction: number; leverage: number }
  | { kind: 'add'; marginFraction: number }
  | { kind: 'reduce'; fraction: number }
  | { kind: 'close' }

export interface BotProfile {
  leverage: number
  biz: 'spot' | 'futures'
}

export interface Strategy {
  name: StrategyName
  /** How often the bot decides, in minutes. */
  decisionMinutes: number
  /** How many closes it needs before it acts. */
  lookback: number
  decide: (view: MarketView, position: BotPosition | undefined, profile: BotProfile, random: Random) => BotAction
}

const HOLD: BotAction = { kind: 'hold' }
const CLOSE: BotAction = { kind: 'close' }
const HOUR = 3_600_000
const DAY = 24 * HOUR

/** What a rule sees: the window of closes, the price, its signed move since entry and the leverage it may use. */
interface Context {
  closes: readonly number[]
  price: number
  /** The close one decision step ago. */
  previous: number
  time: number
  position: BotPosition | undefined
  /** side × (price / entry − 1): positive when the position is in profit. */
  move: number
  /** The same move measured at the previous close, to detect crossing a level. */
  previousMove: number
  leverage: number
  maxLeverage: number
  spot: boolean
  random: Random
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x))
const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length
const sma = (xs: readonly number[], n: number) => mean(xs.slice(-n))
const sideOf = (x: number): 1 | -1 => (x >= 0 ? 1 : -1)
const open = (side: 1 | -1, marginFraction: number, leverage: number): BotAction => ({
  kind: 'open',
  side,
  marginFraction,
  leverage,
})
const add = (marginFraction: number): BotAction => ({ kind: 'add', marginFraction })
const reduce = (fraction: number): BotAction => ({ kind: 'reduce', fraction })
/** Did the move cross `level` upwards between the previous close and now? */
const crossedUp = (c: Context, level: number) => c.previousMove < level && c.move >= level

/** Makes the action safe: no shorting on spot, leverage 1 on spot, fractions in range, nothing undefined. */
function guard(action: BotAction, position: BotPosition | undefined, c: Context): BotAction {
  switch (action.kind) {
    case 'hold':
      return HOLD
    case 'close':
      return position ? CLOSE : HOLD
    case 'open': {
      if (position || (c.spot && action.side === -1) || !(action.marginFraction > 0)) return HOLD
      const leverage =
        c.spot || !Number.isFinite(action.leverage) ? 1 : clamp(Math.round(action.leverage), 1, c.maxLeverage)
      return open(action.side, Math.min(1, action.marginFraction), leverage)
    }
    case 'add':
      if (!position || (c.spot && position.side === -1) || !(action.marginFraction > 0)) return HOLD
      return add(Math.min(1, action.marginFraction))
    case 'reduce':
      if (!position || !(action.fraction > 0)) return HOLD
      return reduce(clamp(action.fraction, 0.01, 0.99))
  }
}

function strategy(
  name: StrategyName,
  decisionMinutes: number,
  lookback: number,
  rule: (c: Context) => BotAction,
  gambler = false,
): Strategy {
  return {
    name,
    decisionMinutes,
    lookback,
    decide(view, position, profile, random) {
      if (view.closes.length < lookback) return HOLD
      const closes = view.closes.slice(-lookback)
      if (!closes.every((x) => Number.isFinite(x) && x > 0)) return HOLD
      if (position && !(Number.isFinite(position.entryPrice) && position.entryPrice > 0)) return HOLD
      const price = closes[closes.length - 1] ?? 0
      const previous = closes[closes.length - 2] ?? price
      const entry = position?.entryPrice ?? price
      const side = position?.side ?? 1
      const maxLeverage = findInstrument(view.pairCode)?.maxLeverage ?? 20
      const wanted = Number.isFinite(profile.leverage) ? profile.leverage : 1
      const spot = profile.biz === 'spot'
      const leverage = spot ? 1 : clamp(Math.round(gambler ? Math.max(wanted, 50) : wanted), 1, maxLeverage)
      const c: Context = {
        closes,
        price,
        previous,
        time: view.time,
        position,
        move: side * (price / entry - 1),
        previousMove: side * (previous / entry - 1),
        leverage,
        maxLeverage,
        spot,
        random,
      }
      return guard(rule(c), position, c)
    },
  }
}

/** Moving-average cross: long above, short below (futures), out on the cross back or a 4 % stop; pyramids once. */
const trend = strategy('trend', 60, 26, (c) => {
  const fast = sma(c.closes, 9)
  const slow = sma(c.closes, 26)
  const gap = fast / slow - 1
  const p = c.position
  if (!p) {
    if (Math.abs(gap) < 0.001) return HOLD
    return open(sideOf(gap), 0.2 + 0.1 * c.random.next(), c.leverage)
  }
  if (p.side * gap < 0 || c.move <= -0.04) return CLOSE
  if (c.move >= 0.05 && p.adds < 1) return add(0.1)
  return HOLD
})

/** Z-score of the price against its mean: fade moves beyond 2σ, take profit back near the mean. */
const meanReversion = strategy('mean-reversion', 30, 20, (c) => {
  const m = mean(c.closes)
  const sd = Math.sqrt(mean(c.closes.map((x) => (x - m) ** 2)))
  if (!(sd / m > 1e-6)) return c.position && c.move <= -0.05 ? CLOSE : HOLD
  const z = (c.price - m) / sd
  const p = c.position
  if (!Number.isFinite(z)) return HOLD
  if (!p) {
    if (Math.abs(z) < 2) return HOLD
    return open(sideOf(-z), 0.15 + 0.1 * c.random.next(), c.leverage)
  }
  if (p.side * z >= -0.3 || c.move <= -0.05) return CLOSE
  if (p.side * z <= -3 && p.adds < 1) return add(0.1)
  return HOLD
})

/** Short-term momentum with tiny targets: +0.4 % take profit, −0.3 % stop, out after 30 minutes regardless. */
const scalper = strategy('scalper', 5, 12, (c) => {
  const momentum = c.price / (c.closes[c.closes.length - 4] ?? c.price) - 1
  const p = c.position
  if (!p) {
    if (Math.abs(momentum) < 0.0008) return HOLD
    return open(sideOf(momentum), 0.1 + 0.1 * c.random.next(), c.leverage)
  }
  if (c.move >= 0.004 || c.move <= -0.003 || c.time - p.openedAt >= 30 * 60_000 || p.side * momentum < -0.0008)
    return CLOSE
  return HOLD
})

/** Multi-day holds in the direction of the 20-bar trend, scaling out at +5 % and +10 %, closing at +18 %. */
const swing = strategy('swing', 240, 30, (c) => {
  const average = sma(c.closes, 20)
  const earlier = mean(c.closes.slice(-26, -6))
  const momentum = c.price / (c.closes[c.closes.length - 7] ?? c.price) - 1
  const p = c.position
  if (!p) {
    if (c.price > average * 1.005 && average > earlier && momentum > 0.01)
      return open(1, 0.25 + 0.1 * c.random.next(), c.leverage)
    if (c.price < average * 0.995 && average < earlier && momentum < -0.01)
      return open(-1, 0.25 + 0.1 * c.random.next(), c.leverage)
    return HOLD
  }
  if (c.move <= -0.06 || c.move >= 0.18 || c.time - p.openedAt >= 14 * DAY) return CLOSE
  if (crossedUp(c, 0.1)) return reduce(0.5)
  if (crossedUp(c, 0.05)) return reduce(0.33)
  const broken = p.side * (c.price / average - 1) < -0.02
  if (broken && c.time - p.openedAt >= DAY) return CLOSE
  return HOLD
})

const GRID_STEP = 0.015
/** Index of the fixed grid line at or below a price: lines are GRID_STEP apart on a log scale. */
const gridLine = (price: number) => Math.floor(Math.log(price) / Math.log(1 + GRID_STEP))
/**
 * Buys a dip below the 48-bar mean, adds a slice at each grid line lower, sells a slice at each line higher, out at
 * +4.5 %.
 */
const grid = strategy('grid', 60, 48, (c) => {
  const p = c.position
  if (!p) {
    if (c.price <= sma(c.closes, 48) * (1 - GRID_STEP)) return open(1, 0.1 + 0.05 * c.random.next(), c.leverage)
    return HOLD
  }
  if (c.move >= 3 * GRID_STEP || c.move <= -0.1) return CLOSE
  const linesCrossed = p.side * (gridLine(c.price) - gridLine(c.previous))
  if (linesCrossed < 0 && c.move < 0 && p.adds < 8) return add(0.1)
  if (linesCrossed > 0 && c.move > 0) return reduce(0.25)
  return HOLD
})

/** Maximum leverage, chases the last move, doubles down on losers and almost never cuts them. */
const gambler = strategy(
  'gambler',
  30,
  6,
  (c) => {
    const p = c.position
    if (!p) {
      const chase = sideOf(c.price - (c.closes[0] ?? c.price))
      const side = c.random.next() < 0.3 ? (chase === 1 ? -1 : 1) : chase
      return open(side, 0.5 + 0.3 * c.random.next(), c.leverage)
    }
    const roe = c.move * p.leverage
    if (roe >= 0.5) return CLOSE
    if (roe <= -0.3) {
      if (c.random.next() < 0.01) return CLOSE
      if (p.adds < 4) return add(0.5)
    }
    return HOLD
  },
  true,
)

/** Enters on a new 24-step high (long) or low (short), exits on a 10-step channel break or a 3 % stop. */
const breakout = strategy('breakout', 60, 25, (c) => {
  const prior = c.closes.slice(0, -1)
  const p = c.position
  if (!p) {
    if (c.price > Math.max(...prior)) return open(1, 0.2 + 0.1 * c.random.next(), c.leverage)
    if (c.price < Math.min(...prior)) return open(-1, 0.2 + 0.1 * c.random.next(), c.leverage)
    return HOLD
  }
  const exit = prior.slice(-10)
  if (c.move <= -0.03) return CLOSE
  if (p.side === 1 ? c.price < Math.min(...exit) : c.price > Math.max(...exit)) return CLOSE
  if (c.move >= 0.03 && p.adds < 1) return add(0.1)
  return HOLD
})

/** Dollar-cost averaging: buys a slice every day, sells everything at +8 % over the average entry. */
const dca = strategy('dca', 1440, 1, (c) => {
  const p = c.position
  if (!p) return open(1, 0.1, c.leverage)
  if (p.side === -1 || c.move >= 0.08) return CLOSE
  if (c.time - p.openedAt >= (p.adds + 1) * DAY && p.adds < 60) return add(0.08)
  return HOLD
})

export const STRATEGIES: Readonly<Record<StrategyName, Strategy>> = {
  trend,
  'mean-reversion': meanReversion,
  scalper,
  swing,
  grid,
  gambler,
  breakout,
  dca,
}
