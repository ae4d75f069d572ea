/**
 * Resetting a forgotten password: a code to the account's address (the verification-code machinery of registration:
 * quotas, expiry, attempts), then a new password under registration's rules. Every session of the account ends, so
 * whoever had the old password or a stolen session is out; the owner signs in afresh (with the second factor when on).
 * An unknown account gets the same answers as a known one: no code is kept for it, so its code is merely wrong.
 */
import { eq } from 'drizzle-orm'
import type { ResetCodeRequest, ResetPasswordRequest } from '#/contract/index.ts'
import type { ExchangeContext } from '../context.ts'
import { users } from '../db/schema.ts'
import { ApiFailure } from '../http/errors.ts'
import { findUserByAccount } from './accounts.service.ts'
import { checkCode, consumeCode, sendCode } from './codes.ts'
import { normaliseAccount } from './masking.ts'
import { hashPassword } from './passwords.ts'
import { revokeUserSessions } from './sessions.ts'

export async function sendResetCode(ctx: ExchangeContext, input: ResetCodeRequest, clientIp: string) {
  const address = normaliseAccount(input.accountType, input.account)
  const user = await findUserByAccount(ctx.db, input.accountType, address)
  return sendCode(
    ctx,
    { accountType: input.accountType, address, purpose: 'reset-password' },
    clientIp,
    input.verification,
    user !== undefined,
  )
}

/** Returns how many sessions ended. */
export async function resetPassword(ctx: ExchangeContext, input: ResetPasswordRequest): Promise<number> {
  const address = normaliseAccount(input.accountType, input.account)
  const codeId = await checkCode(
    ctx,
    { accountType: input.accountType, address, purpose: 'reset-password' },
    input.code,
  )
  // A code is only ever kept for an account that existed when it was sent.
  const user = await findUserByAccount(ctx.db, input.accountType, address)
  if (!user) throw new ApiFailure(400, 'code-invalid')
  const passwordHash = await hashPassword(input.newPassword)
  const now = ctx.wallNow()
  return ctx.db.transaction(async (tx) => {
    await consumeCode(tx, codeId, now)
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id))
    return revokeUserSessions(tx, user.id, null, now)
  })
}
