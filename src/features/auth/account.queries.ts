import { queryOptions } from '@tanstack/react-query'
import { getAccountState, getWalletTotal } from './account.functions.ts'

export const accountQueries = {
  all: ['account'] as const,
  walletTotal: () =>
    queryOptions({
      queryKey: [...accountQueries.all, 'wallet-total'] as const,
      queryFn: () => getWalletTotal(),
      staleTime: 15_000,
    }),
  state: () =>
    queryOptions({
      queryKey: [...accountQueries.all, 'state'] as const,
      queryFn: () => getAccountState(),
      staleTime: 30_000,
    }),
}
