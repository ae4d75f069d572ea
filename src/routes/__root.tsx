import { I18nProvider } from '@lingui/react'
import { createRootRouteWithContext, HeadContent, redirect, Scripts } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import { i18nFor, loadCatalog, preloadCatalog } from '#/features/i18n/index.ts'
import { localeInfo, locatePath } from '#/lib/locale.ts'
import { clearDataOfEndedSession } from '#/features/auth/index.ts'
import { useDeviceAgent } from '#/features/device/index.ts'
import { analyticsPageApi } from '#/features/analytics/index.ts'
import { resolveRedirect } from '#/features/routing/index.ts'
import {
  installChunkErrorHandling,
  markHydrated,
  themeColorOf,
  type RootContext,
  type RouterContext,
} from '#/features/shell/index.ts'
import { loadPersistedStores, readShellState, updateClientShellState } from '#/features/state/index.ts'
import { productName } from '#/lib/product.ts'
import { ReaderNumberFormat } from '#/features/preferences/index.ts'
import '../styles.css'

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ location, context }): Promise<Omit<RootContext, keyof RouterContext>> => {
    // The server answered these before rendering (start.ts); this covers client navigation.
    const target = resolveRedirect(location.pathname, location.searchStr, context.staticSegments)
    if (target)
      throw redirect({ href: target.href + (location.hash ? `#${location.hash}` : ''), statusCode: target.status })
    // The one place the locale segment is read: every route and view takes it from this context.
    const { locale, prefix, rest } = locatePath(location.pathname)
    // Loaded, not returned: the context is dehydrated into the HTML, and the catalog would weigh down every page.
    await loadCatalog(locale)
    return { locale, prefix, path: rest, shell: readShellState() }
  },
  head: ({ match, matches }) => {
    const theme = match.context.shell.theme
    return {
      meta: [
        { charSet: 'utf-8' },
        // Pages set their own title; error pages keep the product's name.
        { title: productName(match.context.shell.config.product) },
        { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
        { name: 'theme-color', content: themeColorOf(matches, theme) },
        { name: 'color-scheme', content: theme },
      ],
      links: [
        { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
        { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      ],
    }
  },
  shellComponent: RootDocument,
})

function RootDocument({ children }: { children: ReactNode }) {
  const { locale, shell } = Route.useRouteContext()
  const info = localeInfo(locale)
  preloadCatalog(locale)
  useDeviceAgent(shell.theme, analyticsPageApi)
  useEffect(() => {
    updateClientShellState(shell)
  }, [shell])
  useEffect(() => {
    clearDataOfEndedSession()
    loadPersistedStores()
    markHydrated()
    return installChunkErrorHandling(shell.config.reloadGuardMs)
  }, [shell.config.reloadGuardMs])
  return (
    <html
      lang={info.tag}
      dir={info.dir}
      data-theme={shell.theme}
      data-upcolor={shell.upColor}
      className={shell.theme === 'dark' ? 'dark' : undefined}
    >
      <head>
        <HeadContent />
      </head>
      <body className="bg-page text-ink antialiased">
        <I18nProvider i18n={i18nFor(locale)}>
          <ReaderNumberFormat>{children}</ReaderNumberFormat>
        </I18nProvider>
        <Scripts />
      </body>
    </html>
  )
}
