import { describe, expect, it } from 'vitest'
import type { CopyFollow } from '#/contract/index.ts'
import { copySettingsUpdateSchema, followRequestSchema, whatIfRequestSchema } from '#/contract/index.ts'
import {
  emptySettings,
  fieldsOfPaths,
  toFollowRequest,
  toSettingsUpdate,
  toWhatIfRequest,
  validateSettings,
  valuesFromCopy,
  type CopySettingsValues,
} from './copy-settings.ts'

const context = { minimum: '50', available: '1000' }
const values = (patch: Partial<CopySettingsValues>): CopySettingsValues => ({
  ...emptySettings(),
  investment: '500',
  fixedAmount: '20',
  ...patch,
})

describe('validating copy settings', () => {
  it('checks only the fields the modes use', () => {
    expect(validateSettings(emptySettings(), context)).toEqual({ investment: 'required', fixedAmount: 'required' })
    expect(validateSettings(values({ mode: 'ratio' }), context)).toEqual({ ratio: 'required' })
    expect(validateSettings(values({ leverageMode: 'fixed' }), context)).toEqual({ fixedLeverage: 'required' })
    expect(validateSettings(values({}), context)).toEqual({})
  })

  it('says what is out of range', () => {
    expect(validateSettings(values({ investment: '49.99' }), context)).toEqual({ investment: 'below-minimum' })
    expect(validateSettings(values({ investment: '1000.01' }), context)).toEqual({ investment: 'above-balance' })
    expect(validateSettings(values({ investment: '1000.01' }), { ...context, available: null })).toEqual({})
    expect(validateSettings(values({ fixedAmount: '0' }), context)).toEqual({ fixedAmount: 'too-small' })
    expect(validateSettings(values({ stopLoss: '100.01', takeProfit: '0' }), context)).toEqual({
      stopLoss: 'too-big',
      takeProfit: 'too-small',
    })
    expect(validateSettings(values({ leverageMode: 'fixed', fixedLeverage: '126' }), context)).toEqual({
      fixedLeverage: 'too-big',
    })
  })

  it('refuses a margin per order above the investment, at the margin field', () => {
    expect(validateSettings(values({ investment: '500', fixedAmount: '600' }), context)).toEqual({
      fixedAmount: 'above-investment',
    })
    expect(validateSettings(values({ investment: '500', fixedAmount: '500' }), context)).toEqual({})
    expect(validateSettings(values({ mode: 'ratio', ratio: '0.5', maxPerOrder: '500.01' }), context)).toEqual({
      maxPerOrder: 'above-investment',
    })
    // The investment's own problem comes first; the unused mode's field is not checked.
    expect(validateSettings(values({ investment: '1500', fixedAmount: '1200' }), context)).toEqual({
      investment: 'above-balance',
    })
    expect(validateSettings(values({ mode: 'ratio', ratio: '0.5', fixedAmount: '600' }), context)).toEqual({})
  })

  it('editing: the investment moves by the difference, and a set limit cannot be removed', () => {
    const current = values({ investment: '800', maxPerOrder: '50' })
    const edit = { ...context, current, free: '100' }
    expect(validateSettings(values({ investment: '1700', maxPerOrder: '50' }), edit)).toEqual({})
    expect(validateSettings(values({ investment: '1900', maxPerOrder: '50' }), edit)).toEqual({
      investment: 'above-balance',
    })
    expect(validateSettings(values({ investment: '650', maxPerOrder: '50' }), edit)).toEqual({
      investment: 'above-free',
    })
    expect(validateSettings(values({ investment: '800' }), edit)).toEqual({ maxPerOrder: 'cannot-clear' })
  })
})

describe('requests of valid settings', () => {
  it('follow: plain decimals, percentages as fractions, nothing of the unused mode', () => {
    const request = toFollowRequest(
      '10000001',
      values({
        investment: '500.50',
        maxPerOrder: '30.',
        takeProfit: '50',
        stopLoss: '12.5',
        copyStopLoss: '30',
        ratio: '2',
      }),
    )
    expect(request).toEqual({
      leaderId: '10000001',
      investment: '500.5',
      mode: 'fixed',
      fixedAmount: '20',
      ratio: null,
      maxPerOrder: '30',
      leverageMode: 'follow',
      fixedLeverage: null,
      takeProfitRatio: '0.5',
      stopLossRatio: '0.125',
      copyStopLossRatio: '0.3',
    })
    expect(followRequestSchema.safeParse(request).success).toBe(true)
    expect(
      whatIfRequestSchema.parse(
        toWhatIfRequest(values({ mode: 'ratio', ratio: '0.5', leverageMode: 'fixed', fixedLeverage: '10' }), '7d'),
      ),
    ).toMatchObject({
      mode: 'ratio',
      ratio: '0.5',
      fixedAmount: null,
      fixedLeverage: 10,
      period: '7d',
    })
  })

  it('edit: sends what is in use, and the investment only when it changes', () => {
    const current = values({ investment: '800' })
    const update = toSettingsUpdate(values({ investment: '800.00', stopLoss: '20' }), current)
    expect(update).toEqual({ mode: 'fixed', leverageMode: 'follow', fixedAmount: '20', stopLossRatio: '0.2' })
    expect(copySettingsUpdateSchema.safeParse(update).success).toBe(true)
    expect(toSettingsUpdate(values({ investment: '900' }), current)).toMatchObject({ investment: '900' })
  })

  it('reads a copy back as the form’s values', () => {
    const copy: CopyFollow = {
      copyId: '1',
      leaderId: '2',
      status: 'active',
      mode: 'ratio',
      fixedAmount: null,
      ratio: '0.5',
      maxPerOrder: '100',
      leverageMode: 'fixed',
      fixedLeverage: 5,
      takeProfitRatio: '0.25',
      stopLossRatio: null,
      copyStopLossRatio: '0.3',
      investment: '1000',
      balance: '900',
      createdAt: 0,
    }
    expect(valuesFromCopy(copy)).toEqual({
      mode: 'ratio',
      investment: '1000',
      fixedAmount: '',
      ratio: '0.5',
      maxPerOrder: '100',
      leverageMode: 'fixed',
      fixedLeverage: '5',
      takeProfit: '25',
      stopLoss: '',
      copyStopLoss: '30',
    })
  })

  it('maps refused paths to fields', () => {
    expect(fieldsOfPaths(['takeProfitRatio', 'investment', 'leaderId'])).toEqual(['takeProfit', 'investment'])
  })
})
