/** Account identifiers as shown back to their owner: enough to recognise, not enough to harvest. */
import type { AccountType } from '#/contract/index.ts'

/** d***o@tandem.dev: first and last character of the local part. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  const local = email.slice(0, at)
  const domain = email.slice(at + 1)
  const chars = Array.from(local)
  const first = chars[0] ?? ''
  const last = chars.length > 1 ? (chars[chars.length - 1] ?? '') : ''
  return `${first}***${last}@${domain}`
}

/** 138****5678: the first three and last four digits of numbers long enough to hide four. */
export function maskMobile(mobile: string): string {
  if (mobile.length >= 11) return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`
  return `${mobile.slice(0, 2)}****${mobile.slice(-2)}`
}

export function maskAccount(type: AccountType, account: string): string {
  return type === 'email' ? maskEmail(account) : maskMobile(account)
}

/** Emails compare case-insensitively, so they are stored in lower case; mobiles are digits already. */
export function normaliseAccount(type: AccountType, account: string): string {
  return type === 'email' ? account.toLowerCase() : account
}
