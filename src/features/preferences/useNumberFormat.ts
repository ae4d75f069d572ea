/**
 * Number formatting bound to the reader: their locale's digit grouping and their scientific-
 * notation preference (§4: 'indent' folds and abbreviates, 'normal' shows every digit; visitors
 * default to 'indent').
 */
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useMemo } from 'react'
import { DISPLAY } from '../../../app.config.ts'
import { formatFiat, pricingCurrencyOrDefault } from '../../lib/format/currency.ts'
import { formatNumber, formatPercent, type Notation, type NumberOptions } from '../../lib/format/number.ts'
import { localeInfo } from '../i18n/locales.ts'
import { preferencesQueries } from './preferences.queries.ts'
import { useStoredScientific } from './scientific-storage.ts'

export function useNumberFormat() {
  const { locale, shell } = useRouteContext({ from: '__root__' })
  const { data } = useQuery(preferencesQueries.current(locale))
  const stored = useStoredScientific()
  const scientific = shell.loggedIn ? (data?.scientificNotation ?? true) : (stored ?? data?.scientificNotation ?? true)
  const notation: Notation = scientific ? 'indent' : 'normal'
  const tag = localeInfo(locale).tag
  const { data: rates } = useQuery(preferencesQueries.fiatRates())
  const currency = pricingCurrencyOrDefault(data?.pricingCurrency)
  return useMemo(
    () => ({
      notation,
      number: (value: string | null | undefined, options: Omit<NumberOptions, 'tag' | 'notation'>) => formatNumber(value, { ...options, tag, notation }),
      usdt: (value: string | null | undefined) => formatNumber(value, { digits: DISPLAY.usdtDigits, tag, notation }),
      percent: (ratio: string | null | undefined, digits = 2) => formatPercent(ratio, { digits, tag, signed: true }),
      /** A share that has no direction (win rate, drawdown, a fee rate): no sign. */
      ratio: (ratio: string | null | undefined, digits = 2) => formatPercent(ratio, { digits, tag }),
      /** A USDT amount in the reader's pricing currency ('--' until the rates arrive). */
      fiat: (usdt: string) => formatFiat(usdt, currency, rates?.[currency], tag),
    }),
    [notation, tag, currency, rates],
  )
}
