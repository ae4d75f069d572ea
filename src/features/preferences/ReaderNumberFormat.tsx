/** Gives every formatter of the page the reader's settings: locale, scientific notation, pricing currency and its rate. */
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useMemo, type ReactNode } from 'react'
import { pricingCurrencyOrDefault } from '#/lib/format/currency.ts'
import type { Notation } from '#/lib/format/number.ts'
import { NumberFormatProvider } from '#/lib/format/useNumberFormat.tsx'
import { localeInfo } from '#/lib/locale.ts'
import { preferencesQueries } from './preferences.queries.ts'
import { useStoredScientific } from '#/features/state/index.ts'

export function ReaderNumberFormat({ children }: { children: ReactNode }) {
  const { locale, shell } = useRouteContext({ from: '__root__' })
  const { data } = useQuery(preferencesQueries.current(locale))
  const stored = useStoredScientific()
  const scientific = shell.loggedIn ? (data?.scientificNotation ?? true) : (stored ?? data?.scientificNotation ?? true)
  const { data: rates } = useQuery(preferencesQueries.fiatRates())
  const currency = pricingCurrencyOrDefault(data?.pricingCurrency)
  const tag = localeInfo(locale).tag
  const rate = rates?.[currency]
  const notation: Notation = scientific ? 'indent' : 'normal'
  const settings = useMemo(() => ({ tag, notation, currency, rate }), [tag, notation, currency, rate])
  return <NumberFormatProvider settings={settings}>{children}</NumberFormatProvider>
}
