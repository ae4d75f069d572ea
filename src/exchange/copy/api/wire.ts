/**
 * Shared by the copy-trading routes: stored rows to wire shapes (a positions row to a CopyPosition
 * at the mark) and amounts from the database as plain strings.
 */
import { CLOSE_REASONS, type CopyPosition } from '#/contract/index.ts'
import type { positions } from '#/exchange/db/copy-schema.ts'
import { Money, toPlain } from '#/exchange/money.ts'
import { q, unrealizedPnl } from '../position-math.ts'
import { RATIO_DECIMALS } from '../statistics.ts'

export type PositionRow = typeof positions.$inferSelect

/** A stored amount ('100.000000000000000000') as a plain decimal string ('100'). */
export const plain = (value: string): string => toPlain(new Money(value))
export const plainOrNull = (value: string | null): string | null => (value === null ? null : plain(value))

/** A ratio rounded half up to the statistics' 10 decimals, printed plain. */
export const ratioString = (value: Money): string => toPlain(value.toDecimalPlaces(RATIO_DECIMALS, Money.ROUND_HALF_UP))

const closeReasonOf = (value: string | null) => CLOSE_REASONS.find((reason) => reason === value) ?? null

/** Return on margin: `pnl / margin`, 0 when the margin is 0. */
const roeOf = (pnl: Money, margin: Money): string => (margin.lte(0) ? '0' : ratioString(pnl.div(margin)))

/**
 * A positions row on the wire. Open: mark, unrealized PnL at the mark (18 decimals) and
 * roe = unrealized / margin. Closed: roe = realized PnL / the margin at open, which is
 * entryPrice × closedSize / leverage (the stored margin is 0 once closed). `adlQuantile`: an open
 * futures position's ADL light (trading/adl-rank.ts adlQuantiles), null for the others.
 */
export function positionToWire(row: PositionRow, mark: Money | undefined, adlQuantile: number | null): CopyPosition {
  const side = row.side < 0 ? -1 : 1
  const open = row.status === 'open'
  const entryPrice = new Money(row.entryPrice)
  let unrealized: Money | null = null
  let roe = '0'
  if (open && mark !== undefined) {
    unrealized = q(unrealizedPnl({ size: new Money(row.size), entryPrice, side }, mark))
    roe = roeOf(unrealized, new Money(row.margin))
  } else if (!open) {
    roe = roeOf(new Money(row.realizedPnl), entryPrice.times(row.closedSize).div(row.leverage))
  }
  return {
    positionId: String(row.id),
    biz: row.biz,
    pairCode: row.pairCode,
    side: side === 1 ? 'long' : 'short',
    leverage: row.leverage,
    size: plain(row.size),
    entryPrice: plain(row.entryPrice),
    margin: plain(row.margin),
    markPrice: open && mark !== undefined ? toPlain(mark) : null,
    unrealizedPnl: unrealized === null ? null : toPlain(unrealized),
    roe,
    takeProfitPrice: plainOrNull(row.takeProfitPrice),
    stopLossPrice: plainOrNull(row.stopLossPrice),
    liquidationPrice: plainOrNull(row.liquidationPrice),
    status: open ? 'open' : 'closed',
    closedSize: plain(row.closedSize),
    exitPrice: plainOrNull(row.exitPrice),
    realizedPnl: plain(row.realizedPnl),
    fees: plain(row.fees),
    funding: plain(row.funding),
    openedAt: row.openedAt.getTime(),
    closedAt: row.closedAt === null ? null : row.closedAt.getTime(),
    closeReason: closeReasonOf(row.closeReason),
    adlQuantile: open && row.biz === 'futures' ? adlQuantile : null,
  }
}

/** A user's nickname shown to others: first and last character only ('a***z'; one character: 'a***'). */
export function maskNickname(nickname: string): string {
  const chars = Array.from(nickname)
  const first = chars[0] ?? ''
  const last = chars.length > 1 ? (chars[chars.length - 1] ?? '') : ''
  return `${first}***${last}`
}

export type FollowRefusal =
  'follow-self' | 'follow-while-leading' | 'already-copying' | 'leader-paused' | 'leader-full' | 'leader-below-minimum'

export interface FollowFacts {
  /** The caller is the leader. */
  self: boolean
  /** The caller leads (a leaders row not cancelled). */
  leading: boolean
  /** The caller has a live (active or paused) copy of this leader. */
  copying: boolean
  leaderStatus: 'open' | 'paused' | 'cancelled'
  /** maxFollowers minus the leader's live (active or paused) copies. */
  slotsLeft: number
  /** The leader's equity is at least the minimum copy amount (leader-equity.ts). */
  acceptingCopiers: boolean
}

/** Why a caller may not follow a leader, checked in this order; null when they may. */
export function followRefusal(facts: FollowFacts): FollowRefusal | null {
  if (facts.self) return 'follow-self'
  if (facts.leading) return 'follow-while-leading'
  if (facts.copying) return 'already-copying'
  if (facts.leaderStatus !== 'open') return 'leader-paused'
  if (facts.slotsLeft <= 0) return 'leader-full'
  if (!facts.acceptingCopiers) return 'leader-below-minimum'
  return null
}
