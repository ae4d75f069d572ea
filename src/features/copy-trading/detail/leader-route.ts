/**
 * The three leader-detail routes (gemw/{id}, futures-trader/{id}, spot-trader/{id}) in one
 * definition: the id checked at the router, the period in the search (a bad value falls back),
 * the loader that prefetches the page and answers 404 for a leader that does not exist, and a head
 * titled with the leader's nickname. What the three differ in is the table below. The page
 * components are in LeaderDetailPage.tsx: a route names its component itself, so that the router
 * splits it into the page's own chunk instead of every page's first load.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { QueryClient } from '@tanstack/react-query'
import { notFound, type StaticDataRouteOption } from '@tanstack/react-router'
import type { StatsPeriod } from '#/contract/index.ts'
import { pageHead } from '#/features/shell/index.ts'
import { leaderSearchSchema, type LeaderSearch } from '../search.schemas.ts'
import { leaderIdParams } from '../shared/leader-id-params.ts'
import { leaderQueries } from '../shared/leader.queries.ts'
import { periodOf } from '../shared/period.ts'

/** gemw/{id} shows a leader of either market; the other two, of theirs. */
export type LeaderPageKind = 'gemw' | 'futures' | 'spot'

interface LeaderPage {
  /** The heading, and the document's title while the leader is not known (the exchange did not answer). */
  title: MessageDescriptor
  /** The document's title, with the leader's `{nickname}`. */
  named: MessageDescriptor
  description: MessageDescriptor
  staticData: StaticDataRouteOption
}

export const LEADER_PAGES: Record<LeaderPageKind, LeaderPage> = {
  gemw: {
    title: msg`Lead trader`,
    named: msg`{nickname} · Lead trader`,
    description: msg`Performance, positions and followers of a lead trader, and how to copy them.`,
    staticData: {},
  },
  futures: {
    title: msg`Futures lead trader`,
    named: msg`{nickname} · Futures lead trader`,
    description: msg`Performance, positions and followers of a futures lead trader, and how to copy them.`,
    staticData: { guards: ['futures-redirect'] },
  },
  spot: {
    title: msg`Spot lead trader`,
    named: msg`{nickname} · Spot lead trader`,
    description: msg`Performance, positions and followers of a spot lead trader, and how to copy them.`,
    staticData: {},
  },
}

interface LeaderLoaderData {
  /** Null when the exchange could not be reached: the page says so and offers a retry. */
  nickname: string | null
}

async function loadLeader(queryClient: QueryClient, id: string, period: StatsPeriod): Promise<LeaderLoaderData> {
  const [detail] = await Promise.all([
    queryClient.ensureQueryData(leaderQueries.detail(id, period)),
    queryClient.ensureQueryData(leaderQueries.positions(id)),
    queryClient.ensureQueryData(leaderQueries.history(id)),
    queryClient.ensureQueryData(leaderQueries.stats(id, period)),
    queryClient.ensureQueryData(leaderQueries.followers(id)),
  ])
  if (detail.status === 'not-found') throw notFound()
  return { nickname: detail.status === 'ok' ? detail.data.nickname : null }
}

/** The options of a leader-detail route, but its component (see the file's comment). */
function leaderDetailRoute(kind: LeaderPageKind) {
  const page = LEADER_PAGES[kind]
  return {
    staticData: page.staticData,
    params: leaderIdParams,
    validateSearch: leaderSearchSchema,
    loaderDeps: ({ search }: { search: LeaderSearch }) => ({ period: periodOf(search) }),
    loader: ({
      context,
      params,
      deps,
    }: {
      context: { queryClient: QueryClient }
      params: { id: string }
      deps: { period: StatsPeriod }
    }) => loadLeader(context.queryClient, params.id, deps.period),
    head: ({ match, loaderData }: { match: Parameters<typeof pageHead>[0]['match']; loaderData?: LeaderLoaderData }) =>
      pageHead({
        match,
        ...(loaderData?.nickname
          ? { title: page.named, values: { nickname: loaderData.nickname } }
          : { title: page.title }),
        description: page.description,
      }),
  }
}

// One per route, for the route file to spread (a spread the router's lint rule can follow is a name).
export const gemwLeaderRoute = leaderDetailRoute('gemw')
export const futuresLeaderRoute = leaderDetailRoute('futures')
export const spotLeaderRoute = leaderDetailRoute('spot')
