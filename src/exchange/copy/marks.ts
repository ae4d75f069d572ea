/** The market's marks as Money: what the engine's closes, stops and settlements take. */
import { MINUTE_MS } from '../market/price-path.ts'
import type { MarketSimulator } from '../market/simulator.ts'
import { Money } from '../money.ts'

/** The current mark of a pair as Money; undefined before the market has a price for it. */
export function markOf(market: Pick<MarketSimulator, 'mark'>, pairCode: string): Money | undefined {
  const mark = market.mark(pairCode)
  return mark === undefined ? undefined : new Money(mark)
}

/** Every mark as Money (what the engine's close and end-copy operations take). */
export function marksOf(market: Pick<MarketSimulator, 'marks'>): Map<string, Money> {
  return new Map([...market.marks()].map(([pair, price]) => [pair, new Money(price)]))
}

/**
 * Every pair's mark at a past engine time `at` (the close of the minute before it, as the market kept it): what a job
 * due then (funding) is valued at even when it runs later, a restart's catch-up included.
 */
export async function marksAt(
  market: Pick<MarketSimulator, 'marks' | 'closes'>,
  at: number,
): Promise<Map<string, Money>> {
  const marks = new Map<string, Money>()
  for (const pairCode of market.marks().keys()) {
    const [close] = await market.closes(pairCode, at - MINUTE_MS, at - MINUTE_MS, 1)
    const price = close?.price ?? market.marks().get(pairCode)
    if (price !== undefined) marks.set(pairCode, new Money(price))
  }
  return marks
}
