/**
 * The API client of §7. Every call resolves to an envelope `{ code, data, msg }`; a request that
 * fails (network, timeout, unreadable answer) resolves to `{ code: 500, data: null, err }` instead
 * of throwing, so callers branch on `code` only.
 */
import { API_LIMITS } from '#/app.config.ts'

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export type ApiBase = 'spot' | 'futures'

export interface ApiEnvelope {
  code: number | string
  data: unknown
  msg?: string
  /** Machine-readable reason of a refusal (the reference exchange's error envelope). */
  reason?: string
  /** Set when the request itself failed (§8: code 500, empty data, err text). */
  err?: string
  /** HTTP status of the answer, 0 when there was none. */
  status: number
  /** Seconds to wait before retrying, from Retry-After. */
  retryAfter?: number
}

export interface RequestOptions {
  method?: HttpMethod
  base?: ApiBase
  /** GET-like methods send these as the query string. */
  query?: Record<string, string | number | boolean | undefined>
  /** POST-like methods send this as JSON … */
  body?: unknown
  /** … or, in the form variant, as application/x-www-form-urlencoded. */
  form?: Record<string, string>
  headers?: Record<string, string>
  signal?: AbortSignal
}

export type Fetch = (request: Request) => Promise<Response>

export interface ApiClientOptions {
  spotBase: string
  futuresBase: string
  /** Resolves relative bases (embedded mode) to absolute URLs. */
  origin: string
  fetch: Fetch
  /** Headers every request carries (§7); the futures base adds its own. */
  headers: (base: ApiBase) => Record<string, string>
  timeoutMs?: number
  retryStatuses?: readonly number[]
}

const IDEMPOTENT: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'OPTIONS'])

export function isEnvelope(value: unknown): value is Omit<ApiEnvelope, 'status'> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'code' in value &&
    (typeof value.code === 'number' || typeof value.code === 'string')
  )
}

/** A JSON answer may itself be a JSON string (§7): parse it once more. */
export function parseBody(text: string): unknown {
  let value: unknown = JSON.parse(text)
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      // a plain string answer stays a string
    }
  }
  return value
}

export function failure(err: string, status = 0): ApiEnvelope {
  return { code: 500, data: null, err, status }
}

function buildUrl(base: string, origin: string, path: string, query: RequestOptions['query']): URL {
  const url = new URL(base.replace(/\/+$/, '') + path, origin)
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value))
  }
  return url
}

function retryAfterSeconds(response: Response): number | undefined {
  const header = response.headers.get('retry-after')
  if (!header) return undefined
  const seconds = Number(header)
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined
}

export function createApiClient(options: ApiClientOptions) {
  const timeoutMs = options.timeoutMs ?? API_LIMITS.requestTimeoutMs
  const retryStatuses = new Set(options.retryStatuses ?? API_LIMITS.retryStatuses)

  /**
   * One attempt. The deadline is raced as well as passed as the request's signal: fetch follows a
   * Request's signal through a weak link that garbage collection can break, and the call then waits
   * for the answer however long it takes.
   */
  async function once(
    method: HttpMethod,
    url: URL,
    init: RequestInit,
    deadline: AbortSignal,
  ): Promise<ApiEnvelope | Response> {
    const expired = new Promise<never>((_, reject) => {
      const expire = () =>
        reject(deadline.reason instanceof Error ? deadline.reason : new DOMException('timed out', 'TimeoutError'))
      if (deadline.aborted) expire()
      else deadline.addEventListener('abort', expire, { once: true })
    })
    try {
      return await Promise.race([options.fetch(new Request(url, { ...init, method })), expired])
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        return failure(`TimeoutError: [${method}] "${url.href}" took longer than ${timeoutMs} ms`)
      }
      return failure(`[${method}] "${url.href}": ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  return async function request(path: string, opts: RequestOptions = {}): Promise<ApiEnvelope> {
    const method = opts.method ?? 'GET'
    const base = opts.base ?? 'spot'
    const url = buildUrl(
      base === 'futures' ? options.futuresBase : options.spotBase,
      options.origin,
      path,
      IDEMPOTENT.has(method) ? opts.query : undefined,
    )
    const headers = new Headers({ accept: 'application/json', ...options.headers(base), ...opts.headers })
    let body: string | undefined
    if (!IDEMPOTENT.has(method)) {
      if (opts.form) {
        headers.set('content-type', 'application/x-www-form-urlencoded')
        body = new URLSearchParams(opts.form).toString()
      } else {
        headers.set('content-type', 'application/json')
        body = JSON.stringify(opts.body ?? {})
      }
    }
    const attempts = IDEMPOTENT.has(method) ? 2 : 1
    let outcome: ApiEnvelope | Response = failure('no attempt made')
    // A timer of our own, cleared when the answer has been read. AbortSignal.timeout() is held only weakly
    // by fetch: collected mid-request, it never fires, and the call waits forever.
    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        clearTimeout(timer)
        const deadline = new AbortController()
        timer = setTimeout(() => deadline.abort(new DOMException('timed out', 'TimeoutError')), timeoutMs)
        const signal = opts.signal ? AbortSignal.any([opts.signal, deadline.signal]) : deadline.signal
        outcome = await once(method, url, { headers, body, signal }, deadline.signal)
        const status = outcome instanceof Response ? outcome.status : 0
        if (!retryStatuses.has(status) || attempt === attempts - 1) break
        if (outcome instanceof Response) await outcome.body?.cancel()
      }
      if (!(outcome instanceof Response)) return outcome
      const response = outcome
      let parsed: unknown
      try {
        parsed = parseBody(await response.text())
      } catch (error) {
        if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
          return failure(`TimeoutError: [${method}] "${url.href}" took longer than ${timeoutMs} ms`)
        return failure(`[${method}] "${url.href}": ${response.status} ${response.statusText}`, response.status)
      }
      return decoded(parsed, response, `[${method}] "${url.href}"`)
    } finally {
      clearTimeout(timer)
    }
  }

  /** `call`: '[METHOD] "url"', how §8 names a request in a failure. */
  function decoded(parsed: unknown, response: Response, call: string): ApiEnvelope {
    if (isEnvelope(parsed)) return { ...parsed, status: response.status, retryAfter: retryAfterSeconds(response) }
    if (!response.ok) return failure(`${call}: ${response.status} ${response.statusText}`, response.status)
    return { code: 0, data: parsed, status: response.status }
  }
}

export type ApiRequest = ReturnType<typeof createApiClient>

/** Codes of success: 0, '0' and 200 (§7 uses all three). */
export function isSuccess(envelope: ApiEnvelope): boolean {
  return envelope.code === 0 || envelope.code === '0' || envelope.code === 200
}
