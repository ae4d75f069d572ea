/** The engine's tunables as Money, read once from app.config.ts, and the instruments' steps. */
import { COPY } from '#/app.config.ts'
import { findInstrument } from '../market/instruments.ts'
import { Exact, type Money } from '../money.ts'

export interface InstrumentRules {
  lotSize: Money
  maxLeverage: number
}

export interface Rules {
  takerFeeRate: Money
  maintenanceMarginRate: Money
  fundingRate: Money
  instrument(pairCode: string): InstrumentRules
}

export function defaultRules(overrides: Partial<Omit<Rules, 'instrument'>> = {}): Rules {
  const cache = new Map<string, InstrumentRules>()
  return {
    takerFeeRate: new Exact(COPY.takerFeeRate),
    maintenanceMarginRate: new Exact(COPY.maintenanceMarginRate),
    fundingRate: new Exact(COPY.fundingRate),
    ...overrides,
    instrument(pairCode) {
      const known = cache.get(pairCode)
      if (known) return known
      const instrument = findInstrument(pairCode)
      if (!instrument) throw new Error(`unknown instrument ${pairCode}`)
      const rules = {
        lotSize: new Exact(instrument.lotSize),
        maxLeverage: Math.min(instrument.maxLeverage, COPY.maxLeverage),
      }
      cache.set(pairCode, rules)
      return rules
    },
  }
}
