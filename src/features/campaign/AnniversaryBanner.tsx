import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useStore } from '@tanstack/react-store'
import { useTouchGestures } from '#/ui/useTouchGestures.ts'
import { globalDialogStore } from '#/features/state/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { campaignQueries } from './campaign.queries.ts'
import { useDateTimeFormat } from '#/lib/format/useDateTimeFormat.tsx'
import { campaignTexts } from './campaign.texts.ts'

/**
 * The anniversary campaign banner, from the exchange's campaign data; absent when switched off.
 * Dismissed for the tab (§3 global dialog status) by its close button or a sideways swipe.
 */
export function AnniversaryBanner() {
  const { i18n, t } = useLingui()
  const { data: campaign } = useQuery(campaignQueries.anniversary())
  const shown = useStore(globalDialogStore)
  const format = useNumberFormat()
  const dates = useDateTimeFormat('date')
  const dismiss = () => globalDialogStore.setState(() => 'hide')
  const bind = useTouchGestures({
    onSwipe: (direction) => (direction === 'left' || direction === 'right' ? dismiss() : undefined),
  })
  if (!campaign || shown === 'hide') return null
  const { title, subtitle } = campaignTexts(i18n, campaign)
  const pool = format.number(campaign.rewardPoolUsdt, { digits: 0, compact: true })
  const ends = campaign.endTime ? dates.format(Date.parse(campaign.endTime)) : undefined
  return (
    <section
      aria-label={title}
      className="relative mt-6 flex flex-col gap-1 rounded-2xl bg-gradient-to-r from-brand to-[color-mix(in_srgb,var(--brand)_60%,#6d28d9)] px-6 py-5 text-brand-contrast sm:flex-row sm:items-center sm:justify-between"
      data-testid="anniversary-banner"
      {...bind()}
      style={{ touchAction: 'pan-y' }}
    >
      <div>
        <p className="text-lg font-bold" dir="auto">
          {title}
        </p>
        <p className="text-sm opacity-90" dir="auto">
          {subtitle}
        </p>
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label={t`Dismiss`}
        className="absolute end-2 top-2 grid size-8 place-items-center rounded-lg opacity-80 hover:bg-black/10 hover:opacity-100"
      >
        ✕
      </button>
      <p className="pe-8 text-sm font-semibold">
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
