/** The copy set-up page's loader: the trader (404 when there is none), their trades, the instruments and the wallet. */
import type { QueryClient } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { leaderQueries } from '../shared/leader.queries.ts'
import { DEFAULT_PERIOD } from '../shared/period.ts'
import { setupQueries } from './setup.queries.ts'

export async function loadCopySetup(queryClient: QueryClient, leaderId: string): Promise<void> {
  const [detail] = await Promise.all([
    queryClient.ensureQueryData(leaderQueries.detail(leaderId, DEFAULT_PERIOD)),
    queryClient.ensureQueryData(leaderQueries.positions(leaderId)),
    queryClient.ensureQueryData(leaderQueries.history(leaderId)),
    queryClient.ensureQueryData(setupQueries.instruments()),
    queryClient.ensureQueryData(setupQueries.availableUsdt()),
  ])
  if (detail.status === 'not-found') throw notFound()
}
