/**
 * What the leader's latest trade would have become under the settings being typed: the copy's
 * order size, margin and opening fee, or why the engine would have skipped it. Sized with the
 * engine's own maths (src/contract/copy-sizing.ts), on a new copy whose balance is the investment.
 */
import { COPY } from '#/app.config.ts'
import type { CopyPosition, MarketInstrument } from '#/contract/index.ts'
import { followerLeverage, sizeFollowerOrder } from '#/contract/copy-sizing.ts'
import { Exact, toPlain } from '#/contract/money.ts'
import { toSettingsInput, type CopySettingsValues } from './copy-settings.ts'

export interface LeaderTrade {
  pairCode: string
  biz: CopyPosition['biz']
  side: CopyPosition['side']
  leverage: number
  /** The size the leader opened (what is open now plus what was closed), at the average entry. */
  size: string
  price: string
  openedAt: number
}

/** The latest position the leader opened, open or closed. */
export function lastLeaderTrade(positions: readonly CopyPosition[]): LeaderTrade | null {
  const latest = positions.reduce<CopyPosition | null>(
    (last, p) => (last === null || p.openedAt > last.openedAt ? p : last),
    null,
  )
  if (!latest) return null
  return {
    pairCode: latest.pairCode,
    biz: latest.biz,
    side: latest.side,
    leverage: latest.leverage,
    size: new Exact(latest.size).plus(latest.closedSize).toFixed(),
    price: latest.entryPrice,
    openedAt: latest.openedAt,
  }
}

export type TradePreview =
  | { ok: true; leverage: number; size: string; margin: string; fee: string }
  | { ok: false; leverage: number; reason: 'insufficient-balance' | 'below-minimum-size' }

/** The engine's taker fee, one instance (the sizing memoizes per rate instance). */
const TAKER_FEE_RATE = new Exact(COPY.takerFeeRate)

/** The copy's order for the trade; the values must be valid (see validateSettings). */
export function previewTrade(
  values: CopySettingsValues,
  trade: LeaderTrade,
  instrument: Pick<MarketInstrument, 'lotSize' | 'maxLeverage'>,
): TradePreview {
  const settings = toSettingsInput(values)
  const money = (value: string | null) => (value === null ? null : new Exact(value))
  const leverage = followerLeverage(
    settings,
    trade.leverage,
    Math.min(instrument.maxLeverage, COPY.maxLeverage),
    trade.biz === 'spot',
  )
  const sizing = sizeFollowerOrder({
    settings: {
      mode: settings.mode,
      fixedAmount: money(settings.fixedAmount),
      ratio: money(settings.ratio),
      maxPerOrder: money(settings.maxPerOrder),
    },
    available: new Exact(values.investment),
    leaderSize: new Exact(trade.size),
    price: new Exact(trade.price),
    leverage,
    lotSize: new Exact(instrument.lotSize),
    feeRate: TAKER_FEE_RATE,
  })
  if (!sizing.ok) return { ok: false, leverage, reason: sizing.reason }
  return { ok: true, leverage, size: toPlain(sizing.size), margin: toPlain(sizing.margin), fee: toPlain(sizing.fee) }
}
