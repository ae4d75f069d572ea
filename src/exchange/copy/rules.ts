/** The engine's tunables as Money, read once from app.config.ts, and the instruments' steps. */
import { COPY, FUTURES } from '#/app.config.ts'
import type { Bracket } from '#/contract/brackets.ts'
import { findInstrument, futuresBrackets } from '../market/instruments.ts'
import { Exact, type Money } from '../money.ts'

export interface InstrumentRules {
  lotSize: Money
  maxLeverage: number
  /** Leverage and maintenance-margin tiers by the position's notional (FUTURES.brackets). */
  brackets: readonly Bracket[]
}

export interface Rules {
  takerFeeRate: Money
  /** A futures order's fill as the resting side (a copied or liquidation close always takes). */
  makerFeeRate: Money
  /** A liquidation's clearance fee, to the insurance fund. */
  liquidationFeeRate: Money
  /**
   * The interest component I of every funding interval's rate (FUTURES.funding): in the replays of history (back-fill,
   * what-if), which have no book, the whole rate, paid against the market.
   */
  fundingInterestRate: Money
  instrument(pairCode: string): InstrumentRules
}

export function defaultRules(overrides: Partial<Omit<Rules, 'instrument'>> = {}): Rules {
  const cache = new Map<string, InstrumentRules>()
  return {
    takerFeeRate: new Exact(COPY.takerFeeRate),
    makerFeeRate: new Exact(FUTURES.makerFeeRate),
    liquidationFeeRate: new Exact(FUTURES.liquidationFeeRate),
    fundingInterestRate: new Exact(FUTURES.funding.interestRate),
    ...overrides,
    instrument(pairCode) {
      const known = cache.get(pairCode)
      if (known) return known
      const instrument = findInstrument(pairCode)
      if (!instrument) throw new Error(`unknown instrument ${pairCode}`)
      const maxLeverage = Math.min(instrument.maxLeverage, COPY.maxLeverage)
      const rules = {
        lotSize: new Exact(instrument.lotSize),
        maxLeverage,
        brackets: futuresBrackets(instrument, maxLeverage),
      }
      cache.set(pairCode, rules)
      return rules
    },
  }
}
