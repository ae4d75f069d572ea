/**
 * What the order book panel draws from a depth snapshot (pure, exact): levels grouped to a price step (bids down to
 * it, asks up to it, so a grouped level never claims a better price than its orders), each with the cumulative size
 * from the best price, its share of the deepest side for the depth shading, and the spread.
 */
import { Exact, type Money } from '#/contract/money.ts'

export type BookSide = 'bid' | 'ask'

export interface BookRow {
  price: string
  size: string
  /** Cumulative size from the best price through this level. */
  total: string
  /** total ÷ the larger side's whole total, 0…1: how wide the row's shading is. */
  share: number
}

export interface BookView {
  bids: BookRow[]
  asks: BookRow[]
  /** Best ask − best bid; undefined when a side is empty. */
  spread: string | undefined
  /** The spread over the mid price (a ratio); undefined when a side is empty. */
  spreadRatio: string | undefined
}

type Level = readonly [string, string]

function grouped(levels: readonly Level[], side: BookSide, step: Money, rows: number): { price: Money; size: Money }[] {
  const out: { price: Money; size: Money }[] = []
  for (const [priceText, sizeText] of levels) {
    const price = new Exact(priceText)
    const bucket = price
      .div(step)
      .toDecimalPlaces(0, side === 'bid' ? Exact.ROUND_FLOOR : Exact.ROUND_CEIL)
      .times(step)
    const last = out.at(-1)
    if (last && last.price.eq(bucket)) last.size = last.size.plus(sizeText)
    else {
      if (out.length === rows) break
      out.push({ price: bucket, size: new Exact(sizeText) })
    }
  }
  return out
}

function withTotals(levels: { price: Money; size: Money }[]): { price: Money; size: Money; total: Money }[] {
  let total: Money = new Exact(0)
  return levels.map((level) => {
    total = total.plus(level.size)
    return { ...level, total }
  })
}

/** The book grouped to `step` (a multiple of the tick), `rows` levels a side, best first. */
export function bookView(
  depth: { bids: readonly Level[]; asks: readonly Level[] },
  step: Money,
  rows: number,
): BookView {
  const bids = withTotals(grouped(depth.bids, 'bid', step, rows))
  const asks = withTotals(grouped(depth.asks, 'ask', step, rows))
  const deepest = Exact.max(bids.at(-1)?.total ?? 0, asks.at(-1)?.total ?? 0)
  const row = (level: { price: Money; size: Money; total: Money }): BookRow => ({
    price: level.price.toFixed(),
    size: level.size.toFixed(),
    total: level.total.toFixed(),
    share: deepest.isZero() ? 0 : level.total.div(deepest).toNumber(),
  })
  const bestBid = depth.bids[0]?.[0]
  const bestAsk = depth.asks[0]?.[0]
  let spread: string | undefined
  let spreadRatio: string | undefined
  if (bestBid !== undefined && bestAsk !== undefined) {
    const gap = new Exact(bestAsk).minus(bestBid)
    const mid = new Exact(bestAsk).plus(bestBid).div(2)
    spread = gap.toFixed()
    spreadRatio = mid.isZero() ? undefined : gap.div(mid).toFixed()
  }
  return { bids: bids.map(row), asks: asks.map(row), spread, spreadRatio }
}

/** The groupings offered for a pair: its tick × each multiple, while the step stays under a tenth of the price. */
export function groupingSteps(tick: string, multiples: readonly number[], price: string | undefined): string[] {
  const ceiling = price === undefined ? undefined : new Exact(price).div(10)
  return multiples
    .map((m) => new Exact(tick).times(m))
    .filter((step, index) => index === 0 || ceiling === undefined || step.lte(ceiling))
    .map((step) => step.toFixed())
}

/** Decimals of a step ('0.01' → 2, '10' → 0): prices grouped to it are shown with exactly these. */
export function stepDecimals(step: string): number {
  return Math.max(0, new Exact(step).decimalPlaces())
}
