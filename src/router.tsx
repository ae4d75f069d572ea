import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { getGlobalStartContext } from '@tanstack/react-start'
import { loadPageCatalog } from '#/features/i18n/index.ts'
import { staticSegmentsOf, parseSearch, stringifySearch } from '#/features/routing/index.ts'
import { ErrorPage, NotFoundPage } from '#/features/shell/index.ts'
import { routeTree } from './routeTree.gen.ts'
import { providePageFacts } from '#/exchange-client/index.ts'
import { locatePath } from '#/lib/locale.ts'

let staticSegments: ReadonlySet<string> | undefined

/** Lower-cased static segments of every route path, computed once (a bare router, no request needed). */
export function routeStaticSegments(): ReadonlySet<string> {
  staticSegments ??= staticSegmentsOf(
    Object.keys(
      createRouter({ routeTree, context: { queryClient: new QueryClient(), staticSegments: new Set<string>() } })
        .routesByPath,
    ),
  )
  return staticSegments
}

/**
 * The CSP nonce of the request being rendered. Start also builds a router outside any request to
 * resolve a redirect a server function threw (a 401 ending the session), where there is no nonce.
 */
function requestNonce(): string | undefined {
  try {
    return getGlobalStartContext()?.nonce
  } catch {
    return undefined
  }
}

export function getRouter() {
  // One QueryClient per call: per request on the server, so no data leaks between users.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } })
  const router = createRouter({
    routeTree,
    context: { queryClient, staticSegments: routeStaticSegments() },
    scrollRestoration: true,
    defaultHashScrollIntoView: { behavior: 'instant', block: 'start' },
    defaultPreload: 'intent',
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    caseSensitive: false,
    trailingSlash: 'never',
    parseSearch,
    stringifySearch,
    ssr: { nonce: import.meta.env.SSR ? requestNonce() : undefined },
    // The HTML names the page's catalog but does not carry it: hydration waits for it, so the first render
    // matches the server's text (the head preloads it beside the page's chunks, so the wait is short).
    hydrate: async () => {
      await loadPageCatalog(window.location.pathname)
    },
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  // Server functions called from this page send its locale and address with them (exchange-client middleware).
  if (typeof document !== 'undefined') {
    providePageFacts(() => {
      const { location, matches } = router.state
      const { locale, prefix } = locatePath(location.pathname)
      return { locale, prefix, href: location.href, returning: !matches.some((m) => m.staticData.notReturning) }
    })
  }
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
