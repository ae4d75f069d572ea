import { queryOptions } from '@tanstack/react-query'
import { getAnniversaryCampaign } from './campaign.functions.ts'

export const campaignQueries = {
  anniversary: () =>
    queryOptions({
      queryKey: ['campaign', 'anniversary'] as const,
      // Shown only while the exchange switches it on; no campaign or no answer shows nothing.
      queryFn: async () => {
        const campaign = await getAnniversaryCampaign()
        return campaign.status === 'ok' && campaign.data.showSwitch ? campaign.data : null
      },
      staleTime: 5 * 60_000,
    }),
}
