import { describe, expect, it } from 'vitest'
import { canonicalRedirect, createPageCache, pageCacheKey } from './page-cache.ts'

const page = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { headers: { 'accept-encoding': 'identity', ...headers } })

function counter(
  body = '<html>page</html>',
  init: ResponseInit = { headers: { 'content-type': 'text/html; charset=utf-8' } },
) {
  let renders = 0
  return {
    render: async () => {
      renders += 1
      await new Promise((resolve) => setTimeout(resolve, 5))
      return new Response(`${body}#${renders}`, init)
    },
    count: () => renders,
  }
}

describe('pageCacheKey', () => {
  it('keys public copy-trading pages of visitors by address, encoding, device and display cookies', () => {
    const a = pageCacheKey(page('/copy-trading/futures?period=7d', { cookie: 'theme=dark' }))
    expect(a).toBeDefined()
    expect(pageCacheKey(page('/copy-trading/futures?period=7d', { cookie: 'theme=dark; device_id=x' }))).toBe(a)
    expect(pageCacheKey(page('/copy-trading/futures?period=7d', { cookie: 'theme=light' }))).not.toBe(a)
    expect(pageCacheKey(page('/copy-trading/futures?period=30d', { cookie: 'theme=dark' }))).not.toBe(a)
    expect(
      pageCacheKey(page('/copy-trading/futures?period=7d', { cookie: 'theme=dark', 'user-agent': 'iPhone' })),
    ).not.toBe(a)
    expect(pageCacheKey(page('/ar_AE/copy-trading/futures-trader/10000005'))).toBeDefined()
    expect(pageCacheKey(page('/copy-trading/gemw/chain-copy/ethereum/0xabc123'))).toBeDefined()
  })

  it('keys a page by the search its route reads: unknown parameters dropped, bad values at their defaults', () => {
    const plain = pageCacheKey(page('/copy-trading/futures'))
    expect(pageCacheKey(page('/copy-trading/futures?r=8f3a'))).toBe(plain)
    expect(pageCacheKey(page('/copy-trading/futures?period=bogus&fbclid=x'))).toBe(plain)
    expect(pageCacheKey(page('/copy-trading/futures?q=%00'))).toBe(plain)
    expect(pageCacheKey(page('/copy-trading/futures?sort=pnl&period=7d'))).toBe(
      pageCacheKey(page('/copy-trading/futures?period=7d&sort=pnl&x=1')),
    )
    expect(pageCacheKey(page('/copy-trading/futures?q=delta'))).not.toBe(plain)
    expect(pageCacheKey(page('/copy-trading/gemw?anything=1'))).toBe(pageCacheKey(page('/copy-trading/gemw')))
    expect(pageCacheKey(page('/copy-trading/gemw/10000005?period=90d&z=1'))).toBe(
      pageCacheKey(page('/copy-trading/gemw/10000005?period=90d')),
    )
  })

  it('sends a page asked with parameters its route does not read, or bad values, to its canonical address', () => {
    const to = (path: string) => canonicalRedirect(page(path))?.headers.get('location')
    expect(to('/copy-trading/futures?r=8f3a')).toBe('/copy-trading/futures')
    expect(to('/copy-trading/futures?period=bogus&sort=pnl')).toBe('/copy-trading/futures?sort=pnl')
    expect(to('/ar_AE/copy-trading/gemw/10000005?period=90d&z=1')).toBe('/ar_AE/copy-trading/gemw/10000005?period=90d')
    // Campaign parameters stay for the analytics of the landing page.
    expect(to('/copy-trading/gemw?utm_source=news&x=1')).toBe('/copy-trading/gemw?utm_source=news')
    // So do the invite code of a referral link and a native shell's language list (§2).
    expect(to('/copy-trading/gemw?inviteCode=DEMO2345&fbclid=1')).toBe('/copy-trading/gemw?inviteCode=DEMO2345')
    expect(to('/copy-trading/gemw?clientSupperLanguage=en_US%2Czh_CN')).toBeUndefined()
    // Already canonical, or not a cached page: rendered as asked.
    expect(to('/copy-trading/futures?period=7d&sort=pnl')).toBeUndefined()
    expect(to('/copy-trading/my?anything=1')).toBeUndefined()
  })

  it('never keys a signed-in request, another page or another method', () => {
    expect(pageCacheKey(page('/copy-trading/futures', { cookie: 'correction_token=abc' }))).toBeUndefined()
    expect(pageCacheKey(page('/copy-trading/my'))).toBeUndefined()
    expect(pageCacheKey(page('/copy-trading/lead'))).toBeUndefined()
    expect(pageCacheKey(page('/copy-trading/gemw/copy-detail/10000005'))).toBeUndefined()
    expect(pageCacheKey(page('/login'))).toBeUndefined()
    expect(pageCacheKey(new Request('http://localhost/copy-trading/futures', { method: 'POST' }))).toBeUndefined()
  })
})

describe('createPageCache', () => {
  it('renders once for concurrent visitors and serves the same bytes until the time to live ends', async () => {
    let clock = 0
    const cache = createPageCache({ ttlMs: 3000, maxEntries: 10, now: () => clock })
    const { render, count } = counter()
    const answers = await Promise.all([1, 2, 3].map(() => cache.serve(page('/copy-trading/futures'), render)))
    expect(count()).toBe(1)
    expect(await Promise.all(answers.map((a) => a.text()))).toEqual([
      '<html>page</html>#1',
      '<html>page</html>#1',
      '<html>page</html>#1',
    ])
    expect(answers.map((a) => a.headers.get('x-page-cache')).sort()).toEqual(['hit', 'hit', 'miss'])
    clock = 2999
    expect(await (await cache.serve(page('/copy-trading/futures'), render)).text()).toBe('<html>page</html>#1')
    clock = 3000
    expect(await (await cache.serve(page('/copy-trading/futures'), render)).text()).toBe('<html>page</html>#2')
  })

  it('renders every time for a signed-in visitor, and keeps no answer that sets a cookie or is not a page', async () => {
    const cache = createPageCache({ ttlMs: 3000, maxEntries: 10, now: () => 0 })
    const signedIn = counter()
    await cache.serve(page('/copy-trading/futures', { cookie: 'correction_token=abc' }), signedIn.render)
    await cache.serve(page('/copy-trading/futures', { cookie: 'correction_token=abc' }), signedIn.render)
    expect(signedIn.count()).toBe(2)
    const withCookie = counter('<html>x</html>', { headers: { 'content-type': 'text/html', 'set-cookie': 'a=b' } })
    await cache.serve(page('/copy-trading/spot'), withCookie.render)
    await cache.serve(page('/copy-trading/spot'), withCookie.render)
    expect(withCookie.count()).toBe(2)
    // A page that rendered without its data (the exchange failed) answers 503: never kept.
    const unavailable = counter('<html>try again</html>', { status: 503, headers: { 'content-type': 'text/html' } })
    await cache.serve(page('/copy-trading/futures?q=x'), unavailable.render)
    await cache.serve(page('/copy-trading/futures?q=x'), unavailable.render)
    expect(unavailable.count()).toBe(2)
    const missing = counter('not found', { status: 404, headers: { 'content-type': 'text/html' } })
    await cache.serve(page('/copy-trading/futures-trader/1'), missing.render)
    await cache.serve(page('/copy-trading/futures-trader/1'), missing.render)
    expect(missing.count()).toBe(2)
    expect(cache.size()).toBe(0)
  })

  it('survives a render that fails (a client hung up): its visitor gets the error, a waiter renders its own, nothing else breaks', async () => {
    const cache = createPageCache({ ttlMs: 3000, maxEntries: 10, now: () => 0 })
    let calls = 0
    const flaky = async () => {
      calls += 1
      await new Promise((resolve) => setTimeout(resolve, 5))
      if (calls === 1) throw new Error('aborted')
      return new Response('<html>ok</html>', { headers: { 'content-type': 'text/html' } })
    }
    const [first, second] = await Promise.allSettled([
      cache.serve(page('/copy-trading/spot'), flaky),
      cache.serve(page('/copy-trading/spot'), flaky),
    ])
    expect(first.status).toBe('rejected')
    expect(second.status === 'fulfilled' ? await second.value.text() : '').toBe('<html>ok</html>')
    await expect(
      cache.serve(page('/copy-trading/futures'), async () => Promise.reject(new Error('aborted'))),
    ).rejects.toThrow('aborted')
  })

  it('keeps at most maxEntries pages, dropping the oldest', async () => {
    const cache = createPageCache({ ttlMs: 3000, maxEntries: 2, now: () => 0 })
    const { render, count } = counter()
    for (const id of [1, 2, 3]) await cache.serve(page(`/copy-trading/gemw/${id}`), render)
    expect(cache.size()).toBe(2)
    await cache.serve(page('/copy-trading/gemw/1'), render)
    expect(count()).toBe(4)
  })
})
