/** "What if I had copied this leader?": settings and an investment replayed over the leader's last 7, 30 or 90 days. */
import { z } from 'zod'
import { copySettingsSchema, epochMsSchema } from './copy-common.schemas.ts'
import { okEnvelope } from './envelope.schemas.ts'
import { signedDecimalStringSchema } from './market.schemas.ts'
import { decimalStringSchema } from './wallet.schemas.ts'

export const WHAT_IF_PERIODS = ['7d', '30d', '90d'] as const

export const whatIfRequestSchema = copySettingsSchema
  .extend({ investment: decimalStringSchema, period: z.enum(WHAT_IF_PERIODS).default('30d') })
  .meta({ id: 'WhatIfRequest' })
export type WhatIfRequest = z.infer<typeof whatIfRequestSchema>

export const whatIfSchema = z
  .object({
    period: z.enum(WHAT_IF_PERIODS),
    investment: decimalStringSchema,
    /** Equity at the end minus the investment: realized and unrealized, after fees, funding and profit share. */
    pnl: signedDecimalStringSchema,
    roi: signedDecimalStringSchema,
    maxDrawdown: decimalStringSchema,
    fees: decimalStringSchema,
    profitShare: decimalStringSchema,
    /** Leader opens and adds the copy would have followed, and those it would have skipped. */
    copied: z.number().int().min(0),
    skipped: z.number().int().min(0),
    /** Equity at the end of each day, then now (open positions at the current marks) as the last point. */
    equity: z.array(z.object({ time: epochMsSchema, equity: signedDecimalStringSchema })),
  })
  .meta({ id: 'WhatIf' })
export type WhatIf = z.infer<typeof whatIfSchema>
export const whatIfResponseSchema = okEnvelope(whatIfSchema).meta({ id: 'WhatIfResponse' })
