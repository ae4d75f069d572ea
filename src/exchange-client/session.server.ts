/**
 * The session as the web server keeps it: the exchange's token only in an HttpOnly cookie the
 * browser cannot read, ended by clearing every session cookie (§4).
 */
import { deleteCookie, getCookie, getRequestProtocol, setCookie } from '@tanstack/react-start/server'
import { ACCOUNTS, COOKIES } from '#/app.config.ts'
import { serverConfig } from '#/lib/config.server.ts'

/** Over https; X-Forwarded-Proto counts only behind a proxy we were told to trust (TRUST_PROXY). */
function secure(): boolean {
  return getRequestProtocol({ xForwardedProto: serverConfig().trustProxy }) === 'https'
}

/** Starts a session: the token lives only in an HttpOnly cookie the browser cannot read. */
export function setSessionCookies(token: string, userId: string, expiresAt: string) {
  const maxAge = Math.max(
    0,
    Math.min(ACCOUNTS.sessionTtlSeconds, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000)),
  )
  const options = { httpOnly: true, sameSite: 'lax', secure: secure(), path: '/', maxAge } as const
  setCookie(COOKIES.token, token, options)
  setCookie('userId', userId, { ...options, httpOnly: false })
}

/** Readable by the page, so the browser also drops what it stored about the user (§4). */
export const SESSION_ENDED_COOKIE = 'session_ended'

export function clearSessionCookies() {
  for (const name of COOKIES.session) deleteCookie(name, { path: '/' })
  setCookie(SESSION_ENDED_COOKIE, '1', { path: '/', sameSite: 'lax', maxAge: 300 })
}

/** Between the password and the two-factor code: the exchange's ticket, kept like the token (HttpOnly). */
export function holdLoginTicket(ticket: string, expiresInSeconds: number) {
  setCookie(COOKIES.loginTicket, ticket, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(),
    path: '/',
    maxAge: Math.max(0, Math.min(ACCOUNTS.loginTicketTtlSeconds, expiresInSeconds)),
  })
}

export const heldLoginTicket = (): string | undefined => getCookie(COOKIES.loginTicket)

export const dropLoginTicket = () => deleteCookie(COOKIES.loginTicket, { path: '/' })

export function hasSession(): boolean {
  return Boolean(getCookie(COOKIES.token))
}
