import { queryOptions } from '@tanstack/react-query'
import { getSiteConfig } from './site.functions.ts'

export const siteQueries = {
  config: () => queryOptions({ queryKey: ['site', 'config'] as const, queryFn: () => getSiteConfig(), staleTime: 60_000 }),
}
