/**
 * Sessions: an opaque random token goes to the client once; only its SHA-256 is stored, with
 * expiry and revocation, so every request can be checked against the database (stateless web tier).
 * A session ends ACCOUNTS.sessionTtlSeconds after sign-in, or earlier when unused for
 * ACCOUNTS.sessionIdleSeconds; each authenticated request counts as use, written at most every
 * ACCOUNTS.sessionTouchSeconds so a page of reads does not write a row each.
 */
import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import { ACCOUNTS } from '#/app.config.ts'
import type { Session } from '#/contract/index.ts'
import type { AuthState } from '../context.ts'
import type { Database } from '../db/client.ts'
import { sessions, users } from '../db/schema.ts'
import { newSessionToken, SESSION_TOKEN_PATTERN, sha256Hex } from './secrets.ts'

/** Longer user-agent strings are cut: they are kept for the user's device list, not verbatim. */
const USER_AGENT_MAX = 512

export function cleanUserAgent(value: string | undefined): string | null {
  if (!value) return null
  const printable = value.replace(/[\p{Cc}\p{Cs}]/gu, '')
  return printable.slice(0, USER_AGENT_MAX) || null
}

export async function createSession(
  db: Database,
  userId: number,
  now: Date,
  userAgent: string | null,
): Promise<Session> {
  const token = newSessionToken()
  const expiresAt = new Date(now.getTime() + ACCOUNTS.sessionTtlSeconds * 1000)
  await db
    .insert(sessions)
    .values({ tokenHash: sha256Hex(token), userId, createdAt: now, expiresAt, userAgent, lastSeenAt: now })
  return { token, expiresAt: expiresAt.toISOString(), userId: String(userId) }
}

/** The token of a request: `Authorization: Bearer <token>`, or a `token` header. */
export function tokenFrom(headers: Headers): string | undefined {
  const authorization = headers.get('authorization')
  const bearer = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1]
  const token = bearer ?? headers.get('token')?.trim()
  return token && SESSION_TOKEN_PATTERN.test(token) ? token : undefined
}

const secondsBefore = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000)

export async function authenticate(db: Database, token: string, now: Date): Promise<AuthState | undefined> {
  const tokenHash = sha256Hex(token)
  const [row] = await db
    .select({
      user: {
        id: users.id,
        accountType: users.accountType,
        account: users.account,
        nickname: users.nickname,
        inviteCode: users.inviteCode,
        userSubType: users.userSubType,
        changeLogin: users.changeLogin,
        standAloneLogin: users.standAloneLogin,
        availableLanguages: users.availableLanguages,
      },
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, secondsBefore(now, ACCOUNTS.sessionIdleSeconds)),
      ),
    )
    .limit(1)
  if (!row) return undefined
  const touchedBefore = secondsBefore(now, ACCOUNTS.sessionTouchSeconds)
  if (row.lastSeenAt < touchedBefore) {
    // Conditional, so concurrent requests of one session write once.
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.tokenHash, tokenHash), lt(sessions.lastSeenAt, touchedBefore)))
  }
  return { user: row.user, tokenHash }
}

export async function revokeSession(db: Database, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
}
