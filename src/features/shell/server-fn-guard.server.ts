/**
 * The edge of every server-function call (`/_serverFn/…`), before Start parses anything:
 *
 * - A call that can change state (any method but GET/HEAD) must come from this site: Sec-Fetch-Site
 *   `same-origin`, or without it an Origin (else a Referer) of this site; nothing at all is refused.
 *   It must also carry Start's `x-tsr-serverFn: true` header and, when it has a body, the exact
 *   content type `application/json`: a cross-site form can set neither, and `text/plain;
 *   charset=application/json` is not JSON.
 * - A body is capped by its Content-Length and by counting what actually arrives (413), and
 *   arrays/objects nested deeper than a limit are refused (400) before Seroval recurses into them.
 *
 * The session cookie stays SameSite=Lax: writes are guarded here by three checks a cross-site page
 * cannot pass, while Strict would show signed-out pages to every visitor who arrives by a link
 * (an e-mail, a native shell opening the site) until they navigate once more.
 */
import { HTTP_LIMITS } from '#/app.config.ts'

export interface GuardOptions {
  /** Origins this site answers on (SITE_URL's, and the request's own). */
  siteOrigins: readonly string[]
  maxBodyBytes?: number
  maxNesting?: number
}

export type Refusal = { status: 400 | 403 | 413 | 415; reason: string; message: string }

const SAFE_METHODS = new Set(['GET', 'HEAD'])

function refuse(status: Refusal['status'], reason: string, message: string): Refusal {
  return { status, reason, message }
}

/** Where the request comes from, by Sec-Fetch-Site, then Origin, then Referer. */
function fromThisSite(headers: Headers, siteOrigins: readonly string[]): boolean {
  const site = headers.get('sec-fetch-site')
  if (site !== null) return site === 'same-origin'
  const origin = headers.get('origin')
  if (origin !== null) return siteOrigins.includes(origin)
  const referer = headers.get('referer')
  if (referer === null) return false
  try {
    return siteOrigins.includes(new URL(referer).origin)
  } catch {
    return false
  }
}

/** `application/json`, optionally with charset=utf-8, and nothing else. */
export function isExactJson(contentType: string): boolean {
  const [type = '', ...params] = contentType.split(';').map((part) => part.trim().toLowerCase())
  if (type !== 'application/json') return false
  return params.every((param) => param === '' || param === 'charset=utf-8')
}

/** The deepest nesting of arrays and objects in a JSON text (strings skipped), without parsing it. */
export function jsonNesting(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i += 1
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, (depth += 1))
    else if (c === 0x5d || c === 0x7d) depth -= 1
  }
  return deepest
}

/** The body, read no further than `limit` bytes; undefined when there was more. */
async function readCapped(request: Request, limit: number): Promise<string | undefined> {
  if (!request.body) return ''
  const reader = request.clone().body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      // Not awaited: a tee's branch settles its cancel only once the other branch is cancelled too.
      reader.cancel().catch(() => undefined)
      return undefined
    }
    chunks.push(value)
  }
  return new TextDecoder().decode(Buffer.concat(chunks))
}

/** Why a server-function request is refused, or undefined when it may go on to Start. */
export async function checkServerFnRequest(request: Request, options: GuardOptions): Promise<Refusal | undefined> {
  const maxBody = options.maxBodyBytes ?? HTTP_LIMITS.maxServerFnBodyBytes
  const maxNesting = options.maxNesting ?? HTTP_LIMITS.maxServerFnNesting
  const { headers } = request
  if (SAFE_METHODS.has(request.method.toUpperCase())) {
    const payload = new URL(request.url).searchParams.get('payload')
    if (payload === null) return undefined
    if (payload.length > maxBody) return refuse(413, 'payload-too-large', `The payload is over ${maxBody} bytes.`)
    return jsonNesting(payload) > maxNesting
      ? refuse(400, 'payload-too-deep', `The payload nests deeper than ${maxNesting} levels.`)
      : undefined
  }
  if (!fromThisSite(headers, options.siteOrigins))
    return refuse(403, 'cross-site', 'Server functions answer only this site’s pages.')
  if (headers.get('x-tsr-serverfn') !== 'true')
    return refuse(403, 'not-a-server-function-call', 'The x-tsr-serverFn header is missing.')
  const declared = headers.get('content-length')
  if (declared !== null && !(Number(declared) <= maxBody))
    return refuse(413, 'payload-too-large', `The body is over ${maxBody} bytes.`)
  const contentType = headers.get('content-type')
  const text = await readCapped(request, maxBody)
  if (text === undefined) return refuse(413, 'payload-too-large', `The body is over ${maxBody} bytes.`)
  if (text === '' && contentType === null) return undefined
  if (contentType === null || !isExactJson(contentType))
    return refuse(415, 'unsupported-media-type', 'A server-function body is application/json.')
  return jsonNesting(text) > maxNesting
    ? refuse(400, 'payload-too-deep', `The payload nests deeper than ${maxNesting} levels.`)
    : undefined
}

export function refusalResponse(refusal: Refusal): Response {
  return Response.json(
    { code: refusal.status, reason: refusal.reason, msg: refusal.message },
    { status: refusal.status, headers: { 'cache-control': 'no-store' } },
  )
}
