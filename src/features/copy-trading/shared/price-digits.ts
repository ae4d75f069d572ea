/**
 * The decimals a pair's prices and sizes are shown with on the copy-trading pages: its tick's and its lot's, as in the
 * terminal (issue 28: leader pages showed 81,545.4000 where the terminal shows 81,545.4). Until the instruments are
 * known, a price shows the digits it has, up to `FALLBACK_DIGITS`, never padded.
 */
import { useQuery } from '@tanstack/react-query'
import { setupQueries } from '../setup/setup.queries.ts'

const FALLBACK_DIGITS = 4

/** Decimals of a step ('0.01' → 2, '10' → 0). */
export const stepDigits = (step: string) => step.split('.')[1]?.length ?? 0

export interface PairDigits {
  /** Decimals of the pair's tick, or undefined before the instruments are known. */
  price: number | undefined
  size: number | undefined
}

/** A lookup of each pair's display decimals. */
export function usePairDigits(): (pairCode: string) => PairDigits {
  const { data } = useQuery(setupQueries.instruments())
  const instruments = data?.status === 'ok' ? data.data : []
  return (pairCode) => {
    const instrument = instruments.find((i) => i.pairCode === pairCode)
    return instrument
      ? { price: stepDigits(instrument.tickSize), size: stepDigits(instrument.lotSize) }
      : { price: undefined, size: undefined }
  }
}

/** Number options of a price of the pair: at its tick, or its own digits while the tick is unknown. */
export const priceOptions = (digits: PairDigits) =>
  digits.price === undefined ? { digits: FALLBACK_DIGITS, minDigits: 0 } : { digits: digits.price }
