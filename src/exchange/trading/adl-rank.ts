/**
 * The auto-deleveraging rank (issue 27, M1), as Binance USDⓈ-M publishes it: who is closed first when a liquidation's
 * bankrupt rest is more than the insurance fund can pay (auto-deleverage.ts), and the five lights each open futures
 * position shows.
 *
 * A position's score: with an unrealized PnL at the mark ≥ 0, PnL% × effective leverage; below 0, PnL% ÷ effective
 * leverage; where PnL% is the unrealized PnL ÷ |entry notional| and the effective leverage |mark notional| ÷ what backs
 * it (an isolated position: its margin plus the unrealized PnL; a cross position: its share of the account's equity by
 * maintenance, as the liquidation takes it). One with nothing left behind it (backing ≤ 0) ranks last. Positions are
 * ranked per pair and side, highest score first (ties: the older position first). Every open futures position takes
 * part, whoever owns it: a user's own, a leader's, a copy's, isolated or cross, the house's.
 *
 * The lights are computed when read, not kept: a score moves with every mark and every trade of any position of the
 * pair and side, so a kept rank would be rewritten for every position at every price. A read is a fixed number of
 * queries per pair and side (its open positions, and the cross accounts among them), never one per position.
 */
import { and, eq } from 'drizzle-orm'
import { FUTURES } from '#/app.config.ts'
import type { Side } from '../copy/book.ts'
import type { Rules } from '../copy/rules.ts'
import type { Marks } from '../copy/unit-values.ts'
import type { Database } from '../db/client.ts'
import { positions } from '../db/copy-schema.ts'
import { Exact, Money } from '../money.ts'
import { readCrossAccounts, type CrossAccount } from './cross-margin.ts'

type Reader = Pick<Database, 'select'>
type PositionRow = typeof positions.$inferSelect

/** What a position's score is computed from (Money: a ranking, not money, to 20 digits). */
export interface AdlInput {
  side: Side
  size: Money
  entryPrice: Money
  mark: Money
  /** What backs it: an isolated position's margin (its PnL added here); a cross position's share of its account. */
  margin: Money
  /** Cross: the backing is the share, the PnL already in it. */
  shareOfAccount?: boolean
}

/**
 * The score (Binance's ADL ranking); null when nothing backs the position (it ranks last). PnL% × leverage is PnL ×
 * mark ÷ (entry × backing); PnL% ÷ leverage, PnL × backing ÷ (entry × mark × size²).
 */
export function adlScore({ side, size, entryPrice: entry, mark, margin, shareOfAccount }: AdlInput): Money | null {
  const pnl = mark.minus(entry).times(size).times(side)
  const backing = shareOfAccount ? margin : margin.plus(pnl)
  if (backing.lte(0) || entry.isZero() || size.isZero()) return null
  return pnl.gte(0)
    ? pnl.times(mark).div(entry.times(backing))
    : pnl.times(backing).div(entry.times(mark).times(size).times(size))
}

/**
 * The light of a position ranked `rank` (0: the first, counting only those scored strictly higher, so equal scores
 * share it) among `count`: the quintile, FUTURES.adlLights for the first in line, 1 for the last.
 */
export function quantileOf(rank: number, count: number): number {
  return Math.max(1, Math.ceil(((count - rank) * FUTURES.adlLights) / count))
}

export interface Ranked {
  row: PositionRow
  score: Money | null
  quantile: number
}

/** Higher scores first, unscored last; equal scores by age (the older position first). */
function byScore(a: { row: PositionRow; score: Money | null }, b: { row: PositionRow; score: Money | null }) {
  if (a.score === null || b.score === null) return a.score === b.score ? a.row.id - b.row.id : a.score === null ? 1 : -1
  return b.score.comparedTo(a.score) || a.row.id - b.row.id
}

/** A cross position's share of its account's equity, by maintenance, as the liquidation takes it. */
function shareOf(row: PositionRow, accounts: ReadonlyMap<number, CrossAccount>): Money {
  const account = accounts.get(row.userId)
  if (!account) return new Money(0)
  const own = account.maintenances.get(row.id) ?? new Money(0)
  return new Money(account.maintenance.isZero() ? account.equity : account.equity.times(own).div(account.maintenance))
}

/** Ranks stored open positions of one pair and side at `mark`, the cross ones by their `accounts`. */
export function rankPositions(
  rows: readonly PositionRow[],
  mark: Money,
  accounts: ReadonlyMap<number, CrossAccount>,
): Ranked[] {
  const at = new Money(mark)
  const scored = rows.map((row) => {
    const cross = row.marginMode === 'cross'
    return {
      row,
      score: adlScore({
        side: row.side < 0 ? -1 : 1,
        size: new Money(row.size),
        entryPrice: new Money(row.entryPrice),
        mark: at,
        margin: cross ? shareOf(row, accounts) : new Money(row.margin),
        shareOfAccount: cross,
      }),
    }
  })
  scored.sort(byScore)
  let rank = 0
  return scored.map((item, index) => {
    const previous = scored[index - 1]
    if (previous && byScoreOnly(previous.score, item.score) !== 0) rank = index
    return { ...item, quantile: quantileOf(rank, scored.length) }
  })
}

const byScoreOnly = (a: Money | null, b: Money | null) =>
  a === null || b === null ? (a === b ? 0 : 1) : a.comparedTo(b)

/**
 * The open futures positions of a pair and side in ADL order (the first to be deleveraged first), at the marks. Read
 * without locks: the engine locks the ones it closes.
 */
export async function readAdlRanking(
  db: Reader,
  rules: Rules,
  pairCode: string,
  side: Side,
  marks: Marks,
): Promise<Ranked[]> {
  const price = marks.get(pairCode)
  if (price === undefined) return []
  const rows = await db
    .select()
    .from(positions)
    .where(
      and(
        eq(positions.biz, 'futures'),
        eq(positions.status, 'open'),
        eq(positions.pairCode, pairCode),
        eq(positions.side, side),
      ),
    )
  const crossOwners = [...new Set(rows.filter((r) => r.marginMode === 'cross').map((r) => r.userId))]
  const accounts = await readCrossAccounts(db, rules, crossOwners, marks)
  return rankPositions(rows, new Exact(price), accounts)
}

/**
 * The ADL light of each of `served` (open futures positions) by id: one ranking per pair and side among them. A
 * position the ranking does not hold (closed since, or no mark) has none.
 */
export async function adlQuantiles(
  db: Reader,
  rules: Rules,
  marks: Marks,
  served: readonly Pick<PositionRow, 'id' | 'biz' | 'pairCode' | 'side' | 'status'>[],
): Promise<Map<number, number>> {
  const quantiles = new Map<number, number>()
  const groups = new Map<string, { pairCode: string; side: Side }>()
  for (const row of served)
    if (row.biz === 'futures' && row.status === 'open')
      groups.set(`${row.pairCode}:${row.side}`, { pairCode: row.pairCode, side: row.side < 0 ? -1 : 1 })
  for (const { pairCode, side } of groups.values())
    for (const ranked of await readAdlRanking(db, rules, pairCode, side, marks))
      quantiles.set(ranked.row.id, ranked.quantile)
  return quantiles
}
