/**
 * §2 `clientSupperLanguage`: a native shell opens the app once with the languages it supports. The landing response
 * keeps the list in a session cookie (client-languages.server.ts), so the language menu stays narrowed on every later
 * page and navigation until a landing address brings a new list.
 */
import { createIsomorphicFn } from '@tanstack/react-start'
import { COOKIES } from '#/app.config.ts'
import { readCookie } from '#/lib/cookies.ts'
import { readServerClientLanguages } from './client-languages.server.ts'

const storedClientLanguages = createIsomorphicFn()
  .server(readServerClientLanguages)
  .client(() => readCookie(COOKIES.clientLanguages))

/** The restriction in force: the address's own list wins (it is the newest), else the one kept for the session. */
export function clientLanguagesFor(fromAddress: unknown): string | undefined {
  if (typeof fromAddress === 'string') return fromAddress
  return storedClientLanguages() || undefined
}
