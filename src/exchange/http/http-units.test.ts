/** Pure pieces of the HTTP edge: escaping, the reference page, the standalone mount. */
import { describe, expect, it } from 'vitest'
import { isTrustedPeer, stripBase, toExchangeRequest } from '../mount.ts'
import { escapeHtml, htmlPage } from './html.ts'
import { referenceHtml } from './reference-page.ts'

describe('html', () => {
  it('escapes every special character', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
  })

  it('pages forbid scripts and external loads', () => {
    const page = htmlPage('<t>', '<p>x</p>')
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    )
  })

  it('the reference page escapes text taken from the document', () => {
    const document = {
      info: { title: '<script>alert(1)</script>', version: '1', description: 'a & b' },
      paths: {
        '/x/<y>': {
          get: {
            summary: '"quoted"',
            responses: {
              '200': {
                description: '<b>',
                content: { 'application/json': { schema: { type: 'string', pattern: '<&>' } } },
              },
            },
          },
        },
      },
      components: { schemas: { '<S>': { type: 'object' } } },
    }
    const { body } = referenceHtml(document)
    expect(body).not.toContain('<script>')
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(body).toContain('<code>/x/&lt;y&gt;</code>')
    expect(body).toContain('&quot;pattern&quot;: &quot;&lt;&amp;&gt;&quot;')
    expect(body).not.toMatch(/<b>|<S>/)
  })
})

describe('standalone mount', () => {
  it('strips the spot and futures bases only', () => {
    expect(stripBase('/spotapi/v2/users/login')).toBe('/v2/users/login')
    expect(stripBase('/futuresapi')).toBe('/')
    expect(stripBase('/spotapix/v2')).toBe('/spotapix/v2')
    expect(stripBase('/v2/users/login')).toBe('/v2/users/login')
  })

  it('trusts forwarded addresses only from loopback and private peers', () => {
    for (const ip of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.1',
      '192.168.1.1',
      'fd00::1',
    ]) {
      expect(isTrustedPeer(ip), ip).toBe(true)
    }
    for (const ip of ['8.8.8.8', '172.32.0.1', '172.15.0.1', '2001:db8::1', undefined])
      expect(isTrustedPeer(ip), ip).toBe(false)
  })

  it('replaces a forwarded-for sent by an untrusted peer with the peer address', async () => {
    const original = new Request('http://h/spotapi/v2/users/login?x=1', {
      method: 'POST',
      headers: { 'x-forwarded-for': '1.1.1.1', 'x-real-ip': '2.2.2.2', 'content-type': 'application/json' },
      body: '{"a":1}',
    })
    const forwarded = toExchangeRequest(original, '8.8.8.8')
    expect(new URL(forwarded.url).pathname).toBe('/v2/users/login')
    expect(new URL(forwarded.url).search).toBe('?x=1')
    expect(forwarded.headers.get('x-forwarded-for')).toBe('8.8.8.8')
    expect(forwarded.headers.has('x-real-ip')).toBe(false)
    expect(await forwarded.text()).toBe('{"a":1}')
    const proxied = toExchangeRequest(
      new Request('http://h/v2', { headers: { 'x-forwarded-for': '1.1.1.1' } }),
      '127.0.0.1',
    )
    expect(proxied.headers.get('x-forwarded-for')).toBe('1.1.1.1')
  })
})
