/**
 * The chain-copy follow form without its view: the values as typed, the checks each field answers
 * with a code (the field translates it), and the request they make. Take profit and stop losses
 * are typed as percentages and sent as fractions.
 */
import Decimal from 'decimal.js'
import { COPY } from '#/app.config.ts'
import type { ChainFollowRequest } from '#/contract/index.ts'
import { toDecimal } from '#/lib/format/number.ts'

export interface ChainFollowValues {
  investment: string
  fixedAmount: string
  maxPerOrder: string
  takeProfitPercent: string
  stopLossPercent: string
  copyStopLossPercent: string
}
export type ChainFollowField = keyof ChainFollowValues

export const EMPTY_CHAIN_FOLLOW: ChainFollowValues = {
  investment: '',
  fixedAmount: '',
  maxPerOrder: '',
  takeProfitPercent: '',
  stopLossPercent: '',
  copyStopLossPercent: '',
}

export const FOLLOW_CODES = [
  'required',
  'below-minimum',
  'above-maximum',
  'not-positive',
  'above-investment',
  'above-hundred',
  'refused',
] as const
export type FollowCode = (typeof FOLLOW_CODES)[number]

export function isFollowCode(value: unknown): value is FollowCode {
  return FOLLOW_CODES.some((code) => code === value)
}

/** Decimals typed: USDT amounts to the cent, percentages to a hundredth of a percent. */
export const AMOUNT_DECIMALS = 2
export const PERCENT_DECIMALS = 2
const HUNDRED = 100

/** The smallest investment into a copy of this wallet: its own minimum, and never below the platform's. */
export function minimumInvestment(walletMinimum: string): string {
  return Decimal.max(toDecimal(walletMinimum) ?? 0, COPY.minInvestmentUsdt).toFixed()
}

const positive = (value: string): FollowCode | undefined => {
  const d = toDecimal(value)
  return d && d.gt(0) ? undefined : 'not-positive'
}

const optional = (check: (value: string) => FollowCode | undefined) => (value: string) =>
  value === '' ? undefined : check(value)

const percentOfWhole = (value: string): FollowCode | undefined =>
  positive(value) ?? (toDecimal(value)?.gt(HUNDRED) ? 'above-hundred' : undefined)

/** The code of one field, or undefined when it is fine. */
export function followFieldError(
  field: ChainFollowField,
  values: ChainFollowValues,
  minimum: string,
): FollowCode | undefined {
  switch (field) {
    case 'investment': {
      const d = toDecimal(values.investment)
      if (!d) return 'required'
      if (d.lt(minimum)) return 'below-minimum'
      return d.gt(COPY.maxInvestmentUsdt) ? 'above-maximum' : undefined
    }
    case 'fixedAmount': {
      if (values.fixedAmount === '') return 'required'
      const investment = toDecimal(values.investment)
      return (
        positive(values.fixedAmount) ??
        (investment && toDecimal(values.fixedAmount)?.gt(investment) ? 'above-investment' : undefined)
      )
    }
    case 'maxPerOrder':
      return optional(positive)(values.maxPerOrder)
    case 'takeProfitPercent':
      return optional(positive)(values.takeProfitPercent)
    case 'stopLossPercent':
      return optional(percentOfWhole)(values.stopLossPercent)
    case 'copyStopLossPercent':
      return optional(percentOfWhole)(values.copyStopLossPercent)
  }
}

const amount = (value: string) => new Decimal(value).toFixed()
const fraction = (percent: string) => (percent === '' ? null : new Decimal(percent).div(HUNDRED).toFixed())

/** The request of valid values: amounts in their canonical form, empty limits as none. */
export function chainFollowRequest(values: ChainFollowValues): ChainFollowRequest {
  return {
    investment: amount(values.investment),
    fixedAmount: amount(values.fixedAmount),
    maxPerOrder: values.maxPerOrder === '' ? null : amount(values.maxPerOrder),
    takeProfitRatio: fraction(values.takeProfitPercent),
    stopLossRatio: fraction(values.stopLossPercent),
    copyStopLossRatio: fraction(values.copyStopLossPercent),
  }
}

/** The form field a refused request path names (`maxPerOrder`, `stopLossRatio`…), if any. */
export function fieldOfPath(path: string): ChainFollowField | undefined {
  const fields: Record<keyof ChainFollowRequest, ChainFollowField> = {
    investment: 'investment',
    fixedAmount: 'fixedAmount',
    maxPerOrder: 'maxPerOrder',
    takeProfitRatio: 'takeProfitPercent',
    stopLossRatio: 'stopLossPercent',
    copyStopLossRatio: 'copyStopLossPercent',
  }
  const key = path.split('.').at(-1)
  const found = Object.entries(fields).find(([name]) => name === key)
  return found?.[1]
}
