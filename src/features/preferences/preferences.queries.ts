import { queryOptions } from '@tanstack/react-query'
import type { LocaleCode } from '../../../app.config.ts'
import { getPreferences } from './preferences.functions.ts'

export const preferencesQueries = {
  all: ['preferences'] as const,
  current: (locale: LocaleCode) =>
    queryOptions({ queryKey: [...preferencesQueries.all, locale] as const, queryFn: () => getPreferences({ data: { locale } }), staleTime: 60_000 }),
}
