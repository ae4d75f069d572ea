/** Query options of the markets overview. */
import { queryOptions } from '@tanstack/react-query'
import { getMarketOverview } from './markets.functions.ts'

const OVERVIEW_STALE_MS = 10_000

export const marketsQueries = {
  overview: () =>
    queryOptions({
      queryKey: ['markets', 'overview'],
      // No overview is an empty table: live tickers fill it in as they arrive.
      queryFn: async () => {
        const overview = await getMarketOverview()
        return overview.status === 'ok' ? overview.data : []
      },
      staleTime: OVERVIEW_STALE_MS,
    }),
}
