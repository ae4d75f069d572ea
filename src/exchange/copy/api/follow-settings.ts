/**
 * A follower's copy settings: the rules every follow and edit must meet (the mode's amount, the
 * ratio and leverage bounds, the investment cap, decimals the database keeps), the row values they
 * are stored as, and a copies row echoed back on the wire.
 */
import { COPY } from '#/app.config.ts'
import type { CopyFollow, FieldIssue } from '#/contract/index.ts'
import type { copies } from '#/exchange/db/copy-schema.ts'
import { invalidInput } from '#/exchange/http/errors.ts'
import { Money } from '#/exchange/money.ts'
import { plain, plainOrNull } from './wire.ts'

export type CopyRow = typeof copies.$inferSelect

/** Settings as decimal strings, as they arrive and as they are echoed. */
export interface SettingsValues {
  mode: 'fixed' | 'ratio'
  fixedAmount: string | null
  ratio: string | null
  maxPerOrder: string | null
  leverageMode: 'follow' | 'fixed'
  fixedLeverage: number | null
  takeProfitRatio: string | null
  stopLossRatio: string | null
  copyStopLossRatio: string | null
}

/** Columns numeric(36,18) keep 18 decimals; ratio columns numeric(20,10) keep 10 and below 10^10. */
const MONEY_DECIMALS = 18
const RATIO_COLUMN_DECIMALS = 10
const RATIO_COLUMN_LIMIT = new Money('1e10')

const decimalsOf = (value: string) => value.split('.')[1]?.length ?? 0

/** What is wrong with a follow's settings and investment (null: no investment given); empty when valid. */
export function settingsIssues(values: SettingsValues, investment: string | null): FieldIssue[] {
  const issues: FieldIssue[] = []
  const add = (path: string, issue: string) => issues.push({ path, issue })
  const maxInvestment = new Money(COPY.maxInvestmentUsdt)
  const money = (path: string, value: string | null, positive: boolean) => {
    if (value === null) return
    if (decimalsOf(value) > MONEY_DECIMALS) add(path, 'too_precise')
    else if (positive && new Money(value).lte(0)) add(path, 'too_small')
    else if (new Money(value).gt(maxInvestment)) add(path, 'too_big')
  }
  /** A positive ratio, at most `max` (when given) and within its column. */
  const ratio = (path: string, value: string | null, max?: string) => {
    if (value === null) return
    const amount = new Money(value)
    if (decimalsOf(value) > RATIO_COLUMN_DECIMALS) add(path, 'too_precise')
    else if (amount.lte(0)) add(path, 'too_small')
    else if (max === undefined ? amount.gte(RATIO_COLUMN_LIMIT) : amount.gt(max)) add(path, 'too_big')
  }

  if (values.mode === 'fixed' && values.fixedAmount === null) add('fixedAmount', 'invalid_type')
  else money('fixedAmount', values.fixedAmount, true)
  if (values.mode === 'ratio' && values.ratio === null) add('ratio', 'invalid_type')
  else ratio('ratio', values.ratio, COPY.maxRatio)
  money('maxPerOrder', values.maxPerOrder, true)
  if (values.leverageMode === 'fixed') {
    const leverage = values.fixedLeverage
    if (leverage === null) add('fixedLeverage', 'invalid_type')
    else if (leverage < 1) add('fixedLeverage', 'too_small')
    else if (leverage > COPY.maxLeverage) add('fixedLeverage', 'too_big')
  }
  ratio('takeProfitRatio', values.takeProfitRatio)
  ratio('stopLossRatio', values.stopLossRatio)
  ratio('copyStopLossRatio', values.copyStopLossRatio)
  money('investment', investment, false)
  return issues
}

/** Throws 400 'invalid-input' with the failing fields. */
export function assertSettings(values: SettingsValues, investment: string | null): void {
  const issues = settingsIssues(values, investment)
  if (issues.length > 0) throw invalidInput(issues)
}

/** The stored settings of a copies row. */
export function settingsOfRow(row: CopyRow): SettingsValues {
  return {
    mode: row.mode,
    fixedAmount: plainOrNull(row.fixedAmount),
    ratio: plainOrNull(row.ratio),
    maxPerOrder: plainOrNull(row.maxPerOrder),
    leverageMode: row.leverageMode,
    fixedLeverage: row.fixedLeverage,
    takeProfitRatio: plainOrNull(row.takeProfitRatio),
    stopLossRatio: plainOrNull(row.stopLossRatio),
    copyStopLossRatio: plainOrNull(row.copyStopLossRatio),
  }
}

/**
 * Settings as column values (decimal strings as given; the columns keep them exactly). A fixed
 * leverage is kept only in fixed leverage mode: sent with 'follow', it would be echoed and read
 * back as if it applied (the database refuses it too).
 */
export function settingsColumns(values: SettingsValues) {
  return {
    mode: values.mode,
    fixedAmount: values.fixedAmount,
    ratio: values.ratio,
    maxPerOrder: values.maxPerOrder,
    leverageMode: values.leverageMode,
    fixedLeverage: values.leverageMode === 'fixed' ? values.fixedLeverage : null,
    takeProfitRatio: values.takeProfitRatio,
    stopLossRatio: values.stopLossRatio,
    copyStopLossRatio: values.copyStopLossRatio,
  }
}

/** A copies row on the wire: exactly what was set, with investment, free balance and status. */
export function copyToWire(row: CopyRow): CopyFollow {
  return {
    copyId: String(row.id),
    leaderId: String(row.leaderId),
    status: row.status,
    ...settingsOfRow(row),
    investment: plain(row.investment),
    balance: plain(row.balance),
    createdAt: row.createdAt.getTime(),
  }
}
