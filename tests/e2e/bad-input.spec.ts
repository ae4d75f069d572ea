import { expect, test } from '@playwright/test'

test.describe('bad input never crashes or hangs the server', () => {
  test('malformed percent-encoding → 400', async ({ request }) => {
    for (const path of ['/%E0%A4%A', '/copy-trading/%', '/zh_CN/%FF%FE']) {
      const response = await request.get(path, { maxRedirects: 0 })
      expect(response.status()).toBe(400)
    }
  })

  test('a 10,000-character path → 414', async ({ request }) => {
    const response = await request.get(`/${'a'.repeat(10_000)}`, { maxRedirects: 0 })
    expect(response.status()).toBe(414)
  })

  test('query strings beyond the qs limits → the page, 200', async ({ request }) => {
    const deep = `a${'[b]'.repeat(200)}=1`
    const wide = Array.from({ length: 1500 }, (_, i) => `p${i}=1`).join('&')
    const arrays = Array.from({ length: 100 }, (_, i) => `x[${i * 7}]=1`).join('&')
    for (const query of [deep, wide, arrays, '__proto__[x]=1&constructor[prototype][y]=2']) {
      const response = await request.get(`/copy-trading/spot?${query}`, { maxRedirects: 0 })
      expect(response.status()).toBe(200)
    }
  })

  test('clients hanging up mid-response do not take the server down', async ({ baseURL, request }) => {
    const html = await (await request.get('/')).text()
    const asset = /(\/assets\/[^"]+\.(?:js|css))"/.exec(html)?.[1] ?? '/favicon.ico'
    const paths = ['/', '/zh_CN/copy-trading/gemw', '/copy-trading/nope', '/login', asset, '/og-image.png', '/favicon.svg']
    for (let i = 0; i < 200; i += 1) {
      const controller = new AbortController()
      const request = fetch(`${baseURL}${paths[i % paths.length]}`, {
        signal: controller.signal,
        headers: { 'accept-encoding': i % 2 ? 'br' : 'gzip' },
      })
        .then((response) => response.body?.getReader().read())
        .catch(() => undefined)
      setTimeout(() => controller.abort(), i % 7)
      await request
    }
    expect((await fetch(`${baseURL}/healthz`)).status).toBe(200)
  })

  test('a URL larger than the header limit → 431, not a dropped connection', async ({ request }) => {
    const response = await request.get(`/copy-trading/spot?q=${'x'.repeat(40_000)}`, { maxRedirects: 0 })
    expect(response.status()).toBe(431)
    expect((await request.get('/healthz')).status()).toBe(200)
  })

  test('odd but valid inputs are pages or 404s, and the server stays up', async ({ request }) => {
    const paths = [
      '/copy-trading/gemw/%F0%9F%92%B0',
      `/copy-trading/gemw/${'x'.repeat(500)}`,
      '/login?forwardUrl=javascript:alert(1)',
      '/login?redirectUrl=%2F%2Fevil.example',
      "/copy-trading/gemw/1'%20OR%201=1--",
      '/%00',
    ]
    for (const path of paths) {
      const response = await request.get(path, { maxRedirects: 0 })
      expect(response.status(), path).toBeLessThan(500)
    }
    expect((await request.get('/healthz')).status()).toBe(200)
  })
})
