/**
 * Static files of dist/client, held in memory with their build-time brotli and gzip copies.
 * The build is about a megabyte: serving from memory costs no file system call per request, and
 * a body made of bytes (not a file stream) cannot race a client that hangs up mid-transfer —
 * Node's stream-to-web bridge throws from a microtask when that happens, which would take the
 * process down.
 */
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { extname, join, relative, sep } from 'node:path'
import type { ServerMiddleware } from 'srvx'
import { pickEncoding } from './http.ts'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
}

/** Vite writes content-hashed files under /assets/: their URL changes whenever their bytes do. */
const HASHED_PREFIX = '/assets/'
const IMMUTABLE = 'public, max-age=31536000, immutable'

export interface StaticFile {
  type: string
  etag: string
  cacheControl: string
  variants: { identity: Uint8Array<ArrayBuffer>; br?: Uint8Array<ArrayBuffer>; gzip?: Uint8Array<ArrayBuffer> }
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(path)
    else yield path
  }
}

export async function loadStaticFiles(dir: string): Promise<Map<string, StaticFile>> {
  const paths: string[] = []
  for await (const path of walk(dir)) paths.push(path)
  const present = new Set(paths)
  const files = new Map<string, StaticFile>()
  for (const path of paths) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue
    const url = `/${relative(dir, path).split(sep).join('/')}`
    if (url.split('/').some((segment) => segment.startsWith('.'))) continue
    const identity = new Uint8Array(await readFile(path))
    const br = present.has(`${path}.br`) ? new Uint8Array(await readFile(`${path}.br`)) : undefined
    const gzip = present.has(`${path}.gz`) ? new Uint8Array(await readFile(`${path}.gz`)) : undefined
    files.set(url, toStaticFile(url, { identity, br, gzip }))
  }
  return files
}

/** A file from its bytes and its compressed copies; hashed assets are cached for good, the rest revalidated. */
export function toStaticFile(url: string, variants: StaticFile['variants']): StaticFile {
  return {
    type: TYPES[extname(url).toLowerCase()] ?? 'application/octet-stream',
    etag: `"${createHash('sha256').update(variants.identity).digest('base64url').slice(0, 22)}"`,
    cacheControl: url.startsWith(HASHED_PREFIX) ? IMMUTABLE : 'no-cache',
    variants,
  }
}

/** A file's answer in the encoding the request accepts; `extra` headers (a page's policy) win over the file's. */
export function serveFile(request: Request, file: StaticFile, extra: Iterable<[string, string]> = []): Response {
  const headers = new Headers({
    'content-type': file.type,
    etag: file.etag,
    'cache-control': file.cacheControl,
    vary: 'Accept-Encoding',
  })
  for (const [name, value] of extra) headers.set(name, value)
  if (request.headers.get('if-none-match') === file.etag) return new Response(null, { status: 304, headers })
  const encoding = pickEncoding(request.headers.get('accept-encoding'))
  const chosen = encoding ? file.variants[encoding] : undefined
  const body = chosen ?? file.variants.identity
  if (chosen && encoding) headers.set('content-encoding', encoding)
  headers.set('content-length', String(body.byteLength))
  return new Response(request.method === 'HEAD' ? null : body, { headers })
}

export function staticFiles(files: ReadonlyMap<string, StaticFile>): ServerMiddleware {
  return (request, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next()
    const file = files.get(new URL(request.url).pathname)
    if (!file) return next()
    return serveFile(request, file)
  }
}
