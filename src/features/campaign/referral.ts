/**
 * The invite number of §3: an invite code in any landing link (`?inviteCode=…`) is kept in a
 * cookie until the visitor registers, and fills the registration form; and the rebate-user flag
 * of the signed-in account (invited by an approved affiliate) in its store.
 */
import { createIsomorphicFn } from '@tanstack/react-start'
import { useEffect } from 'react'
import { REFERRAL } from '#/app.config.ts'
import { inviteCodeSchema } from '#/contract/index.ts'
import { readCookie, writeCookie } from '#/lib/cookies.ts'
import { inviteNumberStore, rebateUserStore } from '#/features/state/index.ts'
import { readServerInviteCode } from './referral.server.ts'

/** A well-formed invite code, or undefined. */
export function inviteCodeOf(value: string | null | undefined): string | undefined {
  const parsed = inviteCodeSchema.safeParse(value ?? undefined)
  return parsed.success ? parsed.data : undefined
}

/** The invite code kept from a landing link, read the same on the server and in the browser. */
export const storedInviteCode = createIsomorphicFn()
  .server(() => inviteCodeOf(readServerInviteCode()))
  .client(() => inviteCodeOf(readCookie(REFERRAL.cookie)))

/** Keeps the invite code of the landing link, if any: the newest link wins. */
export function captureInviteCode(search: string): string | undefined {
  const code = inviteCodeOf(new URLSearchParams(search).get(REFERRAL.param))
  if (code) writeCookie(REFERRAL.cookie, code, REFERRAL.cookieMaxAgeSeconds)
  return code ?? inviteCodeOf(readCookie(REFERRAL.cookie))
}

/** Mounted once by the layout: the invite number and the rebate-user flag in their stores. */
export function useReferral(rebateUser: boolean) {
  useEffect(() => {
    const code = captureInviteCode(location.search)
    if (code) inviteNumberStore.setState(() => code)
  }, [])
  useEffect(() => {
    rebateUserStore.setState(() => rebateUser)
  }, [rebateUser])
}
