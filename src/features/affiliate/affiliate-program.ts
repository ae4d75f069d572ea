/** The affiliate programme's terms (commission tiers): operator configuration, the same for every visitor. */
import { z } from 'zod/mini'
import { AFFILIATE_PROGRAM } from '#/app.config.ts'

export const TIER_CODES = ['starter', 'pro', 'elite'] as const

export const affiliateProgramSchema = z.object({
  tiers: z.array(z.object({ code: z.enum(TIER_CODES), volume: z.string(), rate: z.string() })),
})
export type AffiliateProgram = z.infer<typeof affiliateProgramSchema>

export function affiliateProgram(): AffiliateProgram {
  return { tiers: AFFILIATE_PROGRAM.tiers.map((tier) => ({ ...tier })) }
}
