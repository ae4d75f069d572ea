import { describe, expect, it } from 'vitest'
import { checkServerFnRequest, isExactJson, jsonNesting } from './server-fn-guard.server.ts'

const SITE = 'https://tandem.example'
const options = { siteOrigins: [SITE], maxBodyBytes: 1024, maxNesting: 8 }
const URL_ = `${SITE}/_serverFn/abc`

function post(body: BodyInit | null, headers: Record<string, string>) {
  return new Request(URL_, {
    method: 'POST',
    body,
    headers,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  })
}
const sameSite = { 'sec-fetch-site': 'same-origin', 'x-tsr-serverfn': 'true', 'content-type': 'application/json' }

describe('server-function edge', () => {
  it('lets the app’s own calls through: JSON from this site, and a call without a body', async () => {
    expect(await checkServerFnRequest(post('{"t":{"a":[1,2]}}', sameSite), options)).toBeUndefined()
    expect(
      await checkServerFnRequest(post(null, { 'sec-fetch-site': 'same-origin', 'x-tsr-serverfn': 'true' }), options),
    ).toBeUndefined()
    // Browsers without Sec-Fetch-Site: the Origin, then the Referer, decides.
    expect(
      await checkServerFnRequest(
        post('{}', { origin: SITE, 'x-tsr-serverfn': 'true', 'content-type': 'application/json; charset=UTF-8' }),
        options,
      ),
    ).toBeUndefined()
    expect(
      await checkServerFnRequest(
        post('{}', { referer: `${SITE}/copy-trading`, 'x-tsr-serverfn': 'true', 'content-type': 'application/json' }),
        options,
      ),
    ).toBeUndefined()
  })

  it('refuses writes from another site, whatever they claim', async () => {
    const attacks: Record<string, string>[] = [
      {
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.example',
        'x-tsr-serverfn': 'true',
        'content-type': 'application/json',
      },
      // A sibling subdomain is same-site, not same-origin.
      {
        'sec-fetch-site': 'same-site',
        origin: 'https://x.tandem.example',
        'x-tsr-serverfn': 'true',
        'content-type': 'application/json',
      },
      { origin: 'https://evil.example', 'x-tsr-serverfn': 'true', 'content-type': 'application/json' },
      { origin: 'null', 'x-tsr-serverfn': 'true', 'content-type': 'application/json' },
      { referer: 'https://evil.example/tandem.example', 'x-tsr-serverfn': 'true', 'content-type': 'application/json' },
      // Nothing that says where it came from.
      { 'x-tsr-serverfn': 'true', 'content-type': 'application/json' },
    ]
    for (const headers of attacks)
      expect((await checkServerFnRequest(post('{}', headers), options))?.status, JSON.stringify(headers)).toBe(403)
  })

  it('requires the server-function header and exactly JSON: what a form or a simple fetch sends is refused', async () => {
    expect((await checkServerFnRequest(post('{}', { ...sameSite, 'x-tsr-serverfn': 'false' }), options))?.reason).toBe(
      'not-a-server-function-call',
    )
    for (const type of [
      'text/plain; charset=application/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      'text/json',
    ]) {
      expect(
        (await checkServerFnRequest(post('{}', { ...sameSite, 'content-type': type }), options))?.status,
        type,
      ).toBe(415)
    }
    expect(
      (await checkServerFnRequest(post('{}', { 'sec-fetch-site': 'same-origin', 'x-tsr-serverfn': 'true' }), options))
        ?.status,
    ).toBe(415)
    expect(isExactJson('application/json;charset=utf-8')).toBe(true)
    expect(isExactJson('application/json; charset=latin1')).toBe(false)
  })

  it('caps the body by its declared length and by what arrives, and refuses deep nesting before parsing', async () => {
    const big = `"${'a'.repeat(2000)}"`
    expect(
      (await checkServerFnRequest(post(big, { ...sameSite, 'content-length': String(big.length) }), options))?.status,
    ).toBe(413)
    // No Content-Length (chunked): counted as it streams.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i += 1) controller.enqueue(new TextEncoder().encode('a'.repeat(200)))
        controller.close()
      },
    })
    expect((await checkServerFnRequest(post(stream, sameSite), options))?.status).toBe(413)
    expect((await checkServerFnRequest(post('['.repeat(9) + ']'.repeat(9), sameSite), options))?.reason).toBe(
      'payload-too-deep',
    )
    expect(await checkServerFnRequest(post('['.repeat(8) + ']'.repeat(8), sameSite), options)).toBeUndefined()
    // GET calls carry their payload in the query string: the same limits.
    const get = (payload: string) => new Request(`${URL_}?payload=${encodeURIComponent(payload)}`)
    expect((await checkServerFnRequest(get('{'.repeat(20) + '}'.repeat(20)), options))?.status).toBe(400)
    expect((await checkServerFnRequest(get(big), options))?.status).toBe(413)
    expect(await checkServerFnRequest(get('{"t":1}'), options)).toBeUndefined()
  })

  it('counts nesting outside strings only', () => {
    expect(jsonNesting('{"a":"[[[[{{{{","b":[{"c":"\\"]"}]}')).toBe(3)
    expect(jsonNesting('"no nesting"')).toBe(0)
  })
})
