/** The loader of my copy of a leader (copy-detail/{id}): the copy, and the trader's card (whether I watch them). */
import type { QueryClient } from '@tanstack/react-query'
import { leaderQueries } from '../shared/leader.queries.ts'
import { DEFAULT_PERIOD } from '../shared/period.ts'
import { myCopyQueries } from './my-copy.queries.ts'

export async function loadMyCopy(queryClient: QueryClient, leaderId: string): Promise<void> {
  await Promise.all([
    queryClient.ensureQueryData(myCopyQueries.detail(leaderId)),
    queryClient.ensureQueryData(leaderQueries.detail(leaderId, DEFAULT_PERIOD)),
  ])
}
