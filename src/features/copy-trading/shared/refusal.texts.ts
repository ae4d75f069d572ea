/** The exchange's refusals of copy-trading actions, as the text a user reads. */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ErrorReason } from '#/contract/index.ts'

const REFUSALS: Partial<Record<ErrorReason | 'network', MessageDescriptor>> = {
  'invalid-input': msg`Some values are not valid. Check the form and try again.`,
  unauthorized: msg`Your session has ended. Please log in again.`,
  'rate-limited': msg`Too many requests. Wait a moment and try again.`,
  'not-found': msg`This trader no longer exists.`,
  'follow-self': msg`You cannot copy yourself.`,
  'follow-while-leading': msg`Lead traders cannot copy other traders.`,
  'already-copying': msg`You already copy this trader.`,
  'leader-full': msg`All copy slots of this trader are taken.`,
  'leader-paused': msg`This trader is not taking new copiers at the moment.`,
  'leader-below-minimum': msg`This trader's equity is below the minimum copy amount, so they cannot take new copiers.`,
  'below-minimum': msg`The amount is below this trader's minimum.`,
  'insufficient-balance': msg`Your USDT balance is not enough for this amount.`,
  'leader-requirements': msg`You do not meet every requirement to lead yet.`,
  'already-leader': msg`You are already a lead trader.`,
  'not-leader': msg`You are not a lead trader.`,
  'not-copying': msg`You do not copy this trader.`,
  forbidden: msg`This action is not allowed for your account.`,
  'nickname-taken': msg`Another leader already uses this nickname. Choose another one.`,
  'nickname-invalid': msg`This nickname has hidden or invisible characters. Use visible letters, digits or symbols.`,
  'avatar-taken': msg`This picture belongs to another leader. Choose another one.`,
  network: msg`We could not reach the exchange. Check your connection and try again.`,
}

const FALLBACK = msg`Something went wrong. Please try again.`

export function copyRefusalText(i18n: I18n, reason: ErrorReason | 'network'): string {
  return i18n._(REFUSALS[reason] ?? FALLBACK)
}
