/**
 * Balances of the requested wallet types, each valued in USDT from the demo price table. Every
 * figure is exact (Exact: an 18-decimal balance has more digits than Money's 20): a coin's total is
 * available + frozen, its USDT value total × price, and totalAssetUsdt the sum of the values listed.
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { WalletAccount, WalletBalance } from '#/contract/index.ts'
import type { Database } from '../db/client.ts'
import { balances, prices } from '../db/schema.ts'
import { Exact, toPlain } from '../money.ts'

export async function walletAccount(db: Database, userId: number, walletTypes: number[]): Promise<WalletAccount> {
  const rows = await db
    .select({
      coin: balances.coin,
      walletType: balances.walletType,
      available: balances.available,
      frozen: balances.frozen,
      usdtPrice: prices.usdtPrice,
    })
    .from(balances)
    .leftJoin(prices, eq(prices.coin, balances.coin))
    .where(and(eq(balances.userId, userId), inArray(balances.walletType, [...new Set(walletTypes)])))
    .orderBy(asc(balances.walletType), asc(balances.coin))
  let totalUsdt = new Exact(0)
  const list: WalletBalance[] = rows.map((row) => {
    const available = new Exact(row.available)
    const frozen = new Exact(row.frozen)
    const total = available.plus(frozen)
    // A coin without a price is shown at zero value rather than guessed.
    const usdtValue = row.usdtPrice === null ? new Exact(0) : total.times(row.usdtPrice)
    totalUsdt = totalUsdt.plus(usdtValue)
    return {
      coin: row.coin,
      walletType: row.walletType,
      available: toPlain(available),
      frozen: toPlain(frozen),
      total: toPlain(total),
      usdtValue: toPlain(usdtValue),
    }
  })
  return { totalAssetUsdt: toPlain(totalUsdt), list }
}
