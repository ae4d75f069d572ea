/**
 * The ADL score and lights (Binance's ranking), on a worked example: three shorts of one pair at a mark of 2,000.
 *
 * | short | entry | size | margin | PnL at 2,000 | PnL %             | effective leverage       | score           |
 * | ----- | ----- | ---- | ------ | ------------ | ----------------- | ------------------------ | --------------- |
 * | A     | 2,500 | 1    | 125    | +500         | 500/2,500 = 0.2   | 2,000/(125+500) = 3.2    | 0.2 × 3.2 = 0.64|
 * | B     | 2,200 | 2    | 2,200  | +400         | 400/4,400 = 1/11  | 4,000/2,600 = 20/13      | 20/143 ≈ 0.1399 |
 * | C     | 1,900 | 1    | 190    | −100         | −100/1,900 = −1/19| 2,000/90 = 200/9         | −9/3,800 ≈ −0.0024|
 *
 * A is deleveraged first, then B, then C; among three, their lights are 5, 4 and 2 (the quintile of their place).
 */
import { describe, expect, it } from 'vitest'
import type { positions } from '../db/copy-schema.ts'
import { Exact, Money } from '../money.ts'
import { adlScore, quantileOf, rankPositions } from './adl-rank.ts'

const MARK = new Exact(2000)

const row = (id: number, entry: string, size: string, margin: string): typeof positions.$inferSelect => ({
  id,
  userId: id,
  copyId: null,
  sourcePositionId: null,
  biz: 'futures',
  pairCode: 'ETH_USDT',
  side: -1,
  leverage: 10,
  size,
  entryPrice: entry,
  margin,
  takeProfitPrice: null,
  stopLossPrice: null,
  liquidationPrice: null,
  status: 'open',
  unmanaged: false,
  marginMode: 'isolated',
  closedSize: '0',
  exitPrice: null,
  realizedPnl: '0',
  fees: '0',
  openFee: '0',
  funding: '0',
  openedAt: new Date(0),
  closedAt: null,
  closeReason: null,
})

const isolated = (entry: string, size: string, margin: string) => ({
  side: -1 as const,
  size: new Money(size),
  entryPrice: new Money(entry),
  mark: MARK,
  margin: new Money(margin),
})

describe('the ADL score', () => {
  it('is PnL % × effective leverage in profit, PnL % ÷ effective leverage at a loss', () => {
    expect(adlScore(isolated('2500', '1', '125'))?.toFixed()).toBe('0.64')
    // To Money's 20 digits.
    const near = (score: Money | null, value: Money) => score?.minus(value).abs().lt('1e-18')
    expect(near(adlScore(isolated('2200', '2', '2200')), new Exact(20).div(143))).toBe(true)
    expect(near(adlScore(isolated('1900', '1', '190')), new Exact(-9).div(3800))).toBe(true)
    // Nothing behind it (margin and PnL gone): no score, last in line.
    expect(adlScore(isolated('1900', '1', '100'))).toBeNull()
  })

  it('ranks the pair and side highest first, and lights each by its quintile', () => {
    const ranked = rankPositions(
      [row(3, '1900', '1', '190'), row(1, '2500', '1', '125'), row(2, '2200', '2', '2200')],
      MARK,
      new Map(),
    )
    expect(ranked.map((r) => [r.row.id, r.quantile])).toEqual([
      [1, 5],
      [2, 4],
      [3, 2],
    ])
  })

  it('gives equal scores the same light, and five or more positions every light', () => {
    const ranked = rankPositions([row(1, '2500', '1', '125'), row(2, '2500', '1', '125')], MARK, new Map())
    expect(ranked.map((r) => [r.row.id, r.quantile])).toEqual([
      [1, 5],
      [2, 5],
    ])
    expect([0, 1, 2, 3, 4].map((rank) => quantileOf(rank, 5))).toEqual([5, 4, 3, 2, 1])
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((rank) => quantileOf(rank, 10))).toEqual([5, 5, 4, 4, 3, 3, 2, 2, 1, 1])
  })
})
