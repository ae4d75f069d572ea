/** Query options of the user's copies. */
import { queryOptions } from '@tanstack/react-query'
import { copyQueries } from '../shared/copy.queries.ts'
import { getMyCopy } from './my-copy.functions.ts'

const MY_COPY_STALE_MS = 10_000

export const myCopyQueries = {
  all: [...copyQueries.all, 'my-copy'] as const,
  detail: (leaderId: string) =>
    queryOptions({
      queryKey: [...myCopyQueries.all, leaderId] as const,
      queryFn: () => getMyCopy({ data: { leaderId } }),
      staleTime: MY_COPY_STALE_MS,
    }),
}
