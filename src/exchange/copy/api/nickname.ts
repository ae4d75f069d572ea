/**
 * Leader nicknames are unique as people read them: compared after NFKC (full-width, ligature and
 * other compatibility forms become their plain letters) and case folding, with runs of spaces as
 * one. The comparison key is stored beside the nickname with a unique index, so two racing
 * profiles cannot both take a name. Confusable letters of different scripts (Cyrillic а for Latin a)
 * are not folded: that needs the Unicode confusables table.
 */
import { and, asc, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm'
import { isDisplayName, LEADER_NICKNAME } from '#/contract/index.ts'
import type { Database } from '#/exchange/db/client.ts'
import { isUniqueViolation } from '#/exchange/db/errors.ts'
import { leaders } from '#/exchange/db/copy-schema.ts'
import { ApiFailure } from '#/exchange/http/errors.ts'
import type { Tx } from '../store.ts'

/**
 * The comparison key of a nickname. Upper- then lower-casing folds what lower-casing alone misses (ß and SS, final
 * sigma).
 */
export function nicknameKey(nickname: string): string {
  return nickname.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC').trim().replace(/\s+/gu, ' ')
}

/** A nickname at most LEADER_NICKNAME.max characters long ending in `-<userId>`, which only this user can hold. */
export function nicknameWithId(base: string, userId: number): string {
  const suffix = `-${userId}`
  return `${Array.from(base)
    .slice(0, Math.max(0, LEADER_NICKNAME.max - suffix.length))
    .join('')}${suffix}`
}

/** Whether a leader other than `userId` holds the key (any status: a cancelled leader may lead again under it). */
export async function nicknameTaken(db: Tx, key: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: leaders.userId })
    .from(leaders)
    .where(and(eq(leaders.nicknameKey, key), ne(leaders.userId, userId)))
    .limit(1)
  return row !== undefined
}

/** The unique indexes of a leader's profile as the API's refusals. */
export function profileConflict(error: unknown): ApiFailure | undefined {
  if (isUniqueViolation(error, 'leaders_nickname_key')) return new ApiFailure(409, 'nickname-taken')
  if (isUniqueViolation(error, 'leaders_avatar_key')) return new ApiFailure(409, 'avatar-taken')
  return undefined
}

const HIDDEN = /[\p{Cf}\p{Cc}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/gu
const FALLBACK_NAME = 'leader'

/**
 * Leaders written before the key existed get one, once, at start-up: the simulated leaders first,
 * then by age. A nickname with hidden characters loses them, and one that then collides with an
 * earlier leader's (an impostor's) becomes `<name>-<userId>`.
 */
export async function backfillNicknameKeys(db: Database): Promise<number> {
  const pending = await db
    .select({ userId: leaders.userId, nickname: leaders.nickname })
    .from(leaders)
    .where(isNull(leaders.nicknameKey))
    .orderBy(desc(leaders.simulated), asc(leaders.createdAt), asc(leaders.userId))
  if (pending.length === 0) return 0
  const held = await db.select({ key: leaders.nicknameKey }).from(leaders).where(isNotNull(leaders.nicknameKey))
  const taken = new Set(held.flatMap((row) => (row.key === null ? [] : [row.key])))
  await db.transaction(async (tx) => {
    for (const row of pending) {
      const cleaned = row.nickname.replace(HIDDEN, '').trim()
      const candidates = isDisplayName(cleaned)
        ? [cleaned, nicknameWithId(cleaned, row.userId)]
        : [nicknameWithId(FALLBACK_NAME, row.userId)]
      // Someone may already hold even `<name>-<id>`: then a counter, until free.
      let nickname = candidates.find((candidate) => !taken.has(nicknameKey(candidate)))
      for (let n = 2; nickname === undefined; n++) {
        const candidate = nicknameWithId(`${FALLBACK_NAME}${n}`, row.userId)
        if (!taken.has(nicknameKey(candidate))) nickname = candidate
      }
      const key = nicknameKey(nickname)
      taken.add(key)
      await tx.update(leaders).set({ nickname, nicknameKey: key }).where(eq(leaders.userId, row.userId))
    }
  })
  return pending.length
}
