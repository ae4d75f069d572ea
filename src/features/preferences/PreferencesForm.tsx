import { Trans } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext, useRouter } from '@tanstack/react-router'
import { COOKIES, LOCALES, UP_COLORS, type UpColor } from '#/app.config.ts'
import { writeCookie } from '#/lib/cookies.ts'
import { storeScientific, updateClientShellState, useStoredScientific } from '#/features/state/index.ts'
import { AnalyticsConsentSetting } from '#/features/analytics/index.ts'
import { savePreferences } from './preferences.functions.ts'
import { preferencesQueries } from './preferences.queries.ts'
import { isLocaleCode, isPricingCurrency, PRICING_CURRENCIES, type PreferencesUpdate } from './preferences.schemas.ts'
import { HEADER_POPOVER } from '#/ui/popover.ts'

const select = 'h-10 w-full rounded-xl border border-line bg-card px-3 text-sm text-ink'

/**
 * The header panel's controls: pricing currency, price colours, scientific notation, usage analytics (kept in this
 * browser) and (signed in) message language.
 */
export function PreferencesForm() {
  const { locale, shell } = useRouteContext({ from: '__root__' })
  const queryClient = useQueryClient()
  const router = useRouter()
  const { data } = useQuery(preferencesQueries.current(locale))
  const visitorScientific = useStoredScientific()
  const save = useMutation({
    mutationFn: (update: PreferencesUpdate) => savePreferences({ data: update }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: preferencesQueries.all }),
  })
  const update = (change: PreferencesUpdate) => {
    if (change.scientificNotation !== undefined && !shell.loggedIn) {
      storeScientific(change.scientificNotation)
    }
    save.mutate(change)
  }
  const setUpColor = (upColor: UpColor) => {
    writeCookie(COOKIES.upColor, upColor, COOKIES.localeMaxAgeSeconds)
    updateClientShellState({ ...shell, upColor })
    return router.invalidate()
  }
  const scientific = shell.loggedIn
    ? (data?.scientificNotation ?? true)
    : (visitorScientific ?? data?.scientificNotation ?? true)
  return (
    <>
      <div className={`${HEADER_POPOVER} flex flex-col gap-4 p-4 sm:w-72`}>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          <Trans>Pricing currency</Trans>
          <select
            className={select}
            value={data?.pricingCurrency ?? 'USD'}
            onChange={(e) => {
              const value = e.target.value
              if (isPricingCurrency(value)) update({ pricingCurrency: value })
            }}
          >
            {PRICING_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="flex flex-col gap-1.5 text-sm">
          <legend className="mb-1.5 font-medium">
            <Trans>Price colours</Trans>
          </legend>
          {UP_COLORS.map((scheme) => (
            <label key={scheme} className="flex items-center gap-2">
              <input
                type="radio"
                name="upcolor"
                value={scheme}
                checked={shell.upColor === scheme}
                onChange={() => void setUpColor(scheme)}
                className="accent-[var(--brand)]"
              />
              <span className={scheme === 'upgreen' ? 'text-green' : 'text-red'}>▲</span>
              <span className={scheme === 'upgreen' ? 'text-red' : 'text-green'}>▼</span>
              {scheme === 'upgreen' ? <Trans>Green up, red down</Trans> : <Trans>Red up, green down</Trans>}
            </label>
          ))}
        </fieldset>
        <label className="flex items-center justify-between gap-3 text-sm font-medium">
          <span>
            <Trans>Compact tiny and huge numbers</Trans>
          </span>
          <input
            type="checkbox"
            className="size-4 accent-[var(--brand)]"
            checked={scientific}
            onChange={(e) => update({ scientificNotation: e.target.checked })}
          />
        </label>
        <AnalyticsConsentSetting required={shell.config.analytics.requireOptIn} />
        {shell.loggedIn ? (
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            <Trans>Language of messages and emails</Trans>
            <select
              className={select}
              value={data?.msgLanguage ?? locale}
              onChange={(e) => {
                const value = e.target.value
                if (isLocaleCode(value)) update({ msgLanguage: value })
              }}
            >
              {LOCALES.map((l) => (
                <option key={l.code} value={l.code} lang={l.tag}>
                  {l.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <p className="text-xs text-muted" role="status" data-testid="preferences-status">
          {save.isPending ? (
            <Trans>Saving…</Trans>
          ) : save.data?.status === 'refused' ? (
            <Trans>Could not save. Try again.</Trans>
          ) : shell.loggedIn ? (
            <Trans>Saved to your account: they follow you to any device.</Trans>
          ) : (
            <Trans>Saved in this browser.</Trans>
          )}
        </p>
      </div>
    </>
  )
}
