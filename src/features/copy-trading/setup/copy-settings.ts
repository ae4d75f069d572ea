/**
 * A copy's settings as the form holds them (plain decimals as typed; percentages for take profit and stop
 * losses), the precision each field takes and the range it is checked against on submit (never clamped), the error codes the fields
 * translate, and the requests built from valid values (fractions, plain decimal strings).
 */
import { COPY } from '#/app.config.ts'
import type {
  CopyFollow,
  CopySettingsInput,
  CopySettingsUpdate,
  FollowRequest,
  WhatIfRequest,
} from '#/contract/index.ts'
import { Money } from '#/contract/money.ts'

export interface CopySettingsValues {
  mode: 'fixed' | 'ratio'
  /** USDT moved into the copy; when editing, the new total. */
  investment: string
  /** Fixed mode: margin (USDT) per copied order. */
  fixedAmount: string
  /** Ratio mode: the leader's size × ratio. */
  ratio: string
  maxPerOrder: string
  leverageMode: 'follow' | 'fixed'
  fixedLeverage: string
  /** Percentages of a position's margin (10 = 10 %), sent as fractions. */
  takeProfit: string
  stopLoss: string
  /** Percentage of the investment lost at which the whole copy stops. */
  copyStopLoss: string
}

export type NumericField = Exclude<keyof CopySettingsValues, 'mode' | 'leverageMode'>

/** USDT amounts are typed with 2 decimals, ratios and percentages too; leverage is a whole number. */
const AMOUNT_DECIMALS = 2
const RATIO_DECIMALS = 2
const SMALLEST_STEP = '0.01'
const WHOLE_PERCENT = '100'

export interface FieldRule {
  /** Decimals the field takes (more are refused as typed). */
  decimals: number
  /** The range a value is refused outside of on submit, named in the message (the investment's minimum is the leader's). */
  min: string
  max?: string
  unit: 'USDT' | '%' | '×'
}

export const FIELD_RULES: Record<NumericField, FieldRule> = {
  investment: { decimals: AMOUNT_DECIMALS, min: SMALLEST_STEP, max: COPY.maxInvestmentUsdt, unit: 'USDT' },
  fixedAmount: { decimals: AMOUNT_DECIMALS, min: SMALLEST_STEP, max: COPY.maxInvestmentUsdt, unit: 'USDT' },
  ratio: { decimals: RATIO_DECIMALS, min: SMALLEST_STEP, max: COPY.maxRatio, unit: '×' },
  maxPerOrder: { decimals: AMOUNT_DECIMALS, min: SMALLEST_STEP, max: COPY.maxInvestmentUsdt, unit: 'USDT' },
  fixedLeverage: { decimals: 0, min: '1', max: String(COPY.maxLeverage), unit: '×' },
  takeProfit: { decimals: RATIO_DECIMALS, min: SMALLEST_STEP, unit: '%' },
  stopLoss: { decimals: RATIO_DECIMALS, min: SMALLEST_STEP, max: WHOLE_PERCENT, unit: '%' },
  copyStopLoss: { decimals: RATIO_DECIMALS, min: SMALLEST_STEP, max: WHOLE_PERCENT, unit: '%' },
}

export const SETTINGS_ERRORS = [
  'required',
  'too-small',
  'too-big',
  'below-minimum',
  'above-balance',
  'above-free',
  'above-investment',
  'cannot-clear',
  'rejected',
] as const
export type SettingsError = (typeof SETTINGS_ERRORS)[number]
export type SettingsErrors = Partial<Record<NumericField, SettingsError>>

export function isSettingsError(value: unknown): value is SettingsError {
  return SETTINGS_ERRORS.some((code) => code === value)
}

export interface SettingsContext {
  /** The smallest investment the leader (and the platform) accepts. */
  minimum: string
  /** The wallet's free USDT; null while unknown (not checked then). */
  available: string | null
  /** Editing: the copy as it is (its investment only moves by the difference; set limits cannot be removed) … */
  current?: CopySettingsValues
  /** … and its free balance, the most a lower investment can take out. */
  free?: string
}

const OPTIONAL_LIMITS = ['maxPerOrder', 'takeProfit', 'stopLoss', 'copyStopLoss'] as const

/** The fields the mode and leverage mode use (the others are neither checked nor sent). */
export function activeFields(values: Pick<CopySettingsValues, 'mode' | 'leverageMode'>): NumericField[] {
  return [
    'investment',
    values.mode === 'fixed' ? 'fixedAmount' : 'ratio',
    ...(values.leverageMode === 'fixed' ? (['fixedLeverage'] as const) : []),
    ...OPTIONAL_LIMITS,
  ]
}

const decimal = (value: string) => new Money(value)

function checkRange(field: NumericField, value: string): SettingsError | undefined {
  const { max } = FIELD_RULES[field]
  if (decimal(value).lte(0)) return 'too-small'
  if (field === 'fixedLeverage' && decimal(value).lt(1)) return 'too-small'
  if (max !== undefined && decimal(value).gt(max)) return 'too-big'
  return undefined
}

/** What is wrong with the values, field by field (empty when they can be sent). */
export function validateSettings(values: CopySettingsValues, context: SettingsContext): SettingsErrors {
  const errors: SettingsErrors = {}
  for (const field of activeFields(values)) {
    const value = values[field]
    const optional = OPTIONAL_LIMITS.some((f) => f === field)
    if (value === '') {
      if (!optional) errors[field] = 'required'
      else if (context.current && context.current[field] !== '') errors[field] = 'cannot-clear'
      continue
    }
    const problem = checkRange(field, value)
    if (problem) errors[field] = problem
  }
  if (values.investment !== '' && !errors.investment) {
    const investment = decimal(values.investment)
    const added = context.current ? investment.minus(context.current.investment || '0') : investment
    if (investment.lt(context.minimum)) errors.investment = 'below-minimum'
    else if (context.available !== null && added.gt(context.available)) errors.investment = 'above-balance'
    else if (context.free !== undefined && added.neg().gt(context.free)) errors.investment = 'above-free'
  }
  // One copied order's margin comes out of the investment: more than all of it could never be placed.
  if (values.investment !== '' && !errors.investment) {
    for (const field of ['fixedAmount', 'maxPerOrder'] as const) {
      const value = values[field]
      if (activeFields(values).includes(field) && value !== '' && !errors[field]) {
        if (decimal(value).gt(values.investment)) errors[field] = 'above-investment'
      }
    }
  }
  return errors
}

export const hasErrors = (errors: SettingsErrors) => Object.keys(errors).length > 0

/** '12.50' → '12.5', '10.' → '10': the wire's decimal strings. */
const plain = (value: string) => decimal(value).toFixed()
const orNull = (value: string) => (value === '' ? null : plain(value))
const fraction = (percent: string) => (percent === '' ? null : decimal(percent).div(WHOLE_PERCENT).toFixed())
const percentOf = (ratio: string | null) => (ratio === null ? '' : decimal(ratio).times(WHOLE_PERCENT).toFixed())

/** The settings of valid values, with null for what the mode does not use. */
export function toSettingsInput(values: CopySettingsValues): CopySettingsInput {
  return {
    mode: values.mode,
    fixedAmount: values.mode === 'fixed' ? orNull(values.fixedAmount) : null,
    ratio: values.mode === 'ratio' ? orNull(values.ratio) : null,
    maxPerOrder: orNull(values.maxPerOrder),
    leverageMode: values.leverageMode,
    fixedLeverage: values.leverageMode === 'fixed' && values.fixedLeverage !== '' ? Number(values.fixedLeverage) : null,
    takeProfitRatio: fraction(values.takeProfit),
    stopLossRatio: fraction(values.stopLoss),
    copyStopLossRatio: fraction(values.copyStopLoss),
  }
}

export function toFollowRequest(leaderId: string, values: CopySettingsValues): FollowRequest {
  return { ...toSettingsInput(values), leaderId, investment: plain(values.investment) }
}

export function toWhatIfRequest(values: CopySettingsValues, period: WhatIfRequest['period']): WhatIfRequest {
  return { ...toSettingsInput(values), investment: plain(values.investment), period }
}

/** An edit: every setting in use (a limit left empty stays unset), and the investment only when it changes. */
export function toSettingsUpdate(values: CopySettingsValues, current: CopySettingsValues): CopySettingsUpdate {
  const input = toSettingsInput(values)
  const update: CopySettingsUpdate = { mode: input.mode, leverageMode: input.leverageMode }
  if (input.fixedAmount !== null) update.fixedAmount = input.fixedAmount
  if (input.ratio !== null) update.ratio = input.ratio
  if (input.maxPerOrder !== null) update.maxPerOrder = input.maxPerOrder
  if (input.fixedLeverage !== null) update.fixedLeverage = input.fixedLeverage
  if (input.takeProfitRatio !== null) update.takeProfitRatio = input.takeProfitRatio
  if (input.stopLossRatio !== null) update.stopLossRatio = input.stopLossRatio
  if (input.copyStopLossRatio !== null) update.copyStopLossRatio = input.copyStopLossRatio
  if (current.investment === '' || !decimal(values.investment).eq(current.investment))
    update.investment = plain(values.investment)
  return update
}

/** A copy's stored settings as form values. */
export function valuesFromCopy(copy: CopyFollow): CopySettingsValues {
  return {
    mode: copy.mode,
    // A copy that paid out more than was put in has a negative net investment: nothing to show.
    investment: copy.investment.startsWith('-') ? '' : copy.investment,
    fixedAmount: copy.fixedAmount ?? '',
    ratio: copy.ratio ?? '',
    maxPerOrder: copy.maxPerOrder ?? '',
    leverageMode: copy.leverageMode,
    fixedLeverage: copy.fixedLeverage === null ? '' : String(copy.fixedLeverage),
    takeProfit: percentOf(copy.takeProfitRatio),
    stopLoss: percentOf(copy.stopLossRatio),
    copyStopLoss: percentOf(copy.copyStopLossRatio),
  }
}

export function emptySettings(): CopySettingsValues {
  return {
    mode: 'fixed',
    investment: '',
    fixedAmount: '',
    ratio: '',
    maxPerOrder: '',
    leverageMode: 'follow',
    fixedLeverage: '',
    takeProfit: '',
    stopLoss: '',
    copyStopLoss: '',
  }
}

const FIELD_OF_PATH: Record<string, NumericField> = {
  investment: 'investment',
  fixedAmount: 'fixedAmount',
  ratio: 'ratio',
  maxPerOrder: 'maxPerOrder',
  fixedLeverage: 'fixedLeverage',
  takeProfitRatio: 'takeProfit',
  stopLossRatio: 'stopLoss',
  copyStopLossRatio: 'copyStopLoss',
}

/** The form fields behind the paths an 'invalid-input' refusal names. */
export function fieldsOfPaths(paths: readonly string[]): NumericField[] {
  return paths.flatMap((path) => {
    const field = FIELD_OF_PATH[path]
    return field ? [field] : []
  })
}
