/** serverApi (src/features/auth/api.server.ts) forwards the device cookies as §7 headers. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { registerInProcessExchange } from '../../lib/http/transport.ts'
import { serverApi } from '../auth/api.server.ts'

const request = vi.hoisted(() => {
  const cookies: Record<string, string> = {}
  return { cookies }
})

vi.mock('@tanstack/react-start/server', () => ({
  getCookie: (name: string) => request.cookies[name],
  getRequestHeader: () => undefined,
  getRequestIP: () => '127.0.0.1',
  getRequestProtocol: () => 'http',
  setCookie: () => undefined,
  deleteCookie: () => undefined,
}))

async function headersSent(cookies: Record<string, string>): Promise<Headers> {
  request.cookies = cookies
  const seen: Request[] = []
  registerInProcessExchange((req) => {
    seen.push(req)
    return Promise.resolve(Response.json({ code: 0, data: null }))
  })
  await serverApi()('/open/lang/menu/show')
  const sent = seen[0]
  if (!sent) throw new Error('no request reached the exchange')
  return sent.headers
}

afterEach(() => registerInProcessExchange(undefined))

describe('serverApi device headers (§7)', () => {
  it('carries deviceId and fingerprint from the device_id and device_fp cookies', async () => {
    const id = '3f2b8c1e-9a4d-4c6b-8e2f-1a2b3c4d5e6f'
    const fp = 'b'.repeat(64)
    const headers = await headersSent({ device_id: id, device_fp: fp })
    expect(headers.get('deviceId')).toBe(id)
    expect(headers.get('fingerprint')).toBe(fp)
    expect(headers.get('clientTag')).toBe('web')
  })

  it('sends them empty when the cookies are missing or malformed', async () => {
    const headers = await headersSent({ device_id: '../../etc', device_fp: '<script>' })
    expect(headers.get('deviceId')).toBe('')
    expect(headers.get('fingerprint')).toBe('')
  })
})
