import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { AccountMenu } from '#/features/auth/index.ts'
import { ConnectionIndicator } from '#/features/realtime/index.ts'
import { LocaleLink } from '#/features/i18n/index.ts'
import { PreferencesPanel } from '#/features/preferences/index.ts'
import { LanguageMenu } from './LanguageMenu.tsx'
import { productName } from '#/lib/product.ts'
import { Logo } from '#/ui/Logo.tsx'
import { ThemeToggle } from './ThemeToggle.tsx'
import { HEADER_POPOVER } from '#/ui/popover.ts'

const navLink = 'rounded-lg px-3 py-2 text-sm font-medium text-muted hover:bg-sunken hover:text-ink [&.active]:text-ink'

function NavLinks() {
  return (
    <>
      <LocaleLink to="/{-$locale}/copy-trading/gemw" className={navLink}>
        <Trans>Copy trading</Trans>
      </LocaleLink>
      <LocaleLink to="/{-$locale}/bot-trade/$sourceType" params={{ sourceType: 'grid' }} className={navLink}>
        <Trans>Trading bots</Trans>
      </LocaleLink>
      <LocaleLink to="/{-$locale}/affiliate-register" className={navLink}>
        <Trans>Affiliate</Trans>
      </LocaleLink>
    </>
  )
}

export function Header() {
  const { t } = useLingui()
  const { shell } = useRouteContext({ from: '__root__' })
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-page/95 pt-[env(safe-area-inset-top)] backdrop-blur">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-4">
        <LocaleLink to="/{-$locale}" aria-label={t`Home`} className="me-2 rounded-lg">
          <Logo name={productName(shell.config.product)} />
        </LocaleLink>
        <nav aria-label={t`Main`} className="hidden items-center gap-1 md:flex">
          <NavLinks />
        </nav>
        <div className="ms-auto flex items-center gap-1">
          <ConnectionIndicator />
          <LanguageMenu />
          <PreferencesPanel />
          <ThemeToggle />
          {shell.loggedIn ? (
            <AccountMenu />
          ) : (
            <>
              <LocaleLink
                to="/{-$locale}/login"
                className="hidden rounded-lg px-3 py-2 text-sm font-medium hover:bg-sunken sm:block"
              >
                <Trans>Log in</Trans>
              </LocaleLink>
              <LocaleLink
                to="/{-$locale}/register"
                className="rounded-lg bg-brand px-3 py-2 text-sm font-medium whitespace-nowrap text-brand-contrast hover:opacity-90"
              >
                <Trans>Sign up</Trans>
              </LocaleLink>
            </>
          )}
          <details className="relative md:hidden">
            <summary
              className="grid size-9 cursor-pointer list-none place-items-center rounded-lg text-muted hover:bg-sunken"
              aria-label={t`Menu`}
            >
              <svg
                viewBox="0 0 24 24"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                <path d="M4 7h16M4 12h16M4 17h16" />
              </svg>
            </summary>
            <nav aria-label={t`Main`} className={`${HEADER_POPOVER} flex flex-col p-1 sm:w-56`}>
              <NavLinks />
              {shell.loggedIn ? null : (
                <LocaleLink to="/{-$locale}/login" className={navLink}>
                  <Trans>Log in</Trans>
                </LocaleLink>
              )}
            </nav>
          </details>
        </div>
      </div>
    </header>
  )
}
