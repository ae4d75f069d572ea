import { queryOptions } from '@tanstack/react-query'
import { getAnniversaryCampaign } from './campaign.functions.ts'

export const campaignQueries = {
  anniversary: () => queryOptions({ queryKey: ['campaign', 'anniversary'] as const, queryFn: () => getAnniversaryCampaign(), staleTime: 5 * 60_000 }),
}
