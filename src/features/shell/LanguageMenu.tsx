import { useLingui } from '@lingui/react/macro'
import { useRouteContext, useRouterState } from '@tanstack/react-router'
import type { MouseEvent } from 'react'
import { COOKIES, DEFAULT_LOCALE, LOCALES, type LocaleCode } from '#/app.config.ts'
import { writeCookie } from '#/lib/cookies.ts'
import { withLocalePrefix } from '#/lib/locale.ts'
import { savePreferences } from '#/features/preferences/index.ts'
import { useStoredAvailableLanguages } from '#/features/state/index.ts'
import { HEADER_MENU_GROUP, HEADER_POPOVER } from '#/ui/popover.ts'
import { trackLanguageSwitch } from '#/features/analytics/index.ts'

/**
 * The same page in every available language (§4): choosing one stores it (cookies `app_lang` and
 * `i18n_redirected`, 365 days; the account's userLanguage when signed in) and loads the page anew
 * at its prefixed path, so catalog, direction and head all come from the server.
 */
export function LanguageMenu() {
  const { t } = useLingui()
  const { locale, shell, path: rest } = useRouteContext({ from: '__root__' })
  const { languages, account } = useRouteContext({ from: '/{-$locale}' })
  // A signed-in page whose account the exchange did not answer falls back to the whitelist: the account's own list,
  // as last read (§3 availableLanguage), narrows it once the page runs.
  const stored = useStoredAvailableLanguages()
  const remembered = shell.loggedIn && !account ? stored : undefined
  const offered = remembered ? languages.filter((code) => code === locale || remembered.includes(code)) : languages
  const search = useRouterState({ select: (s) => s.location.searchStr })
  const choose = (code: LocaleCode, href: string) => async (event: MouseEvent<HTMLAnchorElement>) => {
    trackLanguageSwitch(locale, code)
    writeCookie(COOKIES.appLang, code, COOKIES.localeMaxAgeSeconds)
    writeCookie(COOKIES.i18nRedirected, code, COOKIES.localeMaxAgeSeconds)
    if (!shell.loggedIn) return
    event.preventDefault()
    await savePreferences({ data: { userLanguage: code } }).catch(() => undefined)
    location.assign(href)
  }
  const current = LOCALES.find((l) => l.code === locale) ?? LOCALES[0]
  const label = current.label
  return (
    <details name={HEADER_MENU_GROUP} className="relative" data-testid="language-menu">
      <summary
        className="flex h-9 cursor-pointer list-none items-center gap-1.5 rounded-lg px-2 text-sm text-muted hover:bg-sunken hover:text-ink"
        aria-label={t`Language: ${label}`}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
        </svg>
        <span className="hidden lg:inline">{current.label}</span>
      </summary>
      <ul className={`${HEADER_POPOVER} max-h-[70dvh] overflow-auto p-1 sm:w-48`}>
        {LOCALES.filter((l) => offered.includes(l.code)).map((l) => (
          <li key={l.code}>
            <a
              href={withLocalePrefix(l.code === DEFAULT_LOCALE ? undefined : l.code, rest) + search}
              onClick={(event) =>
                void choose(
                  l.code,
                  withLocalePrefix(l.code === DEFAULT_LOCALE ? undefined : l.code, rest) + search,
                )(event)
              }
              hrefLang={l.tag}
              lang={l.tag}
              dir={l.dir}
              aria-current={l.code === locale ? 'true' : undefined}
              className="block rounded-lg px-3 py-2 text-sm hover:bg-sunken aria-[current]:font-semibold aria-[current]:text-brand"
            >
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  )
}
