import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useMatches, useRouteContext } from '@tanstack/react-router'
import { useStore } from '@tanstack/react-store'
import { AccountMenu } from '#/features/auth/index.ts'
import { ConnectionIndicator } from '#/features/realtime/index.ts'
import { LocaleLink } from '#/features/i18n/index.ts'
import { PreferencesPanel } from '#/features/preferences/index.ts'
import { LanguageMenu } from './LanguageMenu.tsx'
import { productName } from '#/lib/product.ts'
import { Logo } from '#/ui/Logo.tsx'
import { ThemeToggle } from './ThemeToggle.tsx'
import { HEADER_MENU_GROUP, HEADER_POPOVER } from '#/ui/popover.ts'
import { DropdownMenu, MenuLink } from '#/ui/DropdownMenu.tsx'
import { tabsListStore } from '#/features/state/index.ts'
import { siteQueries } from './site.queries.ts'
import { mobileHeaderBgOf } from './theme-color.ts'

const navLink = 'rounded-lg px-3 py-2 text-sm font-medium text-muted hover:bg-sunken hover:text-ink [&.active]:text-ink'

/** The pair a Trade link opens: the last one the trader had open on that market, else BTC/USDT. */
const DEFAULT_PAIR = 'BTC_USDT'

/** Whether futures are offered (the deployment's switch and the exchange's menu flag). */
function useFuturesOffered(): boolean {
  const { shell } = useRouteContext({ from: '__root__' })
  const { data } = useQuery(siteQueries.config())
  return shell.config.features.futures && (data?.futuresMenu ?? true)
}

function useLastPairs() {
  const tabs = useStore(tabsListStore)
  return {
    spot: tabs.find((tab) => tab.biz === 'spot')?.pairCode ?? DEFAULT_PAIR,
    futures: tabs.find((tab) => tab.biz === 'futures')?.pairCode ?? DEFAULT_PAIR,
  }
}

/** Trade: spot and (when offered) futures, in a menu on wide screens. */
function TradeMenu() {
  const { t } = useLingui()
  const futures = useFuturesOffered()
  const pairs = useLastPairs()
  return (
    <DropdownMenu
      className={`${navLink} flex items-center gap-1`}
      trigger={
        <>
          <Trans>Trade</Trans>
          <svg viewBox="0 0 16 16" className="size-3.5" fill="currentColor" aria-hidden="true">
            <path d="M12 6H4l4 4.5z" />
          </svg>
        </>
      }
      label={t`Trade`}
    >
      <MenuLink render={<LocaleLink to="/{-$locale}/spot/$pair" params={{ pair: pairs.spot }} />}>
        <Trans>Spot</Trans>
      </MenuLink>
      {futures ? (
        <MenuLink render={<LocaleLink to="/{-$locale}/futures/$pair" params={{ pair: pairs.futures }} />}>
          <Trans>USDT perpetual futures</Trans>
        </MenuLink>
      ) : null}
    </DropdownMenu>
  )
}

/** The phone menu's trading links, one per market. */
function TradeLinks() {
  const futures = useFuturesOffered()
  const pairs = useLastPairs()
  return (
    <>
      <LocaleLink to="/{-$locale}/spot/$pair" params={{ pair: pairs.spot }} className={navLink}>
        <Trans>Spot</Trans>
      </LocaleLink>
      {futures ? (
        <LocaleLink to="/{-$locale}/futures/$pair" params={{ pair: pairs.futures }} className={navLink}>
          <Trans>Futures</Trans>
        </LocaleLink>
      ) : null}
    </>
  )
}

function NavLinks({ trade }: { trade: 'menu' | 'links' }) {
  return (
    <>
      <LocaleLink to="/{-$locale}/markets" className={navLink}>
        <Trans>Markets</Trans>
      </LocaleLink>
      {trade === 'menu' ? <TradeMenu /> : <TradeLinks />}
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
  // The route's mobile header background, the colour theme-color gives the browser's bar (§2).
  const mobileBg = useMatches({ select: (matches) => mobileHeaderBgOf(matches, shell.theme) })
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-page/95 pt-[env(safe-area-inset-top)] backdrop-blur">
      {mobileBg ? (
        // Under the header's content, over its own background (the header is a stacking context).
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 md:hidden"
          style={{ backgroundColor: mobileBg }}
          data-testid="mobile-header-bg"
        />
      ) : null}
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-4">
        <LocaleLink to="/{-$locale}" aria-label={t`Home`} className="me-2 rounded-lg">
          <Logo name={productName(shell.config.product)} />
        </LocaleLink>
        <nav aria-label={t`Main`} className="hidden items-center gap-1 md:flex">
          <NavLinks trade="menu" />
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
          <details name={HEADER_MENU_GROUP} className="relative md:hidden">
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
              <NavLinks trade="links" />
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
