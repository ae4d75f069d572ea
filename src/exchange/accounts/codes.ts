/**
 * Verification codes: 6 random digits, stored only as a salted hash with an expiry and an attempt
 * count. Attempts are counted in their own committed statement, so a failed registration cannot
 * roll the count back; after the last allowed attempt the code is burned.
 */
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm'
import { ACCOUNTS } from '#/app.config.ts'
import type { AccountType, CodePurpose } from '#/contract/index.ts'
import type { ExchangeContext } from '../context.ts'
import type { Database } from '../db/client.ts'
import { verificationCodes } from '../db/schema.ts'
import { ApiFailure } from '../http/errors.ts'
import { consumeOrRefuse } from './rate-limits.ts'
import { codeHash, newSalt, randomDigits, sameHex } from './secrets.ts'
import { spendVerification } from './verification.ts'

export interface CodeTarget {
  accountType: AccountType
  address: string
  purpose: CodePurpose
}

const SUBJECTS: Record<CodePurpose, string> = {
  register: 'Your Tandem verification code',
  'reset-password': 'Reset your Tandem password',
}
/** The one key of the exchange-wide quota. */
const GLOBAL_KEY = 'all'

/**
 * Sends a code to the target, asked for from `clientIp`. Quotas, each 429 with Retry-After: per
 * client address (a burst and an hour), per destination, and for the whole exchange, so one caller
 * cannot send codes to many numbers nor many callers run up the mail and SMS bill. Before them, a solved verification
 * challenge (`verification`): a request without one spends none of the quotas. With `deliver` false (a password
 * reset for an account that does not exist) every check and quota is spent the same and the answer is the same, but
 * nothing is stored or sent: the caller learns nothing about which accounts exist.
 */
export async function sendCode(
  ctx: ExchangeContext,
  target: CodeTarget,
  clientIp: string,
  verification: string | undefined,
  deliver = true,
): Promise<{ expiresIn: number }> {
  await spendVerification(ctx, verification)
  await consumeOrRefuse(ctx.limiters.codeSendByIpMinute, clientIp)
  await consumeOrRefuse(ctx.limiters.codeSendByIpHour, clientIp)
  // Per purpose: a registration code just sent does not hold back a reset code (each is one a minute).
  await consumeOrRefuse(ctx.limiters.codeSendByAddress, `${target.purpose}:${target.accountType}:${target.address}`)
  await consumeOrRefuse(ctx.limiters.codeSendGlobal, GLOBAL_KEY)
  if (!deliver) return { expiresIn: ACCOUNTS.verificationCodeTtlSeconds }
  const code = randomDigits(ACCOUNTS.verificationCodeLength)
  const salt = newSalt()
  const now = ctx.wallNow()
  const ttl = ACCOUNTS.verificationCodeTtlSeconds
  await ctx.db.transaction(async (tx) => {
    // Only the latest code counts: sending a new one retires the ones before it.
    await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(...matching(target), isNull(verificationCodes.consumedAt)))
    await tx.insert(verificationCodes).values({
      ...target,
      codeHash: codeHash(salt, code),
      salt,
      expiresAt: new Date(now.getTime() + ttl * 1000),
      createdAt: now,
    })
  })
  const minutes = Math.round(ttl / 60)
  await ctx.mailer.send(
    { type: target.accountType, address: target.address },
    {
      subject: SUBJECTS[target.purpose],
      text: `Your verification code is ${code}. It expires in ${minutes} minutes. If you did not ask for it, ignore this message.`,
      code,
      purpose: target.purpose,
    },
  )
  return { expiresIn: ttl }
}

function matching(target: CodeTarget) {
  return [
    eq(verificationCodes.accountType, target.accountType),
    eq(verificationCodes.address, target.address),
    eq(verificationCodes.purpose, target.purpose),
  ]
}

/**
 * Checks a code and counts the attempt. Returns the code's id for `consumeCode`, which the caller
 * runs inside the transaction that uses it.
 */
export async function checkCode(ctx: ExchangeContext, target: CodeTarget, code: string): Promise<string> {
  const [latest] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(and(...matching(target)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
  if (!latest) throw new ApiFailure(400, 'code-invalid')
  if (latest.consumedAt !== null || latest.expiresAt.getTime() <= ctx.wallNow().getTime()) {
    throw new ApiFailure(400, 'code-expired')
  }
  const counted = await ctx.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, latest.id),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, ACCOUNTS.verificationCodeMaxAttempts),
      ),
    )
    .returning({ attempts: verificationCodes.attempts })
  if (counted.length === 0) {
    throw new ApiFailure(400, 'code-expired', { msg: 'Too many wrong attempts; request a new code' })
  }
  if (!sameHex(codeHash(latest.salt, code), latest.codeHash)) throw new ApiFailure(400, 'code-invalid')
  return latest.id
}

/** Marks the code used; a code used by a concurrent request cannot be used again. */
export async function consumeCode(db: Database, id: string, now: Date): Promise<void> {
  const consumed = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id })
  if (consumed.length === 0) throw new ApiFailure(400, 'code-expired')
}
