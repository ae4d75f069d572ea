/** The markets overview with live prices: the server's first answer, then every tickers update from the socket. */
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { marketTickerSchema, type TradingMarket } from '#/contract/index.ts'
import { useMarketStream } from '#/features/realtime/index.ts'
import type { MarketRow } from './markets.functions.ts'
import { marketsQueries } from './markets.queries.ts'

const liveTickers = marketTickerSchema.array()

export function useLiveTickers(biz: TradingMarket = 'spot'): MarketRow[] {
  const { data } = useQuery(marketsQueries.overview(biz))
  const message = useMarketStream({ channel: 'tickers', biz })
  return useMemo(() => {
    const rows = data ?? []
    const parsed = liveTickers.safeParse(message?.data?.result)
    if (!parsed.success) return rows
    const live = new Map(parsed.data.map((t) => [t.pairCode, t]))
    return rows.map((row) => {
      const t = live.get(row.pairCode)
      return t
        ? {
            ...row,
            last: t.last,
            change24h: t.change24h,
            high24h: t.high24h,
            low24h: t.low24h,
            volume24h: t.volume24h,
            quoteVolume24h: t.quoteVolume24h,
          }
        : row
    })
  }, [data, message])
}
