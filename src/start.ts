/**
 * Start's request middleware: a fresh CSP nonce per request (the router stamps it on every script it
 * renders) and the security headers of every HTML response.
 */
import { createMiddleware, createStart } from '@tanstack/react-start'
import { resolveRedirect } from './features/routing/redirects.ts'
import { routeStaticSegments } from './router.tsx'
import { contentSecurityPolicy, HTML_SECURITY_HEADERS } from './features/shell/security-headers.server.ts'

function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return btoa(String.fromCharCode(...bytes))
}

/** Legacy addresses and non-canonical spellings are answered before the router sees them. */
const redirects = createMiddleware({ type: 'request' }).server(({ request, next, handlerType }) => {
  if (handlerType !== 'router') return next()
  const url = new URL(request.url)
  const target = resolveRedirect(url.pathname, url.search, routeStaticSegments())
  if (!target) return next()
  return new Response(null, { status: target.status, headers: { location: target.href, 'cache-control': 'no-store' } })
})

const securityHeaders = createMiddleware({ type: 'request' }).server(async ({ next }) => {
  const nonce = createNonce()
  const result = await next({ context: { nonce } })
  const headers = result.response.headers
  if (headers.get('content-type')?.startsWith('text/html')) {
    // Vite's dev server injects inline scripts without a nonce: the policy applies to production builds.
    if (import.meta.env.PROD) headers.set('content-security-policy', contentSecurityPolicy(nonce))
    for (const [name, value] of Object.entries(HTML_SECURITY_HEADERS)) headers.set(name, value)
  }
  return result
})

export const startInstance = createStart(() => ({ requestMiddleware: [redirects, securityHeaders] }))
