import { gunzipSync, brotliDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressHtml, pickEncoding, rejectBadPaths } from './http.ts'

describe('pickEncoding', () => {
  it.each([
    [null, null],
    ['', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', null],
    ['*', 'br'],
  ])('%j → %j', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected)
  })
})

function html(body: string) {
  return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } })
}

describe('compressHtml', () => {
  const page = `<!doctype html><html><body>${'<p>Copy trading</p>'.repeat(200)}</body></html>`

  it('brotli-compresses server-rendered HTML', async () => {
    const res = compressHtml(new Request('http://x/', { headers: { 'accept-encoding': 'br, gzip' } }), html(page))
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('vary')).toContain('Accept-Encoding')
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(bytes.length).toBeLessThan(page.length / 4)
    expect(brotliDecompressSync(bytes).toString()).toBe(page)
  })

  it('gzips for clients without brotli', async () => {
    const res = compressHtml(new Request('http://x/', { headers: { 'accept-encoding': 'gzip' } }), html(page))
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(page)
  })

  it('keeps the status of the page', () => {
    const notFound = new Response(page, { status: 404, headers: { 'content-type': 'text/html' } })
    const res = compressHtml(new Request('http://x/', { headers: { 'accept-encoding': 'gzip' } }), notFound)
    expect(res.status).toBe(404)
  })

  it('leaves other responses alone', () => {
    const json = Response.json({ a: 1 })
    expect(compressHtml(new Request('http://x/', { headers: { 'accept-encoding': 'br' } }), json)).toBe(json)
    const plain = html(page)
    expect(compressHtml(new Request('http://x/'), plain)).toBe(plain)
  })
})

describe('rejectBadPaths', () => {
  const next = () => new Response('ok')

  it('answers 414 for very long paths', async () => {
    const res = await rejectBadPaths(new Request(`http://x/${'a'.repeat(10_000)}`), next)
    expect(res.status).toBe(414)
  })

  it('answers 400 for malformed percent-encoding', async () => {
    const res = await rejectBadPaths(new Request('http://x/%E0%A4%A'), next)
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('percent-encoding')
  })

  it('sends a path that starts with // or /\\ to its single-slash form by a relative address, whatever the Host', async () => {
    for (const [path, location] of [
      ['//x?a=1', '/x?a=1'],
      ['///evil.example/y', '/evil.example/y'],
      ['/\\evil.example', '/evil.example'],
    ]) {
      const res = await rejectBadPaths(new Request(`http://evil.example${path}`), next)
      expect([res.status, res.headers.get('location')], path).toEqual([308, location])
    }
  })

  it('passes ordinary paths on', async () => {
    const res = await rejectBadPaths(new Request('http://x/zh_CN/copy-trading/gemw?q=%E4%B8%AD'), next)
    expect(await res.text()).toBe('ok')
  })
})
