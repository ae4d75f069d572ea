/** Public calls of §7: global config, the anniversary campaign and the analytics receiver. */
import { z } from 'zod'
import { ANALYTICS } from '#/app.config.ts'
import { okEnvelope, stringCodeEnvelope } from './envelope.schemas.ts'
import { decimalStringSchema } from './wallet.schemas.ts'
import { singleLine } from './text.schemas.ts'

const flagSchema = z.enum(['true', 'false'])

/** The flags the app acts on; an exchange may send more (an operator's own), and the map keeps them all. */
export const KNOWN_GLOBAL_FLAGS = ['Hbt_Switch', 'futuresMenu', 'p2pMenu'] as const
export type KnownGlobalFlag = (typeof KNOWN_GLOBAL_FLAGS)[number]

/**
 * §3's global config map: every flag the exchange sends, each the string 'true' or 'false' on the wire
 * (`Hbt_Switch` 'false' closes trading bots). A known flag left out reads as open.
 */
export const globalConfigSchema = z
  .object({ Hbt_Switch: flagSchema.optional(), futuresMenu: flagSchema.optional(), p2pMenu: flagSchema.optional() })
  .catchall(flagSchema)
  .meta({ id: 'GlobalConfig' })
export type GlobalConfig = z.infer<typeof globalConfigSchema>
export const globalConfigResponseSchema = okEnvelope(globalConfigSchema).meta({ id: 'GlobalConfigResponse' })
export type GlobalConfigResponse = z.infer<typeof globalConfigResponseSchema>

/** With no campaign stored, showSwitch is false, texts are empty and times null. */
export const anniversarySchema = z
  .object({
    showSwitch: z.boolean(),
    activityId: z.string(),
    title: z.string(),
    subtitle: z.string(),
    startTime: z.iso.datetime().nullable(),
    endTime: z.iso.datetime().nullable(),
    rewardPoolUsdt: decimalStringSchema,
  })
  .meta({ id: 'Anniversary' })
export type Anniversary = z.infer<typeof anniversarySchema>
export const anniversaryResponseSchema = stringCodeEnvelope(anniversarySchema).meta({ id: 'AnniversaryResponse' })
export type AnniversaryResponse = z.infer<typeof anniversaryResponseSchema>

/** §5: analytics names start with a letter; letters, digits, underscore; at most 50 characters. */
export const ANALYTICS_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,49}$/
const utm = singleLine(0, ANALYTICS.utmMaxLength).optional()

/** Every field bounded: the receiver is public, and what it keeps is what these let through. */
export const statisticsQuerySchema = z
  .object({
    event: z.string().max(ANALYTICS.nameMaxLength).regex(ANALYTICS_NAME_PATTERN),
    request_source: z.enum(['H5', 'PC']),
    type: singleLine(1, ANALYTICS.valueMaxLength),
    utm_source: utm,
    utm_medium: utm,
    utm_campaign: utm,
    utm_term: utm,
    utm_content: utm,
  })
  .meta({ id: 'StatisticsQuery' })
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>
