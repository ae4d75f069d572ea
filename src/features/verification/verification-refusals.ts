import type { RefusalReason } from '#/exchange-client/index.ts'

const REASONS: ReadonlySet<RefusalReason> = new Set([
  'verification-required',
  'verification-invalid',
  'verification-expired',
  'verification-reused',
])

/** A refusal that a new solved challenge answers: the form shows the widget (it keeps what was typed). */
export function isVerificationRefusal(reason: RefusalReason): boolean {
  return REASONS.has(reason)
}
