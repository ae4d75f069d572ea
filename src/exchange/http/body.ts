/**
 * Reads request bodies before routing: enforces the size limit on the declared Content-Length and
 * on the bytes actually streamed (a client may lie or send chunked), refuses bytes that are not
 * UTF-8 JSON, and hands the validators a buffered copy. An empty JSON body reads as `{}`, so a
 * missing body is reported field by field like any other invalid input.
 */
import type { MiddlewareHandler } from 'hono'
import { ApiFailure } from './errors.ts'

const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json$/i
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export function isJsonContentType(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';')[0]?.trim() ?? ''
  return JSON_MEDIA_TYPE.test(mediaType)
}

const tooLarge = () => new ApiFailure(413, 'payload-too-large')

async function readLimited(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

export function bodyReader(maxBytes: number): MiddlewareHandler {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  return async (c, next) => {
    if (BODYLESS_METHODS.has(c.req.method)) return next()
    const declared = c.req.header('content-length')
    if (declared !== undefined && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) throw tooLarge()
    const raw = c.req.raw
    const bytes = raw.body ? await readLimited(raw.body, maxBytes) : new Uint8Array(0)
    const json = isJsonContentType(c.req.header('content-type'))
    if (bytes.byteLength === 0) {
      c.req.raw = rebuilt(raw, json ? '{}' : null)
      return next()
    }
    if (!json) throw new ApiFailure(415, 'invalid-input', { msg: 'Send the body as application/json' })
    let text: string
    try {
      text = decoder.decode(bytes)
    } catch {
      throw new ApiFailure(400, 'malformed-json')
    }
    // Whitespace only is an empty body, like no body at all.
    if (text.trim() === '') text = '{}'
    try {
      JSON.parse(text)
    } catch {
      throw new ApiFailure(400, 'malformed-json')
    }
    c.req.raw = rebuilt(raw, text)
    return next()
  }
}

/**
 * The same request with its body buffered. Built from parts rather than `new Request(raw, …)`:
 * servers such as srvx hand over their own Request class, which undici's constructor rejects.
 */
function rebuilt(raw: Request, body: string | null): Request {
  return new Request(raw.url, {
    method: raw.method,
    headers: new Headers(raw.headers),
    body,
    ...(raw.signal instanceof AbortSignal && { signal: raw.signal }),
  })
}
