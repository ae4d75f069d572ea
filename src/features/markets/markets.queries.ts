/** Query options of the markets overview. */
import { queryOptions } from '@tanstack/react-query'
import { getMarketOverview } from './markets.functions.ts'

const OVERVIEW_STALE_MS = 10_000

export const marketsQueries = {
  overview: () => queryOptions({ queryKey: ['markets', 'overview'], queryFn: () => getMarketOverview(), staleTime: OVERVIEW_STALE_MS }),
}
