/** The security headers of every HTML page. */
import { serverConfig } from '#/lib/config.server.ts'

export const HTML_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
} as const

function originOf(url: string): string | undefined {
  return /^[a-z]+:\/\//i.test(url) ? new URL(url).origin : undefined
}

export function contentSecurityPolicy(nonce: string): string {
  const { api, analytics } = serverConfig()
  const connect = [
    "'self'",
    ...[api.spotBase, api.futuresBase, api.wsUrl, analytics.url ?? ''].map(originOf).filter((o) => o !== undefined),
  ]
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // React writes style attributes (server-rendered ones included); scripts stay nonce-only.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}
