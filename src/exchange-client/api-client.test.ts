import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApiClient, isSuccess, parseBody, type HttpMethod } from './api-client.ts'

/** A real local HTTP server whose next answers each test scripts. */
interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}
let server: Server
let origin: string
const seen: Seen[] = []
let answers: Array<{ status: number; body: string; delayMs?: number; headers?: Record<string, string> }> = []

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      const answer = answers.shift() ?? {
        status: 200,
        body: JSON.stringify({ code: 0, data: { ok: true }, msg: 'ok' }),
      }
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
        res.end(answer.body)
      }, answer.delayMs ?? 0)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise((resolve) => server.close(resolve)))

beforeEach(() => {
  seen.length = 0
  answers = []
})

function client(timeoutMs = 2000) {
  return createApiClient({
    spotBase: '/spotapi',
    futuresBase: '/futuresapi',
    origin,
    fetch: (request) => fetch(request),
    timeoutMs,
    headers: (base) => ({
      language: 'zh_CN',
      authorization: 'Bearer t0k',
      clientTag: 'web',
      selectType: 'spot',
      ...(base === 'futures' ? { appVersion: '1.0.0', locale: 'zh_CN' } : {}),
    }),
  })
}

describe('API client', () => {
  it('sends the §7 headers, and the futures base adds its own', async () => {
    await client()('/v2/users/security/config')
    await client()('/fapi/x', { base: 'futures' })
    expect(seen[0]?.url).toBe('/spotapi/v2/users/security/config')
    expect(seen[0]?.headers).toMatchObject({
      language: 'zh_CN',
      authorization: 'Bearer t0k',
      clienttag: 'web',
      selecttype: 'spot',
    })
    expect(seen[0]?.headers.appversion).toBeUndefined()
    expect(seen[1]?.url).toBe('/futuresapi/fapi/x')
    expect(seen[1]?.headers).toMatchObject({ appversion: '1.0.0', locale: 'zh_CN' })
  })

  it('sends GET params as a query string and POST bodies as JSON or a form', async () => {
    await client()('/open/activity/statistics', {
      query: { event: 'page_view', request_source: 'PC', skipped: undefined },
    })
    await client()('/v2/x', { method: 'POST', body: { userLanguage: 'ja_JP' } })
    await client()('/v2/y', { method: 'POST', form: { a: '1', b: 'x y' } })
    expect(seen[0]?.url).toBe('/spotapi/open/activity/statistics?event=page_view&request_source=PC')
    expect(seen[1]?.headers['content-type']).toBe('application/json')
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual({ userLanguage: 'ja_JP' })
    expect(seen[2]?.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(seen[2]?.body).toBe('a=1&b=x+y')
  })

  it('returns the envelope with the HTTP status', async () => {
    answers = [{ status: 200, body: JSON.stringify({ code: 200, data: { total: '1.5' }, msg: 'ok' }) }]
    const result = await client()('/asset/v1/api/wallet/account', { method: 'POST', body: { walletTypeList: [1] } })
    expect(result).toMatchObject({ code: 200, data: { total: '1.5' }, status: 200 })
    expect(isSuccess(result)).toBe(true)
  })

  it('parses a JSON string answer', async () => {
    answers = [{ status: 200, body: JSON.stringify(JSON.stringify({ code: '0', data: { showSwitch: true } })) }]
    const result = await client()('/afs/activity/v1/paging/anniversary/index')
    expect(result).toMatchObject({ code: '0', data: { showSwitch: true } })
    expect(parseBody('"plain"')).toBe('plain')
  })

  it('keeps refusals as envelopes with their reason and Retry-After', async () => {
    answers = [
      {
        status: 429,
        headers: { 'retry-after': '42' },
        body: JSON.stringify({ code: 429, data: null, msg: 'Too many', reason: 'rate-limited' }),
      },
    ]
    const result = await client()('/v2/users/login', { method: 'POST', body: {} })
    expect(result).toMatchObject({ code: 429, reason: 'rate-limited', status: 429, retryAfter: 42 })
    expect(isSuccess(result)).toBe(false)
  })

  it('turns an unreadable failure into code 500, empty data and an err text', async () => {
    answers = [{ status: 502, body: '<html>bad gateway</html>' }]
    const result = await client()('/v2/z', { method: 'POST' })
    expect(result.code).toBe(500)
    expect(result.data).toBeNull()
    expect(result.err).toBe(`[POST] "${origin}/spotapi/v2/z": 502 Bad Gateway`)
  })

  it('reports a network failure in the same shape', async () => {
    const broken = createApiClient({
      spotBase: 'http://127.0.0.1:1',
      futuresBase: '',
      origin,
      fetch: (r) => fetch(r),
      headers: () => ({}),
    })
    const result = await broken('/x', { method: 'POST' })
    expect(result).toMatchObject({ code: 500, data: null, status: 0 })
    expect(result.err).toContain('[POST] "http://127.0.0.1:1/x"')
  })

  it('gives up after the timeout with a TimeoutError', async () => {
    // The answer comes far later than the timeout, so a busy machine cannot let it win.
    answers = [{ status: 200, body: '{}', delayMs: 5000 }]
    const result = await client(100)('/slow', { method: 'POST' })
    expect(result.code).toBe(500)
    expect(result.err).toMatch(/^TimeoutError: \[POST\]/)
  })

  const RETRIED = [408, 409, 425, 429, 500, 502, 503, 504]
  const METHODS: HttpMethod[] = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE']
  for (const method of METHODS) {
    for (const status of [...RETRIED, 400, 401, 404]) {
      const retries = ['GET', 'HEAD', 'OPTIONS'].includes(method) && RETRIED.includes(status)
      it(`${method} answered ${status}: ${retries ? 'one retry' : 'no retry'}`, async () => {
        answers = [
          { status, body: JSON.stringify({ code: status, data: null, msg: 'x' }) },
          { status: 200, body: JSON.stringify({ code: 0, data: 'second', msg: 'ok' }) },
        ]
        const result = await client()('/r', { method })
        expect(seen).toHaveLength(retries ? 2 : 1)
        if (method !== 'HEAD') expect(result.code).toBe(retries ? 0 : status)
      })
    }
  }

  it('retries once only, then answers with the failure', async () => {
    answers = [
      { status: 503, body: JSON.stringify({ code: 503, data: null }) },
      { status: 503, body: JSON.stringify({ code: 503, data: null }) },
      { status: 200, body: JSON.stringify({ code: 0, data: 'third' }) },
    ]
    const result = await client()('/r')
    expect(seen).toHaveLength(2)
    expect(result.code).toBe(503)
  })
})
