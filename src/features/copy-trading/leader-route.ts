/**
 * What the three leader-detail routes (gemw/{id}, futures-trader/{id}, spot-trader/{id}) share:
 * the period search parameter (a bad value falls back to 30 days) and the loader that prefetches
 * the page and answers 404 for a leader that does not exist.
 */
import type { QueryClient } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { z } from 'zod/mini'
import { idSchema, STATS_PERIODS, type StatsPeriod } from '../../contract/index.ts'
import { ID_PATTERN, validationFailed } from '../routing/not-found.ts'
import { leaderQueries } from './leader.queries.ts'

export const leaderSearchSchema = z.object({ period: z.catch(z.optional(z.enum(STATS_PERIODS)), undefined) })

export const periodOf = (search: { period?: StatsPeriod | undefined }): StatsPeriod => search.period ?? '30d'

export function checkLeaderId(id: string): void {
  if (!ID_PATTERN.test(id)) validationFailed()
}

export async function loadLeader(queryClient: QueryClient, id: string, period: StatsPeriod): Promise<void> {
  // Leader ids are numbers; an id of another shape names no leader.
  if (!idSchema.safeParse(id).success) throw notFound()
  const [detail] = await Promise.all([
    queryClient.ensureQueryData(leaderQueries.detail(id, period)),
    queryClient.ensureQueryData(leaderQueries.positions(id)),
    queryClient.ensureQueryData(leaderQueries.history(id)),
    queryClient.ensureQueryData(leaderQueries.stats(id, period)),
    queryClient.ensureQueryData(leaderQueries.followers(id)),
  ])
  if (detail.status === 'not-found') throw notFound()
}
