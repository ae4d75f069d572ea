/**
 * A micro-cache of server-rendered public copy-trading pages for visitors without a session.
 *
 * Those pages are the same for every visitor who shows them with the same display cookies
 * (theme, up/down colours, language, pricing currency, market type) on the same kind of device,
 * so within `PAGE_CACHE.ttlMs` one render serves them all: the compressed bytes are kept per
 * address, encoding and those cookies, and concurrent misses of one key wait for a single render.
 * Signed-in requests, other pages, non-200 answers and answers that set cookies always render.
 *
 * The cached page keeps its CSP nonce for the few seconds it lives. A nonce guards the document it
 * was rendered into; a cached document is byte-for-byte that document, so sharing it hands no
 * one a way to run a script the render did not put there (as with any shared HTML cache).
 */
import { CLIENT_LANGUAGES_PARAM, COOKIES, PAGE_CACHE, REFERRAL } from '#/app.config.ts'
import {
  chainCopySearchSchema,
  leaderListSearchSchema,
  leaderSearchSchema,
} from '../features/copy-trading/search.schemas.ts'
import { isMobileUserAgent } from '../features/device/user-agent.ts'
import { parseSearch, stringifySearch } from '../features/routing/search.ts'
import { compressHtml, pickEncoding } from './http.ts'

interface SearchSchema {
  parse(input: unknown): Record<string, unknown>
}

const LOCALE = '(?:/[a-z]{2}_[A-Z]{2})?/copy-trading/'
const page = (rest: string) => new RegExp(`^${LOCALE}${rest}$`)

/**
 * The public copy-trading pages, with or without a locale prefix, and the search parameters each
 * route reads. A page is kept under the search its route makes of the URL (unknown parameters
 * dropped, bad values at their defaults), so `?r=<random>` is the same page, not a new render.
 * A request whose search is not already that canonical one is sent there first (canonicalRedirect):
 * a page's markup follows its address (links keep the search), so a render must only be served at
 * the address it was rendered for.
 */
const CACHEABLE: readonly { path: RegExp; search?: SearchSchema }[] = [
  { path: page('gemw') },
  { path: page('(?:futures|spot)'), search: leaderListSearchSchema },
  { path: page('(?:gemw|futures-trader|spot-trader)/\\d+'), search: leaderSearchSchema },
  { path: page('gemw/chain-copy(?:/[a-z0-9-]+/[A-Za-z0-9]+)?'), search: chainCopySearchSchema },
]

/**
 * Landing parameters the app reads on any page, whatever the route declares: kept (and part of
 * the key). The campaign parameters the analytics SDK reads, the invite code the referral cookie
 * takes, and a native shell's language list.
 */
const LANDING_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  REFERRAL.param,
  CLIENT_LANGUAGES_PARAM,
] as const

/** The search a cacheable page's route reads, as a canonical string; undefined for other pages. */
function routeSearch(pathname: string, search: string): string | undefined {
  const route = CACHEABLE.find((r) => r.path.test(pathname))
  if (!route) return undefined
  const raw = parseSearch(search)
  const landing = Object.fromEntries(
    LANDING_PARAMS.flatMap((name) => (typeof raw[name] === 'string' ? [[name, raw[name]]] : [])),
  )
  return stringifySearch({ ...(route.search ? route.search.parse(raw) : {}), ...landing })
}

/** A cacheable page asked with parameters its route does not read, or bad values: 302 to its canonical address. */
export function canonicalRedirect(request: Request): Response | undefined {
  if (request.method !== 'GET') return undefined
  const url = new URL(request.url)
  const canonical = routeSearch(url.pathname, url.search)
  if (canonical === undefined || canonical === url.search) return undefined
  return new Response(null, {
    status: 302,
    headers: { location: url.pathname + canonical, 'cache-control': 'no-store' },
  })
}

/** Cookies the server reads while rendering a visitor's page: each value is part of the key. */
const DISPLAY_COOKIES = [
  COOKIES.theme,
  COOKIES.upColor,
  COOKIES.i18nRedirected,
  COOKIES.appLang,
  COOKIES.clientLanguages,
  'selectType',
  'pricing_currency',
] as const

interface Entry {
  expires: number
  status: number
  headers: [string, string][]
  body: Uint8Array<ArrayBuffer>
}

function cookiesOf(request: Request): Map<string, string> {
  const cookies = new Map<string, string>()
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at > 0) cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim())
  }
  return cookies
}

/** The cache key of a request, or undefined when its page must be rendered for it alone. */
export function pageCacheKey(request: Request): string | undefined {
  if (request.method !== 'GET') return undefined
  const url = new URL(request.url)
  const search = routeSearch(url.pathname, url.search)
  if (search === undefined) return undefined
  const cookies = cookiesOf(request)
  if (COOKIES.session.some((name) => cookies.has(name))) return undefined
  const display = DISPLAY_COOKIES.map((name) => cookies.get(name) ?? '').join('|')
  // The render lays out for the kind of device (shell state `mobile`).
  const device = isMobileUserAgent(request.headers.get('user-agent') ?? '') ? 'h5' : 'web'
  return `${url.pathname}${search}\n${pickEncoding(request.headers.get('accept-encoding')) ?? 'identity'}\n${device}\n${display}`
}

function storable(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get('content-type') ?? '').startsWith('text/html') &&
    !response.headers.has('set-cookie')
  )
}

function answer(entry: Entry, state: 'hit' | 'miss'): Response {
  const headers = new Headers(entry.headers)
  headers.set('x-page-cache', state)
  return new Response(entry.body, { status: entry.status, headers })
}

export function createPageCache({
  ttlMs = PAGE_CACHE.ttlMs,
  maxEntries = PAGE_CACHE.maxEntries,
  now = Date.now,
}: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
  const entries = new Map<string, Entry>()
  const rendering = new Map<string, Promise<Entry | undefined>>()

  function remember(key: string, entry: Entry) {
    entries.delete(key)
    entries.set(key, entry)
    // Oldest first: a Map iterates in insertion order.
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries) break
      entries.delete(oldest)
    }
  }

  async function renderOnce(
    key: string,
    request: Request,
    render: () => Promise<Response>,
  ): Promise<{ entry: Entry } | { response: Response }> {
    const response = await render()
    if (!storable(response)) return { response: compressHtml(request, response) }
    const compressed = compressHtml(request, response)
    const entry: Entry = {
      expires: now() + ttlMs,
      status: compressed.status,
      headers: [...compressed.headers],
      body: new Uint8Array(await compressed.arrayBuffer()),
    }
    remember(key, entry)
    return { entry }
  }

  /** Answers a request from the cache when it may, else renders it (and keeps what may be kept). */
  async function serve(request: Request, render: () => Promise<Response>): Promise<Response> {
    const redirect = canonicalRedirect(request)
    if (redirect) return redirect
    const key = pageCacheKey(request)
    if (key === undefined) return compressHtml(request, await render())
    const cached = entries.get(key)
    if (cached && cached.expires > now()) return answer(cached, 'hit')
    const pending = rendering.get(key)
    if (pending) {
      const entry = await pending
      // The render this request waited for could not be shared (a redirect, a cookie): its own.
      return entry ? answer(entry, 'hit') : compressHtml(request, await render())
    }
    const outcome = renderOnce(key, request, render)
    // Waiters take a failed render as "render your own"; with no waiter, a failure must not go unhandled.
    rendering.set(
      key,
      outcome.then(
        (o) => ('entry' in o ? o.entry : undefined),
        () => undefined,
      ),
    )
    try {
      const o = await outcome
      return 'entry' in o ? answer(o.entry, 'miss') : o.response
    } finally {
      rendering.delete(key)
    }
  }

  return { serve, size: () => entries.size }
}
