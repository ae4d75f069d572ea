/**
 * How the standalone server hands requests to the exchange: the base prefix is stripped, and the
 * client address is pinned so a caller cannot pick its own rate-limit key.
 */

export const BASE_PREFIXES = ['/spotapi', '/futuresapi'] as const

/** '/spotapi/v2/x' → '/v2/x'; '/futuresapi' → '/'; other paths unchanged (the exchange is at '/' too). */
export function stripBase(pathname: string): string {
  for (const prefix of BASE_PREFIXES) {
    if (pathname === prefix) return '/'
    if (pathname.startsWith(`${prefix}/`)) return pathname.slice(prefix.length)
  }
  return pathname
}

/** Loopback and private networks: a proxy there (the web tier, a local reverse proxy) may say who the client is. */
export function isTrustedPeer(ip: string | undefined): boolean {
  if (!ip) return false
  const address = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip
  if (address === '::1' || address.startsWith('127.') || address.startsWith('10.') || address.startsWith('192.168.'))
    return true
  const match = /^172\.(\d+)\./.exec(address)
  if (match && Number(match[1]) >= 16 && Number(match[1]) <= 31) return true
  return /^f[cd][0-9a-f]{2}:/i.test(address)
}

/** The request the exchange sees: base stripped; forwarded-for replaced by the peer unless the peer is trusted. */
export function toExchangeRequest(request: Request, peerIp: string | undefined): Request {
  const url = new URL(request.url)
  url.pathname = stripBase(url.pathname)
  const headers = new Headers(request.headers)
  if (!isTrustedPeer(peerIp)) {
    headers.delete('x-real-ip')
    if (peerIp) headers.set('x-forwarded-for', peerIp)
    else headers.delete('x-forwarded-for')
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? request.body : null,
    signal: request.signal,
    // Required by fetch for a streamed body.
    ...(hasBody && { duplex: 'half' }),
  })
}
