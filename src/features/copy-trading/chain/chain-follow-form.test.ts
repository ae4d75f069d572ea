import { describe, expect, it } from 'vitest'
import { COPY } from '#/app.config.ts'
import { chainFollowRequestSchema } from '#/contract/index.ts'
import {
  chainFollowRequest,
  EMPTY_CHAIN_FOLLOW,
  fieldOfPath,
  followFieldError,
  minimumInvestment,
  type ChainFollowValues,
} from './chain-follow-form.ts'

const valid: ChainFollowValues = { ...EMPTY_CHAIN_FOLLOW, investment: '500', fixedAmount: '50' }
const check = (values: Partial<ChainFollowValues>, field: keyof ChainFollowValues, minimum = '100') =>
  followFieldError(field, { ...valid, ...values }, minimum)

describe('minimumInvestment', () => {
  it('is the wallet minimum, never below the platform minimum', () => {
    expect(minimumInvestment('250')).toBe('250')
    expect(minimumInvestment('1')).toBe(COPY.minInvestmentUsdt)
    expect(minimumInvestment('junk')).toBe(COPY.minInvestmentUsdt)
  })
})

describe('followFieldError', () => {
  it('accepts a fixed amount within the investment and empty optional limits', () => {
    const fields: (keyof ChainFollowValues)[] = [
      'investment',
      'fixedAmount',
      'maxPerOrder',
      'takeProfitPercent',
      'stopLossPercent',
      'copyStopLossPercent',
    ]
    for (const field of fields) expect(check({}, field)).toBeUndefined()
  })

  it('requires an investment between the minimum and the platform maximum', () => {
    expect(check({ investment: '' }, 'investment')).toBe('required')
    expect(check({ investment: '99.99' }, 'investment')).toBe('below-minimum')
    expect(check({ investment: '100' }, 'investment')).toBeUndefined()
    expect(check({ investment: `${COPY.maxInvestmentUsdt}.01` }, 'investment')).toBe('above-maximum')
  })

  it('requires a positive fixed amount no larger than the investment', () => {
    expect(check({ fixedAmount: '' }, 'fixedAmount')).toBe('required')
    expect(check({ fixedAmount: '0' }, 'fixedAmount')).toBe('not-positive')
    expect(check({ fixedAmount: '500.01' }, 'fixedAmount')).toBe('above-investment')
    expect(check({ fixedAmount: '500', investment: '' }, 'fixedAmount')).toBeUndefined()
  })

  it('checks the optional limits only when typed; stop losses stay within 100 %', () => {
    expect(check({ maxPerOrder: '0' }, 'maxPerOrder')).toBe('not-positive')
    expect(check({ takeProfitPercent: '0.00' }, 'takeProfitPercent')).toBe('not-positive')
    expect(check({ takeProfitPercent: '250' }, 'takeProfitPercent')).toBeUndefined()
    expect(check({ stopLossPercent: '100' }, 'stopLossPercent')).toBeUndefined()
    expect(check({ stopLossPercent: '100.01' }, 'stopLossPercent')).toBe('above-hundred')
    expect(check({ copyStopLossPercent: '0' }, 'copyStopLossPercent')).toBe('not-positive')
  })
})

describe('chainFollowRequest', () => {
  it('sends canonical amounts, percentages as fractions and empty limits as none', () => {
    const request = chainFollowRequest({
      investment: '500.50',
      fixedAmount: '25.',
      maxPerOrder: '',
      takeProfitPercent: '50',
      stopLossPercent: '12.5',
      copyStopLossPercent: '',
    })
    expect(request).toEqual({
      investment: '500.5',
      fixedAmount: '25',
      maxPerOrder: null,
      takeProfitRatio: '0.5',
      stopLossRatio: '0.125',
      copyStopLossRatio: null,
    })
    expect(chainFollowRequestSchema.safeParse(request).success).toBe(true)
  })

  it('keeps a stop loss of 100 % within the exchange bound', () => {
    const request = chainFollowRequest({
      ...valid,
      maxPerOrder: '80',
      stopLossPercent: '100',
      copyStopLossPercent: '0.01',
    })
    expect(request).toMatchObject({ maxPerOrder: '80', stopLossRatio: '1', copyStopLossRatio: '0.0001' })
    expect(chainFollowRequestSchema.safeParse(request).success).toBe(true)
  })
})

describe('fieldOfPath', () => {
  it('names the form field of a refused request field', () => {
    expect(fieldOfPath('stopLossRatio')).toBe('stopLossPercent')
    expect(fieldOfPath('body.fixedAmount')).toBe('fixedAmount')
    expect(fieldOfPath('leverage')).toBeUndefined()
  })
})
