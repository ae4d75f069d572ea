/**
 * Two-factor authentication with TOTP (RFC 6238, through `otpauth`): set-up keeps a secret until a code confirms it,
 * then gives ACCOUNTS.recoveryCodeCount one-time recovery codes (argon2 hashes kept). A code counts once: the last
 * accepted time step is stored and only a later one passes, so a code seen over a shoulder cannot be replayed within
 * its window. Codes are checked under a per-account limit (ACCOUNTS.twoFactorAttemptsPerMinute); neither a code nor
 * the secret is ever logged.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { ACCOUNTS } from '#/app.config.ts'
import type { ExchangeContext } from '../context.ts'
import type { Database } from '../db/client.ts'
import { recoveryCodes, users } from '../db/schema.ts'
import { ApiFailure } from '../http/errors.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { consumeOrRefuse } from './rate-limits.ts'
import { randomFromAlphabet } from './secrets.ts'

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: ACCOUNTS.totpIssuer,
    label,
    algorithm: 'SHA1',
    digits: ACCOUNTS.totpDigits,
    period: ACCOUNTS.totpPeriodSeconds,
    secret: Secret.fromBase32(secret),
  })
}

export function newTotpSecret(): string {
  return new Secret({ size: ACCOUNTS.totpSecretBytes }).base32
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, account: string): string {
  return totpOf(secret, account).toString()
}

/**
 * The time step `code` belongs to, within ACCOUNTS.totpWindowSteps of `now`, or null for a wrong code. Exported for
 * the tests, which generate codes with the same library.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const totp = totpOf(secret, '')
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: ACCOUNTS.totpWindowSteps })
  if (delta === null) return null
  return Math.floor(now.getTime() / 1000 / ACCOUNTS.totpPeriodSeconds) + delta
}

/** Recovery codes read aloud and typed by hand: no 0/O or 1/I/L, two groups of five. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const RECOVERY_GROUP = 5

function newRecoveryCode(): string {
  return `${randomFromAlphabet(RECOVERY_ALPHABET, RECOVERY_GROUP)}-${randomFromAlphabet(RECOVERY_ALPHABET, RECOVERY_GROUP)}`
}

/** What is hashed: lower case without the dash, so "ABCDE-FGHJK" and "abcdefghjk" are one code. */
const recoveryKey = (code: string) => code.replace('-', '').toLowerCase()

const isTotpCode = (code: string) => new RegExp(`^\\d{${ACCOUNTS.totpDigits}}$`).test(code)

interface TwoFactorUser {
  id: number
  totpSecret: string | null
  totpEnabledAt: Date | null
  totpLastStep: number | null
}

async function loadUser(db: Database, userId: number): Promise<TwoFactorUser> {
  const [row] = await db
    .select({
      id: users.id,
      totpSecret: users.totpSecret,
      totpEnabledAt: users.totpEnabledAt,
      totpLastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  if (!row) throw new ApiFailure(401, 'unauthorized')
  return row
}

export async function twoFactorEnabled(db: Database, userId: number): Promise<boolean> {
  return (await loadUser(db, userId)).totpEnabledAt !== null
}

export async function twoFactorStatus(db: Database, userId: number) {
  const user = await loadUser(db, userId)
  const [left] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  return { enabled: user.totpEnabledAt !== null, recoveryCodesLeft: user.totpEnabledAt ? (left?.count ?? 0) : 0 }
}

/**
 * Accepts the app's code once: the step is stored in the same statement that checks it is later than the last, so two
 * requests with one code cannot both pass.
 */
async function acceptTotp(ctx: ExchangeContext, user: TwoFactorUser, code: string): Promise<boolean> {
  if (!user.totpSecret) return false
  const step = totpStep(user.totpSecret, code, ctx.wallNow())
  if (step === null) return false
  const accepted = await ctx.db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id })
  return accepted.length > 0
}

/** Spends one unused recovery code matching `code`; false when none does. */
async function spendRecoveryCode(ctx: ExchangeContext, userId: number, code: string): Promise<boolean> {
  const unused = await ctx.db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  const key = recoveryKey(code)
  for (const row of unused) {
    if (!(await verifyPassword(row.codeHash, key))) continue
    const spent = await ctx.db
      .update(recoveryCodes)
      .set({ usedAt: ctx.wallNow() })
      .where(and(eq(recoveryCodes.id, row.id), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id })
    return spent.length > 0
  }
  return false
}

/**
 * Checks a second factor of an account that has it on: the app's code (once per step) or a recovery code (spent).
 * 429 past the per-account limit, 400 'two-factor-invalid' for a wrong one.
 */
export async function verifySecondFactor(ctx: ExchangeContext, userId: number, code: string): Promise<void> {
  await consumeOrRefuse(ctx.limiters.twoFactorByUser, String(userId))
  const user = await loadUser(ctx.db, userId)
  if (user.totpEnabledAt === null) throw new ApiFailure(400, 'two-factor-state')
  const ok = isTotpCode(code) ? await acceptTotp(ctx, user, code) : await spendRecoveryCode(ctx, userId, code)
  if (!ok) throw new ApiFailure(400, 'two-factor-invalid')
}

/** A settings change of an account with two-factor on needs its code; one without needs none. */
export async function requireSecondFactorIfOn(
  ctx: ExchangeContext,
  userId: number,
  code: string | undefined,
): Promise<void> {
  if (!(await twoFactorEnabled(ctx.db, userId))) return
  if (code === undefined) throw new ApiFailure(400, 'two-factor-required')
  await verifySecondFactor(ctx, userId, code)
}

/** Set-up, step one: a new secret (replacing one never confirmed). Refused while two-factor is on. */
export async function beginSetup(ctx: ExchangeContext, userId: number, account: string) {
  const user = await loadUser(ctx.db, userId)
  if (user.totpEnabledAt !== null) throw new ApiFailure(409, 'two-factor-state')
  const secret = newTotpSecret()
  await ctx.db
    .update(users)
    .set({ totpSecret: secret, totpLastStep: null })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
  return { secret, uri: totpUri(secret, account) }
}

/** Set-up, step two: a code of the new secret turns two-factor on and gives the recovery codes, shown once. */
export async function confirmSetup(ctx: ExchangeContext, userId: number, code: string): Promise<string[]> {
  await consumeOrRefuse(ctx.limiters.twoFactorByUser, String(userId))
  const user = await loadUser(ctx.db, userId)
  if (user.totpEnabledAt !== null || user.totpSecret === null) throw new ApiFailure(409, 'two-factor-state')
  if (!(await acceptTotp(ctx, user, code))) throw new ApiFailure(400, 'two-factor-invalid')
  const codes = Array.from({ length: ACCOUNTS.recoveryCodeCount }, newRecoveryCode)
  const hashes = await Promise.all(codes.map((code) => hashPassword(recoveryKey(code))))
  const now = ctx.wallNow()
  await ctx.db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })))
    await tx.update(users).set({ totpEnabledAt: now }).where(eq(users.id, userId))
  })
  return codes
}

/** Turns two-factor off after the password and a code (or recovery code): secret and recovery codes go. */
export async function disable(ctx: ExchangeContext, userId: number, code: string): Promise<void> {
  await verifySecondFactor(ctx, userId, code)
  await ctx.db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, userId))
  })
}
