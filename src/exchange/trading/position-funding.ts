/**
 * A futures position's funding payments (issue 28 item 5), from the ledger: at each funding time of its pair, what went
 * out of or into its margin, and for the user's own cross position what its wallet paid (the wallet pays what a cross
 * margin cannot), within the time it was open; with the rate and mark the interval was paid at.
 */
import { and, eq, inArray, like, or } from 'drizzle-orm'
import type { PositionFunding } from '#/contract/index.ts'
import { marginKey, walletKey } from '../copy/book.ts'
import { FUNDING_POOL } from '../copy/funding-share.ts'
import { EXCHANGE_WALLET } from '../copy/positions.ts'
import { plainOrNull } from '../copy/api/wire.ts'
import { ledgerTransfers, positions } from '../db/copy-schema.ts'
import type { Database } from '../db/client.ts'
import { fundingIntervals } from '../db/market-schema.ts'
import { Exact, type Money } from '../money.ts'
import { toPlain } from '#/contract/money.ts'

/** The position's payments, newest first; undefined when it is not a futures position of the user. */
export async function positionFunding(
  db: Pick<Database, 'select'>,
  userId: number,
  positionId: number,
): Promise<PositionFunding[] | undefined> {
  const [position] = await db
    .select()
    .from(positions)
    .where(and(eq(positions.id, positionId), eq(positions.userId, userId), eq(positions.biz, 'futures')))
  if (!position) return undefined
  const margin = marginKey(position.id)
  // A user's own cross position is the only one of its pair their wallet pays for at a time.
  const wallet =
    position.copyId === null && position.marginMode === 'cross' ? walletKey(userId, EXCHANGE_WALLET, 'USDT') : undefined
  const prefix = `funding:${position.pairCode}:`
  const rows = await db
    .select()
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.kind, 'funding'),
        like(ledgerTransfers.ref, `${prefix}%`),
        or(
          eq(ledgerTransfers.debit, margin),
          eq(ledgerTransfers.credit, margin),
          wallet ? and(eq(ledgerTransfers.debit, wallet), eq(ledgerTransfers.credit, FUNDING_POOL)) : undefined,
        ),
      ),
    )
  const opened = position.openedAt.getTime()
  const closed = position.closedAt?.getTime() ?? Number.POSITIVE_INFINITY
  const byTime = new Map<number, Money>()
  for (const row of rows) {
    const time = Date.parse((row.ref ?? '').slice(prefix.length))
    if (!Number.isFinite(time) || time < opened || time > closed) continue
    const amount = new Exact(row.amount)
    byTime.set(time, (byTime.get(time) ?? new Exact(0)).plus(row.credit === margin ? amount : amount.neg()))
  }
  const times = [...byTime.keys()].sort((a, b) => b - a)
  if (times.length === 0) return []
  const intervals = await db
    .select()
    .from(fundingIntervals)
    .where(
      and(
        eq(fundingIntervals.pairCode, position.pairCode),
        inArray(
          fundingIntervals.fundingTime,
          times.map((t) => new Date(t)),
        ),
      ),
    )
  const paidAt = new Map(intervals.map((i) => [i.fundingTime.getTime(), i]))
  return times.map((time) => ({
    time,
    amount: toPlain(byTime.get(time) ?? new Exact(0)),
    rate: plainOrNull(paidAt.get(time)?.rate ?? null),
    mark: plainOrNull(paidAt.get(time)?.mark ?? null),
  }))
}
