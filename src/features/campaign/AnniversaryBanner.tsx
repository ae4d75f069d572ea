import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { formatDecimal } from '../../lib/format/decimal.ts'
import { campaignQueries } from './campaign.queries.ts'

/** The anniversary campaign banner, from the exchange's campaign data; absent when switched off. */
export function AnniversaryBanner() {
  const { i18n } = useLingui()
  const { data: campaign } = useQuery(campaignQueries.anniversary())
  if (!campaign) return null
  const tag = i18n.locale.replace('_', '-')
  const pool = formatDecimal(campaign.rewardPoolUsdt, 0, tag)
  const ends = campaign.endTime ? new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(new Date(campaign.endTime)) : undefined
  return (
    <section
      aria-label={campaign.title}
      className="mt-6 flex flex-col gap-1 rounded-2xl bg-gradient-to-r from-brand to-[color-mix(in_srgb,var(--brand)_60%,#6d28d9)] px-6 py-5 text-brand-contrast sm:flex-row sm:items-center sm:justify-between"
      data-testid="anniversary-banner"
    >
      <div>
        <p className="text-lg font-bold">{campaign.title}</p>
        <p className="text-sm opacity-90">{campaign.subtitle}</p>
      </div>
      <p className="text-sm font-semibold">
        <Trans>Reward pool</Trans>{' '}
        <span dir="ltr" className="tabular-nums">
          {pool} USDT
        </span>
        {ends ? (
          <span className="ms-3 font-normal opacity-90">
            <Trans>Ends {ends}</Trans>
          </span>
        ) : null}
      </p>
    </section>
  )
}
