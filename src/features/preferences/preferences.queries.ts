import { queryOptions } from '@tanstack/react-query'
import type { LocaleCode } from '#/app.config.ts'
import { getPreferences } from './preferences.functions.ts'
import { getFiatRates } from './rates.functions.ts'

export const preferencesQueries = {
  all: ['preferences'] as const,
  fiatRates: () =>
    queryOptions({
      queryKey: ['fiat-rates'] as const,
      // Without rates, amounts are shown in USDT only.
      queryFn: async (): Promise<Record<string, string>> => {
        const rates = await getFiatRates()
        return rates.status === 'ok' ? rates.data.rates : {}
      },
      staleTime: 5 * 60_000,
    }),
  current: (locale: LocaleCode) =>
    queryOptions({
      queryKey: [...preferencesQueries.all, locale] as const,
      queryFn: () => getPreferences({ data: { locale } }),
      staleTime: 60_000,
    }),
}
