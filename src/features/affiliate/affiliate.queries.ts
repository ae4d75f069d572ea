import { queryOptions } from '@tanstack/react-query'
import { getAffiliateProgram, getMyApplication } from './affiliate.functions.ts'

export const affiliateQueries = {
  all: ['affiliate'] as const,
  mine: () => queryOptions({ queryKey: [...affiliateQueries.all, 'mine'] as const, queryFn: () => getMyApplication() }),
  program: () =>
    queryOptions({
      queryKey: [...affiliateQueries.all, 'program'] as const,
      queryFn: () => getAffiliateProgram(),
      // Operator configuration: it changes with a deployment, not while a page is open.
      staleTime: Infinity,
    }),
}
