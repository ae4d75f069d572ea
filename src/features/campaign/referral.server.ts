/** The invite code of a landing link, on the server: read from its cookie, and kept by the landing response itself. */
import { getCookie } from '@tanstack/react-start/server'
import { REFERRAL } from '#/app.config.ts'
import { inviteCodeSchema } from '#/contract/index.ts'

export function readServerInviteCode(): string | undefined {
  return getCookie(REFERRAL.cookie)
}

/**
 * The Set-Cookie that keeps a landing link's invite code (`?inviteCode=…`), or undefined for a link without a
 * well-formed one. Sent with the page itself, so a visitor who leaves before the page has loaded its scripts keeps
 * the code too (the page also keeps it once it runs: the newest link wins either way). Readable by the page, which
 * fills the registration form with it; the same attributes as the page writes.
 */
export function inviteCodeCookie(url: URL): string | undefined {
  const parsed = inviteCodeSchema.safeParse(url.searchParams.get(REFERRAL.param) ?? undefined)
  if (!parsed.success) return undefined
  const secure = url.protocol === 'https:' ? '; Secure' : ''
  return `${REFERRAL.cookie}=${parsed.data}; Path=/; Max-Age=${REFERRAL.cookieMaxAgeSeconds}; SameSite=Lax${secure}`
}
