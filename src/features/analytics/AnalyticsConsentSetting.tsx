/**
 * The privacy setting of the preferences panel: share usage analytics, on or off. Off is the §4
 * opt-out (nothing is collected, what waits is cleared); on is the opt-in. It works whether or not
 * consent is required: without a choice it shows what applies (on, unless ANALYTICS_OPT_IN).
 */
import { Trans } from '@lingui/react/macro'
import { maySendAnalytics, useConsent } from './analytics-consent.ts'
import { setAnalyticsConsent } from './analytics.ts'

export function AnalyticsConsentSetting({ required }: { required: boolean }) {
  const { known, choice } = useConsent()
  return (
    <label className="flex items-center justify-between gap-3 text-sm font-medium">
      <span>
        <Trans>Share usage analytics</Trans>
      </span>
      <input
        type="checkbox"
        data-testid="analytics-consent-setting"
        className="size-4 accent-[var(--brand)]"
        disabled={!known}
        checked={known && maySendAnalytics(choice, required)}
        onChange={(e) => setAnalyticsConsent(e.target.checked ? 'in' : 'out')}
      />
    </label>
  )
}
