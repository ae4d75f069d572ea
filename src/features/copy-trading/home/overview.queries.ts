import { queryOptions } from '@tanstack/react-query'
import type { CopyBiz } from '#/contract/index.ts'
import { copyQueries } from '../shared/copy.queries.ts'
import { getCopyOverview } from './overview.functions.ts'

/** Platform figures move slowly: refreshed in the background after this long. */
const OVERVIEW_STALE_MS = 30_000

export const overviewQueries = {
  overview: (biz: CopyBiz) =>
    queryOptions({
      queryKey: [...copyQueries.all, 'overview', biz] as const,
      queryFn: () => getCopyOverview({ data: { biz } }),
      staleTime: OVERVIEW_STALE_MS,
    }),
}
