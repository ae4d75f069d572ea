/** Query options of the chain-copy pages. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { copyQueries } from '../shared/copy.queries.ts'
import { getChainWallet, listChainWallets } from './chain-wallets.functions.ts'
import { canonicalAddress, type WalletSort } from './wallet-address.ts'

/** The wallets trade on the simulator's clock: statistics are refreshed in the background after this long. */
const WALLET_STALE_MS = 15_000

export const chainWalletQueries = {
  all: [...copyQueries.all, 'chain-wallets'] as const,
  list: (sort: WalletSort, page: number) =>
    queryOptions({
      queryKey: [...chainWalletQueries.all, 'list', sort, page] as const,
      queryFn: () => listChainWallets({ data: { sort, page } }),
      staleTime: WALLET_STALE_MS,
      // A new order or page replaces the cards in place, without a skeleton in between.
      placeholderData: keepPreviousData,
    }),
  detail: (chain: string, address: string) => {
    const canonical = canonicalAddress(address)
    return queryOptions({
      queryKey: [...chainWalletQueries.all, 'detail', chain, canonical] as const,
      queryFn: () => getChainWallet({ data: { chain, address: canonical } }),
      staleTime: WALLET_STALE_MS,
    })
  },
}
