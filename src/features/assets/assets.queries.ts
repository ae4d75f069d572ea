/** Query options of the wallets: one entry per wallet type, patched by the balance channel as money moves. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { WalletMovementKind } from '#/contract/index.ts'
import { getTestFundsStatus, getWallet, listWalletHistory } from './assets.functions.ts'

/** The spot wallet (every coin of spot) and the futures wallet (USDT: margin, and what copies are funded from). */
export type WalletType = 1 | 3
export const SPOT_WALLET: WalletType = 1
export const FUTURES_WALLET: WalletType = 3

export const assetsQueries = {
  all: ['assets'] as const,
  wallet: (walletType: WalletType) =>
    queryOptions({
      queryKey: [...assetsQueries.all, 'wallet', walletType] as const,
      queryFn: () => getWallet({ data: { walletType } }),
    }),
  testFunds: () =>
    queryOptions({
      queryKey: [...assetsQueries.all, 'test-funds'] as const,
      queryFn: () => getTestFundsStatus(),
    }),
  history: (walletType: WalletType, page: number, pageSize: number, kind?: WalletMovementKind) =>
    queryOptions({
      queryKey: [...assetsQueries.all, 'history', walletType, page, pageSize, kind ?? 'all'] as const,
      queryFn: () => listWalletHistory({ data: { walletType, page, pageSize, kind } }),
      placeholderData: keepPreviousData,
    }),
}
