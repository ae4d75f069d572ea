/** Query options of a lead trader's page. */
import { queryOptions } from '@tanstack/react-query'
import type { StatsPeriod } from '../../contract/index.ts'
import { getLeaderDetail, getLeaderHistory, getLeaderPositions } from './leader.functions.ts'

/** Positions and statistics move with the market: refreshed in the background after this long. */
const LEADER_STALE_MS = 15_000

export const leaderQueries = {
  all: ['leader'] as const,
  detail: (id: string, period: StatsPeriod) =>
    queryOptions({ queryKey: [...leaderQueries.all, id, 'detail', period] as const, queryFn: () => getLeaderDetail({ data: { id, period } }), staleTime: LEADER_STALE_MS }),
  positions: (id: string) => queryOptions({ queryKey: [...leaderQueries.all, id, 'positions'] as const, queryFn: () => getLeaderPositions({ data: { id } }), staleTime: LEADER_STALE_MS }),
  history: (id: string) => queryOptions({ queryKey: [...leaderQueries.all, id, 'history'] as const, queryFn: () => getLeaderHistory({ data: { id } }), staleTime: LEADER_STALE_MS }),
}
