/**
 * Hostile cases, one suite every round adds to: what an attacker or a broken client sends, and
 * what the product must answer. Each case names what it defends.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import WebSocket from 'ws'
import {
  apiErrorSchema,
  leaderDetailResponseSchema,
  leaderPageResponseSchema,
  marketTickerResponseSchema,
  orderHistoryResponseSchema,
  placeOrderResponseSchema,
  ordersResponseSchema,
  positionsResponseSchema,
  walletAccountResponseSchema,
} from '#/contract/index.ts'
import { Exact, type Money } from '#/contract/money.ts'
import { TRADING } from '#/app.config.ts'
import {
  freshAccount,
  freshCredentials,
  freshTrader,
  signInWith,
  solvedVerification,
  testAddress,
  waitForHydration,
} from './helpers.ts'

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

  test('query strings beyond the qs limits → one redirect to the clean page, then 200', async ({ request }) => {
    const deep = `a${'[b]'.repeat(200)}=1`
    const wide = Array.from({ length: 1500 }, (_, i) => `p${i}=1`).join('&')
    const arrays = Array.from({ length: 100 }, (_, i) => `x[${i * 7}]=1`).join('&')
    for (const query of [deep, wide, arrays, '__proto__[x]=1&constructor[prototype][y]=2']) {
      // The page is cached under the search its route reads: anything else is dropped by one 302.
      const response = await request.get(`/copy-trading/spot?${query}`, { maxRedirects: 0 })
      expect(response.status()).toBe(302)
      expect(response.headers().location).toBe('/copy-trading/spot')
      expect((await request.get(`/copy-trading/spot?${query}`)).status()).toBe(200)
    }
  })

  test('clients hanging up mid-response do not take the server down', async ({ baseURL, request }) => {
    const html = await (await request.get('/')).text()
    const asset = /(\/assets\/[^"]+\.(?:js|css))"/.exec(html)?.[1] ?? '/favicon.ico'
    const paths = [
      '/',
      '/zh_CN/copy-trading/gemw',
      '/copy-trading/nope',
      '/login',
      asset,
      '/og-image.png',
      '/favicon.svg',
    ]
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

/** A page of another origin (another port on this host: same site, so SameSite=Lax cookies go with it). */
async function attackerSite(html: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/** Watches a leader through the page and hands back the server-function call it made (address and body). */
async function captureWatchCall(page: Page, request: APIRequestContext) {
  const address = testAddress()
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
  const [leader] = leaderPageResponseSchema.parse(
    await (await request.get('/spotapi/copy/v1/leaders?pageSize=1&sort=followers')).json(),
  ).data.list
  if (!leader) throw new Error('no leader to watch')
  const token = await freshAccount(request, address)
  await signInWith(page, token)
  await page.goto(`/copy-trading/gemw/${leader.leaderId}`)
  await waitForHydration(page)
  const [call] = await Promise.all([
    page.waitForRequest(
      (r) => r.url().includes('/_serverFn/') && r.method() === 'POST' && (r.postData() ?? '').includes('"watching"'),
    ),
    page.getByTestId('watch').click(),
  ])
  await expect(page.getByTestId('watch')).toHaveAttribute('aria-pressed', 'true')
  const auth = { authorization: `Bearer ${token}`, 'x-forwarded-for': address }
  expect((await request.delete(`/spotapi/copy/v1/watches/${leader.leaderId}`, { headers: auth })).status()).toBe(200)
  const watched = async () =>
    leaderDetailResponseSchema.parse(
      await (
        await request.get(`/spotapi/copy/v1/leaders/${leader.leaderId}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    ).data.watched
  expect(await watched()).toBe(false)
  return { url: call.url(), body: call.postData() ?? '', watched, address }
}

test.describe('server functions answer only this site', () => {
  test('a page on another origin that posts a form and a fetch to a server function changes nothing', async ({
    page,
    request,
  }) => {
    const call = await captureWatchCall(page, request)
    const body = JSON.stringify(call.body)
    const site = await attackerSite(`<!doctype html><body>
      <form id="f" method="POST" action="${call.url}" enctype="text/plain" target="sink"><input name='${call.body.slice(0, -1).replace(/'/g, '&#39;')}' value='}'></form>
      <iframe name="sink"></iframe>
      <script>
        window.results = []
        fetch(${JSON.stringify(call.url)}, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain; charset=application/json' }, body: ${body} })
          .then((r) => results.push('fetch:' + r.type), (e) => results.push('fetch-error'))
        fetch(${JSON.stringify(call.url)}, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json', 'x-tsr-serverFn': 'true' }, body: ${body} })
          .then((r) => results.push('cors:' + r.status), (e) => results.push('cors-error'))
        document.getElementById('f').submit()
      </script></body>`)
    try {
      const attacker = await page.context().newPage()
      const sinkAnswer = attacker.waitForResponse((r) => r.url() === call.url)
      await attacker.goto(site.origin)
      expect((await sinkAnswer).status()).toBe(403)
      await expect
        .poll(() => attacker.evaluate(() => (window as unknown as { results: string[] }).results.length))
        .toBe(2)
      // The same calls with the page's own origin would have watched the trader: nothing changed.
      expect(await call.watched()).toBe(false)
    } finally {
      await site.close()
    }
  })

  test('without the server-function header, or with a body that is not exactly JSON, the call is refused', async ({
    page,
    request,
  }) => {
    const call = await captureWatchCall(page, request)
    const base = { 'sec-fetch-site': 'same-origin', 'x-forwarded-for': call.address }
    const cases: [Record<string, string>, number][] = [
      [{ ...base, 'content-type': 'application/json' }, 403],
      [{ ...base, 'x-tsr-serverFn': 'true', 'content-type': 'text/plain; charset=application/json' }, 415],
      [{ ...base, 'x-tsr-serverFn': 'true', 'content-type': 'application/x-www-form-urlencoded' }, 415],
      [
        {
          'x-tsr-serverFn': 'true',
          'content-type': 'application/json',
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        },
        403,
      ],
    ]
    for (const [headers, status] of cases)
      expect((await request.post(call.url, { headers, data: call.body })).status(), JSON.stringify(headers)).toBe(
        status,
      )
    expect(await call.watched()).toBe(false)
  })

  test('bodies over 64 KB answer 413 (declared or streamed), deep nesting 400, and the server stays up', async ({
    page,
    request,
    baseURL,
  }) => {
    const call = await captureWatchCall(page, request)
    const headers = { 'sec-fetch-site': 'same-origin', 'x-tsr-serverFn': 'true', 'content-type': 'application/json' }
    const big = JSON.stringify({ pad: 'x'.repeat(70 * 1024) })
    expect((await request.post(call.url, { headers, data: big })).status()).toBe(413)
    const streamed = await fetch(call.url, {
      method: 'POST',
      headers,
      duplex: 'half',
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 100; i += 1) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)))
          controller.close()
        },
      }),
    } as RequestInit)
    expect(streamed.status).toBe(413)
    const deep = await request.post(call.url, { headers, data: '['.repeat(20_000) + ']'.repeat(20_000) })
    expect(deep.status()).toBe(400)
    expect(await deep.text()).toContain('payload-too-deep')
    expect((await fetch(`${baseURL}/healthz`)).status).toBe(200)
  })

  test('input the validator refuses is a 400 naming the field, with the reason in the page’s language', async ({
    page,
    request,
  }) => {
    const call = await captureWatchCall(page, request)
    // Seroval's JSON: the leader id is the first string node ({"t":1,"s":"…"}) of the call's data.
    const tampered = call.body.replace(/\{"t":1,"s":"\d+"\}/, '{"t":1,"s":"not-an-id"}')
    expect(tampered).not.toBe(call.body)
    const headers = {
      'sec-fetch-site': 'same-origin',
      'x-tsr-serverFn': 'true',
      'content-type': 'application/json',
      referer: `${new URL(call.url).origin}/ja_JP/copy-trading/gemw`,
    }
    const response = await request.post(call.url, { headers, data: tampered })
    expect(response.status()).toBe(400)
    const text = await response.text()
    expect(text).toContain('leaderId')
    expect(text).toContain('無効な値があります。')
  })
})

test.describe('the web tier under cheap attacks', () => {
  test('a Host header never makes a redirect point elsewhere', async ({ baseURL }) => {
    const response = await fetch(`${baseURL}//evil.example/x`, {
      redirect: 'manual',
      headers: { host: 'evil.example' },
    })
    expect(response.status).toBe(308)
    expect(response.headers.get('location')).toBe('/evil.example/x')
  })

  test('a page a session saw is private and never stored; a visitor’s page is', async ({ page, request }) => {
    const address = testAddress()
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
    await signInWith(page, await freshAccount(request, address))
    const signedIn = await page.goto('/copy-trading/futures')
    expect(signedIn?.status()).toBe(200)
    expect(signedIn?.headers()['cache-control']).toBe('private, no-store')
    expect(signedIn?.headers()['x-page-cache']).toBeUndefined()
    expect((await request.get('/copy-trading/futures')).headers()['cache-control']).toBeUndefined()
  })

  test('random query strings do not bypass the visitors’ page cache, and a control character is no error: both go to the canonical page', async ({
    request,
  }) => {
    await request.get('/copy-trading/spot?sort=pnl')
    for (let i = 0; i < 5; i += 1) {
      // Unknown parameters cost a redirect to the page's canonical address, which is served from the cache.
      const random = await request.get(`/copy-trading/spot?sort=pnl&r=${Math.random().toString(36).slice(2)}`, {
        maxRedirects: 0,
      })
      expect([random.status(), random.headers()['location']]).toEqual([302, '/copy-trading/spot?sort=pnl'])
      expect((await request.get('/copy-trading/spot?sort=pnl')).headers()['x-page-cache']).toBe('hit')
    }
    const control = await request.get('/copy-trading/spot?q=%00', { maxRedirects: 0 })
    expect([control.status(), control.headers()['location']]).toEqual([302, '/copy-trading/spot'])
    expect((await request.get('/copy-trading/spot?q=%00')).status()).toBe(200)
    expect((await request.get('/spotapi/copy/v1/leaders?q=%00')).status()).toBe(400)
  })

  test('one address rendering many uncached pages at once gets 429 with Retry-After; /healthz stays quick', async ({
    baseURL,
  }) => {
    const address = testAddress()
    const statuses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        fetch(`${baseURL}/copy-trading/futures?q=flood${i}`, { headers: { 'x-forwarded-for': address } }).then(
          async (r) => (await r.arrayBuffer(), r),
        ),
      ),
    )
    const refused = statuses.filter((r) => r.status === 429)
    expect(refused.length).toBeGreaterThan(0)
    expect(refused[0]?.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(statuses.filter((r) => r.status === 200).length).toBeGreaterThan(0)
    const other = await fetch(`${baseURL}/copy-trading/futures?q=other`, {
      headers: { 'x-forwarded-for': testAddress() },
    })
    expect(other.status).toBe(200)
  })

  test('the websocket refuses pages of other origins and lets the site in', async ({ baseURL }) => {
    const url = `${baseURL?.replace(/^http/, 'ws')}/ws`
    const open = (origin: string) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(url, { origin })
        socket.on('open', () => {
          socket.close()
          resolve(101)
        })
        socket.on('unexpected-response', (_, response) => resolve(response.statusCode ?? 0))
        socket.on('error', () => resolve(0))
      })
    expect(await open('https://evil.example')).toBe(403)
    expect(await open(baseURL ?? '')).toBe(101)
  })
})

test.describe('the exchange under cheap attacks', () => {
  test('the statistics beacon is limited per address: a flood gets 429 and stores counts, not rows', async ({
    request,
  }) => {
    const headers = { 'x-forwarded-for': testAddress() }
    let refused = 0
    for (let i = 0; i < 650 && refused === 0; i += 1) {
      const response = await request.get(
        `/spotapi/open/activity/statistics?event=page_view&request_source=PC&type=click&utm_source=s${i}`,
        { headers },
      )
      if (response.status() === 429) refused += 1
    }
    expect(refused).toBe(1)
  })

  test('wrong passwords from one address never lock the owner out from theirs', async ({ request }) => {
    const owner = testAddress()
    const account = `lock.${Date.now()}@example.com`
    const headers = { 'x-forwarded-for': owner }
    await request.post('/spotapi/v2/users/verify-code/send', {
      headers,
      data: { accountType: 'email', account, purpose: 'register', verification: await solvedVerification(request) },
    })
    const inbox = (await (await request.get(`/dev/inbox.json?address=${encodeURIComponent(account)}`)).json()) as {
      messages: { code: string }[]
    }
    const code = inbox.messages[0]?.code ?? ''
    expect(
      (
        await request.post('/spotapi/v2/users/register', {
          headers,
          data: {
            accountType: 'email',
            account,
            password: 'Owner12345',
            code,
            verification: await solvedVerification(request),
          },
        })
      ).status(),
    ).toBe(200)
    const attacker = { 'x-forwarded-for': testAddress() }
    // A determined attacker solves the verification asked after the first wrong passwords, and still ends up waiting.
    for (let i = 0; i < 6; i += 1)
      await request.post('/spotapi/v2/users/login', {
        headers: attacker,
        data: {
          accountType: 'email',
          account,
          password: `Wrong${i}x1234`,
          verification: await solvedVerification(request),
        },
      })
    expect(
      (
        await request.post('/spotapi/v2/users/login', {
          headers: attacker,
          data: {
            accountType: 'email',
            account,
            password: 'Owner12345',
            verification: await solvedVerification(request),
          },
        })
      ).status(),
    ).toBe(429)
    expect(
      (
        await request.post('/spotapi/v2/users/login', {
          headers,
          data: { accountType: 'email', account, password: 'Owner12345' },
        })
      ).status(),
    ).toBe(200)
  })

  test('a solved verification is spent once: replayed, or sent with no work, it is refused', async ({ request }) => {
    const headers = { 'x-forwarded-for': testAddress() }
    const send = (account: string, verification?: string) =>
      request.post('/spotapi/v2/users/verify-code/send', {
        headers,
        data: { accountType: 'email', account, purpose: 'register', ...(verification ? { verification } : {}) },
      })
    const reason = async (response: APIResponse) => apiErrorSchema.parse(await response.json()).reason
    const without = await send(`bot.${Date.now()}@example.com`)
    expect(without.status()).toBe(400)
    expect(await reason(without)).toBe('verification-required')
    const payload = await solvedVerification(request)
    expect((await send(`once.${Date.now()}@example.com`, payload)).status()).toBe(200)
    // Replays at once, as a bot would, to reach more addresses with one piece of work: none gets through.
    const replays = await Promise.all([1, 2, 3].map((n) => send(`replay${n}.${Date.now()}@example.com`, payload)))
    expect(replays.map((r) => r.status())).toEqual([400, 400, 400])
    expect(await Promise.all(replays.map(reason))).toEqual([
      'verification-reused',
      'verification-reused',
      'verification-reused',
    ])
  })

  test('a password-reset code cannot be guessed: five wrong codes burn it, and an unknown account answers as a known one', async ({
    request,
  }) => {
    const { account, password } = await freshCredentials(request, testAddress())
    const send = async (address: string) =>
      request.post('/spotapi/v2/users/password/reset/send-code', {
        headers: { 'x-forwarded-for': testAddress() },
        data: { accountType: 'email', account: address, verification: await solvedVerification(request) },
      })
    const known = await send(account)
    const unknown = await send(`nobody.${Date.now()}@example.com`)
    expect([unknown.status(), await unknown.json()]).toEqual([known.status(), await known.json()])
    const inbox = (await (await request.get(`/dev/inbox.json?address=${encodeURIComponent(account)}`)).json()) as {
      messages: { code: string; purpose: string }[]
    }
    const code = inbox.messages.find((message) => message.purpose === 'reset-password')?.code ?? ''
    const reset = (guess: string) =>
      request.post('/spotapi/v2/users/password/reset', {
        data: { accountType: 'email', account, code: guess, newPassword: 'Hijacked123' },
      })
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i += 1)
      expect(apiErrorSchema.parse(await (await reset(wrong)).json()).reason).toBe('code-invalid')
    expect(apiErrorSchema.parse(await (await reset(code)).json()).reason).toBe('code-expired')
    const login = await request.post('/spotapi/v2/users/login', {
      headers: { 'x-forwarded-for': testAddress() },
      data: { accountType: 'email', account, password },
    })
    expect(login.status()).toBe(200)
  })

  test('two-factor codes cannot be guessed: a ticket takes five codes, the account five a minute, and the password alone opens nothing', async ({
    request,
  }) => {
    const { account, password, token } = await freshCredentials(request, testAddress())
    const auth = { authorization: `Bearer ${token}`, 'x-forwarded-for': testAddress() }
    const setup = (await (
      await request.post('/spotapi/v2/users/security/two-factor/setup', { headers: auth, data: { password } })
    ).json()) as { data: { secret: string } }
    const totp = new TOTP({ secret: Secret.fromBase32(setup.data.secret) })
    expect(
      (
        await request.post('/spotapi/v2/users/security/two-factor/enable', {
          headers: auth,
          data: { code: totp.generate() },
        })
      ).status(),
    ).toBe(200)
    const signIn = await request.post('/spotapi/v2/users/login', {
      headers: { 'x-forwarded-for': testAddress() },
      data: { accountType: 'email', account, password },
    })
    const first = (await signIn.json()) as { data: Record<string, unknown> }
    expect(first.data).not.toHaveProperty('token')
    const ticket = String(first.data.ticket)
    const statuses: number[] = []
    for (let i = 0; i < 6; i += 1) {
      const guess = await request.post('/spotapi/v2/users/login/two-factor', {
        headers: { 'x-forwarded-for': testAddress() },
        data: { ticket, code: String(100000 + i) },
      })
      statuses.push(guess.status())
    }
    // Enrolment used one of the minute's five: four wrong guesses, then 429, then the ticket is spent.
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400])
    expect(statuses[4]).toBe(429)
    expect(statuses[5]).toBe(400)
  })

  test('a burst of test-funds requests from one account is granted once a day', async ({ request }) => {
    const address = testAddress()
    // freshAccount already took today's grant: ten more at once are all refused, and the wallet holds 10,000.
    const token = await freshAccount(request, address)
    const headers = { authorization: `Bearer ${token}`, 'x-forwarded-for': address }
    const burst = await Promise.all(Array.from({ length: 10 }, () => request.post('/spotapi/dev/faucet', { headers })))
    expect(burst.map((r) => r.status())).toEqual(Array.from({ length: 10 }, () => 429))
    expect(Number(burst[0]?.headers()['retry-after'])).toBeGreaterThan(0)
    const wallet = walletAccountResponseSchema.parse(
      await (
        await request.post('/spotapi/asset/v1/api/wallet/account', { headers, data: { walletTypeList: [3] } })
      ).json(),
    ).data.list
    expect(wallet.map((w) => [w.coin, w.available])).toEqual([['USDT', '10000']])
  })

  test('an order book query out of range is a 400 naming the field, never a 500', async ({ request }) => {
    for (const [query, field] of [
      ['pairCode=BTC_USDT&limit=100000000000', 'limit'],
      ['pairCode=BTC_USDT&biz=%3Cscript%3E', 'biz'],
      ['pairCode=%00%01_USDT', 'pairCode'],
      ['pairCode=BTC_USDT&limit=-1', 'limit'],
    ] as const) {
      const response = await request.get(`/spotapi/market/v1/depth?${query}`)
      const body = apiErrorSchema.parse(await response.json())
      expect([response.status(), body.data?.fields.map((f) => f.path)]).toEqual([400, [field]])
    }
    expect((await request.get('/spotapi/market/v1/depth?pairCode=NOPE_USDT')).status()).toBe(404)
  })

  test('an order with a hostile amount or id is a 400 naming the field, and a flood of orders is limited', async ({
    request,
  }) => {
    const address = testAddress()
    const token = await freshAccount(request, address)
    const headers = { authorization: `Bearer ${token}`, 'x-forwarded-for': address }
    const order = { biz: 'spot', pairCode: 'ETH_USDT', side: 'buy', type: 'limit', price: '100', size: '1' }
    for (const [patch, field] of [
      [{ price: '1e5' }, 'price'],
      [{ size: '-1' }, 'size'],
      [{ size: 'NaN' }, 'size'],
      [{ price: '9'.repeat(60) }, 'price'],
      [{ clientOrderId: 'a\u0000b' }, 'clientOrderId'],
      [{ clientOrderId: 'x'.repeat(41) }, 'clientOrderId'],
      [{ side: 'borrow' }, 'side'],
    ] as const) {
      const response = await request.post('/spotapi/trade/v1/orders', {
        headers,
        data: { clientOrderId: 'hostile-1', ...order, ...patch },
      })
      const body = apiErrorSchema.parse(await response.json())
      expect([response.status(), body.data?.fields.map((f) => f.path)], JSON.stringify(patch)).toEqual([400, [field]])
    }
    // Sixty cancels of an order that does not exist at once: past the per-second allowance they are refused, 429.
    const flood = await Promise.all(
      Array.from({ length: 60 }, () =>
        request.post('/spotapi/trade/v1/orders/cancel', { headers, data: { biz: 'spot', orderId: '999999999' } }),
      ),
    )
    const statuses = flood.map((r) => r.status())
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0)
    expect(statuses.every((s) => s === 404 || s === 429)).toBe(true)
    const wallet = walletAccountResponseSchema.parse(
      await (
        await request.post('/spotapi/asset/v1/api/wallet/account', { headers, data: { walletTypeList: [1, 3] } })
      ).json(),
    ).data.list
    expect(wallet.map((w) => [w.walletType, w.available, w.frozen])).toEqual([[3, '10000', '0']])
  })

  test('a nickname that poses as another leader is refused', async ({ request }) => {
    const address = testAddress()
    const token = await freshAccount(request, address)
    const [top] = leaderPageResponseSchema.parse(
      await (await request.get('/spotapi/copy/v1/leaders?pageSize=1&sort=followers')).json(),
    ).data.list
    if (!top) throw new Error('no leader')
    const auth = { authorization: `Bearer ${token}`, 'x-forwarded-for': address }
    for (const [nickname, status] of [
      [`\u202e${top.nickname}`, 400],
      ['\u200b\u200b', 400],
      [top.nickname.toUpperCase(), 409],
    ] as const) {
      const response = await request.post('/spotapi/copy/v1/leader/apply', {
        headers: auth,
        data: { biz: 'futures', nickname },
      })
      expect([response.status(), nickname]).toEqual([status, nickname])
    }
  })
})

test.describe('a tampered form', () => {
  test('a value the server refuses is marked on its field in the page’s language, and what was typed stays', async ({
    page,
    request,
  }) => {
    const address = testAddress()
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address })
    const list = leaderPageResponseSchema.parse(
      await (await request.get('/spotapi/copy/v1/leaders?pageSize=50&biz=futures&hasSlots=true')).json(),
    )
    const leader = list.data.list.find((l) => l.status === 'open' && Number(l.minCopyAmount) <= 1000)
    if (!leader) throw new Error('no open leader')
    await signInWith(page, await freshAccount(request, address))
    // The follow call leaves the page with an amount no form would send (as a modified client would).
    await page.route('**/_serverFn/**', async (route) => {
      const body = route.request().postData() ?? ''
      if (!body.includes('"leverageMode"')) return route.continue()
      return route.continue({ postData: body.replace('{"t":1,"s":"1000"}', '{"t":1,"s":"1e999"}') })
    })
    await page.goto(`/ja_JP/copy-trading/gemw/copy-trader/${leader.leaderId}`)
    await waitForHydration(page)
    await page.getByTestId('field-investment').fill('1000')
    await page.getByTestId('field-fixedAmount').fill('100')
    await page.getByRole('button', { name: '内容を確認してコピー' }).click()
    const answer = page.waitForResponse(
      (r) => r.url().includes('/_serverFn/') && (r.request().postData() ?? '').includes('"leverageMode"'),
    )
    await page.getByTestId('confirm-follow-button').click()
    expect((await answer).status()).toBe(400)
    await expect(page.getByText('一部の値が無効です。フォームを確認して、もう一度お試しください。')).toBeVisible()
    await expect(page.getByText('取引所がこの値を受け付けませんでした。')).toBeVisible()
    await expect(page.getByTestId('field-investment')).toHaveValue('1000')
    await expect(page).toHaveURL(/copy-trader/)
  })
})

/**
 * The money paths the trading audit broke (issue 27), tried as a hostile trader would through the public API on the
 * live e2e exchange. Each case's exact figures are in src/exchange/trading/money-safety.test.ts on a fixed market;
 * here they are checked against the running server, where the market moves on its own.
 */
test.describe('the exchange’s money under hostile orders', () => {
  const PAIR = 'ETH_USDT'

  async function trader(request: APIRequestContext) {
    const address = testAddress()
    const { token } = await freshTrader(request, address)
    return { authorization: `Bearer ${token}`, 'x-forwarded-for': address }
  }

  async function ticker(request: APIRequestContext) {
    const answer = await request.get(`/spotapi/market/v1/ticker?biz=futures&pairCode=${PAIR}`)
    const { last, mark } = marketTickerResponseSchema.parse(await answer.json()).data
    return { last: new Exact(last), mark: new Exact(mark) }
  }

  const onTick = (price: Money) => price.toDecimalPlaces(2, Exact.ROUND_DOWN).toFixed()
  const sizeFor = (notional: number, price: Money) =>
    new Exact(notional).div(price).toDecimalPlaces(3, Exact.ROUND_DOWN).toFixed()

  function place(request: APIRequestContext, headers: Record<string, string>, order: Record<string, unknown>) {
    return request.post('/spotapi/trade/v1/orders', {
      headers,
      data: {
        clientOrderId: `h${Date.now()}${Math.floor(Math.random() * 1e6)}`,
        biz: 'futures',
        pairCode: PAIR,
        ...order,
      },
    })
  }

  async function refusal(response: APIResponse) {
    return [response.status(), apiErrorSchema.parse(await response.json()).reason]
  }

  async function position(request: APIRequestContext, headers: Record<string, string>) {
    const answer = await request.get(`/spotapi/trade/v1/positions?biz=futures&pairCode=${PAIR}`, { headers })
    return positionsResponseSchema.parse(await answer.json()).data.filter((p) => p.copyId === null)
  }

  async function futuresUsdt(request: APIRequestContext, headers: Record<string, string>) {
    const answer = await request.post('/spotapi/asset/v1/api/wallet/account', {
      headers,
      data: { walletTypeList: [3] },
    })
    const usdt = walletAccountResponseSchema.parse(await answer.json()).data.list.find((w) => w.coin === 'USDT')
    if (!usdt) throw new Error('no futures USDT')
    return usdt
  }

  async function setUp(request: APIRequestContext, headers: Record<string, string>, mode: string, leverage: number) {
    for (const [path, data] of [
      ['margin-mode', { pairCode: PAIR, marginMode: mode }],
      ['leverage', { pairCode: PAIR, leverage }],
    ] as const) {
      const answer = await request.post(`/spotapi/trade/v1/${path}`, { headers, data })
      expect(answer.status(), await answer.text()).toBe(200)
    }
  }

  test('a leverage lowered over a resting order it cannot margin is refused and changes nothing (C3)', async ({
    request,
  }) => {
    const headers = await trader(request)
    await setUp(request, headers, 'isolated', 20)
    const { mark } = await ticker(request)
    const price = onTick(mark.times('0.95'))
    // 80,000 USDT at 20×: 4,000 of the 5,000 in the wallet held for the order.
    const placed = await place(request, headers, { side: 'buy', type: 'limit', price, size: sizeFor(80_000, mark) })
    expect(placed.status(), await placed.text()).toBe(200)
    const { order } = placeOrderResponseSchema.parse(await placed.json()).data
    const before = await futuresUsdt(request, headers)

    const lowered = await request.post('/spotapi/trade/v1/leverage', { headers, data: { pairCode: PAIR, leverage: 2 } })
    expect(await refusal(lowered)).toEqual([400, 'insufficient-margin'])
    expect((await futuresUsdt(request, headers)).available).toBe(before.available)
    const open = ordersResponseSchema.parse(
      await (await request.get(`/spotapi/trade/v1/orders/open?biz=futures&pairCode=${PAIR}`, { headers })).json(),
    ).data
    expect(open.map((o) => [o.id, o.price, o.size, o.status])).toEqual([
      [order.id, order.price, order.size, order.status],
    ])

    // Raised, the order is re-margined at once: half the hold comes back.
    const raised = await request.post('/spotapi/trade/v1/leverage', { headers, data: { pairCode: PAIR, leverage: 40 } })
    expect(raised.status(), await raised.text()).toBe(200)
    const after = await futuresUsdt(request, headers)
    expect(new Exact(after.available).minus(before.available).toNumber()).toBeGreaterThan(1_800)
  })

  test('two reduce-only closes of one position sent at once close it once and never open the other side (C4)', async ({
    request,
  }) => {
    const headers = await trader(request)
    await setUp(request, headers, 'isolated', 10)
    const opened = await place(request, headers, { side: 'buy', type: 'market', size: '0.2' })
    expect(opened.status(), await opened.text()).toBe(200)
    expect((await position(request, headers)).map((p) => [p.side, p.size])).toEqual([['long', '0.2']])

    const closes = await Promise.all(
      [0, 1].map(() => place(request, headers, { side: 'sell', type: 'market', size: '0.2', reduceOnly: true })),
    )
    expect(closes.map((c) => c.status()).every((status) => status === 200 || status === 400)).toBe(true)
    await expect.poll(() => position(request, headers)).toEqual([])
    const history = orderHistoryResponseSchema.parse(
      await (await request.get(`/spotapi/trade/v1/orders/history?biz=futures&pairCode=${PAIR}`, { headers })).json(),
    ).data.list
    const sold = history.filter((o) => o.side === 'sell').reduce((sum, o) => sum.plus(o.filled), new Exact(0))
    expect(sold.toFixed()).toBe('0.2')
  })

  test('two reduce-only stops released by one move close the position once: the second is cancelled (C4, M2)', async ({
    request,
  }) => {
    test.setTimeout(180_000)
    const headers = await trader(request)
    await setUp(request, headers, 'isolated', 10)
    // Both stops watch the last price one tick under it: the next sell print at or under it releases both in one move.
    // The market moves on its own: when the price gets there between the two placements (the second is refused as
    // 'would-trigger-immediately', and the first may close the position), or runs away upwards and does not come back
    // within a few engine minutes, the attempt is undone and made again at the new price.
    let ids: string[] = []
    let closed = false
    for (let attempt = 0; !closed && attempt < 12; attempt += 1) {
      if ((await position(request, headers)).length === 0) {
        const opened = await place(request, headers, { side: 'buy', type: 'market', size: '0.2' })
        expect(opened.status(), await opened.text()).toBe(200)
      }
      const { last } = await ticker(request)
      const stop = { side: 'sell', type: 'stop-market', size: '0.2', reduceOnly: true, triggerBy: 'last' }
      const triggerPrice = onTick(last.minus('0.01'))
      const answers = [await place(request, headers, { ...stop, triggerPrice })]
      answers.push(await place(request, headers, { ...stop, triggerPrice }))
      ids = []
      for (const answer of answers)
        if (answer.status() === 200) ids.push(placeOrderResponseSchema.parse(await answer.json()).data.order.id)
      if (ids.length === 2) {
        // Ten seconds are five engine minutes at the e2e server's 30×: five minutes of prints on both sides.
        for (let waited = 0; !closed && waited < 20; waited += 1) {
          closed = (await position(request, headers)).length === 0
          if (!closed) await new Promise((resolve) => setTimeout(resolve, 500))
        }
      }
      if (!closed)
        await request.post('/spotapi/trade/v1/orders/cancel-all', { headers, data: { biz: 'futures', pairCode: PAIR } })
    }
    expect(ids).toHaveLength(2)
    expect(closed).toBe(true)
    const stops = orderHistoryResponseSchema
      .parse(
        await (await request.get(`/spotapi/trade/v1/orders/history?biz=futures&pairCode=${PAIR}`, { headers })).json(),
      )
      .data.list.filter((o) => ids.includes(o.id))
    expect(stops.map((o) => [o.status, o.filled, o.cancelReason]).sort()).toEqual([
      ['cancelled', '0', 'no-position'],
      ['filled', '0.2', null],
    ])
  })

  test('a cross close past the wallet’s bankruptcy price is refused; past the position’s margin it is not (C2, H2)', async ({
    request,
  }) => {
    const headers = await trader(request)
    await setUp(request, headers, 'cross', 50)
    const { mark } = await ticker(request)
    // 100,000 USDT at 50×: 2,000 of margin, 5,000 in the wallet to lose before bankruptcy (about 5 % down).
    const size = sizeFor(100_000, mark)
    const opened = await place(request, headers, { side: 'buy', type: 'market', size })
    expect(opened.status(), await opened.text()).toBe(200)
    const [long] = await position(request, headers)
    if (!long) throw new Error('no position')
    const entry = new Exact(long.entryPrice)

    const pastWallet = await place(request, headers, {
      side: 'sell',
      type: 'limit',
      price: onTick(entry.times('0.93')),
      size: long.size,
      reduceOnly: true,
    })
    expect(await refusal(pastWallet)).toEqual([400, 'bankruptcy-price'])
    expect(await position(request, headers)).toHaveLength(1)

    // 2.5 % down would lose more than the position's margin, yet the wallet pays it: the close is taken (and fills at
    // the book's bid, far better than its limit).
    const pastMargin = await place(request, headers, {
      side: 'sell',
      type: 'limit',
      timeInForce: 'IOC',
      price: onTick(entry.times('0.975')),
      size: long.size,
      reduceOnly: true,
    })
    expect(pastMargin.status(), await pastMargin.text()).toBe(200)
    await expect.poll(() => position(request, headers)).toEqual([])
  })

  test('a transfer out of a futures wallet under a cross position stops at the maximum withdrawable (H3)', async ({
    request,
  }) => {
    const headers = await trader(request)
    await setUp(request, headers, 'cross', 10)
    const { mark } = await ticker(request)
    // 40,000 USDT at 10×: 4,000 of the 5,000 is the position's initial margin.
    const opened = await place(request, headers, { side: 'buy', type: 'market', size: sizeFor(40_000, mark) })
    expect(opened.status(), await opened.text()).toBe(200)
    // Under a cross position the maximum withdrawable is below the available balance: the initial margin at the mark
    // beyond what the position holds, or its unrealized loss (both nil only while the mark is exactly the entry).
    const cents = (amount: string) => new Exact(amount).toDecimalPlaces(2, Exact.ROUND_DOWN)
    const under = async () => {
      const usdt = await futuresUsdt(request, headers)
      return new Exact(usdt.transferable).lt(cents(usdt.available))
    }
    await expect.poll(under).toBe(true)
    const before = await futuresUsdt(request, headers)

    const transfer = (amount: string) =>
      request.post('/spotapi/asset/v1/api/wallet/transfer', {
        headers,
        data: {
          clientTransferId: `h${Date.now()}${Math.floor(Math.random() * 1e6)}`,
          from: 3,
          to: 1,
          coin: 'USDT',
          amount,
        },
      })
    expect(await refusal(await transfer(cents(before.available).toFixed()))).toEqual([400, 'above-max-withdrawable'])
    expect((await futuresUsdt(request, headers)).total).toBe(before.total)
    const some = cents(new Exact(before.transferable).times('0.5').toFixed())
    if (some.gt(0)) expect((await transfer(some.toFixed())).status()).toBe(200)
  })

  test('a market buy the size of the maker’s whole ask side is refused by the leverage bracket; one within it stops short of an ask 7 % above the mark (H2, M6)', async ({
    request,
  }) => {
    const whale = await trader(request)
    await setUp(request, whale, 'isolated', 100)
    const far = await trader(request)
    await setUp(request, far, 'isolated', 10)
    const { mark } = await ticker(request)
    // Past the protection (5 % from the mark) yet inside the price band (10 %): a sweep that emptied the maker's side
    // without protection would fill here.
    const farPrice = onTick(mark.times('1.07'))
    const resting = await place(request, far, { side: 'sell', type: 'limit', price: farPrice, size: '1' })
    expect(resting.status(), await resting.text()).toBe(200)
    const ask = placeOrderResponseSchema.parse(await resting.json()).data.order
    // 125 ETH (about 460,000 USDT) at 100×: the pair's first bracket allows 100× up to 50,000 only. Before the brackets
    // this order walked the maker's whole ask side and stopped at the protection (money-safety.test.ts H2 still walks
    // it, with an account no faucet can fund).
    const tooLarge = await place(request, whale, { side: 'buy', type: 'market', size: '125' })
    expect(await refusal(tooLarge)).toEqual([400, 'position-bracket'])
    const fields = apiErrorSchema.parse(await tooLarge.json()).data?.fields ?? []
    expect(fields.map((f) => [f.path, f.issue])).toEqual([['size', expect.stringContaining('at 100x')]])
    const swept = await place(request, whale, { side: 'buy', type: 'market', size: sizeFor(45_000, mark) })
    expect(swept.status(), await swept.text()).toBe(200)
    const { order, fills } = placeOrderResponseSchema.parse(await swept.json()).data
    expect(order.status).toBe('filled')
    const band = mark.times(new Exact(1).plus(TRADING.marketProtectionRatio))
    expect(fills.filter((fill) => new Exact(fill.price).gte(band))).toEqual([])
    const open = ordersResponseSchema.parse(
      await (await request.get(`/spotapi/trade/v1/orders/open?biz=futures&pairCode=${PAIR}`, { headers: far })).json(),
    ).data
    expect(open.map((o) => [o.id, o.filled])).toEqual([[ask.id, '0']])
  })
})
