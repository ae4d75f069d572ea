import { describe, expect, it } from 'vitest'
import { dailyBars } from './daily-bars.ts'

describe('dailyBars', () => {
  it('puts the zero line between the largest gain and the largest loss', () => {
    const { zero, bars, total } = dailyBars(['30', '-10', '0'], 80)
    expect(zero).toBe(60)
    expect(bars[0]).toEqual({ y: 0, height: 60, negative: false })
    expect(bars[1]).toEqual({ y: 60, height: 20, negative: true })
    expect(bars[2]).toEqual({ y: 60, height: 0, negative: false })
    expect(total).toBe('20')
  })

  it('keeps gains only at the bottom and losses only at the top', () => {
    expect(dailyBars(['1', '2'], 10).zero).toBe(10)
    expect(dailyBars(['-1', '-2'], 10).zero).toBe(0)
  })

  it('draws flat days without dividing by zero, and sums exactly', () => {
    const { zero, bars } = dailyBars(['0', '0'], 10)
    expect(zero).toBe(10)
    expect(bars.every((b) => b.height === 0)).toBe(true)
    expect(dailyBars(['0.1', '0.2'], 10).total).toBe('0.3')
  })

  it('reads an unreadable amount as zero', () => {
    expect(dailyBars(['x', '4'], 8).bars[0]).toEqual({ y: 8, height: 0, negative: false })
  })
})
