/**
 * The order checks (src/contract/order-checks.ts, shared with the order form) bound to this exchange's rules: an
 * instrument's tick and lot, and TRADING's notional bounds and price band (the rules GET /market/v1/instruments serves).
 */
import { TRADING } from '#/app.config.ts'
import type { OrderRules } from '#/contract/order-checks.ts'
import type { Instrument } from '../market/instruments.ts'

export {
  checkOrder,
  notionalRefusal,
  priceRefusal,
  sizeRefusal,
  stopDirection,
  tpslRefusal,
  trailingTrigger,
  triggerReached,
  type CheckedOrder,
  type Refusal,
} from '#/contract/order-checks.ts'

/** The rules an order of `instrument` meets here. */
export function orderRules(instrument: Pick<Instrument, 'tickSize' | 'lotSize'>): OrderRules {
  return {
    tickSize: instrument.tickSize,
    lotSize: instrument.lotSize,
    minNotional: TRADING.minNotionalUsdt,
    maxNotional: TRADING.maxNotionalUsdt,
    priceBandRatio: TRADING.priceBandRatio,
  }
}
