/**
 * What the chain-copy route needs besides its page: the view its search asks for (defaults filled in)
 * and the loader that prefetches the list, or the wallet and, signed in, my copies.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { StatsPeriod } from '#/contract/index.ts'
import type { ChainCopyTarget } from '#/features/routing/index.ts'
import { myCopiesQueries } from '../my-copies/my-copies.queries.ts'
import { periodOf } from '../shared/period.ts'
import { chainWalletQueries } from './chain-wallets.queries.ts'
import type { WalletSort } from './wallet-address.ts'

export interface ChainCopyView {
  period: StatsPeriod
  sort: WalletSort
  page: number
}

export const chainCopyViewOf = (search: {
  period?: StatsPeriod | undefined
  sort?: WalletSort | undefined
  page?: number | undefined
}): ChainCopyView => ({
  period: periodOf(search),
  sort: search.sort ?? 'roi',
  page: search.page ?? 1,
})

export async function loadChainCopy(
  queryClient: QueryClient,
  target: ChainCopyTarget,
  view: ChainCopyView,
  loggedIn: boolean,
): Promise<void> {
  if (target.kind === 'list') {
    await queryClient.ensureQueryData(chainWalletQueries.list(view.sort, view.page))
    return
  }
  await Promise.all([
    queryClient.ensureQueryData(chainWalletQueries.detail(target.chain, target.address)),
    loggedIn ? queryClient.ensureQueryData(myCopiesQueries.copies()) : undefined,
  ])
}
