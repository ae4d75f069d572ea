/**
 * Names of the affiliate form's platforms and contact types and of an application's statuses,
 * declared once and translated where shown.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { APPLICATION_STATUSES, CONTACT_TYPES, PLATFORMS } from './affiliate.schemas.ts'

export const PLATFORM_LABELS: Record<(typeof PLATFORMS)[number], MessageDescriptor> = {
  youtube: msg`YouTube`,
  x: msg`X (Twitter)`,
  telegram: msg`Telegram`,
  tiktok: msg`TikTok`,
  instagram: msg`Instagram`,
  discord: msg`Discord`,
  blog: msg`Blog or website`,
  other: msg`Other`,
}

export const CONTACT_LABELS: Record<(typeof CONTACT_TYPES)[number], MessageDescriptor> = {
  email: msg`Email`,
  telegram: msg`Telegram`,
  whatsapp: msg`WhatsApp`,
  phone: msg`Phone`,
}

export const STATUS_LABELS: Record<
  (typeof APPLICATION_STATUSES)[number],
  { title: MessageDescriptor; description: MessageDescriptor }
> = {
  submitted: {
    title: msg`Application submitted`,
    description: msg`Thank you. Our partnerships team reviews applications within 3 business days.`,
  },
  under_review: {
    title: msg`Under review`,
    description: msg`Our partnerships team is reviewing your channels. We will contact you soon.`,
  },
  approved: {
    title: msg`Approved`,
    description: msg`Welcome aboard! Your affiliate dashboard and referral links are being set up.`,
  },
  rejected: {
    title: msg`Not approved this time`,
    description: msg`Your application did not meet our criteria this time. You can apply again later.`,
  },
}
