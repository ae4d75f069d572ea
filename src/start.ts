/**
 * Start's middleware. Requests: legacy redirects; the edge of server-function calls (this site
 * only, JSON only, bounded); a fresh CSP nonce per request (the router stamps it on every script it
 * renders), the security headers of every HTML response, and no caching of anything a session
 * saw; a landing link's invite code and a native shell's language list kept by its own response. Server functions: an input their validator refuses answers 400 with its fields.
 */
import { createMiddleware, createStart } from '@tanstack/react-start'
import { COOKIES } from '../app.config.ts'
import { inviteCodeCookie } from '#/features/campaign/index.server.ts'
import { clientLanguagesCookie } from '#/features/i18n/index.server.ts'
import { resolveRedirect } from '#/features/routing/index.ts'
import {
  rejectInput,
  contentSecurityPolicy,
  HTML_SECURITY_HEADERS,
  checkServerFnRequest,
  refusalResponse,
} from '#/features/shell/index.server.ts'
import { serverConfig } from './lib/config.server.ts'
import { InputInvalid, inputRejectedAdapter } from './lib/input-rejected.ts'
import { routeStaticSegments } from './router.tsx'

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

const serverFnGuard = createMiddleware({ type: 'request' }).server(async ({ request, next, handlerType }) => {
  if (handlerType !== 'serverFn') return next()
  const siteOrigins = [new URL(serverConfig().siteUrl).origin, new URL(request.url).origin]
  const refusal = await checkServerFnRequest(request, { siteOrigins })
  return refusal ? refusalResponse(refusal) : next()
})

const hasSession = (request: Request) => {
  const cookie = request.headers.get('cookie') ?? ''
  return COOKIES.session.some((name) => new RegExp(`(?:^|;\\s*)${name}=[^;]`).test(cookie))
}

const securityHeaders = createMiddleware({ type: 'request' }).server(async ({ request, next }) => {
  const nonce = createNonce()
  const result = await next({ context: { nonce } })
  const headers = result.response.headers
  if (headers.get('content-type')?.startsWith('text/html')) {
    // Vite's dev server injects inline scripts without a nonce: the policy applies to production builds.
    if (import.meta.env.PROD) headers.set('content-security-policy', contentSecurityPolicy(nonce))
    for (const [name, value] of Object.entries(HTML_SECURITY_HEADERS)) headers.set(name, value)
  }
  // A page or answer rendered for a session is that user's alone: no shared or browser cache keeps it.
  if (hasSession(request)) headers.set('cache-control', 'private, no-store')
  return result
})

/**
 * What a landing link carries is kept by the page's own response: its invite code (campaign: referral.server.ts) and a
 * native shell's language list (i18n: client-languages.server.ts).
 */
const landing = createMiddleware({ type: 'request' }).server(async ({ request, next, handlerType }) => {
  const result = await next()
  if (handlerType !== 'router') return result
  const url = new URL(request.url)
  for (const cookie of [inviteCodeCookie(url), clientLanguagesCookie(url)])
    if (cookie) result.response.headers.append('set-cookie', cookie)
  return result
})

const inputRejection = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    if (error instanceof InputInvalid) throw await rejectInput(error.issues)
    throw error
  }
})

export const startInstance = createStart(() => ({
  requestMiddleware: [redirects, serverFnGuard, securityHeaders, landing],
  functionMiddleware: [inputRejection],
  serializationAdapters: [inputRejectedAdapter],
}))
