/**
 * The exchange client of one server-function call, built once by the middleware: the §7 headers
 * from the page's locale, the session token and the device, over the in-process transport when
 * the exchange is embedded. Every answer is decoded through a contract schema into Loaded/Sent,
 * and a 401 anywhere ends the session one way: cookies cleared, then the login page with the way
 * back (the browser's half of the middleware follows it there).
 */
import { redirect } from '@tanstack/react-router'
import { getCookie, getRequestHeader, getRequestIP, setResponseStatus } from '@tanstack/react-start/server'
import { COOKIES } from '#/app.config.ts'
import { serverConfig } from '#/lib/config.server.ts'
import { createApiClient, type ApiEnvelope, type Fetch, type HttpMethod, type RequestOptions } from './api-client.ts'
import { deviceHeaders } from './device-headers.ts'
import { loadedOf, sentOf, type EnvelopeSchema, type Loaded, type Sent } from './outcome.ts'
import type { PageFacts } from './page.ts'
import {
  clearSessionCookies,
  dropLoginTicket,
  hasSession,
  heldLoginTicket,
  holdLoginTicket,
  setSessionCookies,
} from './session.server.ts'
import { inProcessExchange } from './transport.ts'

export interface ExchangeClient {
  readonly page: PageFacts
  /** The raw envelope, for calls whose answer is not decoded (fire-and-forget). */
  request(path: string, options?: RequestOptions & { unauthorizedEndsNothing?: boolean }): Promise<ApiEnvelope>
  /**
   * A read: the data, not found, or unavailable. A page rendered without an essential read answers
   * 503 (never cached, a retry renders afresh); `essential: false` marks an extra the page does without.
   */
  load<T>(
    path: string,
    schema: EnvelopeSchema<T>,
    options?: RequestOptions & { essential?: boolean },
  ): Promise<Loaded<T>>
  /** A change: the data, or the refusal's reason. */
  send<T>(
    method: HttpMethod,
    path: string,
    schema: EnvelopeSchema<T>,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<Sent<T>>
  session: {
    readonly active: boolean
    start: (session: { token: string; userId: string; expiresAt: string }) => void
    end: () => void
    /** The sign-in's second step: the ticket the password step gave, held in an HttpOnly cookie until used. */
    ticket: {
      hold: (ticket: string, expiresInSeconds: number) => void
      readonly held: string | undefined
      drop: () => void
    }
  }
}

function isAbsolute(base: string): boolean {
  return /^https?:\/\//.test(base)
}

/** Clears the session and sends the page to log in, returning to it unless it may not be returned to. */
function endSession(page: PageFacts): never {
  clearSessionCookies()
  throw redirect({
    to: '/{-$locale}/login',
    params: { locale: page.prefix },
    search: page.returning ? { redirectUrl: page.href } : {},
  })
}

export function createExchange(page: PageFacts): ExchangeClient {
  const config = serverConfig()
  const token = getCookie(COOKIES.token)
  const futuresToken = getCookie('FUTURES_TOKEN')
  const embedded = inProcessExchange()
  const transport: Fetch = (request) => {
    const relative = !isAbsolute(config.api.spotBase) || !isAbsolute(config.api.futuresBase)
    return embedded && relative ? embedded(request) : fetch(request)
  }
  const common: Record<string, string> = {
    language: page.locale,
    clientTag: 'web',
    selectType: getCookie('selectType') === 'futures' ? 'futures' : 'spot',
    'x-forwarded-for': getRequestIP({ xForwardedFor: config.trustProxy }) ?? '',
    'user-agent': getRequestHeader('user-agent') ?? '',
    // deviceId and fingerprint, from the cookies the page wrote (shape-checked).
    ...deviceHeaders(getCookie),
    systemVersion: getRequestHeader('sec-ch-ua-platform') ?? '',
    deviceName: getRequestHeader('sec-ch-ua-model') ?? '',
    ...(token ? { authorization: `Bearer ${token}`, token } : {}),
  }
  const api = createApiClient({
    spotBase: config.api.spotBase,
    futuresBase: config.api.futuresBase,
    origin: config.siteUrl,
    fetch: transport,
    headers: (base) =>
      base === 'futures'
        ? { ...common, appVersion: '1.0.0', locale: page.locale, ...(futuresToken ? { thirdToken: futuresToken } : {}) }
        : common,
  })

  async function request(path: string, options: RequestOptions & { unauthorizedEndsNothing?: boolean } = {}) {
    const { unauthorizedEndsNothing, ...rest } = options
    const envelope = await api(path, rest)
    if (envelope.code === 401 && !unauthorizedEndsNothing) endSession(page)
    return envelope
  }

  return {
    page,
    request,
    async load(path, schema, options = {}) {
      const { essential = true, ...rest } = options
      const loaded = loadedOf(await request(path, rest), schema)
      if (loaded.status === 'unavailable' && essential) setResponseStatus(503)
      return loaded
    },
    async send(method, path, schema, body, options = {}) {
      return sentOf(
        await request(path, body === undefined ? { ...options, method } : { ...options, method, body }),
        schema,
      )
    },
    session: {
      get active() {
        return hasSession()
      },
      start: (session) => setSessionCookies(session.token, session.userId, session.expiresAt),
      end: clearSessionCookies,
      ticket: {
        hold: holdLoginTicket,
        get held() {
          return heldLoginTicket()
        },
        drop: dropLoginTicket,
      },
    },
  }
}
