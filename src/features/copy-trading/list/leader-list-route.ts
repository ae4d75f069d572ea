/**
 * The two leader-list routes (futures, spot) in one definition: the search with its fallbacks, the
 * loader of the first page (and, signed in, the caller's watches and votes) and the head. The page
 * components are in LeaderListPage.tsx: a route names its component itself, so that the router
 * splits it into the page's own chunk instead of every page's first load.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { QueryClient } from '@tanstack/react-query'
import type { StaticDataRouteOption } from '@tanstack/react-router'
import type { CopyBiz } from '#/contract/index.ts'
import { pageHead } from '#/features/shell/index.ts'
import { loadLeaderList } from './leader-list.queries.ts'
import { leaderListSearchSchema, type LeaderListSearch } from './leader-list.schemas.ts'

interface LeaderListPage {
  title: MessageDescriptor
  description: MessageDescriptor
  staticData: StaticDataRouteOption
}

export const LEADER_LIST_PAGES: Record<CopyBiz, LeaderListPage> = {
  futures: {
    title: msg`Futures lead traders`,
    description: msg`Compare futures lead traders by ROI, profit, drawdown and copiers, and copy the one that suits you.`,
    staticData: { guards: ['futures-redirect'] },
  },
  spot: {
    title: msg`Spot lead traders`,
    description: msg`Compare spot lead traders by ROI, profit, drawdown and copiers, and copy the one that suits you.`,
    staticData: {},
  },
}

/** The options of a leader-list route, but its component (see the file's comment). */
function leaderListRoute(biz: CopyBiz) {
  const page = LEADER_LIST_PAGES[biz]
  return {
    staticData: page.staticData,
    validateSearch: leaderListSearchSchema,
    loaderDeps: ({ search }: { search: LeaderListSearch }) => search,
    loader: ({
      context,
      deps,
    }: {
      context: { queryClient: QueryClient; shell: { loggedIn: boolean } }
      deps: LeaderListSearch
    }) => loadLeaderList(context.queryClient, biz, deps, context.shell.loggedIn),
    head: ({ match }: { match: Parameters<typeof pageHead>[0]['match'] }) =>
      pageHead({ match, title: page.title, description: page.description }),
  }
}

// One per route, for the route file to spread (a spread the router's lint rule can follow is a name).
export const futuresLeadersRoute = leaderListRoute('futures')
export const spotLeadersRoute = leaderListRoute('spot')
