/** Registration, login and logout. */
import { and, eq } from 'drizzle-orm'
import { ACCOUNTS, DEFAULT_LOCALE, DEFAULTS, LOCALES } from '#/app.config.ts'
import type {
  AccountType,
  LoginRequest,
  LoginTwoFactorRequest,
  RegisterRequest,
  SecondFactor,
  Session,
} from '#/contract/index.ts'
import type { ExchangeContext } from '../context.ts'
import type { Database } from '../db/client.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { preferences, users } from '../db/schema.ts'
import { ApiFailure, invalidInput } from '../http/errors.ts'
import { checkCode, consumeCode } from './codes.ts'
import { maskAccount, normaliseAccount } from './masking.ts'
import { hashPassword, verifyNobody, verifyPassword } from './passwords.ts'
import { admitLogin, loginFailed, loginNeedsVerification, loginSucceeded } from './login-limits.ts'
import { attemptLoginTicket, consumeLoginTicket, issueLoginTicket } from './login-tickets.ts'
import { coarseNetwork, createSession } from './sessions.ts'
import { twoFactorEnabled, verifySecondFactor } from './two-factor.ts'
import { consumeOrRefuse } from './rate-limits.ts'
import { recordDevice } from './devices.ts'
import { newInviteCode } from './secrets.ts'
import { spendVerification } from './verification.ts'
import { isLocaleCode } from '../activity/global-config.ts'

export interface RequestMeta {
  ip: string
  userAgent: string | null
  /** The `language` header (§7): the page's language, which a new account keeps as its own (§3 userLanguage). */
  language?: string | null
  /** The `deviceId` header (§7), shape-checked (devices.ts); null without one. */
  deviceId?: string | null
}

/** Main accounts may change their login and sign in on their own (sub-accounts are set up by their parent). */
const MAIN_ACCOUNT = { userSubType: 1, changeLogin: true, standAloneLogin: true } as const

export function findUserByAccount(db: Database, accountType: AccountType, account: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.accountType, accountType), eq(users.account, account)))
    .limit(1)
    .then((rows) => rows[0])
}

async function inviterId(db: Database, inviteCode: string | undefined): Promise<number | null> {
  if (inviteCode === undefined) return null
  const [inviter] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.inviteCode, inviteCode.toUpperCase()))
    .limit(1)
  if (!inviter) throw invalidInput([{ path: 'inviteCode', issue: 'not_found' }])
  return inviter.id
}

export const DEFAULT_PREFERENCES = {
  userLanguage: DEFAULT_LOCALE,
  msgLanguage: DEFAULT_LOCALE,
  pricingCurrency: DEFAULTS.currency,
  deviceType: null,
  scientificNotation: true,
} as const

export async function register(ctx: ExchangeContext, input: RegisterRequest, meta: RequestMeta): Promise<Session> {
  await spendVerification(ctx, input.verification)
  const account = normaliseAccount(input.accountType, input.account)
  const invitedBy = await inviterId(ctx.db, input.inviteCode)
  // The code is checked before anything reveals whether the account exists: only the owner of
  // the address learns that.
  const codeId = await checkCode(
    ctx,
    { accountType: input.accountType, address: account, purpose: 'register' },
    input.code,
  )
  if (await findUserByAccount(ctx.db, input.accountType, account)) throw new ApiFailure(409, 'account-exists')
  const passwordHash = await hashPassword(input.password)
  const now = ctx.wallNow()
  try {
    return await ctx.db.transaction(async (tx) => {
      await consumeCode(tx, codeId, now)
      const [user] = await tx
        .insert(users)
        .values({
          accountType: input.accountType,
          account,
          passwordHash,
          nickname: maskAccount(input.accountType, account),
          inviteCode: newInviteCode(),
          invitedBy,
          ...MAIN_ACCOUNT,
          createdAt: now,
        })
        .returning({ id: users.id })
      if (!user) throw new Error('insert returned no user')
      // The language the account was opened in is its language on every device until the user picks another,
      // and prices in that language's currency (LOCALES: ar_AE's is EUR).
      const language = isLocaleCode(meta.language) ? meta.language : DEFAULT_PREFERENCES.userLanguage
      const currency = LOCALES.find((entry) => entry.code === language)?.fiatCurrency ?? DEFAULTS.currency
      await tx.insert(preferences).values({
        userId: user.id,
        ...DEFAULT_PREFERENCES,
        userLanguage: language,
        msgLanguage: language,
        pricingCurrency: currency,
        updatedAt: now,
      })
      await recordDevice(tx, user.id, meta.deviceId ?? null, now)
      return createSession(tx, user.id, now, { userAgent: meta.userAgent, network: coarseNetwork(meta.ip) })
    })
  } catch (error) {
    // Two registrations of one address racing past the check above: the unique index decides.
    if (isUniqueViolation(error, 'users_account_key')) throw new ApiFailure(409, 'account-exists')
    throw error
  }
}

/**
 * The password step. An account with two-factor authentication gets a ticket for the second step, not a session: the
 * password alone opens nothing.
 */
export async function login(
  ctx: ExchangeContext,
  input: LoginRequest,
  meta: RequestMeta,
): Promise<Session | SecondFactor> {
  const account = normaliseAccount(input.accountType, input.account)
  const attempt = { account: `${input.accountType}:${account}`, ip: meta.ip }
  await admitLogin(ctx.limiters, attempt)
  // A solution is used even when the password then turns out wrong: each further guess costs a new one.
  if (await loginNeedsVerification(ctx.limiters, attempt)) await spendVerification(ctx, input.verification)
  const user = await findUserByAccount(ctx.db, input.accountType, account)
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyNobody(input.password)
  if (!user || !valid) {
    await loginFailed(ctx.limiters, attempt)
    throw new ApiFailure(400, 'invalid-credentials')
  }
  await loginSucceeded(ctx.limiters, attempt)
  if (user.userSubType === ACCOUNTS.subAccountType && !user.standAloneLogin) {
    throw new ApiFailure(403, 'sub-account-login')
  }
  const origin = { userAgent: meta.userAgent, network: coarseNetwork(meta.ip), deviceId: meta.deviceId ?? null }
  if (await twoFactorEnabled(ctx.db, user.id)) return issueLoginTicket(ctx, user.id, origin)
  const now = ctx.wallNow()
  await recordDevice(ctx.db, user.id, origin.deviceId, now)
  return createSession(ctx.db, user.id, now, origin)
}

/**
 * The second step: the ticket of the password step and the app's code (or a recovery code). Counts toward the
 * address's sign-in attempts, the ticket's attempts and the account's two-factor limit.
 */
export async function loginTwoFactor(
  ctx: ExchangeContext,
  input: LoginTwoFactorRequest,
  meta: RequestMeta,
): Promise<Session> {
  await consumeOrRefuse(ctx.limiters.loginByIp, meta.ip)
  const held = await attemptLoginTicket(ctx, input.ticket)
  await verifySecondFactor(ctx, held.userId, input.code)
  await consumeLoginTicket(ctx, held.ticketHash)
  const now = ctx.wallNow()
  await recordDevice(ctx.db, held.userId, held.deviceId, now)
  return createSession(ctx.db, held.userId, now, held)
}
