import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig, publicConfig } from '#/app.config.ts'
import { affiliateProgram } from '../features/affiliate/index.server.ts'
import {
  configFingerprint,
  inMemory,
  isVisitorIndependent,
  prerenderedPages,
  prerenderedPaths,
  readPages,
  renderPages,
  writePages,
} from './prerendered.ts'

const BUILD = 'b1d0001'
const PAGE = '/affiliate-register/why-join-tandem'
const next = () => new Response('rendered', { headers: { 'x-rendered': 'yes' } })

/** A render that says which device it laid out for, with a policy header and a cookie the file must not keep. */
function fakeRender(path: string, userAgent: string) {
  const response = new Response(`<html>${path} ${/iPhone/.test(userAgent) ? 'h5' : 'web'}</html>`, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "script-src 'nonce-abc'",
      'set-cookie': 'device_id=someone',
    },
  })
  return Promise.resolve(response)
}

const rendered = await renderPages('tandem', fakeRender)
const site = inMemory(rendered, BUILD, 'fp')
const serve = prerenderedPages(site)
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  serve(new Request(`http://localhost${path}`, { method, headers }), next)

describe('prerenderedPaths', () => {
  it('lists each page unprefixed and under all 13 locale prefixes, en_US included', () => {
    const paths = prerenderedPaths('tandem')
    expect(paths).toHaveLength(28)
    expect(paths).toContain('/ja_JP/copy-trading/methodology')
    expect(paths).toContain(PAGE)
    expect(paths).toContain(`/en_US${PAGE}`)
    expect(paths).toContain(`/ar_AE${PAGE}`)
    expect(prerenderedPaths('acme')).toContain('/affiliate-register/why-join-acme')
  })
})

describe('renderPages', () => {
  it('renders a web and a phone file per page, keeps the page headers but no cookie, and writes the payload', () => {
    expect(rendered.files.get(`${PAGE}/index.web.html`)).toBeDefined()
    expect(new TextDecoder().decode(rendered.files.get(`/ar_AE${PAGE}/index.h5.html`))).toContain('h5')
    const headers = new Map(rendered.headers[`${PAGE}/index.web.html`])
    expect(headers.get('content-security-policy')).toBe("script-src 'nonce-abc'")
    expect(headers.has('set-cookie')).toBe(false)
    const payload: unknown = JSON.parse(new TextDecoder().decode(rendered.files.get(`/zh_CN${PAGE}/_payload.json`)))
    expect(payload).toEqual(affiliateProgram())
  })

  it('refuses a page that does not render as a 200 page', async () => {
    await expect(renderPages('tandem', () => Promise.resolve(new Response('gone', { status: 404 })))).rejects.toThrow(
      /404/,
    )
  })
})

describe('payload', () => {
  it('is served for the running build, cached for good (its address names the build)', async () => {
    const res = await get(`/ar_AE${PAGE}/_payload.json?${BUILD}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(res.headers.get('cache-control')).toContain('immutable')
    expect(await res.json()).toEqual(affiliateProgram())
  })

  it('of another build is refused with 409 and the reason', async () => {
    const res = await get(`${PAGE}/_payload.json?0ldbu1ld`)
    expect(res.status).toBe(409)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.text()).toMatch(/"error":"Stale build.*0ldbu1ld.*b1d0001/)
  })

  it('without a build id is refused with 400', async () => {
    const res = await get(`${PAGE}/_payload.json`)
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('build id')
  })

  it('of a page that is not prerendered, or has no data, goes on to the router', async () => {
    expect((await get(`/copy-trading/gemw/_payload.json?${BUILD}`)).headers.get('x-rendered')).toBe('yes')
    expect(rendered.files.has('/copy-trading/methodology/index.web.html')).toBe(true)
    expect((await get(`/copy-trading/methodology/_payload.json?${BUILD}`)).headers.get('x-rendered')).toBe('yes')
  })
})

describe('prerendered page', () => {
  it('is served as a file to a visitor without cookies, with the policy it was rendered with', async () => {
    const res = await get(PAGE, { 'accept-encoding': 'br' })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-prerendered')).toBe(BUILD)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('content-security-policy')).toBe("script-src 'nonce-abc'")
    expect(res.headers.get('vary')).toContain('Cookie')
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  it('is the phone file for a phone', async () => {
    expect(await (await get(`/ar_AE${PAGE}`, { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' })).text()).toContain('h5')
    expect(await (await get(`/ar_AE${PAGE}`)).text()).toContain('web')
  })

  it('answers 304 to a revalidation and a HEAD without a body', async () => {
    const etag = (await get(PAGE)).headers.get('etag') ?? ''
    expect((await get(PAGE, { 'if-none-match': etag })).status).toBe(304)
    const head = await get(PAGE, {}, 'HEAD')
    expect([head.status, await head.text()]).toEqual([200, ''])
  })

  it.each([
    ['a dark theme', { cookie: 'theme=dark' }],
    ['red for up', { cookie: 'theme_upcolor=upred' }],
    ['a chosen language', { cookie: 'i18n_redirected=ja_JP' }],
    ['a session', { cookie: 'correction_token=t' }],
    ['a pricing currency', { cookie: 'pricing_currency=EUR' }],
  ])('is rendered for a visitor with %s', async (_, headers) => {
    expect((await get(PAGE, headers)).headers.get('x-rendered')).toBe('yes')
  })

  it('is rendered for a landing address with a query, and for other methods', async () => {
    expect((await get(`${PAGE}?inviteCode=ABC`)).headers.get('x-rendered')).toBe('yes')
    expect((await get(PAGE, {}, 'POST')).headers.get('x-rendered')).toBe('yes')
  })
})

describe('isVisitorIndependent', () => {
  const visitor = (cookie: string) => new Request(`http://localhost${PAGE}`, { headers: { cookie } })
  it('accepts cookies at the defaults the prerender assumed, and cookies the render does not read', () => {
    expect(isVisitorIndependent(visitor('theme=light; theme_upcolor=upgreen; device_id=x; _ga=1'))).toBe(true)
  })
  it('refuses any other display value', () => {
    expect(isVisitorIndependent(visitor('selectType=futures'))).toBe(false)
    expect(isVisitorIndependent(visitor('client_languages=en_US,zh_CN'))).toBe(false)
  })
})

describe('readPages', () => {
  const dirs: string[] = []
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  })

  it("takes the build's files only for the same build and configuration, else says why", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'prerendered-'))
    dirs.push(dir)
    await writePages(dir, rendered, BUILD, 'fp')
    const same = await readPages(dir, BUILD, 'fp')
    expect(typeof same === 'string' ? same : same.files.has(`${PAGE}/index.web.html`)).toBe(true)
    expect(await readPages(dir, 'newer', 'fp')).toMatch(/build b1d0001, not newer/)
    expect(await readPages(dir, BUILD, 'other')).toMatch(/another configuration/)
    expect(await readPages(join(dir, 'missing'), BUILD, 'fp')).toBe('none were built')
  })
})

describe('configFingerprint', () => {
  it('changes with what the page shows of the configuration (its site URL)', () => {
    const at = (url: string) => configFingerprint(publicConfig(loadConfig({ PORT: '3000', SITE_URL: url })))
    expect(at('https://a.example')).toBe(at('https://a.example'))
    expect(at('https://a.example')).not.toBe(at('https://b.example'))
  })
})
