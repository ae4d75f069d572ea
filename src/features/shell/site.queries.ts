import { queryOptions } from '@tanstack/react-query'
import { getSiteConfig, OPEN_SITE } from './site.functions.ts'

export const siteQueries = {
  config: () =>
    queryOptions({
      queryKey: ['site', 'config'] as const,
      queryFn: async () => {
        const site = await getSiteConfig()
        return site.status === 'ok' ? site.data : OPEN_SITE
      },
      staleTime: 60_000,
    }),
}
