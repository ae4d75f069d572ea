import { getCookie } from '@tanstack/react-start/server'
import { REFERRAL } from '#/app.config.ts'

export function readServerInviteCode(): string | undefined {
  return getCookie(REFERRAL.cookie)
}
