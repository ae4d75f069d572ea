/**
 * The exchange's response envelopes. Success is `{ code, data, msg }`; a refusal is
 * `{ code: <http status>, data, msg, reason }` where `reason` is the machine-readable cause the
 * web app translates (it never shows `msg`, which is English for operators and logs).
 */
import { z } from 'zod'

export const ERROR_REASONS = [
  'invalid-input',
  'malformed-json',
  'payload-too-large',
  'not-found',
  'unauthorized',
  'invalid-credentials',
  'account-exists',
  'code-invalid',
  'code-expired',
  'weak-password',
  'rate-limited',
  'forbidden',
  'internal',
  'follow-self',
  'follow-while-leading',
  'already-copying',
  'leader-full',
  'leader-paused',
  'leader-below-minimum',
  'below-minimum',
  'insufficient-balance',
  'leader-requirements',
  'already-leader',
  'not-leader',
  'not-copying',
  'nickname-taken',
  'nickname-invalid',
  'avatar-taken',
  'tick-size',
  'lot-size',
  'min-notional',
  'max-notional',
  'price-band',
  'would-trigger-immediately',
  /** A trailing stop's callback rate outside FUTURES.trailingCallbackPercent. */
  'callback-rate',
  'post-only-would-take',
  'fok-not-filled',
  'no-liquidity',
  'too-many-orders',
  'order-not-open',
  'amend-would-take',
  'reduce-only-would-increase',
  /** A close priced past its position's bankruptcy price (where what backs it would be gone). */
  'bankruptcy-price',
  'leverage-too-high',
  /**
   * A position (with the open orders of its side) larger than the pair's leverage bracket allows at the chosen leverage:
   * lower the leverage or the amount.
   */
  'position-bracket',
  /** A leverage that the position or the open orders of the pair would need more margin for than the wallet has. */
  'insufficient-margin',
  /** A futures wallet's transfer beyond what its cross positions leave free (the maximum withdrawable). */
  'above-max-withdrawable',
  /** A futures margin mode that does not allow it: a cross position's margin, or cross for a lead trader. */
  'margin-mode',
  /** The margin mode changes only without a position or an open order on the pair. */
  'not-flat',
  /** A sub-account whose security config has standAloneLogin false signs in only through its main account. */
  'sub-account-login',
  /** The security config's changeLogin is false: the login details (password) are managed by the main account. */
  'login-change-refused',
  /** Human verification (ALTCHA): none sent where it is asked, a wrong or forged one, one past its time, one used before. */
  'verification-required',
  'verification-invalid',
  'verification-expired',
  'verification-reused',
  /** Two-factor authentication (TOTP): a code needed and not sent, a wrong, used or spent code, set-up out of turn. */
  'two-factor-required',
  'two-factor-invalid',
  'two-factor-state',
  /** The sign-in's second step came after its ticket expired, was used, or spent its attempts: sign in again. */
  'login-ticket-expired',
] as const
export const errorReasonSchema = z.enum(ERROR_REASONS).meta({ id: 'ErrorReason' })
export type ErrorReason = z.infer<typeof errorReasonSchema>

/** One refused field: its dotted path and the zod issue code. Submitted values are never echoed. */
export const fieldIssueSchema = z.object({ path: z.string(), issue: z.string() }).meta({ id: 'FieldIssue' })
export type FieldIssue = z.infer<typeof fieldIssueSchema>

export const apiErrorSchema = z
  .object({
    code: z.number().int().min(400).max(599),
    data: z.union([z.null(), z.object({ fields: z.array(fieldIssueSchema) })]),
    msg: z.string(),
    reason: errorReasonSchema,
  })
  .meta({ id: 'ApiError', description: 'Every refusal: HTTP status in `code`, machine reason in `reason`.' })
export type ApiError = z.infer<typeof apiErrorSchema>

/** `{ code: 0, data, msg }`: the envelope of most calls. */
export function okEnvelope<TData extends z.ZodType>(data: TData) {
  return z.object({ code: z.literal(0), data, msg: z.string() })
}

/** §7: the wallet call answers code 200 instead of 0. */
export function walletEnvelope<TData extends z.ZodType>(data: TData) {
  return z.object({ code: z.literal(200), data, msg: z.string() })
}

/** §7: the anniversary call answers the string '0'. */
export function stringCodeEnvelope<TData extends z.ZodType>(data: TData) {
  return z.object({ code: z.literal('0'), data, msg: z.string() })
}

export const emptyOkSchema = okEnvelope(z.null()).meta({ id: 'EmptyOk' })
export type EmptyOk = z.infer<typeof emptyOkSchema>
