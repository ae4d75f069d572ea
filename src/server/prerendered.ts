/**
 * §7: prerendered pages. The pages of `PRERENDER.pages` are the same for every visitor who shows
 * them with default display cookies and no session: they are rendered once per build (`npm run
 * build`, into dist/prerendered) and served as files, each with `{path}/_payload.json`, the data its
 * route loader would otherwise ask a server function for, valid for that build only.
 *
 * A visitor whose cookies would change the page (a theme, a colour scheme, a language choice, a
 * session…) or who lands with a query string gets it rendered, as before: the static file is never
 * a different page from the one a render would give them. The file keeps the CSP nonce it was
 * rendered with: the page holds nothing a visitor wrote, so there is no markup a shared nonce could
 * let run (the page cache shares its nonces for the same reason).
 *
 * The pages depend on the server's public configuration (site URL, product, API bases…): files
 * rendered under another configuration are rendered again, in memory, when the server starts.
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import zlib from 'node:zlib'
import type { ServerMiddleware } from 'srvx'
import { COOKIES, DEFAULTS, LOCALES, PRERENDER, type PublicConfig } from '#/app.config.ts'
import { affiliateProgram } from '../features/affiliate/index.server.ts'
import { isMobileUserAgent } from '../features/device/user-agent.ts'
import { PREFERENCE_COOKIES } from '../features/preferences/preferences.schemas.ts'
import { loadStaticFiles, serveFile, toStaticFile, type StaticFile } from './static-files.ts'

type PageTemplate = (typeof PRERENDER.pages)[number]
type Device = keyof typeof PRERENDER.userAgents

/** Each page's payload: what its route loader returns (the data of its server function). A page without data has none. */
const PAYLOADS: Partial<Record<PageTemplate, () => unknown>> = {
  '/affiliate-register/why-join-{product}': affiliateProgram,
}

export const MANIFEST_FILE = 'manifest.json'

export interface PrerenderManifest {
  buildId: string
  /** The public configuration the pages were rendered under (configFingerprint). */
  fingerprint: string
  pages: string[]
  /** The response headers of each page file (its content security policy, with the render's nonce). */
  headers: Record<string, [string, string][]>
}

export interface Prerendered {
  buildId: string
  manifest: PrerenderManifest
  files: ReadonlyMap<string, StaticFile>
}

/** Every prerendered address: each page unprefixed (English) and under every locale prefix, `/en_US` included. */
export function prerenderedPaths(product: string): string[] {
  return PRERENDER.pages.flatMap((template) => {
    const path = template.replace('{product}', product)
    return [path, ...LOCALES.map((locale) => `/${locale.code}${path}`)]
  })
}

function templateOf(path: string, product: string): PageTemplate | undefined {
  const rest = path.replace(/^\/[a-z]{2}_[A-Z]{2}(?=\/)/, '')
  return PRERENDER.pages.find((template) => template.replace('{product}', product) === rest)
}

export function configFingerprint(config: PublicConfig): string {
  return createHash('sha256').update(JSON.stringify(config)).digest('base64url').slice(0, 22)
}

export const pageFile = (path: string, device: Device) => `${path}/index.${device}.html`
export const payloadFile = (path: string) => `${path}/${PRERENDER.payloadFile}`

/** Headers of a render that belong to the page itself; cookies and transport headers do not. */
const PAGE_HEADERS = new Set([
  'content-type',
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'permissions-policy',
  'link',
])

export interface RenderedPages {
  files: Map<string, Uint8Array<ArrayBuffer>>
  headers: Record<string, [string, string][]>
  pages: string[]
}

/** Renders every prerendered page once per kind of device, and its payload. A page that does not render is an error. */
export async function renderPages(
  product: string,
  render: (path: string, userAgent: string) => Promise<Response>,
): Promise<RenderedPages> {
  const files = new Map<string, Uint8Array<ArrayBuffer>>()
  const headers: Record<string, [string, string][]> = {}
  const pages = prerenderedPaths(product)
  const encoder = new TextEncoder()
  for (const path of pages) {
    for (const device of ['web', 'h5'] as const) {
      const response = await render(path, PRERENDER.userAgents[device])
      if (response.status !== 200 || !(response.headers.get('content-type') ?? '').startsWith('text/html'))
        throw new Error(`Prerendering ${path} (${device}): the render answered ${response.status}, not a 200 HTML page`)
      files.set(pageFile(path, device), new Uint8Array(await response.arrayBuffer()))
      headers[pageFile(path, device)] = [...response.headers].filter(([name]) => PAGE_HEADERS.has(name))
    }
    const template = templateOf(path, product)
    const payload = template && PAYLOADS[template]
    if (payload) files.set(payloadFile(path), encoder.encode(JSON.stringify(payload())))
  }
  return { files, headers, pages }
}

/** Writes a build's pages into `dir` (emptied first), with their manifest. */
export async function writePages(dir: string, rendered: RenderedPages, buildId: string, fingerprint: string) {
  await rm(dir, { recursive: true, force: true })
  for (const [url, body] of rendered.files) {
    const path = join(dir, url)
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, body)
  }
  const manifest: PrerenderManifest = { buildId, fingerprint, pages: rendered.pages, headers: rendered.headers }
  await writeFile(join(dir, MANIFEST_FILE), JSON.stringify(manifest, null, 1))
}

/** Pages rendered in this process (another configuration than the build's): compressed once, kept in memory. */
export function inMemory(rendered: RenderedPages, buildId: string, fingerprint: string): Prerendered {
  const files = new Map<string, StaticFile>()
  for (const [url, identity] of rendered.files) {
    const br = new Uint8Array(
      zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
    )
    const gzip = new Uint8Array(zlib.gzipSync(identity, { level: 9 }))
    files.set(url, toStaticFile(url, { identity, br, gzip }))
  }
  return { buildId, manifest: { buildId, fingerprint, pages: rendered.pages, headers: rendered.headers }, files }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function isManifest(value: unknown): value is PrerenderManifest {
  return (
    typeof value === 'object' &&
    value !== null &&
    'buildId' in value &&
    typeof value.buildId === 'string' &&
    'fingerprint' in value &&
    typeof value.fingerprint === 'string' &&
    'pages' in value &&
    Array.isArray(value.pages) &&
    'headers' in value &&
    typeof value.headers === 'object'
  )
}

/**
 * The build's prerendered pages when they were rendered by this build under this configuration;
 * otherwise why not (the server then renders them itself).
 */
export async function readPages(dir: string, buildId: string, fingerprint: string): Promise<Prerendered | string> {
  const raw = await readFile(join(dir, MANIFEST_FILE), 'utf8').catch(() => undefined)
  if (raw === undefined) return 'none were built'
  const manifest = parseJson(raw)
  if (!isManifest(manifest)) return 'their manifest is unreadable'
  if (manifest.buildId !== buildId) return `they belong to build ${manifest.buildId}, not ${buildId}`
  if (manifest.fingerprint !== fingerprint) return 'they were rendered under another configuration'
  return { buildId, manifest, files: await loadStaticFiles(dir) }
}

function cookiesOf(request: Request): Map<string, string> {
  const cookies = new Map<string, string>()
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at > 0) cookies.set(part.slice(0, at).trim(), decodeURIComponent(part.slice(at + 1).trim()))
  }
  return cookies
}

/** Cookies the render reads: each must be absent, or at the value the prerender assumed. */
const DISPLAY_COOKIES: ReadonlyMap<string, string | undefined> = new Map([
  [COOKIES.theme, DEFAULTS.theme],
  [COOKIES.upColor, DEFAULTS.upColor],
  [COOKIES.appLang, undefined],
  [COOKIES.i18nRedirected, undefined],
  [COOKIES.clientLanguages, undefined],
  [PREFERENCE_COOKIES.pricingCurrency, undefined],
  ['selectType', undefined],
])

/** True when a render for this request would give the prerendered page: no session, default display cookies, no query. */
export function isVisitorIndependent(request: Request): boolean {
  if (new URL(request.url).search !== '') return false
  const cookies = cookiesOf(request)
  if (COOKIES.session.some((name) => cookies.get(name))) return false
  for (const [name, assumed] of DISPLAY_COOKIES) {
    const value = cookies.get(name)
    if (value !== undefined && value !== '' && value !== assumed) return false
  }
  return true
}

function refusal(status: number, reason: string): Response {
  return Response.json({ error: reason }, { status, headers: { 'cache-control': 'no-store' } })
}

/** Serves prerendered pages to the visitors they fit, and their payloads for this build only. */
export function prerenderedPages(site: Prerendered): ServerMiddleware {
  const pages = new Set(site.manifest.pages)
  const suffix = `/${PRERENDER.payloadFile}`
  return (request, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next()
    const url = new URL(request.url)
    if (url.pathname.endsWith(suffix) && pages.has(url.pathname.slice(0, -suffix.length))) {
      const asked = decodeURIComponent(url.search.slice(1))
      if (asked === '') return refusal(400, `A payload is asked for with its build id: ${url.pathname}?{buildId}`)
      if (asked !== site.buildId)
        return refusal(409, `Stale build: this payload is for build ${asked}, the server runs ${site.buildId}`)
      const file = site.files.get(url.pathname)
      // A page without data has no payload: the router answers 404.
      if (!file) return next()
      // Its address names its build: a new build is a new address.
      return serveFile(request, { ...file, cacheControl: 'public, max-age=31536000, immutable' })
    }
    if (!pages.has(url.pathname) || !isVisitorIndependent(request)) return next()
    const device: Device = isMobileUserAgent(request.headers.get('user-agent') ?? '') ? 'h5' : 'web'
    const name = pageFile(url.pathname, device)
    const file = site.files.get(name)
    if (!file) return next()
    return serveFile(request, file, [
      ...(site.manifest.headers[name] ?? []),
      // A shared cache must not hand this file to a visitor whose cookies or device make another page.
      ['vary', 'Accept-Encoding, Cookie, User-Agent'],
      ['x-prerendered', site.buildId],
    ])
  }
}
