import { describe, expect, it } from 'vitest'
import { axisPrice } from './axis-price.ts'

describe("the chart's price axis", () => {
  it.each([
    ['en-US', '85,000.0'],
    ['fr-FR', '85\u202f000,0'],
    ['ar-AE', '85,000.0'],
  ])('groups a price at the tick in %s: %s', (tag, expected) => {
    expect(axisPrice(85000, 1, tag)).toBe(expected)
  })

  it('shows the decimal the float stands for, cut at the tick, never its noise', () => {
    expect(axisPrice(0.06999999999999999, 4, 'en-US')).toBe('0.0700')
    expect(axisPrice(81545.4, 1, 'en-US')).toBe('81,545.4')
  })
})
