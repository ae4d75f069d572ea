import { describe, expect, it } from 'vitest'
import { createExchangeMount, exchangePathOf } from './exchange-mount.ts'

describe('exchange mount', () => {
  it('maps site paths to exchange paths', () => {
    expect(exchangePathOf('/spotapi/v2/users/login', false)).toBe('/v2/users/login')
    expect(exchangePathOf('/futuresapi/openapi.json', false)).toBe('/openapi.json')
    expect(exchangePathOf('/spotapi', false)).toBe('/')
    expect(exchangePathOf('/spotapix/a', false)).toBeUndefined()
    expect(exchangePathOf('/copy-trading', false)).toBeUndefined()
    expect(exchangePathOf('/dev/inbox', false)).toBeUndefined()
    expect(exchangePathOf('/dev/inbox', true)).toBe('/dev/inbox')
  })

  it('forwards method, query, body and the client address the server saw', async () => {
    const seen: Request[] = []
    const mount = createExchangeMount(async (request) => {
      seen.push(request)
      return Response.json({ code: 0, data: await request.text() })
    }, false)
    const response = await mount.fetch(
      new Request('http://site/spotapi/v2/x?a=1', {
        method: 'POST',
        body: '{"k":"v"}',
        headers: { 'x-forwarded-for': '6.6.6.6', 'content-type': 'application/json' },
      }),
      { clientIp: '10.0.0.7' },
    )
    expect(await response.json()).toEqual({ code: 0, data: '{"k":"v"}' })
    expect(seen[0]?.url).toBe('http://site/v2/x?a=1')
    expect(seen[0]?.headers.get('x-forwarded-for')).toBe('10.0.0.7')
  })

  it('refuses bodies over 64 KB with 413 before the exchange sees them', async () => {
    let called = false
    const mount = createExchangeMount(() => {
      called = true
      return Promise.resolve(new Response('x'))
    }, false)
    const response = await mount.fetch(
      new Request('http://site/spotapi/v2/x', { method: 'POST', body: 'x'.repeat(70_000) }),
    )
    expect(response.status).toBe(413)
    expect(called).toBe(false)
  })
})
