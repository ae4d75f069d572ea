/**
 * Pieces of the production HTTP pipeline, kept apart from the process wiring so they are testable:
 * static caching rules, compression of server-rendered HTML, headers for every response.
 */
import type { Duplex } from 'node:stream'
import zlib from 'node:zlib'
import type { ServerMiddleware } from 'srvx'
import { HTTP_LIMITS } from '#/app.config.ts'

const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const

export const baseHeaders: ServerMiddleware = async (request, next) => {
  const response = await next()
  const missing = Object.entries(BASE_HEADERS).filter(([name]) => !response.headers.has(name))
  if (missing.length === 0) return response
  // Some responses (redirects, fetched ones) carry immutable headers: copy them into a new one.
  const headers = new Headers(response.headers)
  for (const [name, value] of missing) headers.set(name, value)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/**
 * Paths the router need not see: absurdly long, or not decodable. A path that starts with `//`
 * (or `/\`) goes to its single-slash form by a relative Location: Start would build an absolute
 * one from the Host header, which anyone can set (`//x` with `Host: evil.example`).
 */
export const rejectBadPaths: ServerMiddleware = (request, next) => {
  const raw = request.url.slice(request.url.indexOf('/', request.url.indexOf('//') + 2))
  const [path = '', ...query] = raw.split('?')
  if (path.length > HTTP_LIMITS.maxPathLength) return new Response('URI Too Long', { status: 414 })
  try {
    decodeURIComponent(path)
  } catch {
    return new Response('Bad Request: malformed percent-encoding in the path', { status: 400 })
  }
  if (/^\/[/\\]/.test(path)) {
    const single = `/${path.replace(/^[/\\]+/, '')}${query.length > 0 ? `?${query.join('?')}` : ''}`
    return new Response(null, { status: 308, headers: { location: single, 'cache-control': 'no-store' } })
  }
  return next()
}

/**
 * Compresses a web stream through a Node zlib stream (Node 22's CompressionStream has no brotli).
 * The client may hang up mid-stream: the stream is then cancelled while zlib still has output in
 * flight, and enqueueing into it would throw outside any request and take the process down.
 */
function compressStream(
  source: ReadableStream<Uint8Array>,
  compressor: zlib.BrotliCompress | zlib.Gzip,
): ReadableStream<Uint8Array> {
  const reader = source.getReader()
  let open = true
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const finish = (error?: unknown) => {
        if (!open) return
        open = false
        if (error === undefined) controller.close()
        else controller.error(error)
      }
      compressor.on('data', (chunk: Buffer) => {
        if (open) controller.enqueue(new Uint8Array(chunk))
      })
      compressor.on('end', () => finish())
      compressor.on('error', (error) => finish(error))
      const pump = async () => {
        for (;;) {
          const { done, value } = await reader.read()
          if (done || !open) break
          await new Promise<void>((resolve, reject) =>
            compressor.write(value, (error) => (error ? reject(error) : resolve())),
          )
        }
        if (open) compressor.end()
      }
      pump().catch((error: unknown) => {
        finish(error)
        compressor.destroy()
      })
    },
    cancel(reason) {
      open = false
      compressor.destroy()
      return reader.cancel(reason)
    },
  })
}

/**
 * Requests Node cannot parse (oversized headers, garbage) get a plain 4xx instead of a dropped
 * connection; a client that hung up needs no answer and no stack trace.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request'
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}

type Encoding = 'br' | 'gzip'

export function pickEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    accepted.set(name, q ? Number(q.slice(2)) : 1)
  }
  for (const encoding of ['br', 'gzip'] as const) {
    const q = accepted.get(encoding) ?? accepted.get('*')
    if (q !== undefined && q > 0) return encoding
  }
  return null
}

/**
 * Compresses a server-rendered HTML response as it streams. Each chunk is flushed so streaming
 * rendering still reaches the browser early.
 */
export function compressHtml(request: Request, response: Response): Response {
  const type = response.headers.get('content-type') ?? ''
  if (!type.startsWith('text/html') || !response.body || response.headers.has('content-encoding')) return response
  const encoding = pickEncoding(request.headers.get('accept-encoding'))
  if (!encoding) return response
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({
          flush: zlib.constants.BROTLI_OPERATION_FLUSH,
          // A small window: pages are tens of kB, and the default 4 MB window costs an allocation per response.
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
            [zlib.constants.BROTLI_PARAM_LGWIN]: 17,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        })
      : zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH, level: 6 })
  const body = compressStream(response.body, compressor)
  const headers = new Headers(response.headers)
  headers.set('content-encoding', encoding)
  headers.delete('content-length')
  headers.append('vary', 'Accept-Encoding')
  return new Response(body, { status: response.status, statusText: response.statusText, headers })
}
