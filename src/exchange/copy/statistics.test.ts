/** Leader statistics: every expected value below is worked out by hand in the comments. */
import { describe, expect, it } from 'vitest'
import { Money, toPlain } from '../money.ts'
import {
  averageHoldingMinutes,
  type ClosedTrade,
  countsForRecord,
  cutToPeriod,
  dailyReturn,
  dailySeries,
  type DailyPoint,
  historyStart,
  isNewLeader,
  isWin,
  maxDrawdown,
  periodStats,
  preferredCoins,
  returnsOfDays,
  roi,
  sharpe,
  tradesPerWeek,
  tradingSpanMs,
  weightedWinRate,
  winRate,
} from './statistics.ts'

const MINUTE = 60_000
const DAY = 86_400_000
const T0 = Date.UTC(2026, 4, 1, 9, 0)

/** A day starting with `equityStart` and earning `pnl` (equityEnd = start + pnl). */
const day = (date: string, equityStart: string, pnl: string): DailyPoint => ({
  day: date,
  equityStart,
  equityEnd: toPlain(new Money(equityStart).plus(pnl)),
  pnl,
})

/**
 * A trade on `pairCode` held for `minutes` from `openedAt`: without fees or funding, 1000 USDT in size on an account of
 * 10 000 (10 %, counted), not filled against a linked account; `extra` changes any of that.
 */
const trade = (
  pairCode: string,
  grossPnl: string,
  minutes = 60,
  openedAt = T0,
  extra: Partial<ClosedTrade> = {},
): ClosedTrade => ({
  pairCode,
  openedAt,
  closedAt: openedAt + minutes * MINUTE,
  grossPnl,
  fees: '0',
  funding: '0',
  notional: '1000',
  equityAtOpen: '10000',
  linked: false,
  ...extra,
})

/** Returns +10 %, −20 %, +5 %: 1000 → 1100 → 880 → 924. */
const SWING = [day('2026-05-01', '1000', '100'), day('2026-05-02', '1100', '-220'), day('2026-05-03', '880', '44')]
/** Returns +1 %, +2 %, +3 %: never falls. */
const GROWTH = [day('2026-05-01', '100', '1'), day('2026-05-02', '101', '2.02'), day('2026-05-03', '103.02', '3.0906')]

const plain = (value: Money) => toPlain(value)

describe('dailyReturn', () => {
  it('is pnl over starting equity', () => {
    expect(SWING.map((d) => plain(dailyReturn(d)))).toEqual(['0.1', '-0.2', '0.05'])
  })

  it('is 0 for an unfunded or negative account instead of dividing by zero', () => {
    expect(plain(dailyReturn(day('2026-05-01', '0', '50')))).toBe('0')
    expect(plain(dailyReturn(day('2026-05-01', '-10', '5')))).toBe('0')
  })
})

describe('roi (time-weighted)', () => {
  it('compounds daily returns: 1.1 × 0.8 × 1.05 − 1 = −0.076', () => {
    expect(plain(roi(SWING))).toBe('-0.076')
  })

  it('compounds growth: 1.01 × 1.02 × 1.03 − 1 = 0.061106', () => {
    expect(plain(roi(GROWTH))).toBe('0.061106')
  })

  it('ignores deposits: +10 % on 1000, then 9000 deposited and −10 % on 10100 gives 1.1 × 0.9 − 1 = −0.01', () => {
    // The PnL is 100 − 1010 = −910, which would look like −91 % against the first 1000.
    expect(plain(roi([day('2026-05-01', '1000', '100'), day('2026-05-02', '10100', '-1010')]))).toBe('-0.01')
  })

  it('is 0 without days, and an unfunded day or a flat day changes nothing', () => {
    expect(plain(roi([]))).toBe('0')
    expect(
      plain(roi([day('2026-05-01', '0', '0'), day('2026-05-02', '500', '50'), day('2026-05-03', '550', '0')])),
    ).toBe('0.1')
  })
})

describe('maxDrawdown', () => {
  it('measures the fall from the peak 1.1 to the trough 0.88: (1.1 − 0.88) / 1.1 = 0.2', () => {
    expect(plain(maxDrawdown(SWING))).toBe('0.2')
  })

  it('keeps the deepest fall: +10 %, −20 %, +50 %, −40 % gives V = 1.1, 0.88, 1.32, 0.792 and (1.32 − 0.792) / 1.32 = 0.4', () => {
    const days = [
      day('2026-05-01', '100', '10'),
      day('2026-05-02', '110', '-22'),
      day('2026-05-03', '88', '44'),
      day('2026-05-04', '132', '-52.8'),
    ]
    expect(plain(maxDrawdown(days))).toBe('0.4')
  })

  it('counts a loss on the first day against V_0 = 1: −10 % is a 0.1 drawdown', () => {
    expect(plain(maxDrawdown([day('2026-05-01', '1000', '-100'), day('2026-05-02', '900', '9')]))).toBe('0.1')
  })

  it('is 0 for monotonic growth, flat days and no days', () => {
    expect(plain(maxDrawdown(GROWTH))).toBe('0')
    expect(plain(maxDrawdown([day('2026-05-01', '100', '0'), day('2026-05-02', '100', '0')]))).toBe('0')
    expect(plain(maxDrawdown([]))).toBe('0')
  })
})

describe('sharpe', () => {
  it('annualises mean / sample deviation of +10 %, −20 %, +5 %', () => {
    // mean = −0.05 / 3 = −0.0166…; squared deviations 0.0136111…, 0.0336111…, 0.0044444… sum to 0.0516666…;
    // / (3 − 1) = 0.0258333…; sd = 0.1607275127; −0.0166666667 / 0.1607275127 = −0.1036951; × √365 (19.1049731745) =
    // −1.9810934311.
    expect(toPlain(sharpe(SWING).toDecimalPlaces(10))).toBe('-1.9810934311')
  })

  it('gives 2 × √365 for +1 %, +2 %, +3 % (mean 0.02, sd 0.01)', () => {
    expect(toPlain(sharpe(GROWTH).toDecimalPlaces(10))).toBe('38.2099463491')
  })

  it('counts a flat day as a 0 return: +10 %, 0 % has mean 0.05, sd √0.005 and Sharpe √(365 / 2) = 13.5092560861', () => {
    expect(toPlain(sharpe([day('2026-05-01', '100', '10'), day('2026-05-02', '110', '0')]).toDecimalPlaces(10))).toBe(
      '13.5092560861',
    )
  })

  it('is 0 with fewer than 2 days or without any variation', () => {
    expect(plain(sharpe([]))).toBe('0')
    expect(plain(sharpe([day('2026-05-01', '100', '10')]))).toBe('0')
    expect(plain(sharpe([day('2026-05-01', '100', '1'), day('2026-05-02', '101', '1.01')]))).toBe('0')
  })
})

describe('trade statistics', () => {
  it('win rate counts only positive PnL: 12.5 and 7 win, −3 loses, 0 is no win → 2 / 4', () => {
    expect(
      plain(
        winRate([trade('BTC_USDT', '12.5'), trade('BTC_USDT', '-3'), trade('ETH_USDT', '0'), trade('SOL_USDT', '7')]),
      ),
    ).toBe('0.5')
    expect(plain(winRate([]))).toBe('0')
  })

  it('counts a win after fees and funding: +2 before 5 of fees is a loss, −3 with 4 of funding received a win (audit H4)', () => {
    const feesEatIt = trade('BTC_USDT', '2', 60, T0, { fees: '5' })
    const fundingSavesIt = trade('BTC_USDT', '-3', 60, T0, { fees: '0.5', funding: '4' })
    // Before: a win was the gross PnL above 0, so the first won and the second lost.
    expect([isWin(feesEatIt), isWin(fundingSavesIt)]).toEqual([false, true])
    expect(plain(winRate([feesEatIt, fundingSavesIt]))).toBe('0.5')
    expect(isWin(trade('BTC_USDT', '1.000000000000000001', 60, T0, { fees: '1' }))).toBe(true)
    expect(isWin(trade('BTC_USDT', '1', 60, T0, { fees: '1' }))).toBe(false)
  })

  it('weights the win rate by size: one loss of 9000 outweighs three wins of 1000 → 3000 / 12000', () => {
    const trades = [
      trade('BTC_USDT', '10'),
      trade('BTC_USDT', '10'),
      trade('BTC_USDT', '10'),
      trade('BTC_USDT', '-50', 60, T0, { notional: '9000' }),
    ]
    expect(plain(winRate(trades))).toBe('0.75')
    expect(plain(weightedWinRate(trades))).toBe('0.25')
    expect(plain(weightedWinRate([]))).toBe('0')
  })

  it('counts for the record only trades of at least 1 % of equity at their opening, not filled against a linked account', () => {
    // 100 on 10 000 is exactly 1 %: counted; a hair less is not; 6 USDT on 1000 (the audit's 0.002 ETH) is not.
    expect(countsForRecord(trade('ETH_USDT', '1', 60, T0, { notional: '100' }))).toBe(true)
    expect(countsForRecord(trade('ETH_USDT', '1', 60, T0, { notional: '99.999999999999999999' }))).toBe(false)
    expect(countsForRecord(trade('ETH_USDT', '1', 60, T0, { notional: '6', equityAtOpen: '1000' }))).toBe(false)
    expect(countsForRecord(trade('ETH_USDT', '1', 60, T0, { linked: true }))).toBe(false)
    // No equity known when it opened (no unit value yet): any size counts.
    expect(countsForRecord(trade('ETH_USDT', '1', 60, T0, { notional: '6', equityAtOpen: '0' }))).toBe(true)
  })

  it('average holding time: 30 min, 90 min and 45 s average (30 + 90 + 0.75) / 3 = 40.25 minutes', () => {
    expect(
      plain(
        averageHoldingMinutes([trade('BTC_USDT', '1', 30), trade('BTC_USDT', '1', 90), trade('BTC_USDT', '1', 0.75)]),
      ),
    ).toBe('40.25')
    expect(plain(averageHoldingMinutes([]))).toBe('0')
  })

  it('trades per week: 10 trades in 30 days = 70 / 30, 3 in 7 days = 3, nothing for an empty span', () => {
    expect(toPlain(tradesPerWeek(10, 30 * DAY).toDecimalPlaces(10))).toBe('2.3333333333')
    expect(plain(tradesPerWeek(3, 7 * DAY))).toBe('3')
    expect(plain(tradesPerWeek(0, 7 * DAY))).toBe('0')
    expect(plain(tradesPerWeek(5, 0))).toBe('0')
    expect(plain(tradesPerWeek(5, -1))).toBe('0')
  })

  it('spreads trades over the time actually traded in the window, never less than a week (issue 17, item 15)', () => {
    const now = Date.UTC(2026, 4, 20, 12)
    const since = Date.UTC(2026, 3, 21) // a 30-day window
    // A leader of 100 days: the whole window, 29.5 days.
    expect(tradingSpanMs(since, now - 100 * DAY, now)).toBe(now - since)
    // A leader of 10 days: its 10 days, not the window's 29.5 (20 trades → 14 a week, not 4.7).
    expect(tradingSpanMs(since, now - 10 * DAY, now)).toBe(10 * DAY)
    expect(plain(tradesPerWeek(20, tradingSpanMs(since, now - 10 * DAY, now)))).toBe('14')
    // A leader of 12 hours with 2 trades, on "All": 2 so far, not 2 × 7 / 1 = 14.
    expect(plain(tradesPerWeek(2, tradingSpanMs(null, now - 12 * 3_600_000, now)))).toBe('2')
    expect(isNewLeader(now - 12 * 3_600_000, now)).toBe(true)
    expect(isNewLeader(now - 7 * DAY + 1, now)).toBe(true)
    expect(isNewLeader(now - 7 * DAY, now)).toBe(false)
  })

  it('starts a history at the earliest of the leader record, its first unit value and its first trade', () => {
    const created = new Date(Date.UTC(2026, 4, 3, 9))
    expect(historyStart(created, Date.UTC(2026, 4, 1, 14), [])).toBe(Date.UTC(2026, 4, 1, 14))
    expect(historyStart(created, null, [trade('BTC_USDT', '1', 60, Date.UTC(2026, 4, 2))])).toBe(Date.UTC(2026, 4, 2))
    expect(historyStart(created, null, [])).toBe(created.getTime())
  })
})

describe('preferredCoins', () => {
  const trades = [
    ...['BTC_USDT', 'BTC_USDT', 'BTC_USDT'].map((p) => trade(p, '1')),
    ...['SOL_USDT', 'SOL_USDT', 'ETH_USDT', 'ETH_USDT', 'XRP_USDT', 'ADA_USDT'].map((p) => trade(p, '-1')),
  ]

  it('ranks coins by trade count, ties alphabetically, top 3 by default', () => {
    // BTC 3, ETH 2, SOL 2 (ETH before SOL), ADA 1, XRP 1.
    expect(preferredCoins(trades)).toEqual(['BTC', 'ETH', 'SOL'])
    expect(preferredCoins(trades, 5)).toEqual(['BTC', 'ETH', 'SOL', 'ADA', 'XRP'])
    expect(preferredCoins(trades, 1)).toEqual(['BTC'])
  })

  it('merges spot and perpetual trades of one coin and lists nothing without trades', () => {
    expect(preferredCoins([trade('ETH_USDT', '1'), trade('DOGE_USDT', '1'), trade('ETH_USDT', '1')])).toEqual([
      'ETH',
      'DOGE',
    ])
    expect(preferredCoins([])).toEqual([])
    expect(preferredCoins(trades, 0)).toEqual([])
  })
})

describe('periodStats', () => {
  it('prints every statistic of a leader period', () => {
    const trades = [
      trade('BTC_USDT', '80', 60),
      trade('ETH_USDT', '20', 30),
      trade('BTC_USDT', '-220', 120),
      trade('SOL_USDT', '44', 15),
    ]
    // 3 of 4 trades win, 3000 of 4000 USDT by size; holding (60 + 30 + 120 + 15) / 4 = 56.25 min; 4 × 7 / 3 =
    // 9.3333333333 trades a week.
    expect(periodStats(SWING, trades, 3 * DAY, returnsOfDays(SWING))).toEqual({
      roi: '-0.076',
      pnl: '-76',
      winRate: '0.75',
      weightedWinRate: '0.75',
      maxDrawdown: '0.2',
      sharpe: '-1.9810934311',
      tradesPerWeek: '9.3333333333',
      avgHoldingMinutes: '56.25',
      preferredCoins: ['BTC', 'ETH', 'SOL'],
      trades: 4,
    })
  })

  it('leaves the trades the record does not count out of every trade figure, and keeps them in PnL (audit H4)', () => {
    const days = [day('2026-05-01', '10000', '-30')]
    const trades = [
      trade('BTC_USDT', '-40', 60, T0, { notional: '2000', fees: '2' }),
      // Twenty wash trades of 6 USDT inside the spread, and one filled against a linked account: none counts.
      ...Array.from({ length: 20 }, () => trade('ETH_USDT', '0.012', 1, T0, { notional: '6', fees: '0.006' })),
      trade('SOL_USDT', '10', 5, T0, { linked: true }),
    ]
    expect(periodStats(days, trades, 7 * DAY, returnsOfDays(days))).toMatchObject({
      pnl: '-30',
      winRate: '0',
      weightedWinRate: '0',
      tradesPerWeek: '1',
      avgHoldingMinutes: '60',
      preferredCoins: ['BTC'],
      trades: 1,
    })
  })

  it('rounds ratios half up to 10 decimals and money to 18', () => {
    // ROI 1.0000000000000000005 / 3 = 0.33333333333333333350 → 0.3333333333; PnL …0005 at the 19th decimal rounds up.
    const days = [day('2026-05-01', '3', '1.0000000000000000005')]
    const stats = periodStats(
      days,
      [trade('BTC_USDT', '1'), trade('BTC_USDT', '1'), trade('BTC_USDT', '-1')],
      DAY,
      returnsOfDays(days),
    )
    expect(stats.roi).toBe('0.3333333333')
    expect(stats.pnl).toBe('1.000000000000000001')
    expect(stats.winRate).toBe('0.6666666667')
    expect(stats.tradesPerWeek).toBe('21')
  })

  it('sums PnL exactly, however many digits the amounts have (issue 17, item 12)', () => {
    // 30 significant digits each: Money's 20 would give 246913578024.24691358 for the sum.
    const days = [
      day('2026-05-01', '1000000000000', '123456789012.123456789012345678'),
      day('2026-05-02', '1123456789012.123456789012345678', '123456789012.123456789012345679'),
    ]
    expect(periodStats(days, [], 2 * DAY, returnsOfDays(days)).pnl).toBe('246913578024.246913578024691357')
    expect(dailySeries(days, returnsOfDays(days)).map((p) => p.pnl)).toEqual([
      '123456789012.123456789012345678',
      '246913578024.246913578024691357',
    ])
  })

  it('shows zeros for a leader without history', () => {
    expect(periodStats([], [], 7 * DAY, returnsOfDays([]))).toEqual({
      roi: '0',
      pnl: '0',
      winRate: '0',
      weightedWinRate: '0',
      maxDrawdown: '0',
      sharpe: '0',
      tradesPerWeek: '0',
      avgHoldingMinutes: '0',
      preferredCoins: [],
      trades: 0,
    })
  })
})

describe('dailySeries', () => {
  it('accumulates ROI by compounding and PnL by summing', () => {
    // ROI 1.1 − 1 = 0.1, 1.1 × 0.8 − 1 = −0.12, 0.88 × 1.05 − 1 = −0.076; PnL 100, −120, −76.
    expect(dailySeries(SWING, returnsOfDays(SWING))).toEqual([
      { day: '2026-05-01', roi: '0.1', pnl: '100', dailyPnl: '100' },
      { day: '2026-05-02', roi: '-0.12', pnl: '-120', dailyPnl: '-220' },
      { day: '2026-05-03', roi: '-0.076', pnl: '-76', dailyPnl: '44' },
    ])
  })

  it('stays at 0 ROI on unfunded and flat days', () => {
    const days = [day('2026-05-01', '0', '0'), day('2026-05-02', '500', '50'), day('2026-05-03', '550', '0')]
    expect(dailySeries(days, returnsOfDays(days)).map((p) => [p.roi, p.pnl])).toEqual([
      ['0', '0'],
      ['0.1', '50'],
      ['0.1', '50'],
    ])
    expect(dailySeries([], returnsOfDays([]))).toEqual([])
  })
})

describe('cutToPeriod', () => {
  const since = Date.UTC(2026, 4, 2, 15, 30)
  const closingAt = (closedAt: number): ClosedTrade => trade('BTC_USDT', '1', 1, closedAt - MINUTE)

  it('keeps days from the UTC day of `since` and trades closed at or after `since`', () => {
    const trades = [closingAt(since - 1), closingAt(since), closingAt(since + 1)]
    const cut = cutToPeriod(SWING, trades, since)
    expect(cut.days.map((d) => d.day)).toEqual(['2026-05-02', '2026-05-03'])
    expect(cut.trades.map((t) => t.closedAt - since)).toEqual([0, 1])
  })

  it('cuts days at UTC midnight', () => {
    expect(cutToPeriod(SWING, [], Date.UTC(2026, 4, 2)).days.map((d) => d.day)).toEqual(['2026-05-02', '2026-05-03'])
    expect(cutToPeriod(SWING, [], Date.UTC(2026, 4, 2) - 1).days.map((d) => d.day)).toEqual([
      '2026-05-01',
      '2026-05-02',
      '2026-05-03',
    ])
    expect(cutToPeriod(SWING, [], Date.UTC(2026, 4, 4)).days).toEqual([])
  })

  it('keeps everything for the whole history (since = null)', () => {
    const trades = [closingAt(0), closingAt(since)]
    const cut = cutToPeriod(SWING, trades, null)
    expect(cut.days).toEqual(SWING)
    expect(cut.trades).toEqual(trades)
  })
})
