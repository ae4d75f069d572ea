/** Query options of the "My copies" page; every key starts with 'my-copies' (one of COPY_QUERY_ROOTS). */
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query'
import { COPY_QUERY_ROOTS } from '../leader.queries.ts'
import { getMyProfit, listFollowHistory, listMyCopies } from './my-copies.functions.ts'

/** Copies move with the market (unrealized PnL at the marks): refreshed in the background after this long. */
const MY_COPIES_STALE_MS = 10_000

export const myCopiesQueries = {
  all: ['my-copies'] as const,
  copies: () => queryOptions({ queryKey: [...myCopiesQueries.all, 'copies'] as const, queryFn: () => listMyCopies(), staleTime: MY_COPIES_STALE_MS }),
  history: (page: number) =>
    queryOptions({
      queryKey: [...myCopiesQueries.all, 'history', page] as const,
      queryFn: () => listFollowHistory({ data: { page } }),
      staleTime: MY_COPIES_STALE_MS,
      // The pager keeps the page shown until the next one arrives: no jump in between.
      placeholderData: keepPreviousData,
    }),
  profit: () => queryOptions({ queryKey: [...myCopiesQueries.all, 'profit'] as const, queryFn: () => getMyProfit(), staleTime: MY_COPIES_STALE_MS }),
}

/** After a copy-trading action: every copy-trading query refreshes, since a copy shows on all of those pages. */
export function useRefreshCopyQueries(): () => Promise<unknown> {
  const queryClient = useQueryClient()
  return () => Promise.all(COPY_QUERY_ROOTS.map((root) => queryClient.invalidateQueries({ queryKey: [root] })))
}
