/** Query options of a lead trader's page, and the roots every copy-trading query key starts with. */
import { queryOptions, useQueryClient } from '@tanstack/react-query'
import type { StatsPeriod } from '../../contract/index.ts'
import { getLeaderDetail, getLeaderFollowers, getLeaderHistory, getLeaderPositions, getLeaderStats } from './leader.functions.ts'

/** Positions and statistics move with the market: refreshed in the background after this long. */
const LEADER_STALE_MS = 15_000

/**
 * First key of every copy-trading query: an action on a leader (watch, vote, follow, cancel)
 * refreshes them all, because a leader's figures appear on every one of these pages.
 */
export const COPY_QUERY_ROOTS = ['leader', 'leaders', 'copy-reactions', 'copy-overview', 'my-copy', 'my-copies', 'lead-centre', 'chain-wallets'] as const

export const leaderQueries = {
  all: ['leader'] as const,
  detail: (id: string, period: StatsPeriod) =>
    queryOptions({ queryKey: [...leaderQueries.all, id, 'detail', period] as const, queryFn: () => getLeaderDetail({ data: { id, period } }), staleTime: LEADER_STALE_MS }),
  stats: (id: string, period: StatsPeriod) =>
    queryOptions({ queryKey: [...leaderQueries.all, id, 'stats', period] as const, queryFn: () => getLeaderStats({ data: { id, period } }), staleTime: LEADER_STALE_MS }),
  positions: (id: string) => queryOptions({ queryKey: [...leaderQueries.all, id, 'positions'] as const, queryFn: () => getLeaderPositions({ data: { id } }), staleTime: LEADER_STALE_MS }),
  history: (id: string) => queryOptions({ queryKey: [...leaderQueries.all, id, 'history'] as const, queryFn: () => getLeaderHistory({ data: { id } }), staleTime: LEADER_STALE_MS }),
  followers: (id: string) => queryOptions({ queryKey: [...leaderQueries.all, id, 'followers'] as const, queryFn: () => getLeaderFollowers({ data: { id } }), staleTime: LEADER_STALE_MS }),
}

/** After a copy-trading action: every copy-trading query refreshes, since a leader and a copy show on all of those pages. */
export function useRefreshCopyQueries(): () => Promise<unknown> {
  const queryClient = useQueryClient()
  return () => Promise.all(COPY_QUERY_ROOTS.map((root) => queryClient.invalidateQueries({ queryKey: [root] })))
}
