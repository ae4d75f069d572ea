/**
 * A leader's equity at the marks, as the daily rows measure it: the USDT EXCHANGE wallet plus the margin and
 * unrealized PnL of the leader's own open positions. Below the minimum copy amount a leader takes no new copiers: a
 * trader who cannot place the smallest copied order is not one to start copying.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { COPY } from '#/app.config.ts'
import { positions } from '#/exchange/db/copy-schema.ts'
import { balances } from '#/exchange/db/schema.ts'
import { Exact, type Money } from '../money.ts'
import type { Side } from './book.ts'
import { unrealizedPnl } from './position-math.ts'
import { EXCHANGE_WALLET, QUOTE } from './positions.ts'
import type { Tx } from './store.ts'

/** Equity of each leader (0 for one with neither wallet nor positions). */
export async function leaderEquities(
  db: Tx,
  leaderIds: readonly number[],
  marks: ReadonlyMap<string, Money>,
): Promise<Map<number, Money>> {
  const equities = new Map<number, Money>(leaderIds.map((id) => [id, new Exact(0)]))
  if (leaderIds.length === 0) return equities
  const ids = [...new Set(leaderIds)]
  const [wallets, open] = await Promise.all([
    db
      .select({ userId: balances.userId, available: balances.available })
      .from(balances)
      .where(and(inArray(balances.userId, ids), eq(balances.walletType, EXCHANGE_WALLET), eq(balances.coin, QUOTE))),
    db
      .select()
      .from(positions)
      .where(and(inArray(positions.userId, ids), isNull(positions.copyId), eq(positions.status, 'open'))),
  ])
  const add = (id: number, amount: Money) => equities.set(id, (equities.get(id) ?? new Exact(0)).plus(amount))
  for (const wallet of wallets) add(wallet.userId, new Exact(wallet.available))
  for (const row of open) {
    const side: Side = row.side === 1 ? 1 : -1
    const position = { side, size: new Exact(row.size), entryPrice: new Exact(row.entryPrice) }
    const mark = marks.get(row.pairCode) ?? position.entryPrice
    add(row.userId, new Exact(row.margin).plus(unrealizedPnl(position, mark)))
  }
  return equities
}

/** Whether a leader with this equity takes new copiers: at least the smallest investment a copy may have. */
export function acceptsCopiers(equity: Money | undefined): boolean {
  return equity !== undefined && equity.gte(COPY.minInvestmentUsdt)
}

/** Which of the leaders take new copiers now. */
export async function acceptingCopiersOf(
  db: Tx,
  leaderIds: readonly number[],
  marks: ReadonlyMap<string, Money>,
): Promise<Map<number, boolean>> {
  const equities = await leaderEquities(db, leaderIds, marks)
  return new Map([...equities].map(([id, equity]) => [id, acceptsCopiers(equity)]))
}
