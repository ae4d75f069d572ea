import { useLingui } from '@lingui/react/macro'
import { useRouter, useRouteContext } from '@tanstack/react-router'
import { COOKIES, type Theme } from '#/app.config.ts'
import { writeCookie } from '#/lib/cookies.ts'
import { trackThemeSwitch } from '#/features/analytics/index.ts'
import { updateClientShellState } from '#/features/state/index.ts'

/**
 * Light/dark switch (§4): cookie `theme`, so the server renders the next page in it; a view transition where supported.
 */
export function ThemeToggle() {
  const { t } = useLingui()
  const router = useRouter()
  const { shell } = useRouteContext({ from: '__root__' })
  const next: Theme = shell.theme === 'dark' ? 'light' : 'dark'
  const apply = () => {
    writeCookie(COOKIES.theme, next, COOKIES.localeMaxAgeSeconds)
    updateClientShellState({ ...shell, theme: next })
    return router.invalidate()
  }
  const toggle = () => {
    trackThemeSwitch(next)
    if (typeof document.startViewTransition === 'function') document.startViewTransition(apply)
    else void apply()
  }
  return (
    <button
      type="button"
      onClick={toggle}
      className="grid size-9 place-items-center rounded-lg text-muted hover:bg-sunken hover:text-ink"
      aria-label={next === 'dark' ? t`Switch to dark theme` : t`Switch to light theme`}
      data-testid="theme-toggle"
    >
      {shell.theme === 'dark' ? (
        <svg
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </svg>
      ) : (
        <svg
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        </svg>
      )}
    </button>
  )
}
