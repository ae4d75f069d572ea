/**
 * The API client as the web server uses it: headers of §7 from the current request, the session
 * token from its HttpOnly cookie, and the exchange in-process when it is embedded.
 */
import { deleteCookie, getCookie, getRequestHeader, getRequestIP, getRequestProtocol, setCookie } from '@tanstack/react-start/server'
import { ACCOUNTS, COOKIES, type LocaleCode } from '../../../app.config.ts'
import { serverConfig } from '../../lib/config.server.ts'
import { createApiClient, type ApiRequest, type Fetch } from '../../lib/http/api-client.ts'
import { inProcessExchange } from '../../lib/http/transport.ts'
import { deviceHeaders } from '../device/device-headers.ts'
import { findLocale } from '../i18n/locales.ts'


function isAbsolute(base: string): boolean {
  return /^https?:\/\//.test(base)
}

export function serverApi(locale?: LocaleCode): ApiRequest {
  const config = serverConfig()
  const token = getCookie(COOKIES.token)
  const language = locale ?? findLocale(getCookie(COOKIES.appLang)) ?? 'en_US'
  const embedded = inProcessExchange()
  const transport: Fetch = (request) => {
    const relative = !isAbsolute(config.api.spotBase) || !isAbsolute(config.api.futuresBase)
    return embedded && relative ? embedded(request) : fetch(request)
  }
  const common: Record<string, string> = {
    language,
    clientTag: 'web',
    selectType: getCookie('selectType') === 'futures' ? 'futures' : 'spot',
    'x-forwarded-for': getRequestIP({ xForwardedFor: config.trustProxy }) ?? '',
    'user-agent': getRequestHeader('user-agent') ?? '',
    // deviceId and fingerprint, from the cookies the page wrote (shape-checked).
    ...deviceHeaders(getCookie),
    systemVersion: getRequestHeader('sec-ch-ua-platform') ?? '',
    deviceName: getRequestHeader('sec-ch-ua-model') ?? '',
  }
  if (token) {
    common.authorization = `Bearer ${token}`
    common.token = token
  }
  return createApiClient({
    spotBase: config.api.spotBase,
    futuresBase: config.api.futuresBase,
    origin: config.siteUrl,
    fetch: transport,
    headers: (base) =>
      base === 'futures'
        ? { ...common, appVersion: '1.0.0', locale: language, ...(getCookie('FUTURES_TOKEN') ? { thirdToken: getCookie('FUTURES_TOKEN') ?? '' } : {}) }
        : common,
  })
}

function secure(): boolean {
  return getRequestProtocol({ xForwardedProto: true }) === 'https'
}

/** Starts a session: the token lives only in an HttpOnly cookie the browser cannot read. */
export function setSessionCookies(token: string, userId: string, expiresAt: string) {
  const maxAge = Math.max(0, Math.min(ACCOUNTS.sessionTtlSeconds, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000)))
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

export function hasSession(): boolean {
  return Boolean(getCookie(COOKIES.token))
}
