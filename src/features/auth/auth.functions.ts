/** Account actions as server functions: validated at the edge, one call to the exchange each. */
import { createServerFn } from '@tanstack/react-start'
import { isSuccess, type ApiEnvelope } from '../../lib/http/api-client.ts'
import { clearSessionCookies, serverApi, setSessionCookies } from './api.server.ts'
import {
  loginInputSchema,
  registerInputSchema,
  sendCodeInputSchema,
  type AuthFailureReason,
  type AuthOutcome,
} from './auth.schemas.ts'

const REASONS: readonly AuthFailureReason[] = [
  'invalid-credentials',
  'rate-limited',
  'account-exists',
  'code-invalid',
  'code-expired',
  'weak-password',
  'invalid-input',
  'unauthorized',
  'forbidden',
]

function refusal(envelope: ApiEnvelope): AuthOutcome {
  const reason = REASONS.find((r) => r === envelope.reason) ?? (envelope.err ? 'network' : 'unknown')
  return { ok: false, reason, ...(envelope.retryAfter !== undefined ? { retryAfter: envelope.retryAfter } : {}) }
}

function sessionOf(data: unknown): { token: string; userId: string; expiresAt: string } | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const token: unknown = Reflect.get(data, 'token')
  const userId: unknown = Reflect.get(data, 'userId')
  const expiresAt: unknown = Reflect.get(data, 'expiresAt')
  if (typeof token !== 'string' || typeof userId !== 'string' || typeof expiresAt !== 'string') return undefined
  return { token, userId, expiresAt }
}

function startSession(envelope: ApiEnvelope): AuthOutcome {
  if (!isSuccess(envelope)) return refusal(envelope)
  const session = sessionOf(envelope.data)
  if (!session) return { ok: false, reason: 'unknown' }
  setSessionCookies(session.token, session.userId, session.expiresAt)
  return { ok: true }
}

export const login = createServerFn({ method: 'POST' })
  .validator(loginInputSchema)
  .handler(async ({ data }) => startSession(await serverApi()('/v2/users/login', { method: 'POST', body: data })))

export const register = createServerFn({ method: 'POST' })
  .validator(registerInputSchema)
  .handler(async ({ data }) => startSession(await serverApi()('/v2/users/register', { method: 'POST', body: data })))

export const sendVerificationCode = createServerFn({ method: 'POST' })
  .validator(sendCodeInputSchema)
  .handler(async ({ data }): Promise<AuthOutcome> => {
    const envelope = await serverApi()('/v2/users/verify-code/send', { method: 'POST', body: { ...data, purpose: 'register' } })
    return isSuccess(envelope) ? { ok: true } : refusal(envelope)
  })

export const logout = createServerFn({ method: 'POST' }).handler(async (): Promise<AuthOutcome> => {
  // The session ends here whatever the exchange answers: the cookies go either way.
  await serverApi()('/v2/users/logout', { method: 'POST' })
  clearSessionCookies()
  return { ok: true }
})
