/** The shell feature's front door: what routes and other features may use of it. */
export { AppLayout } from './AppLayout.tsx'
export { ErrorPage } from './ErrorPage.tsx'
export { NotFoundPage } from './NotFoundPage.tsx'
export { CopyTradingCrumb, PageFrame } from './PageFrame.tsx'
export { installChunkErrorHandling, markHydrated } from './lifecycle.ts'
export { type RootContext, type RouterContext } from './root-context.ts'
export { pageHead } from './seo.ts'
export { siteQueries } from './site.queries.ts'
