/** Query options of a lead trader's page (the set-up and my copy show the trader too). */
import { queryOptions } from '@tanstack/react-query'
import type { StatsPeriod } from '#/contract/index.ts'
import {
  getLeaderDetail,
  getLeaderFollowers,
  getLeaderHistory,
  getLeaderPositions,
  getLeaderStats,
} from './leader.functions.ts'
import { copyQueries } from './copy.queries.ts'

/** Positions and statistics move with the market: refreshed in the background after this long. */
const LEADER_STALE_MS = 15_000

export const leaderQueries = {
  all: [...copyQueries.all, 'leader'] as const,
  detail: (id: string, period: StatsPeriod) =>
    queryOptions({
      queryKey: [...leaderQueries.all, id, 'detail', period] as const,
      queryFn: () => getLeaderDetail({ data: { id, period } }),
      staleTime: LEADER_STALE_MS,
    }),
  stats: (id: string, period: StatsPeriod) =>
    queryOptions({
      queryKey: [...leaderQueries.all, id, 'stats', period] as const,
      queryFn: () => getLeaderStats({ data: { id, period } }),
      staleTime: LEADER_STALE_MS,
    }),
  positions: (id: string) =>
    queryOptions({
      queryKey: [...leaderQueries.all, id, 'positions'] as const,
      queryFn: () => getLeaderPositions({ data: { id } }),
      staleTime: LEADER_STALE_MS,
    }),
  history: (id: string) =>
    queryOptions({
      queryKey: [...leaderQueries.all, id, 'history'] as const,
      queryFn: () => getLeaderHistory({ data: { id } }),
      staleTime: LEADER_STALE_MS,
    }),
  followers: (id: string) =>
    queryOptions({
      queryKey: [...leaderQueries.all, id, 'followers'] as const,
      queryFn: () => getLeaderFollowers({ data: { id } }),
      staleTime: LEADER_STALE_MS,
    }),
}
