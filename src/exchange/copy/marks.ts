/** The market's marks as Money: what the engine's closes, stops and settlements take. */
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
