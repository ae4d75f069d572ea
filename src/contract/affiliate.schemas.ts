/** KOL (affiliate) applications: a signed-in user applies with contact and audience channels. */
import { z } from 'zod'
import { okEnvelope } from './envelope.schemas.ts'
import { multiLine, SINGLE_LINE, singleLine } from './text.schemas.ts'

export const APPLICATION_STATUSES = ['submitted', 'under_review', 'approved', 'rejected'] as const
/** While an application is in one of these, the user cannot open another. */
export const OPEN_APPLICATION_STATUSES = ['submitted', 'under_review'] as const
export const CONTACT_TYPES = ['email', 'telegram', 'whatsapp', 'phone'] as const
export const CHANNEL_PLATFORMS = [
  'youtube',
  'x',
  'telegram',
  'tiktok',
  'instagram',
  'discord',
  'blog',
  'other',
] as const
export const MAX_AUDIENCE = 1_000_000_000

/** http(s) only: a javascript: or data: link shown in an admin screen would be an attack. */
const httpUrlSchema = z
  .url({ protocol: /^https?$/ })
  .max(300)
  .regex(SINGLE_LINE)

export const affiliateChannelSchema = z
  .strictObject({
    platform: z.enum(CHANNEL_PLATFORMS),
    url: httpUrlSchema,
    audience: z.number().int().min(0).max(MAX_AUDIENCE),
  })
  .meta({ id: 'AffiliateChannel' })
export type AffiliateChannel = z.infer<typeof affiliateChannelSchema>

export const affiliateApplicationRequestSchema = z
  .strictObject({
    name: singleLine(2, 60),
    contact: z.strictObject({ type: z.enum(CONTACT_TYPES), value: singleLine(1, 120) }),
    channels: z.array(affiliateChannelSchema).min(1).max(10),
    region: singleLine(2, 60),
    message: multiLine(0, 2000),
  })
  .meta({ id: 'AffiliateApplicationRequest' })
export type AffiliateApplicationRequest = z.infer<typeof affiliateApplicationRequestSchema>

export const affiliateApplicationSchema = z
  .object({
    id: z.string(),
    status: z.enum(APPLICATION_STATUSES),
    name: z.string(),
    contact: z.object({ type: z.enum(CONTACT_TYPES), value: z.string() }),
    channels: z.array(z.object({ platform: z.enum(CHANNEL_PLATFORMS), url: z.string(), audience: z.number().int() })),
    region: z.string(),
    message: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'AffiliateApplication' })
export type AffiliateApplication = z.infer<typeof affiliateApplicationSchema>

export const affiliateApplicationResponseSchema = okEnvelope(affiliateApplicationSchema).meta({
  id: 'AffiliateApplicationResponse',
})
export type AffiliateApplicationResponse = z.infer<typeof affiliateApplicationResponseSchema>

// A union rather than .nullable(): the OpenAPI generator renders a nullable reference as an allOf that no null matches.
export const myAffiliateApplicationResponseSchema = okEnvelope(z.union([affiliateApplicationSchema, z.null()])).meta({
  id: 'MyAffiliateApplicationResponse',
})
export type MyAffiliateApplicationResponse = z.infer<typeof myAffiliateApplicationResponseSchema>
