/**
 * External navigation (§8): leaves the app only when asked explicitly (`{ external: true }`),
 * never to a script or inline-content URL. Inside a native shell the shell opens it (its own
 * browser); in a browser, a new tab that gets no handle on this page and no referrer.
 */
import { NATIVE } from '#/app.config.ts'
import { nativeBridge } from './bridge.ts'
import { detectShell } from './shells.ts'

export type ExternalNavigationRefusal = 'external-option-required' | 'refused-protocol' | 'invalid-url'

export class ExternalNavigationError extends Error {
  override name = 'ExternalNavigationError'
  readonly reason: ExternalNavigationRefusal
  constructor(reason: ExternalNavigationRefusal, message: string) {
    super(message)
    this.reason = reason
  }
}

const REFUSED: readonly string[] = NATIVE.refusedProtocols

/**
 * The URL to open, or a throw. Browsers drop control characters and spaces around a URL and tabs
 * and newlines inside it (` JaVa\tScript:`), so the scheme is read both that way and as parsed.
 */
export function checkExternalUrl(url: string, base?: string): URL {
  const squeezed = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase()
  if (REFUSED.some((protocol) => squeezed.startsWith(protocol)))
    throw new ExternalNavigationError(
      'refused-protocol',
      `Refused external URL scheme: ${squeezed.split(':')[0] ?? ''}`,
    )
  let parsed: URL
  try {
    parsed = new URL(url.trim(), base ?? (typeof location === 'undefined' ? undefined : location.href))
  } catch {
    throw new ExternalNavigationError('invalid-url', 'Invalid external URL')
  }
  if (REFUSED.includes(parsed.protocol))
    throw new ExternalNavigationError('refused-protocol', `Refused external URL scheme: ${parsed.protocol}`)
  return parsed
}

export interface ExternalOptions {
  external?: boolean
}

/** Throws at once for a refused URL or without `{ external: true }`; resolves once handed over. */
export function openExternal(url: string, options?: ExternalOptions): Promise<void> {
  if (options?.external !== true)
    throw new ExternalNavigationError('external-option-required', 'External navigation needs { external: true }')
  const target = checkExternalUrl(url)
  if (detectShell()) return nativeBridge.openExternal({ url: target.href }).then(() => undefined)
  window.open(target.href, '_blank', 'noopener,noreferrer')
  return Promise.resolve()
}
