import { queryOptions } from '@tanstack/react-query'
import { getMyApplication } from './affiliate.functions.ts'

export const affiliateQueries = {
  all: ['affiliate'] as const,
  mine: () => queryOptions({ queryKey: [...affiliateQueries.all, 'mine'] as const, queryFn: () => getMyApplication() }),
}
