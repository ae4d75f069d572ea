/** The terminal's codes as the text a trader reads: the order form's field refusals and the exchange's reasons. */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { FUTURES } from '#/app.config.ts'
import type { CancelReason, ErrorReason, Order, OrderPurpose, OrderStatus, OrderType } from '#/contract/index.ts'
import type { DraftError } from './form/order-draft.ts'

const FIELD_ERRORS: Record<string, MessageDescriptor> = {
  required: msg`Enter a value.`,
  'zero-size': msg`This amount is less than one lot of this pair.`,
  'tick-size': msg`The price must be a multiple of the price step.`,
  'lot-size': msg`The amount must be a multiple of the amount step.`,
  'min-notional': msg`The order is worth less than the minimum.`,
  'max-notional': msg`The order is worth more than the maximum.`,
  'price-band': msg`The price is too far from the mark price.`,
  'insufficient-balance': msg`Your available balance is not enough for this order.`,
  'would-trigger-immediately': msg`This price is already reached: it would trigger at once.`,
  'post-only-would-take': msg`A post-only order at this price would trade at once; it must rest on the book.`,
  'reduce-only-would-increase': msg`Reduce-only needs an open position of the other side, at least this large.`,
  'leverage-too-high': msg`The leverage is above this pair's maximum.`,
  'position-bracket': msg`At this leverage the position would be larger than this pair allows. Lower the leverage or the amount.`,
  'insufficient-margin': msg`Your wallet cannot pay the margin this leverage needs for your position and open orders.`,
  'bankruptcy-price': msg`A close cannot be priced past your position's bankruptcy price.`,
  'fok-not-filled': msg`Fill or kill: the book could not fill the whole order at once.`,
  'too-many-orders': msg`You have the most open orders this market allows. Cancel one first.`,
  'amend-would-take': msg`The new price would trade at once; a change keeps the order resting.`,
  'order-not-open': msg`This order is no longer open.`,
  'not-flat': msg`Close the positions and orders of this pair before changing its margin mode.`,
  'margin-mode': msg`This is not possible in this margin mode.`,
  'no-liquidity': msg`There is nothing on the book to trade against.`,
  'invalid-input': msg`This value is not valid.`,
  'rate-limited': msg`Too many requests. Wait a moment and try again.`,
  unauthorized: msg`Your session has ended. Please log in again.`,
  forbidden: msg`This action is not allowed for your account.`,
  'not-found': msg`This was not found. It may have been closed already.`,
  network: msg`We could not reach the exchange. Check your connection and try again.`,
}

const FALLBACK = msg`Something went wrong. Please try again.`

/** The pair's limits a refusal names, already formatted for the reader (the exchange's rules, the mark's band). */
export interface RefusalLimits {
  quote: string
  minNotional: string
  maxNotional: string
  /** The band's width in percent and the prices it allows now. */
  band: { percent: string; low: string; high: string }
}

/** A refusal, of the form's own checks or the exchange's, as its text; with the pair's limits, naming the one refused. */
export function refusalText(i18n: I18n, reason: DraftError | ErrorReason | 'network', limits?: RefusalLimits): string {
  if (limits) {
    const { quote, minNotional, maxNotional } = limits
    const { percent, low, high } = limits.band
    if (reason === 'min-notional') return i18n._(msg`The minimum order value is ${minNotional} ${quote}.`)
    if (reason === 'max-notional') return i18n._(msg`The maximum order value is ${maxNotional} ${quote}.`)
    if (reason === 'price-band')
      return i18n._(msg`The price must be within ${percent} % of the mark price: from ${low} to ${high} ${quote}.`)
  }
  if (reason === 'callback-rate') {
    const { min, max } = FUTURES.trailingCallbackPercent
    return i18n._(msg`The callback rate must be from ${min} % to ${max} %.`)
  }
  return i18n._(FIELD_ERRORS[reason] ?? FALLBACK)
}

const STATUSES: Record<OrderStatus, MessageDescriptor> = {
  untriggered: msg`Waiting for trigger`,
  new: msg`Open`,
  'partially-filled': msg`Partially filled`,
  filled: msg`Filled`,
  cancelled: msg`Cancelled`,
}

export const statusText = (i18n: I18n, status: OrderStatus) => i18n._(STATUSES[status])

const TYPES: Record<OrderType, MessageDescriptor> = {
  limit: msg`Limit`,
  market: msg({ message: 'Market', context: 'order type' }),
  'stop-limit': msg`Stop limit`,
  'stop-market': msg`Stop market`,
  'trailing-stop': msg`Trailing stop`,
}

export const orderTypeText = (i18n: I18n, type: OrderType) => i18n._(TYPES[type])

/** What the exchange placed an order for, when that is what a trader reads first: a liquidation, an auto-deleveraging. */
const PURPOSES: Partial<Record<OrderPurpose, MessageDescriptor>> = {
  liquidation: msg`Liquidation`,
  adl: msg`Auto-deleveraging`,
}

/** An order's kind in the history: its purpose when the exchange placed it to close a position, else its type. */
export function orderKindText(i18n: I18n, order: Pick<Order, 'type' | 'purpose'>): string {
  const purpose = order.purpose ? PURPOSES[order.purpose] : undefined
  return purpose ? i18n._(purpose) : orderTypeText(i18n, order.type)
}

const CANCELS: Partial<Record<CancelReason, MessageDescriptor>> = {
  ioc: msg`the rest did not fill at once`,
  fok: msg`it could not fill whole at once`,
  'self-trade': msg`it would have traded with your own order`,
  'no-liquidity': msg`nothing left on the book`,
  budget: msg`its amount to spend was used`,
  'no-position': msg`the position closed`,
  replaced: msg`a new one replaced it`,
  'price-protection': msg`it reached its price protection, too far from the mark price`,
  'bankruptcy-price': msg`it reached the position's bankruptcy price`,
  liquidation: msg`the position was liquidated`,
}

/** Why an order ended cancelled, when it was not the trader's own doing; undefined otherwise. */
export const cancelReasonText = (i18n: I18n, reason: CancelReason | null) => {
  const text = reason ? CANCELS[reason] : undefined
  return text ? i18n._(text) : undefined
}
