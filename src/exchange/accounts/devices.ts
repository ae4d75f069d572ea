/**
 * The device ids a user registers and signs in from (§7 `deviceId` header), kept in user_devices for wash-trade
 * screening: two accounts that trade with each other from one device are flagged for review (trading/screening.ts).
 * The client sets the id, so a missing or malformed one is simply not recorded, and nothing is ever refused on it.
 */
import { sql } from 'drizzle-orm'
import { DEVICE_ID_PATTERN } from '#/contract/index.ts'
import type { Database } from '../db/client.ts'
import { userDevices } from '../db/schema.ts'

/** The request's device id, lower case; null when it has none of the right shape. */
export function deviceIdFrom(headers: Headers): string | null {
  const id = headers.get('deviceId')?.trim()
  return id && DEVICE_ID_PATTERN.test(id) ? id.toLowerCase() : null
}

/** Notes that `userId` signed in (or registered) from `deviceId` at `at`. */
export async function recordDevice(
  db: Pick<Database, 'insert'>,
  userId: number,
  deviceId: string | null,
  at: Date,
): Promise<void> {
  if (deviceId === null) return
  await db
    .insert(userDevices)
    .values({ userId, deviceId, firstSeenAt: at, lastSeenAt: at })
    .onConflictDoUpdate({
      target: [userDevices.userId, userDevices.deviceId],
      set: { lastSeenAt: sql`excluded.last_seen_at` },
    })
}
