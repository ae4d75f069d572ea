/**
 * Balances of the requested wallet types, each valued in USDT from the demo price table, and — when the EXCHANGE wallet
 * is asked for — the money of that wallet working elsewhere: the user's own open positions and their live copy
 * accounts, at the marks. Every figure is exact (Exact: an 18-decimal balance has more digits than Money's 20): a coin's
 * total is available + frozen, its USDT value total × price; a position is worth its margin plus its unrealized PnL at
 * the mark (as My copies shows it), at least 0; a copy account its free balance plus its positions; totalAssetUsdt is
 * the sum of all of them, so money moved into a copy or held as margin never leaves the total.
 */
import { and, asc, eq, inArray, isNull, ne, or } from 'drizzle-orm'
import { WALLET_TYPES } from '#/app.config.ts'
import type { AssetsInUse, WalletAccount, WalletBalance } from '#/contract/index.ts'
import type { Database } from '../db/client.ts'
import { copies, leaders, positions } from '../db/copy-schema.ts'
import { balances, prices } from '../db/schema.ts'
import { Exact, toPlain, type Money } from '../money.ts'
import { unrealizedOf } from '../copy/api/my-accounts.ts'
import { EXCHANGE_WALLET as FUTURES_WALLET, QUOTE } from '../copy/positions.ts'
import { loadPositions } from '../copy/store.ts'
import { scratchBook } from '../trading/closing.ts'
import { crossPositionsOf, maxWithdrawable } from '../trading/cross-margin.ts'

export async function walletAccount(
  db: Database,
  userId: number,
  walletTypes: number[],
  marks: ReadonlyMap<string, Money>,
): Promise<WalletAccount> {
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
  // The futures wallet's USDT backs the cross positions: only the maximum withdrawable may leave it.
  const cross = rows.some((row) => row.walletType === FUTURES_WALLET && row.coin === QUOTE)
    ? await loadPositions(db, scratchBook(), crossPositionsOf([userId]))
    : []
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
      transferable: toPlain(
        row.walletType === FUTURES_WALLET && row.coin === QUOTE ? maxWithdrawable(available, cross, marks) : available,
      ),
    }
  })
  const inUse = walletTypes.includes(Number(WALLET_TYPES.EXCHANGE))
    ? await assetsInUse(db, userId, marks)
    : { value: new Exact(0), wire: { positions: { margin: '0', unrealizedPnl: '0', usdtValue: '0' }, copies: [] } }
  return { totalAssetUsdt: toPlain(totalUsdt.plus(inUse.value)), list, inUse: inUse.wire }
}

interface Worth {
  margin: Money
  unrealizedPnl: Money
  value: Money
}

/** Margin, unrealized PnL at the marks and worth (each position at least 0) of open positions. */
function worthOf(open: readonly (typeof positions.$inferSelect)[], marks: ReadonlyMap<string, Money>): Worth {
  let margin: Money = new Exact(0)
  let unrealizedPnl: Money = new Exact(0)
  let value: Money = new Exact(0)
  for (const row of open) {
    const result = unrealizedOf(row, marks)
    margin = margin.plus(row.margin)
    unrealizedPnl = unrealizedPnl.plus(result)
    value = value.plus(Exact.max(0, new Exact(row.margin).plus(result)))
  }
  return { margin, unrealizedPnl, value }
}

/**
 * The EXCHANGE wallet's money working elsewhere: the user's own open positions (leading, or copied positions kept after
 * a copy ended: both are funded from the wallet) and each live copy account (its balance and the positions it
 * manages). A live copy's positions are all managed (a position is kept only when its copy ends), so nothing counts
 * twice.
 */
async function assetsInUse(
  db: Database,
  userId: number,
  marks: ReadonlyMap<string, Money>,
): Promise<{ value: Money; wire: AssetsInUse }> {
  const own = await db
    .select()
    .from(positions)
    .where(
      and(
        eq(positions.userId, userId),
        eq(positions.status, 'open'),
        or(isNull(positions.copyId), eq(positions.unmanaged, true)),
      ),
    )
  const live = await db
    .select({ copy: copies, nickname: leaders.nickname })
    .from(copies)
    .innerJoin(leaders, eq(leaders.userId, copies.leaderId))
    .where(and(eq(copies.followerId, userId), ne(copies.status, 'cancelled')))
    .orderBy(asc(copies.createdAt), asc(copies.id))
  const managed =
    live.length === 0
      ? []
      : await db
          .select()
          .from(positions)
          .where(
            and(
              inArray(
                positions.copyId,
                live.map((l) => l.copy.id),
              ),
              eq(positions.status, 'open'),
              eq(positions.unmanaged, false),
            ),
          )
  const mine = worthOf(own, marks)
  let value = mine.value
  const list = live.map(({ copy, nickname }) => {
    const worth = worthOf(
      managed.filter((p) => p.copyId === copy.id),
      marks,
    )
    const copyValue = worth.value.plus(copy.balance)
    value = value.plus(copyValue)
    return {
      copyId: String(copy.id),
      leaderId: String(copy.leaderId),
      nickname,
      balance: toPlain(new Exact(copy.balance)),
      margin: toPlain(worth.margin),
      unrealizedPnl: toPlain(worth.unrealizedPnl),
      usdtValue: toPlain(copyValue),
    }
  })
  return {
    value,
    wire: {
      positions: {
        margin: toPlain(mine.margin),
        unrealizedPnl: toPlain(mine.unrealizedPnl),
        usdtValue: toPlain(mine.value),
      },
      copies: list,
    },
  }
}
