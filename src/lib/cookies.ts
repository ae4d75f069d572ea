/** Cookies the browser reads and writes (those not HttpOnly): choices the server renders, device and referral ids. */
export function writeCookie(name: string, value: string, maxAgeSeconds: number) {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`
}

/** A cookie's value as the page sees it; undefined when absent or not decodable. */
export function readCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix))
  if (entry === undefined) return undefined
  try {
    return decodeURIComponent(entry.slice(prefix.length))
  } catch {
    return undefined
  }
}
