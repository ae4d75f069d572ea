/**
 * Query options of the leader list (pages of COPY_PAGES.leaderList, loaded one after another) and of the caller's
 * watches and votes.
 */
import { COPY_PAGES } from '#/app.config.ts'
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query'
import type { CopyBiz } from '#/contract/index.ts'
import { copyQueries } from '../shared/copy.queries.ts'
import { getMyReactions, listLeaders } from './leader-list.functions.ts'
import { listParams, type LeaderListParams, type LeaderListSearch } from './leader-list.schemas.ts'

/** Rows per request: the list shows them all, virtualized past VIRTUALIZE_FROM rows. */
/** Statistics are refreshed by the engine every few minutes; a minute old is fresh enough. */
const LIST_STALE_MS = 60_000

type ListPage = Awaited<ReturnType<typeof listLeaders>>

/** The next page while the pages so far hold fewer rows than the total; none after a failed page. */
export function nextPageOf(last: ListPage): number | undefined {
  if (last.status !== 'ok') return undefined
  const { page, pageSize, total } = last.data
  return page * pageSize < total ? page + 1 : undefined
}

export const leaderListQueries = {
  all: [...copyQueries.all, 'leaders'] as const,
  list: (params: LeaderListParams) =>
    infiniteQueryOptions({
      queryKey: [...leaderListQueries.all, 'list', params] as const,
      queryFn: ({ pageParam }): Promise<ListPage> =>
        listLeaders({ data: { ...params, page: pageParam, pageSize: COPY_PAGES.leaderList } }),
      initialPageParam: 1,
      getNextPageParam: nextPageOf,
      staleTime: LIST_STALE_MS,
    }),
  /** Signed in only: the API answers 401 to an anonymous caller. */
  reactions: () =>
    queryOptions({
      queryKey: [...copyQueries.all, 'reactions'] as const,
      queryFn: () => getMyReactions(),
      staleTime: LIST_STALE_MS,
    }),
}

/** The loader of both list routes: the first page, and the caller's watches and votes when signed in. */
export async function loadLeaderList(
  queryClient: QueryClient,
  biz: CopyBiz,
  search: LeaderListSearch,
  loggedIn: boolean,
): Promise<void> {
  await Promise.all([
    queryClient.ensureInfiniteQueryData(leaderListQueries.list(listParams(biz, search, loggedIn))),
    loggedIn ? queryClient.ensureQueryData(leaderListQueries.reactions()) : undefined,
  ])
}
