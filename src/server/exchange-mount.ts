/**
 * Mounts the reference exchange in this process: `/spotapi/*` and `/futuresapi/*` (and the
 * development inbox outside production), over HTTP for browsers and other machines, and
 * in-process for the web tier's own API client.
 */
import { API_LIMITS } from '#/app.config.ts'
import { BASE_PREFIXES, stripBase } from '../exchange/mount.ts'

export type FetchHandler = (request: Request) => Promise<Response>

/** The exchange's development pages served at the site's root (outside production only). */
const DEV_PAGES = ['/dev/inbox', '/dev/inbox.json', '/dev/analytics', '/dev/analytics.json']

/** The exchange's own path for a site path, or undefined when the path is not the exchange's. */
export function exchangePathOf(pathname: string, devPages: boolean): string | undefined {
  if (BASE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)))
    return stripBase(pathname)
  if (devPages && DEV_PAGES.includes(pathname)) return pathname
  return undefined
}

function tooLarge(): Response {
  return Response.json(
    { code: 413, data: null, msg: 'Payload Too Large', reason: 'payload-too-large' },
    { status: 413 },
  )
}

/** Reads a request body, refusing (undefined) past the limit without buffering more than it. */
async function boundedBody(request: Request, limit: number): Promise<ArrayBuffer | undefined> {
  if (!request.body) return new ArrayBuffer(0)
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > limit) return undefined
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      return undefined
    }
    chunks.push(value)
  }
  const body = new ArrayBuffer(size)
  const view = new Uint8Array(body)
  let offset = 0
  for (const chunk of chunks) {
    view.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

export interface MountOptions {
  /** The client's address as this server saw it; it replaces any forwarded-for the client sent. */
  clientIp?: string
}

export function createExchangeMount(exchangeFetch: FetchHandler, devPages: boolean) {
  return {
    handles: (pathname: string) => exchangePathOf(pathname, devPages) !== undefined,
    async fetch(request: Request, options: MountOptions = {}): Promise<Response> {
      const url = new URL(request.url)
      const path = exchangePathOf(url.pathname, devPages)
      if (path === undefined)
        return Response.json({ code: 404, data: null, msg: 'Not Found', reason: 'not-found' }, { status: 404 })
      const headers = new Headers(request.headers)
      if (options.clientIp !== undefined) headers.set('x-forwarded-for', options.clientIp)
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
      const body = hasBody ? await boundedBody(request, API_LIMITS.maxBodyBytes) : undefined
      if (hasBody && body === undefined) return tooLarge()
      return exchangeFetch(
        new Request(new URL(path + url.search, url.origin), { method: request.method, headers, body }),
      )
    },
  }
}
