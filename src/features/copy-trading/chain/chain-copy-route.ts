/**
 * What the chain-copy route needs besides its page: the search parameters (a bad value falls back
 * to its default) and the loader that prefetches the list, or the wallet and, signed in, my copies.
 */
import type { QueryClient } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { STATS_PERIODS, type StatsPeriod } from '../../../contract/index.ts'
import type { ChainCopyTarget } from '../../routing/chain-copy-path.ts'
import { myCopiesQueries } from '../my-copies/my-copies.queries.ts'
import { chainWalletQueries } from './chain-wallets.queries.ts'
import { WALLET_SORTS, type WalletSort } from './wallet-address.ts'
import { MAX_PAGE } from '../my-copies/paging.ts'

export const chainCopySearchSchema = z.object({
  period: z.catch(z.optional(z.enum(STATS_PERIODS)), undefined),
  sort: z.catch(z.optional(z.enum(WALLET_SORTS)), undefined),
  page: z.catch(z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE))), undefined),
})

export interface ChainCopyView {
  period: StatsPeriod
  sort: WalletSort
  page: number
}

export const chainCopyViewOf = (search: { period?: StatsPeriod | undefined; sort?: WalletSort | undefined; page?: number | undefined }): ChainCopyView => ({
  period: search.period ?? '30d',
  sort: search.sort ?? 'roi',
  page: search.page ?? 1,
})

export async function loadChainCopy(queryClient: QueryClient, target: ChainCopyTarget, view: ChainCopyView, loggedIn: boolean): Promise<void> {
  if (target.kind === 'list') {
    await queryClient.ensureQueryData(chainWalletQueries.list(view.sort, view.page))
    return
  }
  await Promise.all([
    queryClient.ensureQueryData(chainWalletQueries.detail(target.chain, target.address)),
    loggedIn ? queryClient.ensureQueryData(myCopiesQueries.copies()) : undefined,
  ])
}
