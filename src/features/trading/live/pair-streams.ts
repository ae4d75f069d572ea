/**
 * A pair's live market for the terminal: the ticker, the order book (with the depth sequence, resynced when an update
 * went missing) and the recent trades, each from the page's first answer and then its channel, painted once a frame.
 */
import { TERMINAL } from '#/app.config.ts'
import {
  depthSchema,
  marketTickerSchema,
  marketTradeSchema,
  type Depth,
  type MarketTicker,
  type MarketTrade,
  type TradingMarket,
} from '#/contract/index.ts'
import { useMarketStreams, useStreamListener } from '#/features/realtime/index.ts'
import { applyDepth } from '../book/depth-sequence.ts'
import { useFrameState, type Timed } from './useFrameState.ts'

const tradesSchema = marketTradeSchema.array()

export function useLiveTicker(biz: TradingMarket, pairCode: string, initial: MarketTicker): Timed<MarketTicker> {
  const [ticker, set] = useFrameState(initial)
  useStreamListener({ channel: 'ticker', biz, pairCode }, (message) => {
    const parsed = marketTickerSchema.safeParse(message.data?.result)
    if (parsed.success) set(() => parsed.data)
  })
  return ticker
}

export function useLiveBook(biz: TradingMarket, pairCode: string, initial: Depth): Timed<Depth> {
  const streams = useMarketStreams()
  const [book, set, read] = useFrameState(initial)
  useStreamListener({ channel: 'depth', biz, pairCode }, (message) => {
    const parsed = depthSchema.safeParse(message.data?.result)
    if (!parsed.success) return
    const step = applyDepth(read(), { type: message.type, depth: parsed.data })
    if (step.book) {
      const next = step.book
      set(() => next)
    }
    if (step.resync) streams?.resync({ channel: 'depth', biz, pairCode })
  })
  return book
}

/** Newest first, at most TERMINAL.recentTrades, each print once. */
export function mergeTrades(shown: readonly MarketTrade[], incoming: readonly MarketTrade[], snapshot: boolean) {
  if (snapshot) return incoming.slice(0, TERMINAL.recentTrades)
  const known = new Set(shown.map((t) => t.id))
  const fresh = incoming.filter((t) => !known.has(t.id))
  return fresh.length === 0 ? [...shown] : [...fresh, ...shown].slice(0, TERMINAL.recentTrades)
}

export function useLiveTrades(biz: TradingMarket, pairCode: string, initial: MarketTrade[]): Timed<MarketTrade[]> {
  const [trades, set] = useFrameState(initial)
  useStreamListener({ channel: 'trades', biz, pairCode }, (message) => {
    const parsed = tradesSchema.safeParse(message.data?.result)
    if (parsed.success) set((shown) => mergeTrades(shown, parsed.data, message.type === 'snapshot'))
  })
  return trades
}
