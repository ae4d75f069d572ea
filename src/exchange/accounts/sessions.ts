/**
 * Sessions: an opaque random token goes to the client once; only its SHA-256 is stored, with
 * expiry and revocation, so every request can be checked against the database (stateless web tier).
 * A session ends ACCOUNTS.sessionTtlSeconds after sign-in, or earlier when unused for
 * ACCOUNTS.sessionIdleSeconds; each authenticated request counts as use, written at most every
 * ACCOUNTS.sessionTouchSeconds so a page of reads does not write a row each.
 */
import { isIPv4, isIPv6 } from 'node:net'
import { and, desc, eq, gt, isNull, lt, ne } from 'drizzle-orm'
import { ACCOUNTS } from '#/app.config.ts'
import type { AccountSession, Session } from '#/contract/index.ts'
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

/**
 * The network of a client address, as the security page shows it: IPv4 to its /24 (203.0.113.0/24), IPv6 to its /48;
 * null for anything else ('local' without a forwarded address).
 */
export function coarseNetwork(ip: string): string | null {
  if (isIPv4(ip)) {
    const kept = ACCOUNTS.sessionNetworkPrefixV4 / 8
    const octets = ip.split('.').map((octet, i) => (i < kept ? octet : '0'))
    return `${octets.join('.')}/${ACCOUNTS.sessionNetworkPrefixV4}`
  }
  if (isIPv6(ip)) {
    const [head = '', tail = ''] = ip.split('::')
    const left = head ? head.split(':') : []
    const right = tail ? tail.split(':') : []
    const groups = ip.includes('::')
      ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
      : left
    const kept = ACCOUNTS.sessionNetworkPrefixV6 / 16
    return `${groups
      .slice(0, kept)
      .map((group) => group.replace(/^0+(?=.)/, ''))
      .join(':')}::/${ACCOUNTS.sessionNetworkPrefixV6}`
  }
  return null
}

export interface SessionOrigin {
  userAgent: string | null
  network: string | null
}

export async function createSession(db: Database, userId: number, now: Date, origin: SessionOrigin): Promise<Session> {
  const token = newSessionToken()
  const expiresAt = new Date(now.getTime() + ACCOUNTS.sessionTtlSeconds * 1000)
  await db.insert(sessions).values({
    tokenHash: sha256Hex(token),
    userId,
    createdAt: now,
    expiresAt,
    userAgent: origin.userAgent,
    network: origin.network,
    lastSeenAt: now,
  })
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
    .where(and(eq(sessions.tokenHash, tokenHash), ...live(now)))
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

/** The sessions that still open the account (not revoked, expired or idle past the limit), the newest use first. */
export async function listSessions(db: Database, auth: AuthState, now: Date): Promise<AccountSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      userAgent: sessions.userAgent,
      network: sessions.network,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, auth.user.id), ...live(now)))
    .orderBy(desc(sessions.lastSeenAt))
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    network: row.network,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.tokenHash === auth.tokenHash,
  }))
}

function live(now: Date) {
  return [
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastSeenAt, secondsBefore(now, ACCOUNTS.sessionIdleSeconds)),
  ]
}

/** Ends one of the user's sessions by its id; false when there is no such live session of theirs. */
export async function revokeSessionById(db: Database, userId: number, id: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  return revoked.length > 0
}

/** Ends every session of the user but `keepTokenHash` (none kept when null); how many ended. */
export async function revokeUserSessions(
  db: Pick<Database, 'update'>,
  userId: number,
  keepTokenHash: string | null,
  now: Date,
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ...(keepTokenHash === null ? [] : [ne(sessions.tokenHash, keepTokenHash)]),
      ),
    )
    .returning({ id: sessions.id })
  return revoked.length
}

export async function revokeSession(db: Database, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
}
