/** The native shell's language list on the server: read from its session cookie, and kept by the landing response. */
import { getCookie } from '@tanstack/react-start/server'
import { CLIENT_LANGUAGES_PARAM, COOKIES } from '#/app.config.ts'
import { parseLanguageList } from './available-languages.ts'

export function readServerClientLanguages(): string | undefined {
  return getCookie(COOKIES.clientLanguages)
}

/**
 * The Set-Cookie a landing address with `clientSupperLanguage` needs, or undefined when it has none. The list is kept
 * as the known codes it names, for the session (no Max-Age: a WebView's session); a list naming no known language (or
 * empty) lifts the restriction, as it would on that address alone. Readable by the page, which reads it on every
 * navigation.
 */
export function clientLanguagesCookie(url: URL): string | undefined {
  const raw = url.searchParams.get(CLIENT_LANGUAGES_PARAM)
  if (raw === null) return undefined
  const codes = parseLanguageList(raw.split(','))
  const secure = url.protocol === 'https:' ? '; Secure' : ''
  const name = COOKIES.clientLanguages
  return codes.length > 0
    ? `${name}=${codes.join(',')}; Path=/; SameSite=Lax${secure}`
    : `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
}
