import { Outlet, useMatches, useRouteContext } from '@tanstack/react-router'
import { NavigationProgress } from '#/ui/NavigationProgress.tsx'
import { ToastHost } from '#/ui/ToastHost.tsx'
import { localeInfo } from '#/lib/locale.ts'
import { AnalyticsConsentBanner, useAnalytics } from '#/features/analytics/index.ts'
import { useReferral } from '#/features/campaign/index.ts'
import { useStoredLanguage } from '#/features/i18n/index.ts'
import { MarketStreamsProvider } from '#/features/realtime/index.ts'
import { Footer } from './Footer.tsx'
import { Header } from './Header.tsx'

/** Chooses the route's layout (§2): default (header, footer) or empty (no chrome). */
export function AppLayout() {
  useAnalytics()
  const { locale, shell } = useRouteContext({ from: '__root__' })
  const { account, languages } = useRouteContext({ from: '/{-$locale}' })
  useReferral(account?.rebateUser ?? false)
  useStoredLanguage(locale, shell.config.product, languages, !shell.loggedIn || account !== undefined)
  const toaster = <ToastHost dir={localeInfo(locale).dir} theme={shell.theme} />
  const consent = <AnalyticsConsentBanner required={shell.config.analytics.requireOptIn} />
  const layout = useMatches({
    select: (matches) => matches.findLast((m) => m.staticData.layout)?.staticData.layout ?? 'default',
  })
  if (layout === 'empty') {
    return (
      <div className="min-h-dvh" data-layout="empty">
        <Outlet />
        {consent}
        {toaster}
      </div>
    )
  }
  return (
    <MarketStreamsProvider config={shell.config} signedIn={shell.loggedIn}>
      <div className="flex min-h-dvh flex-col" data-layout="default">
        <NavigationProgress />
        <Header />
        <div className="flex-1">
          <Outlet />
        </div>
        <Footer />
        {consent}
        {toaster}
      </div>
    </MarketStreamsProvider>
  )
}
