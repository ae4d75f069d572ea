/** Fiat rates: how much of each pricing currency one USDT buys (decimal strings). */
import { z } from 'zod'
import { okEnvelope } from './envelope.schemas.ts'
import { decimalStringSchema } from './wallet.schemas.ts'

export const fiatRatesSchema = z
  .object({
    base: z.literal('USDT'),
    rates: z.record(z.string().regex(/^[A-Z]{3}$/), decimalStringSchema),
    updatedAt: z.string(),
  })
  .meta({ id: 'FiatRates' })
export type FiatRates = z.infer<typeof fiatRatesSchema>
export const fiatRatesResponseSchema = okEnvelope(fiatRatesSchema).meta({ id: 'FiatRatesResponse' })
export type FiatRatesResponse = z.infer<typeof fiatRatesResponseSchema>
