/**
 * The header's preferences button. Its panel's code (and the account's preferences query) loads
 * when it is first opened: most visits never open it.
 */
import { HEADER_MENU_GROUP } from '#/ui/popover.ts'
import { useLingui } from '@lingui/react/macro'
import { lazy } from 'react'
import { DetailsOnDemand } from '#/ui/DetailsOnDemand.tsx'

const PreferencesForm = lazy(() => import('./PreferencesForm.tsx').then((m) => ({ default: m.PreferencesForm })))

export function PreferencesPanel() {
  const { t } = useLingui()
  return (
    <DetailsOnDemand
      name={HEADER_MENU_GROUP}
      className="relative"
      data-testid="preferences"
      summary={
        <summary
          className="grid size-9 cursor-pointer list-none place-items-center rounded-lg text-muted hover:bg-sunken hover:text-ink"
          aria-label={t`Preferences`}
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
            <circle cx="16" cy="6" r="2" />
            <circle cx="10" cy="12" r="2" />
            <circle cx="18" cy="18" r="2" />
          </svg>
        </summary>
      }
    >
      <PreferencesForm />
    </DetailsOnDemand>
  )
}
