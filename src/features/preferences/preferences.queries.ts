import { queryOptions } from '@tanstack/react-query'
import type { LocaleCode } from '../../../app.config.ts'
import { getPreferences } from './preferences.functions.ts'
import { getFiatRates } from './rates.functions.ts'

export const preferencesQueries = {
  all: ['preferences'] as const,
  fiatRates: () => queryOptions({ queryKey: ['fiat-rates'] as const, queryFn: () => getFiatRates(), staleTime: 5 * 60_000 }),
  current: (locale: LocaleCode) =>
    queryOptions({ queryKey: [...preferencesQueries.all, locale] as const, queryFn: () => getPreferences({ data: { locale } }), staleTime: 60_000 }),
}
