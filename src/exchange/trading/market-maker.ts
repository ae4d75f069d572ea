/**
 * The simulated market maker: the liquidity of the reference exchange's books that is not users'. It quotes a ladder
 * of bids and asks around the simulator's price (TRADING.marketMaker): the spread and the gaps between levels widen,
 * and the sizes shrink, in the simulator's stormy regimes, as real makers pull back when prices jump. A market order
 * walks this ladder, so a large one pays real slippage. It trades from the house's account (house.ts): the books rest
 * this ladder sized within what the house holds (house-room.ts).
 *
 * Deterministic: the same price, regime and size draws give the same ladder. Prices are on the tick (bids rounded down, asks
 * up: never inside the intended spread), sizes on the lot (down, at least one lot).
 */
import { TRADING } from '#/app.config.ts'
import { exact, Exact, Money } from '#/exchange/money.ts'

export interface Quote {
  side: 'buy' | 'sell'
  price: Money
  size: Money
}

export interface LadderInput {
  /** The simulator's price of the pair now (its mark). */
  price: Money
  tickSize: Money
  lotSize: Money
  /** The simulator's volatility multiplier now (price-path.ts `regimeScale`: 0.6 calm, 1 normal, 2.6 stormy). */
  regime: number
  /**
   * Uniform draws in (0, 1) that vary the sizes from one re-quote to the next, two per level (its bid, then its ask):
   * keyed by the simulator's secret seed (books.ts), so nobody can tell the maker's next sizes.
   */
  sizeDraws: ArrayLike<number>
}

type MakerConfig = typeof TRADING.marketMaker

const BPS = 10_000
/** The draw that leaves a level's size as it is (a ladder given fewer draws than levels). */
const NO_VARIATION = 0.5

/** Down (bids) or up (asks) to the tick. */
function onTick(price: Money, tickSize: Money, side: Quote['side']): Money {
  const ticks = exact(price).div(tickSize)
  return (side === 'buy' ? ticks.floor() : ticks.ceil()).times(tickSize)
}

/** The maker's ladder: `levels` bids below the price and as many asks above, best first on each side. */
export function quoteLadder(input: LadderInput, config: MakerConfig = TRADING.marketMaker): Quote[] {
  const { price, tickSize, lotSize, regime, sizeDraws } = input
  const halfSpread = Money.max(
    tickSize,
    exact(price)
      .times(config.halfSpreadBps * regime)
      .div(BPS),
  )
  const step = Money.max(
    tickSize,
    exact(price)
      .times(config.levelStepBps * regime)
      .div(BPS),
  )
  const quotes: Quote[] = []
  for (const side of ['buy', 'sell'] as const) {
    const sign = side === 'buy' ? -1 : 1
    let previous: Money | null = null
    for (let level = 0; level < config.levels; level += 1) {
      let at = onTick(exact(price).plus(halfSpread.plus(step.times(level)).times(sign)), tickSize, side)
      // Each level a tick beyond the one before at least, whatever the rounding did.
      if (previous && (side === 'buy' ? at.gte(previous) : at.lte(previous))) at = previous.plus(tickSize.times(sign))
      if (at.lte(0)) break
      previous = at
      const draw = sizeDraws[level * 2 + (side === 'buy' ? 0 : 1)] ?? NO_VARIATION
      const variation = 1 + config.sizeVariation * (2 * draw - 1)
      // A size the maker chooses (not money owed): drawn in floating point, then exact from here on.
      const worth = new Exact((config.levelUsdt * (1 + config.levelGrowth * level) * variation) / regime)
      const lots = worth.div(at).div(lotSize).floor()
      quotes.push({ side, price: at, size: (lots.lt(1) ? new Money(1) : lots).times(lotSize) })
    }
  }
  return quotes
}
