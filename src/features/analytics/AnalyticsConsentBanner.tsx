/**
 * The §4 opt-in request, shown when ANALYTICS_OPT_IN requires consent and the user has made no
 * choice yet. Not a dialog: it sits in the page's flow at its end and sticks to the bottom while
 * scrolling (a single compact row on a phone), so the page can always be scrolled clear of it and no
 * form stays hidden behind it. The choice can be changed later in the preferences panel.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useConsent } from './analytics-consent.ts'
import { setAnalyticsConsent } from './analytics.ts'

const button = 'h-9 shrink-0 rounded-lg px-3 text-sm font-semibold'

export function AnalyticsConsentBanner({ required }: { required: boolean }) {
  const { t } = useLingui()
  const { known, choice } = useConsent()
  if (!required || !known || choice !== undefined) return null
  return (
    <section
      aria-label={t`Usage analytics`}
      data-testid="analytics-consent"
      className="sticky bottom-0 z-40 flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-line bg-card px-4 py-2 text-xs text-ink shadow-[0_-2px_8px_rgb(0_0_0/0.08)] sm:flex-nowrap sm:justify-center"
    >
      <p className="min-w-0 flex-1 basis-56 sm:flex-initial">
        <Trans>May we collect anonymous usage analytics to improve the site? You can change this in Preferences.</Trans>
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={`${button} border border-line text-ink hover:bg-sunken`}
          onClick={() => setAnalyticsConsent('out')}
        >
          <Trans>Decline</Trans>
        </button>
        <button
          type="button"
          className={`${button} bg-brand text-brand-contrast hover:opacity-90`}
          onClick={() => setAnalyticsConsent('in')}
        >
          <Trans>Accept</Trans>
        </button>
      </div>
    </section>
  )
}
