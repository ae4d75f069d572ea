/** The markets overview with live prices: the server's first answer, then every tickers update from the socket. */
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { marketTickerSchema } from '#/contract/index.ts'
import { useMarketStream } from '#/features/realtime/index.ts'
import type { MarketRow } from './markets.functions.ts'
import { marketsQueries } from './markets.queries.ts'

const liveTickers = marketTickerSchema.array()

export function useLiveTickers(): MarketRow[] {
  const { data } = useQuery(marketsQueries.overview())
  const message = useMarketStream({ channel: 'tickers', biz: 'spot' })
  return useMemo(() => {
    const rows = data ?? []
    const parsed = liveTickers.safeParse(message?.data?.result)
    if (!parsed.success) return rows
    const live = new Map(parsed.data.map((t) => [t.pairCode, t]))
    return rows.map((row) => {
      const t = live.get(row.pairCode)
      return t ? { ...row, last: t.last, change24h: t.change24h, quoteVolume24h: t.quoteVolume24h } : row
    })
  }, [data, message])
}
