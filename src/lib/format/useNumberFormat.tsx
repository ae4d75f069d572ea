/**
 * Number formatting bound to the reader: their locale's digit grouping, their scientific-notation
 * preference (§4: 'indent' folds and abbreviates, 'normal' shows every digit) and their pricing
 * currency. The reader's settings are provided once at the root (the preferences feature knows
 * them); components only ask for the formatters.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { DISPLAY } from '#/app.config.ts'
import { formatFiat, pricingCurrencyOrDefault } from './currency.ts'
import { formatNumber, formatPercent, type Notation, type NumberOptions } from './number.ts'

export interface NumberFormatSettings {
  /** The language tag of the page (ar-AE, not ar_AE): Intl's grouping and digits. */
  tag: string
  notation: Notation
  /** The pricing currency code. */
  currency: string
  /** Fiat units of one USDT in that currency, once known. */
  rate: string | undefined
}

/** Visitors default to 'indent' (§4); the default pricing currency until the reader's is known. */
const DEFAULT_SETTINGS: NumberFormatSettings = {
  tag: 'en-US',
  notation: 'indent',
  currency: pricingCurrencyOrDefault(undefined),
  rate: undefined,
}

const Settings = createContext<NumberFormatSettings>(DEFAULT_SETTINGS)

export function NumberFormatProvider({ settings, children }: { settings: NumberFormatSettings; children: ReactNode }) {
  return <Settings.Provider value={settings}>{children}</Settings.Provider>
}

export function useNumberFormat() {
  const { tag, notation, currency, rate } = useContext(Settings)
  return useMemo(
    () => ({
      notation,
      number: (value: string | null | undefined, options: Omit<NumberOptions, 'tag' | 'notation'>) =>
        formatNumber(value, { ...options, tag, notation }),
      usdt: (value: string | null | undefined) => formatNumber(value, { digits: DISPLAY.usdtDigits, tag, notation }),
      /** An amount of a coin (balance, fee, movement): its significant digits at the wallets' precision. */
      amount: (value: string | null | undefined, options: { signed?: boolean } = {}) =>
        formatNumber(value, {
          digits: DISPLAY.coinDigits,
          minDigits: DISPLAY.amountMinDigits,
          tag,
          notation,
          ...(options.signed ? { signed: true } : {}),
        }),
      percent: (ratio: string | null | undefined, digits = 2) => formatPercent(ratio, { digits, tag, signed: true }),
      /** A share that has no direction (win rate, drawdown, a fee rate): no sign. */
      ratio: (ratio: string | null | undefined, digits = 2) => formatPercent(ratio, { digits, tag }),
      /** A USDT amount in the reader's pricing currency ('--' until the rates arrive). */
      fiat: (usdt: string) => formatFiat(usdt, currency, rate, tag),
    }),
    [notation, tag, currency, rate],
  )
}
