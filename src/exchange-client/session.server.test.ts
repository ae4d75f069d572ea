/** The session cookie's Secure flag: X-Forwarded-Proto counts only behind a proxy we were told to trust. */
import { beforeEach, describe, expect, it, vi } from 'vitest'

const cookies: { name: string; secure: boolean | undefined }[] = []
let trustProxy = false

vi.mock('@tanstack/react-start/server', () => ({
  // What h3 does with the option: the forwarded header when asked to trust it, else the connection's protocol (http
  // here).
  getRequestProtocol: (options: { xForwardedProto?: boolean }) => (options.xForwardedProto ? 'https' : 'http'),
  setCookie: (name: string, _value: string, options: { secure?: boolean }) =>
    cookies.push({ name, secure: options.secure }),
  getCookie: () => undefined,
  deleteCookie: () => undefined,
  getRequestHeader: () => undefined,
  getRequestIP: () => undefined,
}))
vi.mock('#/lib/config.server.ts', () => ({ serverConfig: () => ({ trustProxy }) }))

const { setSessionCookies } = await import('./session.server.ts')

describe('session cookies', () => {
  beforeEach(() => {
    cookies.length = 0
  })

  it('are not marked Secure because of a forwarded header when no proxy is trusted', () => {
    trustProxy = false
    setSessionCookies('token', '1', new Date(Date.now() + 60_000).toISOString())
    expect(cookies.find((c) => c.name === 'correction_token')?.secure).toBe(false)
  })

  it('follow X-Forwarded-Proto behind a trusted proxy', () => {
    trustProxy = true
    setSessionCookies('token', '1', new Date(Date.now() + 60_000).toISOString())
    expect(cookies.find((c) => c.name === 'correction_token')?.secure).toBe(true)
  })
})
