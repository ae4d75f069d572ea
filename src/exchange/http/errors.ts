/**
 * Refusals. Handlers throw an ApiFailure; the app's error handler turns it into the error envelope
 * `{ code: <status>, data, msg, reason }`, so every refusal has the same shape whatever threw it.
 */
import type { ZodError } from 'zod'
import type { ApiError, ErrorReason, FieldIssue } from '#/contract/index.ts'

const DEFAULT_MESSAGES: Record<ErrorReason, string> = {
  'invalid-input': 'Invalid input',
  'malformed-json': 'Malformed JSON in request body',
  'payload-too-large': 'Request body too large',
  'not-found': 'Not found',
  unauthorized: 'Unauthorized',
  'invalid-credentials': 'Wrong account or password',
  'account-exists': 'An account already exists for this address',
  'code-invalid': 'Wrong verification code',
  'code-expired': 'The verification code has expired; request a new one',
  'weak-password': 'Password must be 8-64 characters with at least one letter and one digit',
  'rate-limited': 'Too many requests; try again later',
  forbidden: 'Not allowed',
  internal: 'Internal error',
  'follow-self': 'You cannot copy yourself',
  'follow-while-leading': 'A leader cannot copy another leader; cancel your leader identity first',
  'already-copying': 'You already copy this leader',
  'leader-full': 'This leader has no free follower slots',
  'leader-paused': 'This leader is not taking new followers',
  'leader-below-minimum': "The leader's equity is below the minimum copy amount: no new followers",
  'below-minimum': 'The amount is below the minimum',
  'insufficient-balance': 'Insufficient balance',
  'leader-requirements': 'The requirements to lead are not met',
  'already-leader': 'You are already a leader',
  'not-leader': 'You are not a leader',
  'not-copying': 'You do not copy this leader',
  'nickname-taken': 'Another leader already uses this nickname',
  'nickname-invalid': 'The nickname is empty or contains hidden characters',
  'avatar-taken': 'This avatar belongs to another leader',
  'tick-size': 'The price is not a multiple of the pair’s tick size',
  'lot-size': 'The size is not a positive multiple of the pair’s lot size',
  'min-notional': 'The order is worth less than the minimum order value',
  'max-notional': 'The order is worth more than the maximum order value',
  'price-band': 'The price is too far from the mark price',
  'would-trigger-immediately': 'The trigger price is already reached; place a market or limit order instead',
  'callback-rate': 'The callback rate is outside the range a trailing stop allows',
  'post-only-would-take': 'A post-only order would trade at once, so it was not placed',
  'fok-not-filled': 'A fill-or-kill order could not fill in full, so it was not placed',
  'no-liquidity': 'Nothing on the book to trade against',
  'too-many-orders': 'Too many open orders on this market; cancel some first',
  'order-not-open': 'The order is no longer open',
  'amend-would-take': 'The new price would trade at once; cancel and place a new order instead',
  'reduce-only-would-increase': 'A reduce-only order may only shrink the position',
  'bankruptcy-price': 'A close may not be priced past the position’s bankruptcy price',
  'leverage-too-high': 'The leverage is above the pair’s maximum',
  'position-bracket': 'At this leverage the position would be larger than the pair’s bracket allows',
  'insufficient-margin': 'The wallet cannot pay the margin this leverage needs for the position and open orders',
  'above-max-withdrawable': 'More than the futures wallet can release while its cross positions need it',
  'margin-mode': 'The position’s margin mode does not allow this',
  'not-flat': 'Close the position and cancel the open orders of this pair first',
  'sub-account-login': 'This sub-account signs in through its main account',
  'login-change-refused': 'The login details of this sub-account are managed by its main account',
  'verification-required': 'Complete the verification first',
  'verification-invalid': 'The verification is not valid; solve a new one',
  'verification-expired': 'The verification has expired; solve a new one',
  'verification-reused': 'This verification was already used; solve a new one',
  'two-factor-required': 'This account has two-factor authentication: send its code',
  'two-factor-invalid': 'The two-factor code is not valid',
  'two-factor-state': 'Two-factor authentication is not in the state this step needs',
  'login-ticket-expired': 'The sign-in has expired; sign in again',
}

export interface FailureOptions {
  msg?: string
  fields?: FieldIssue[]
  /** Seconds, sent as Retry-After on 429. */
  retryAfter?: number
}

export class ApiFailure extends Error {
  override name = 'ApiFailure'
  readonly status: number
  readonly reason: ErrorReason
  readonly fields: FieldIssue[] | undefined
  readonly retryAfter: number | undefined

  constructor(status: number, reason: ErrorReason, options: FailureOptions = {}) {
    super(options.msg ?? DEFAULT_MESSAGES[reason])
    this.status = status
    this.reason = reason
    this.fields = options.fields
    this.retryAfter = options.retryAfter
  }
}

export function failureBody(failure: ApiFailure): ApiError {
  return {
    code: failure.status,
    data: failure.fields ? { fields: failure.fields } : null,
    msg: failure.message,
    reason: failure.reason,
  }
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' }

export function failureResponse(failure: ApiFailure): Response {
  const headers: Record<string, string> = { ...JSON_HEADERS }
  if (failure.retryAfter !== undefined) headers['retry-after'] = String(failure.retryAfter)
  return new Response(JSON.stringify(failureBody(failure)), { status: failure.status, headers })
}

/**
 * Zod issues as `{ path, issue }`, one entry per field: a value can break several checks at once
 * (1e308 is past both the safe-integer bound and the maximum; '1e308' fails a pattern and a
 * refinement), and the first says why. An unknown key becomes one entry per key so the client can point at it.
 */
/** A value of none of a union's types (walletTypeList missing, say) is a wrong type, as for any other field. */
function issueCode(issue: ZodError['issues'][number]): string {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue.code
  const wrongType = issue.errors.every(
    (branch) => branch.length > 0 && branch.every((inner) => inner.code === 'invalid_type' && inner.path.length === 0),
  )
  return wrongType ? 'invalid_type' : issue.code
}

export function fieldIssues(error: ZodError): FieldIssue[] {
  const fields = new Map<string, FieldIssue>()
  const add = (path: string, issue: string) => {
    if (!fields.has(path)) fields.set(path, { path, issue })
  }
  for (const issue of error.issues) {
    const base = issue.path.map(String)
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...base, key].join('.'), issue.code)
    } else {
      add(base.join('.'), issueCode(issue))
    }
  }
  return [...fields.values()]
}

export const invalidInput = (fields: FieldIssue[]) => new ApiFailure(400, 'invalid-input', { fields })
export const unauthorized = () => new ApiFailure(401, 'unauthorized')
export const notFound = () => new ApiFailure(404, 'not-found')
export const rateLimited = (retryAfter: number) => new ApiFailure(429, 'rate-limited', { retryAfter })
