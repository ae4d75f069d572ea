/** Query options of the "My copies" page. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { copyQueries } from '../shared/copy.queries.ts'
import { getMyProfit, listFollowHistory, listMyCopies } from './my-copies.functions.ts'

/** Copies move with the market (unrealized PnL at the marks): refreshed in the background after this long. */
const MY_COPIES_STALE_MS = 10_000

export const myCopiesQueries = {
  all: [...copyQueries.all, 'my-copies'] as const,
  copies: () =>
    queryOptions({
      queryKey: [...myCopiesQueries.all, 'copies'] as const,
      queryFn: () => listMyCopies(),
      staleTime: MY_COPIES_STALE_MS,
    }),
  history: (page: number) =>
    queryOptions({
      queryKey: [...myCopiesQueries.all, 'history', page] as const,
      queryFn: () => listFollowHistory({ data: { page } }),
      staleTime: MY_COPIES_STALE_MS,
      // The pager keeps the page shown until the next one arrives: no jump in between.
      placeholderData: keepPreviousData,
    }),
  profit: () =>
    queryOptions({
      queryKey: [...myCopiesQueries.all, 'profit'] as const,
      queryFn: () => getMyProfit(),
      staleTime: MY_COPIES_STALE_MS,
    }),
}
