/**
 * The reference exchange's campaigns in the page's language, by their activity id: the exchange stores one text per
 * campaign (seed.ts DEMO_CAMPAIGN), so the ones Tandem knows are translated here. Another exchange's campaign shows
 * the text it sends.
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Anniversary } from '#/contract/index.ts'

const KNOWN: Record<string, { title: MessageDescriptor; subtitle: MessageDescriptor }> = {
  'anniversary-2025': {
    title: msg`Tandem anniversary`,
    subtitle: msg`Copy a leader during the celebration and share the reward pool`,
  },
}

export function campaignTexts(i18n: I18n, campaign: Anniversary): { title: string; subtitle: string } {
  const known = KNOWN[campaign.activityId]
  return known
    ? { title: i18n._(known.title), subtitle: i18n._(known.subtitle) }
    : { title: campaign.title, subtitle: campaign.subtitle }
}
