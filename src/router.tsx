import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { getGlobalStartContext } from '@tanstack/react-start'
import { staticSegmentsOf } from './features/routing/canonical-path.ts'
import { parseSearch, stringifySearch } from './features/routing/search.ts'
import { ErrorPage } from './features/shell/ErrorPage.tsx'
import { NotFoundPage } from './features/shell/NotFoundPage.tsx'
import { routeTree } from './routeTree.gen.ts'

let staticSegments: ReadonlySet<string> | undefined

/** Lower-cased static segments of every route path, computed once (a bare router, no request needed). */
export function routeStaticSegments(): ReadonlySet<string> {
  staticSegments ??= staticSegmentsOf(
    Object.keys(createRouter({ routeTree, context: { queryClient: new QueryClient(), staticSegments: new Set<string>() } }).routesByPath),
  )
  return staticSegments
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
    ssr: { nonce: import.meta.env.SSR ? getGlobalStartContext()?.nonce : undefined },
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
