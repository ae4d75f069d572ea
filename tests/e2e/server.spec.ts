import { spawn } from 'node:child_process'
import { expect, test } from '@playwright/test'

test.describe('production server', () => {
  test('HTML carries the security headers, with a CSP nonce the page uses', async ({ request }) => {
    const response = await request.get('/')
    const headers = response.headers()
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    const csp = headers['content-security-policy'] ?? ''
    expect(csp).toContain("frame-ancestors 'self'")
    expect(csp).toContain("object-src 'none'")
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    const html = await response.text()
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? '')
    expect(scripts.length).toBeGreaterThan(0)
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`)
    const second = (await request.get('/')).headers()['content-security-policy']
    expect(second).not.toBe(csp)
  })

  test('server-rendered HTML is compressed', async ({ request }) => {
    const br = await request.get('/copy-trading/gemw', { headers: { 'accept-encoding': 'br' } })
    expect(br.headers()['content-encoding']).toBe('br')
    const gz = await request.get('/copy-trading/gemw', { headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers()['content-encoding']).toBe('gzip')
  })

  test('hashed assets are precompressed and immutable; other files revalidate', async ({ request }) => {
    const html = await (await request.get('/')).text()
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect(script).toBeTruthy()
    const asset = await request.get(script ?? '', { headers: { 'accept-encoding': 'br, gzip' } })
    expect(asset.status()).toBe(200)
    expect(asset.headers()['content-encoding']).toBe('br')
    expect(asset.headers()['cache-control']).toContain('immutable')
    expect(asset.headers()['cache-control']).toContain('max-age=31536000')
    const icon = await request.get('/favicon.ico')
    expect(icon.status()).toBe(200)
    expect(icon.headers()['cache-control']).toBe('no-cache')
  })

  test('/healthz answers', async ({ request }) => {
    const response = await request.get('/healthz')
    expect(response.status()).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', incidents: 0 })
  })

  test('/ws speaks the market protocol from the browser; other upgrade paths are refused', async ({ page }) => {
    await page.goto('/healthz')
    const result = await page.evaluate(async () => {
      const url = `ws://${location.host}`
      const echo = await new Promise<string[]>((resolve, reject) => {
        const ws = new WebSocket(`${url}/ws`)
        const seen: string[] = []
        ws.onmessage = (event) => {
          seen.push(String(event.data))
          if (seen.length === 1) ws.send(JSON.stringify({ event: 'ping', ts: 7 }))
          if (seen.length === 2)
            ws.send(JSON.stringify({ event: 'subscribe', channel: 'ticker', biz: 'spot', pairCode: 'BTC_USDT' }))
          if (seen.length === 3) {
            ws.close()
            resolve(seen)
          }
        }
        ws.onerror = () => reject(new Error('ws error'))
      })
      const refused = await new Promise<boolean>((resolve) => {
        const ws = new WebSocket(`${url}/not-ws`)
        ws.onopen = () => resolve(false)
        ws.onerror = () => resolve(true)
      })
      return { echo, refused }
    })
    expect(JSON.parse(result.echo[0] ?? '{}')).toMatchObject({ event: 'hello' })
    expect(JSON.parse(result.echo[1] ?? '{}')).toEqual({ event: 'pong', ts: 7 })
    expect(JSON.parse(result.echo[2] ?? '{}')).toMatchObject({
      event: 'subscribe',
      channel: 'ticker',
      type: 'snapshot',
      pairCode: 'BTC_USDT',
      base: 'BTC',
    })
    expect(result.refused).toBe(true)
  })

  test('a bad configuration value stops start-up with a message naming it', async () => {
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      env: { ...process.env, PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(code).toBe(1)
    expect(stderr).toContain('PORT="eighty"')
    expect(stderr).toContain('port number')
  })

  test('SIGTERM: stops accepting, closes sockets, exits 0', async () => {
    // A second server writing a week of history while the suite runs beside it: give it time to start.
    test.setTimeout(120_000)
    const port = 3290
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        EXCHANGE_BACKFILL_DAYS: '7',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    await expect.poll(() => stdout, { timeout: 90_000 }).toContain('listening')
    const base = `http://127.0.0.1:${port}`
    expect((await fetch(`${base}/healthz`)).status).toBe(200)
    const page = fetch(`${base}/copy-trading/gemw`)
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`)
    await new Promise((resolve) => ws.addEventListener('open', resolve))
    const closed = new Promise<number>((resolve) => ws.addEventListener('close', (event) => resolve(event.code)))
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
    child.kill('SIGTERM')
    expect((await page).status).toBe(200)
    expect(await closed).toBe(1001)
    expect(await exited).toBe(0)
    await expect(fetch(`${base}/healthz`)).rejects.toThrow()
  })
})
