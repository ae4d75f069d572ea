/** The exchange client of a server-function call: §7 headers from the page and the request, one way to end a session. */
import { isRedirect } from '@tanstack/react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { emptyOkSchema } from '#/contract/index.ts'
import { createExchange } from './exchange.server.ts'
import type { PageFacts } from './page.ts'
import { registerInProcessExchange } from './transport.ts'

const request = vi.hoisted(() => {
  const state: { cookies: Record<string, string>; deleted: string[]; status: number } = {
    cookies: {},
    deleted: [],
    status: 0,
  }
  return state
})

vi.mock('@tanstack/react-start/server', () => ({
  getCookie: (name: string) => request.cookies[name],
  getRequestHeader: () => undefined,
  getRequestIP: () => '127.0.0.1',
  getRequestProtocol: () => 'http',
  setCookie: () => undefined,
  deleteCookie: (name: string) => request.deleted.push(name),
  setResponseStatus: (status: number) => (request.status = status),
}))

const page: PageFacts = { locale: 'ja_JP', prefix: 'ja_JP', href: '/ja_JP/copy-trading/gemw/10000005', returning: true }

async function sent(
  cookies: Record<string, string>,
  answer: Response = Response.json({ code: 0, data: null, msg: 'ok' }),
) {
  request.cookies = cookies
  const seen: Request[] = []
  registerInProcessExchange((req) => {
    seen.push(req)
    return Promise.resolve(answer.clone())
  })
  const outcome = await createExchange(page).send('POST', '/copy/v1/watches/1', emptyOkSchema)
  const headers = seen[0]?.headers
  if (!headers) throw new Error('no request reached the exchange')
  return { headers, outcome }
}

afterEach(() => {
  registerInProcessExchange(undefined)
  request.deleted = []
  request.status = 0
})

describe('exchange client headers (§7)', () => {
  it('speaks the page’s language, not the language cookie’s', async () => {
    const { headers } = await sent({ app_lang: 'en_US' })
    expect(headers.get('language')).toBe('ja_JP')
  })

  it('carries deviceId and fingerprint from the device_id and device_fp cookies, and the session token', async () => {
    const id = '3f2b8c1e-9a4d-4c6b-8e2f-1a2b3c4d5e6f'
    const fp = 'b'.repeat(64)
    const { headers } = await sent({ device_id: id, device_fp: fp, correction_token: 'tok' })
    expect(headers.get('deviceId')).toBe(id)
    expect(headers.get('fingerprint')).toBe(fp)
    expect(headers.get('clientTag')).toBe('web')
    expect(headers.get('authorization')).toBe('Bearer tok')
  })

  it('sends the device headers empty when the cookies are missing or malformed', async () => {
    const { headers } = await sent({ device_id: '../../etc', device_fp: '<script>' })
    expect(headers.get('deviceId')).toBe('')
    expect(headers.get('fingerprint')).toBe('')
  })
})

describe('a 401 anywhere', () => {
  it('clears every session cookie and sends the page to log in, with the way back', async () => {
    const error = await sent(
      { correction_token: 'old' },
      Response.json({ code: 401, data: null, msg: 'expired', reason: 'unauthorized' }, { status: 401 }),
    ).catch((e: unknown) => e)
    expect(isRedirect(error)).toBe(true)
    if (!isRedirect(error)) return
    expect(error.options).toMatchObject({
      to: '/{-$locale}/login',
      params: { locale: 'ja_JP' },
      search: { redirectUrl: page.href },
    })
    expect(request.deleted).toContain('correction_token')
  })

  it('is no refusal to decode: a read the page needs and cannot have answers 503', async () => {
    request.cookies = {}
    registerInProcessExchange(() =>
      Promise.resolve(Response.json({ code: 500, data: null, msg: 'x', reason: 'internal' }, { status: 500 })),
    )
    expect(await createExchange(page).load('/x', emptyOkSchema)).toEqual({ status: 'unavailable' })
    expect(request.status).toBe(503)
    request.status = 0
    expect(await createExchange(page).load('/x', emptyOkSchema, { essential: false })).toEqual({
      status: 'unavailable',
    })
    expect(request.status).toBe(0)
  })
})
