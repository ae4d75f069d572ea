/** The assets page's codes as text: wallet names, kinds of movement, refusals. */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ErrorReason, WalletMovementKind } from '#/contract/index.ts'
import type { WalletType } from './assets.queries.ts'

const WALLETS: Record<WalletType, MessageDescriptor> = {
  1: msg`Spot wallet`,
  3: msg`Futures wallet`,
}

export const walletName = (i18n: I18n, walletType: WalletType) => i18n._(WALLETS[walletType])

const KINDS: Record<WalletMovementKind, MessageDescriptor> = {
  deposit: msg`Deposit`,
  withdrawal: msg`Withdrawal`,
  'copy-in': msg`Into a copy`,
  'copy-out': msg`Back from a copy`,
  'profit-share': msg`Profit share`,
  'open-margin': msg`Margin of a new position`,
  'add-margin': msg`Margin added`,
  'release-margin': msg`Margin released, with the position's result`,
  fee: msg`Trading fee`,
  transfer: msg`Transfer between wallets`,
  trade: msg`Spot trade`,
  liquidation: msg`Liquidation`,
  pnl: msg`Loss of a cross position beyond its margin`,
  'liquidation-fee': msg`Liquidation fee`,
  'liquidation-surplus': msg`Left after a liquidation, to the insurance fund`,
  other: msg`Other`,
}

export const movementText = (i18n: I18n, kind: WalletMovementKind) => i18n._(KINDS[kind])

const REFUSALS: Partial<Record<ErrorReason | 'network', MessageDescriptor>> = {
  'insufficient-balance': msg`Not that much is available in this wallet (money in open orders or positions cannot move).`,
  'invalid-input': msg`This amount is not valid.`,
  'above-max-withdrawable': msg`Your open cross positions need the rest of this wallet: transfer less, or close or add to them first.`,
  'rate-limited': msg`Too many requests. Wait a moment and try again.`,
  network: msg`We could not reach the exchange. Check your connection and try again.`,
}

export const assetsRefusalText = (i18n: I18n, reason: ErrorReason | 'network') =>
  i18n._(REFUSALS[reason] ?? msg`Something went wrong. Please try again.`)
