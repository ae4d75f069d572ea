/** Query options of a pair's public market: its first answer for the terminal, its candles per interval, its funding. */
import { queryOptions } from '@tanstack/react-query'
import { TERMINAL } from '#/app.config.ts'
import type { KlineInterval, TradingMarket } from '#/contract/index.ts'
import { getFunding, getPairMarket, listKlines } from './pair-market.functions.ts'

/** The page's first answer; the socket keeps it live afterwards. */
const FIRST_ANSWER_STALE_MS = 10_000

export const pairMarketQueries = {
  all: ['pair-market'] as const,
  market: (biz: TradingMarket, pairCode: string) =>
    queryOptions({
      queryKey: [...pairMarketQueries.all, biz, pairCode] as const,
      queryFn: () => getPairMarket({ data: { biz, pairCode } }),
      staleTime: FIRST_ANSWER_STALE_MS,
    }),
  /** A perpetual's funding: its predicted rate moves with each minute's premium sample, so it is asked again. */
  funding: (pairCode: string) =>
    queryOptions({
      queryKey: [...pairMarketQueries.all, 'funding', pairCode] as const,
      queryFn: () => getFunding({ data: { pairCode } }),
      staleTime: TERMINAL.fundingRefreshMs,
      refetchInterval: TERMINAL.fundingRefreshMs,
    }),
  klines: (pairCode: string, biz: TradingMarket, interval: KlineInterval) =>
    queryOptions({
      queryKey: [...pairMarketQueries.all, 'klines', pairCode, biz, interval] as const,
      // Thrown, so the query asks again (backing off) and the chart can say the history is missing.
      queryFn: async () => {
        const answer = await listKlines({ data: { pairCode, biz, interval } })
        if (answer.status !== 'ok') throw new Error(`chart history of ${pairCode} unavailable`)
        return answer.data
      },
      retry: TERMINAL.historyRetries,
      staleTime: FIRST_ANSWER_STALE_MS,
    }),
}
