/** Query options of the markets: every pair's overview per market, and the instruments with their rules. */
import { queryOptions } from '@tanstack/react-query'
import type { TradingMarket } from '#/contract/index.ts'
import { getFavourites, getMarketOverview, listInstruments } from './markets.functions.ts'

const OVERVIEW_STALE_MS = 10_000

export const marketsQueries = {
  all: ['markets'] as const,
  overview: (biz: TradingMarket = 'spot') =>
    queryOptions({
      queryKey: [...marketsQueries.all, 'overview', biz] as const,
      // No overview is an empty table: live tickers fill it in as they arrive.
      queryFn: async () => {
        const overview = await getMarketOverview({ data: { biz } })
        return overview.status === 'ok' ? overview.data : []
      },
      staleTime: OVERVIEW_STALE_MS,
    }),
  favourites: () =>
    queryOptions({
      queryKey: [...marketsQueries.all, 'favourites'] as const,
      queryFn: () => getFavourites(),
    }),
  instruments: () =>
    queryOptions({
      queryKey: [...marketsQueries.all, 'instruments'] as const,
      queryFn: () => listInstruments(),
      staleTime: Number.POSITIVE_INFINITY,
    }),
}
