import { z } from 'zod/mini'

export const CONTACT_TYPES = ['email', 'telegram', 'whatsapp', 'phone'] as const
export const PLATFORMS = ['youtube', 'x', 'telegram', 'tiktok', 'instagram', 'discord', 'blog', 'other'] as const
export const APPLICATION_STATUSES = ['submitted', 'under_review', 'approved', 'rejected'] as const
export const AFFILIATE_LIMITS = { maxChannels: 10, maxAudience: 1_000_000_000, maxMessage: 2000 } as const

// No control characters in free text: they have no place in a name or a message.
const text = (min: number, max: number) =>
  z.string().check(z.minLength(min), z.maxLength(max), z.regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/))

export const channelSchema = z.object({
  platform: z.enum(PLATFORMS),
  url: z.string().check(z.maxLength(300), z.regex(/^https?:\/\/[^\s]+\.[^\s]+$/)),
  audience: z.number().check(z.int(), z.minimum(0), z.maximum(AFFILIATE_LIMITS.maxAudience)),
})

export const applicationInputSchema = z.object({
  name: text(2, 60),
  contact: z.object({ type: z.enum(CONTACT_TYPES), value: text(1, 120) }),
  channels: z.array(channelSchema).check(z.minLength(1), z.maxLength(AFFILIATE_LIMITS.maxChannels)),
  region: text(2, 60),
  message: text(0, AFFILIATE_LIMITS.maxMessage),
})
export type ApplicationInput = z.infer<typeof applicationInputSchema>
