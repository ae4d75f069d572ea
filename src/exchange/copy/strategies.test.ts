/**
 * The bots' strategies on synthetic markets: each does what its description promises, spot never shorts, actions stay
 * in range.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { findInstrument, INSTRUMENTS } from '../market/instruments.ts'
import { testRandom } from '#tests/fixtures/market-seed.ts'
import type { StrategyName } from './strategy-name.ts'
import { type BotAction, type BotPosition, type BotProfile, STRATEGIES, type Strategy } from './strategies.ts'
import { runs } from '#tests/fixtures/properties.ts'

const T0 = Date.UTC(2026, 4, 1)
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const NAMES: StrategyName[] = ['trend', 'mean-reversion', 'scalper', 'swing', 'grid', 'gambler', 'breakout', 'dca']
const FUTURES: BotProfile = { leverage: 10, biz: 'futures' }
const SPOT: BotProfile = { leverage: 1, biz: 'spot' }

const upTrend = (n: number, step = 0.004) => Array.from({ length: n }, (_, i) => 100 * (1 + step) ** i)
const downTrend = (n: number, step = 0.004) => Array.from({ length: n }, (_, i) => 100 * (1 - step) ** i)
const flat = (n: number) => Array.from({ length: n }, () => 100)
const wiggle = (n: number) => Array.from({ length: n }, (_, i) => 100 + 0.3 * Math.sin(i * 1.7))

const view = (closes: readonly number[], time = T0, pairCode = 'BTC_USDT') => ({ pairCode, time, closes })
const position = (side: 1 | -1, entryPrice: number, extra: Partial<BotPosition> = {}): BotPosition => ({
  side,
  entryPrice,
  leverage: 10,
  openedAt: T0,
  adds: 0,
  ...extra,
})
const decide = (
  name: StrategyName,
  closes: readonly number[],
  pos?: BotPosition,
  profile = FUTURES,
  time = T0,
  seed = 1,
) => STRATEGIES[name].decide(view(closes, time), pos, profile, testRandom(seed))

/** A minute-by-minute random walk (about 3 % daily volatility) with an optional drift per minute. */
function randomWalk(minutes: number, seed: number, drift = 0): number[] {
  const random = testRandom(seed)
  const out = [100]
  for (let i = 1; i < minutes; i++) out.push((out[i - 1] ?? 100) * Math.exp(drift + 0.0008 * random.normal()))
  return out
}

interface Trade {
  action: BotAction
  time: number
  position: BotPosition | undefined
}

/** Drives a strategy over closes taken at its decision step, keeping a position roughly the way the engine would. */
function run(strategy: Strategy, closes: readonly number[], profile: BotProfile, seed = 7, pairCode = 'BTC_USDT') {
  const random = testRandom(seed)
  const trades: Trade[] = []
  const holds: number[] = []
  let pos: BotPosition | undefined
  for (let k = 0; k < closes.length; k++) {
    const price = closes[k] ?? 0
    const time = T0 + k * strategy.decisionMinutes * MINUTE
    if (pos && pos.side * (price / pos.entryPrice - 1) * pos.leverage <= -0.9) {
      holds.push(time - pos.openedAt)
      pos = undefined // liquidated
    }
    const action = strategy.decide(
      { pairCode, time, closes: closes.slice(Math.max(0, k + 1 - strategy.lookback), k + 1) },
      pos,
      profile,
      random,
    )
    if (action.kind !== 'hold') trades.push({ action, time, position: pos })
    if (action.kind === 'open')
      pos = { side: action.side, entryPrice: price, leverage: action.leverage, openedAt: time, adds: 0 }
    else if (action.kind === 'add' && pos)
      pos = { ...pos, entryPrice: (pos.entryPrice * (pos.adds + 1) + price) / (pos.adds + 2), adds: pos.adds + 1 }
    else if (action.kind === 'close' && pos) {
      holds.push(time - pos.openedAt)
      pos = undefined
    }
  }
  return { trades, holds, count: (kind: BotAction['kind']) => trades.filter((t) => t.action.kind === kind).length }
}

/** The same over minute closes, sampled at the strategy's decision step. */
const simulate = (strategy: Strategy, minutes: readonly number[], profile: BotProfile, seed = 7) =>
  run(
    strategy,
    minutes.filter((_, i) => i % strategy.decisionMinutes === 0),
    profile,
    seed,
  )

function expectValid(action: BotAction, profile: BotProfile, pairCode = 'BTC_USDT') {
  switch (action.kind) {
    case 'open':
      expect(action.marginFraction).toBeGreaterThan(0)
      expect(action.marginFraction).toBeLessThanOrEqual(1)
      expect(Number.isInteger(action.leverage)).toBe(true)
      expect(action.leverage).toBeGreaterThanOrEqual(1)
      expect(action.leverage).toBeLessThanOrEqual(findInstrument(pairCode)?.maxLeverage ?? 20)
      if (profile.biz === 'spot') {
        expect(action.side).toBe(1)
        expect(action.leverage).toBe(1)
      }
      break
    case 'add':
      expect(action.marginFraction).toBeGreaterThan(0)
      expect(action.marginFraction).toBeLessThanOrEqual(1)
      break
    case 'reduce':
      expect(action.fraction).toBeGreaterThan(0)
      expect(action.fraction).toBeLessThan(1)
      break
    default:
      break
  }
}

describe('every strategy', () => {
  it('holds until it has its lookback of closes, and on a flat market the signal-driven ones stay out', () => {
    for (const name of NAMES) {
      const s = STRATEGIES[name]
      expect(s.name).toBe(name)
      expect(decide(name, upTrend(s.lookback - 1))).toEqual({ kind: 'hold' })
    }
    for (const name of ['trend', 'mean-reversion', 'scalper', 'swing', 'grid', 'breakout'] as const)
      expect(decide(name, flat(60))).toEqual({ kind: 'hold' })
  })

  it('decides at its own pace: scalpers every few minutes, swing every few hours, dca daily', () => {
    expect(STRATEGIES.scalper.decisionMinutes).toBeGreaterThanOrEqual(5)
    expect(STRATEGIES.scalper.decisionMinutes).toBeLessThanOrEqual(15)
    expect(STRATEGIES.trend.decisionMinutes).toBe(60)
    expect(STRATEGIES.swing.decisionMinutes).toBe(240)
    expect(STRATEGIES.dca.decisionMinutes).toBe(1440)
  })

  it('never shorts, never levers and never adds to a short on spot, for any strategy over random series', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NAMES),
        fc.array(fc.double({ min: -0.08, max: 0.08, noNaN: true }), { maxLength: 70 }),
        fc.option(
          fc.record({
            side: fc.constantFrom<1 | -1>(1, -1),
            entryPrice: fc.double({ min: 0.01, max: 1000, noNaN: true }),
            leverage: fc.integer({ min: 1, max: 125 }),
            openedAt: fc.integer({ min: -30, max: 0 }),
            adds: fc.integer({ min: 0, max: 70 }),
          }),
          { nil: undefined },
        ),
        fc.integer(),
        (name, returns, pos, seed) => {
          const closes = returns.reduce<number[]>((acc, r) => [...acc, (acc[acc.length - 1] ?? 100) * (1 + r)], [100])
          const held = pos && { ...pos, openedAt: T0 + pos.openedAt * DAY }
          const action = STRATEGIES[name].decide(view(closes, T0), held, SPOT, testRandom(seed))
          expectValid(action, SPOT)
          if (action.kind === 'add') expect(held?.side).toBe(1)
          for (const t of run(STRATEGIES[name], closes, SPOT, seed).trades) {
            expectValid(t.action, SPOT)
            if (t.action.kind === 'open') expect(t.action.side).toBe(1)
          }
        },
      ),
      runs(1000),
    )
  })

  it('keeps every fraction in range and never returns NaN, whatever the inputs', () => {
    const weird = fc.oneof(fc.double(), fc.constantFrom(0, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e-300, 1e300))
    fc.assert(
      fc.property(
        fc.constantFrom(...NAMES),
        fc.constantFrom(...INSTRUMENTS.map((i) => i.pairCode), 'NOPE_USDT'),
        fc.array(
          fc.oneof(
            { weight: 9, arbitrary: fc.double({ min: 0.5, max: 2, noNaN: true }) },
            { weight: 1, arbitrary: weird },
          ),
          { maxLength: 60 },
        ),
        fc.option(
          fc.record({
            side: fc.constantFrom<1 | -1>(1, -1),
            entryPrice: fc.oneof(fc.double({ min: 0.5, max: 2, noNaN: true }), weird),
            leverage: fc.oneof(fc.integer({ min: 1, max: 125 }), weird),
            openedAt: fc.integer({ min: T0 - 30 * DAY, max: T0 }),
            adds: fc.integer({ min: 0, max: 70 }),
          }),
          { nil: undefined },
        ),
        fc.record({
          leverage: fc.oneof(fc.integer({ min: 1, max: 150 }), weird),
          biz: fc.constantFrom<'spot' | 'futures'>('spot', 'futures'),
        }),
        fc.integer(),
        (name, pairCode, closes, pos, profile, seed) => {
          const action = STRATEGIES[name].decide(view(closes, T0, pairCode), pos, profile, testRandom(seed))
          expect(JSON.stringify(action)).not.toMatch(/null/) // NaN and Infinity serialize as null
          expectValid(action, profile, pairCode)
          if (!pos) expect(['hold', 'open']).toContain(action.kind)
          else expect(action.kind).not.toBe('open')
        },
      ),
      runs(1000),
    )
  })

  it('is deterministic: same closes, position and seed give the same decisions', () => {
    const minutes = randomWalk(6 * 1440, 42)
    for (const name of NAMES) {
      const a = simulate(STRATEGIES[name], minutes, FUTURES, 3).trades
      const b = simulate(STRATEGIES[name], minutes, FUTURES, 3).trades
      expect(a).toEqual(b)
    }
  })
})

describe('trend', () => {
  it('goes long in an up-trend and short in a down-trend on futures', () => {
    expect(decide('trend', upTrend(40))).toMatchObject({ kind: 'open', side: 1, leverage: 10 })
    expect(decide('trend', downTrend(40))).toMatchObject({ kind: 'open', side: -1, leverage: 10 })
  })

  it('stays in cash in a down-trend on spot', () => {
    expect(decide('trend', upTrend(40), undefined, SPOT)).toMatchObject({ kind: 'open', side: 1, leverage: 1 })
    expect(decide('trend', downTrend(40), undefined, SPOT)).toEqual({ kind: 'hold' })
  })

  it('rides the trend and gets out when the averages cross back or the stop is hit', () => {
    const up = upTrend(40)
    expect(decide('trend', up, position(1, 115))).toEqual({ kind: 'hold' })
    const reversal = [...upTrend(30, 0.002), ...downTrend(12, 0.01).map((x) => x * 1.06)]
    expect(decide('trend', reversal, position(1, 101))).toEqual({ kind: 'close' })
    expect(decide('trend', up, position(1, (up[up.length - 1] ?? 0) * 1.05))).toEqual({ kind: 'close' })
  })
})

describe('mean reversion', () => {
  it('shorts a spike and buys a dip', () => {
    expect(decide('mean-reversion', [...wiggle(19), 104])).toMatchObject({ kind: 'open', side: -1 })
    expect(decide('mean-reversion', [...wiggle(19), 96])).toMatchObject({ kind: 'open', side: 1 })
    expect(decide('mean-reversion', [...wiggle(19), 104], undefined, SPOT)).toEqual({ kind: 'hold' })
    expect(decide('mean-reversion', wiggle(20))).toEqual({ kind: 'hold' })
  })

  it('takes profit back near the mean and holds while the price is still stretched', () => {
    expect(decide('mean-reversion', [...wiggle(18), 96, 100], position(1, 96))).toEqual({ kind: 'close' })
    expect(decide('mean-reversion', [...wiggle(18), 96, 96.5], position(1, 96))).toEqual({ kind: 'hold' })
    expect(decide('mean-reversion', [...wiggle(18), 104, 100], position(-1, 104))).toEqual({ kind: 'close' })
  })
})

describe('scalper and swing', () => {
  it('scalper takes small profits and cuts small losses within minutes', () => {
    const base = wiggle(11)
    expect(decide('scalper', [...base, 100.5], position(1, 100))).toEqual({ kind: 'close' })
    expect(decide('scalper', [...base, 99.6], position(1, 100))).toEqual({ kind: 'close' })
    expect(decide('scalper', [...base, 100.1], position(1, 100), FUTURES, T0 + 31 * MINUTE)).toEqual({ kind: 'close' })
  })

  it('scalper trades far more often than swing over the same market, and holds for minutes rather than days', () => {
    const minutes = randomWalk(20 * 1440, 11, 0.00002)
    const scalper = simulate(STRATEGIES.scalper, minutes, FUTURES)
    const swing = simulate(STRATEGIES.swing, minutes, FUTURES)
    expect(scalper.count('open')).toBeGreaterThan(100)
    expect(scalper.count('open')).toBeGreaterThan(10 * Math.max(1, swing.count('open')))
    expect(Math.max(...scalper.holds)).toBeLessThanOrEqual(40 * MINUTE)
    expect(Math.max(...swing.holds)).toBeGreaterThanOrEqual(DAY)
  })

  it('swing takes partial profits with reduce as the move extends, and closes at the stop', () => {
    const entered = position(1, 100, { openedAt: T0 - 2 * DAY })
    const closes = [...upTrend(28, 0.002), 104, 105.5]
    expect(decide('swing', closes, entered, FUTURES)).toMatchObject({ kind: 'reduce' })
    expect(decide('swing', [...upTrend(28, 0.002), 109, 110.5], entered, FUTURES)).toMatchObject({ kind: 'reduce' })
    expect(decide('swing', [...upTrend(28, 0.002), 105.5, 106], entered, FUTURES)).toEqual({ kind: 'hold' })
    expect(decide('swing', [...upTrend(28, 0.002), 95, 93.5], entered, FUTURES)).toEqual({ kind: 'close' })
  })
})

describe('grid', () => {
  it('buys a dip, adds on each step lower and sells slices into rises', () => {
    const dip = [...flat(40), ...downTrend(8, 0.004)]
    expect(decide('grid', dip)).toMatchObject({ kind: 'open', side: 1 })
    expect(decide('grid', [...flat(46), 100, 98.4], position(1, 100))).toMatchObject({ kind: 'add' })
    expect(decide('grid', [...flat(46), 100.8, 101.6], position(1, 100))).toMatchObject({ kind: 'reduce' })
    expect(decide('grid', [...flat(46), 101.6, 101.7], position(1, 100))).toEqual({ kind: 'hold' })
  })

  it('over an oscillating market it both adds and reduces', () => {
    const minutes = Array.from(
      { length: 30 * 1440 },
      (_, i) => 100 * (1 + 0.04 * Math.sin((2 * Math.PI * i) / (3 * 1440))),
    )
    const result = simulate(STRATEGIES.grid, minutes, SPOT)
    expect(result.count('add')).toBeGreaterThan(3)
    expect(result.count('reduce')).toBeGreaterThan(3)
  })
})

describe('gambler', () => {
  it('uses the highest leverage of all strategies, up to the instrument maximum', () => {
    const minutes = randomWalk(10 * 1440, 5)
    const leverageOf = (name: StrategyName) =>
      Math.max(
        ...simulate(STRATEGIES[name], minutes, { leverage: 20, biz: 'futures' }).trades.map((t) =>
          t.action.kind === 'open' ? t.action.leverage : 0,
        ),
      )
    const gambler = leverageOf('gambler')
    expect(gambler).toBe(50)
    for (const name of NAMES.filter((n) => n !== 'gambler')) expect(leverageOf(name)).toBeLessThan(gambler)
    expect(decide('gambler', upTrend(10), undefined, { leverage: 100, biz: 'futures' })).toMatchObject({
      kind: 'open',
      leverage: 100,
    })
  })

  it('adds to losers and almost never closes them, so it ends up liquidated', () => {
    const losing = position(1, 100, { leverage: 100 })
    const actions = Array.from({ length: 500 }, (_, seed) =>
      decide('gambler', [...flat(5), 99.5], losing, FUTURES, T0, seed),
    )
    expect(actions.filter((a) => a.kind === 'add').length).toBeGreaterThan(480)
    expect(decide('gambler', [...flat(5), 100.6], losing)).toEqual({ kind: 'close' })
    const result = simulate(STRATEGIES.gambler, randomWalk(10 * 1440, 9), FUTURES)
    expect(result.count('add')).toBeGreaterThan(0)
    expect(result.holds.length).toBeGreaterThan(result.count('close')) // some positions ended by liquidation
  })
})

describe('breakout', () => {
  it('enters on a new high (long) or a new low (short on futures) and stays out inside the range', () => {
    expect(decide('breakout', [...wiggle(24), 101])).toMatchObject({ kind: 'open', side: 1 })
    expect(decide('breakout', [...wiggle(24), 99])).toMatchObject({ kind: 'open', side: -1 })
    expect(decide('breakout', [...wiggle(24), 99], undefined, SPOT)).toEqual({ kind: 'hold' })
    expect(decide('breakout', [...wiggle(24), 100])).toEqual({ kind: 'hold' })
  })

  it('exits when the price falls back through the channel', () => {
    expect(decide('breakout', [...wiggle(20), 101, 102, 103, 104, 99], position(1, 101))).toEqual({ kind: 'close' })
    expect(decide('breakout', upTrend(25), position(1, 101, { adds: 1 }))).toEqual({ kind: 'hold' })
  })
})

describe('dca', () => {
  it('buys a slice every day through a down-trend and sells everything at a profit', () => {
    const minutes = Array.from({ length: 30 * 1440 }, (_, i) => 100 * (1 - 0.005) ** (i / 1440))
    const result = simulate(STRATEGIES.dca, minutes, SPOT)
    expect(result.count('open')).toBe(1)
    expect(result.count('add')).toBe(29)
    expect(result.count('close')).toBe(0)
    expect(new Set(result.trades.slice(1).map((t, i) => t.time - (result.trades[i]?.time ?? 0)))).toEqual(
      new Set([DAY]),
    )
    expect(decide('dca', [100, 108.5], position(1, 100, { leverage: 1 }), SPOT)).toEqual({ kind: 'close' })
    expect(decide('dca', [100, 101], position(1, 100, { leverage: 1 }), SPOT, T0 + 2 * HOUR)).toEqual({ kind: 'hold' })
  })
})
