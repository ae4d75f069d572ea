/** The texts of the copy settings' field errors and of the preview's skip reasons. */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SettingsError } from './copy-settings.ts'
import type { TradePreview } from './last-trade-preview.ts'

const FIELD_ERRORS: Record<Exclude<SettingsError, 'below-minimum'>, MessageDescriptor> = {
  required: msg`Enter a value.`,
  'too-small': msg`Enter a value above zero.`,
  'too-big': msg`This value is above the limit.`,
  'above-balance': msg`Your USDT balance is not enough for this amount.`,
  'above-free': msg`Only the copy's free balance can be taken out, not the margin of open positions.`,
  'above-investment': msg`The margin of one copied order cannot be more than the investment.`,
  'cannot-clear': msg`This limit cannot be removed once set; change its value instead.`,
  rejected: msg`The exchange did not accept this value.`,
}

/** The field's range as the reader writes numbers, for 'too-big'. */
export interface FieldRange {
  min: string
  max: string | undefined
  unit: string
}

/** `minimum`: the formatted smallest investment, for 'below-minimum'; `range`: the field's, named when it is left. */
export function settingsErrorText(i18n: I18n, code: SettingsError, minimum: string, range?: FieldRange): string {
  if (code === 'below-minimum') return i18n._(msg`The minimum is ${minimum} USDT.`)
  if (code === 'too-big' && range?.max !== undefined) {
    const { min, max, unit } = range
    return i18n._(msg`Enter a value from ${min} to ${max} ${unit}.`)
  }
  return i18n._(FIELD_ERRORS[code])
}

const SKIPS: Record<Extract<TradePreview, { ok: false }>['reason'], MessageDescriptor> = {
  'insufficient-balance': msg`Skipped: the investment cannot pay the margin and fee of even the smallest order.`,
  'below-minimum-size': msg`Skipped: the amount per order is smaller than one lot of this market.`,
}

export function skipText(i18n: I18n, reason: Extract<TradePreview, { ok: false }>['reason']): string {
  return i18n._(SKIPS[reason])
}
