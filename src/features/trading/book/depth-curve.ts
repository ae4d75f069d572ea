/**
 * What the depth chart draws from the book (issue 28): each side's cumulative size from the best price outwards, at
 * the pair's tick (the levels the order book adds up, all of them), the mid price between the best bid and ask, and
 * the price and size ranges the axes span. Totals stay exact strings; the chart turns them into pixels.
 */
import { Exact } from '#/contract/money.ts'
import { bookView, type BookRow } from './order-book-view.ts'

export interface DepthPoint {
  price: string
  /** Cumulative size from the best price through this level. */
  total: string
}

export interface DepthCurve {
  /** Best first: descending prices. */
  bids: DepthPoint[]
  /** Best first: ascending prices. */
  asks: DepthPoint[]
  /** (best bid + best ask) ÷ 2; undefined when a side is empty. */
  mid: string | undefined
  /**
   * The ends of the price axis: centred on the mid price, as far out as the farther side reaches (so both sides are
   * read at one scale); the lowest bid and highest ask when a side is empty; undefined for an empty book.
   */
  low: string | undefined
  high: string | undefined
  /** The larger side's whole total: the top of the size axis. */
  deepest: string
}

type Level = readonly [string, string]

const points = (rows: BookRow[]): DepthPoint[] => rows.map(({ price, total }) => ({ price, total }))

export function depthCurve(depth: { bids: readonly Level[]; asks: readonly Level[] }, tick: string): DepthCurve {
  const levels = Math.max(depth.bids.length, depth.asks.length)
  const view = bookView(depth, new Exact(tick), levels)
  const bids = points(view.bids)
  const asks = points(view.asks)
  const bestBid = bids[0]?.price
  const bestAsk = asks[0]?.price
  const mid = bestBid !== undefined && bestAsk !== undefined ? new Exact(bestBid).plus(bestAsk).div(2) : undefined
  const prices = [...bids, ...asks].map((p) => new Exact(p.price))
  const deepest = Exact.max(bids.at(-1)?.total ?? 0, asks.at(-1)?.total ?? 0)
  let low = prices.length > 0 ? Exact.min(...prices) : undefined
  let high = prices.length > 0 ? Exact.max(...prices) : undefined
  if (mid && low && high) {
    const half = Exact.max(mid.minus(low), high.minus(mid))
    low = mid.minus(half)
    high = mid.plus(half)
  }
  return { bids, asks, mid: mid?.toFixed(), low: low?.toFixed(), high: high?.toFixed(), deepest: deepest.toFixed() }
}
