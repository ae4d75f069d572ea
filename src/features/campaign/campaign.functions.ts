/** The anniversary campaign (§3, §7): shown only while the exchange's showSwitch is on. */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod/mini'
import { isSuccess } from '../../lib/http/api-client.ts'
import { serverApi } from '../auth/api.server.ts'

const campaignSchema = z.object({
  showSwitch: z.boolean(),
  activityId: z.optional(z.nullable(z.string())),
  title: z.string(),
  subtitle: z.string(),
  startTime: z.nullable(z.string()),
  endTime: z.nullable(z.string()),
  rewardPoolUsdt: z.string(),
})
export type Campaign = z.infer<typeof campaignSchema>

export const getAnniversaryCampaign = createServerFn({ method: 'GET' }).handler(async (): Promise<Campaign | null> => {
  const envelope = await serverApi()('/afs/activity/v1/paging/anniversary/index')
  if (!isSuccess(envelope)) return null
  const parsed = campaignSchema.safeParse(envelope.data)
  return parsed.success && parsed.data.showSwitch ? parsed.data : null
})
